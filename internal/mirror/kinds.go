package mirror

import (
	"context"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
)

// allKinds are the kinds a Sync with none named brings up to date.
func allKinds() []store.Kind {
	return []store.Kind{store.Subjects, store.Invoices, store.Expenses, store.Generators,
		store.RecurringGenerators, store.InventoryItems, store.InventoryMoves, store.InboxFiles,
		store.Todos, store.Events}
}

// lister reads one page of a kind's index, changed since a time when since is
// not zero (the kinds whose index has no updated_since ignore it).
type lister func(ctx context.Context, c *apiclient.Client, page int, since time.Time) ([]store.Record, *apiclient.Response, error)

// evented is whether the event log tells of a kind's changes, so a pass may
// skip its list when the log names none (to-dos have no events).
func evented(kind store.Kind) bool { return kind != store.Todos && kind != store.Events }

// incremental is whether a kind's index offers updated_since.
func incremental(kind store.Kind) bool {
	switch kind {
	case store.InboxFiles, store.Todos, store.Events:
		return false
	}
	return true
}

func listerOf(kind store.Kind) lister {
	switch kind {
	case store.Subjects:
		return func(ctx context.Context, c *apiclient.Client, page int, since time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.Subjects.List(ctx, apiclient.SubjectListOptions{
				ListOptions: apiclient.ListOptions{Page: page}, DateFilter: apiclient.DateFilter{UpdatedSince: since}})
			return toRecords(kind, items, resp, err)
		}
	case store.Invoices:
		return func(ctx context.Context, c *apiclient.Client, page int, since time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.Invoices.List(ctx, documentOptions(page, since))
			return toRecords(kind, items, resp, err)
		}
	case store.Expenses:
		return func(ctx context.Context, c *apiclient.Client, page int, since time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.Expenses.List(ctx, documentOptions(page, since))
			return toRecords(kind, items, resp, err)
		}
	case store.Generators:
		return func(ctx context.Context, c *apiclient.Client, page int, since time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.Generators.List(ctx, generatorOptions(page, since))
			return toRecords(kind, items, resp, err)
		}
	case store.RecurringGenerators:
		return func(ctx context.Context, c *apiclient.Client, page int, since time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.RecurringGenerators.List(ctx, generatorOptions(page, since))
			return toRecords(kind, items, resp, err)
		}
	case store.InventoryItems:
		return func(ctx context.Context, c *apiclient.Client, page int, since time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.InventoryItems.List(ctx, apiclient.InventoryItemListOptions{
				ListOptions: apiclient.ListOptions{Page: page}, DateFilter: apiclient.DateFilter{UpdatedSince: since}})
			return toRecords(kind, items, resp, err)
		}
	case store.InventoryMoves:
		return func(ctx context.Context, c *apiclient.Client, page int, since time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.InventoryMoves.List(ctx, apiclient.InventoryMoveListOptions{
				ListOptions: apiclient.ListOptions{Page: page}, DateFilter: apiclient.DateFilter{UpdatedSince: since}})
			return toRecords(kind, items, resp, err)
		}
	case store.InboxFiles:
		return func(ctx context.Context, c *apiclient.Client, page int, _ time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.InboxFiles.List(ctx, apiclient.ListOptions{Page: page})
			return toRecords(kind, items, resp, err)
		}
	case store.Todos:
		return func(ctx context.Context, c *apiclient.Client, page int, _ time.Time) ([]store.Record, *apiclient.Response, error) {
			items, resp, err := c.Todos.List(ctx, apiclient.TodoListOptions{ListOptions: apiclient.ListOptions{Page: page}})
			return toRecords(kind, items, resp, err)
		}
	}
	return nil
}

// getter reads one record of a kind by its ID.
type getter func(ctx context.Context, c *apiclient.Client, id int64) (store.Record, *apiclient.Response, error)

// getterOf reads the records whose status the service changes by itself
// (fellDue); nil for the other kinds.
func getterOf(kind store.Kind) getter {
	switch kind {
	case store.Invoices:
		return func(ctx context.Context, c *apiclient.Client, id int64) (store.Record, *apiclient.Response, error) {
			v, resp, err := c.Invoices.Get(ctx, id)
			return oneRecord(kind, v, resp, err)
		}
	case store.Expenses:
		return func(ctx context.Context, c *apiclient.Client, id int64) (store.Record, *apiclient.Response, error) {
			v, resp, err := c.Expenses.Get(ctx, id)
			return oneRecord(kind, v, resp, err)
		}
	}
	return nil
}

// oneRecord turns a record's answer into the store's record.
func oneRecord[T any](kind store.Kind, v *T, resp *apiclient.Response, err error) (store.Record, *apiclient.Response, error) {
	if err != nil {
		return store.Record{}, resp, err
	}
	rec, err := RecordOf(kind, v)
	return rec, resp, err
}

func documentOptions(page int, since time.Time) apiclient.DocumentListOptions {
	return apiclient.DocumentListOptions{ListOptions: apiclient.ListOptions{Page: page},
		DateFilter: apiclient.DateFilter{UpdatedSince: since}}
}

func generatorOptions(page int, since time.Time) apiclient.GeneratorListOptions {
	return apiclient.GeneratorListOptions{ListOptions: apiclient.ListOptions{Page: page},
		DateFilter: apiclient.DateFilter{UpdatedSince: since}}
}

// toRecords turns a page's answer into the store's records.
func toRecords[T any](kind store.Kind, items []T, resp *apiclient.Response, err error) ([]store.Record, *apiclient.Response, error) {
	if err != nil {
		return nil, resp, err
	}
	out := make([]store.Record, 0, len(items))
	for i := range items {
		r, err := RecordOf(kind, &items[i])
		if err != nil {
			return nil, resp, err
		}
		out = append(out, r)
	}
	return out, resp, nil
}

// kindOfEvent is the kind an event's name is about ("invoice_paid":
// invoices) and what happened ("paid"); "" when the name is of no kind kept.
func kindOfEvent(name string) (store.Kind, string) {
	for _, p := range [...]struct {
		prefix string
		kind   store.Kind
	}{
		{"invoice_", store.Invoices}, {"expense_", store.Expenses}, {"subject_", store.Subjects},
		{"generator_", store.Generators}, {"recurring_generator_", store.RecurringGenerators},
		{"inventory_item_", store.InventoryItems}, {"inventory_move_", store.InventoryMoves},
		{"inbox_file_", store.InboxFiles},
	} {
		if what, ok := strings.CutPrefix(name, p.prefix); ok {
			return p.kind, what
		}
	}
	return "", ""
}

// removalOf says which kind an event removes a record of ("invoice_removed",
// "inventory_item_archived": archived items leave the index), and whether it
// is a restore instead. Payment and cancellation removals are updates.
func removalOf(name string) (kind store.Kind, removed, restored bool) {
	kind, what := kindOfEvent(name)
	switch what {
	case "removed", "archived", "removed_all":
		return kind, true, false
	case "restored", "unarchived":
		return kind, false, true
	}
	return kind, false, false
}

// kindsTouched are the kinds an event may have changed: its name's, its
// related objects', and the stock's for a document (stock lines move it) or
// a move. known is false for an event of no kind kasa keeps a copy of:
// every kind then counts as touched.
func kindsTouched(ev apiclient.Event) (kinds []store.Kind, known bool) {
	kind, what := kindOfEvent(ev.Name)
	if kind != "" {
		kinds = append(kinds, kind)
	}
	for _, o := range ev.RelatedObjects {
		if k, ok := relatedKind(o.Type); ok {
			kinds = append(kinds, k)
		}
	}
	switch {
	case kind == store.Invoices, kind == store.Expenses:
		kinds = append(kinds, store.InventoryItems, store.InventoryMoves)
	case kind == store.InventoryMoves:
		kinds = append(kinds, store.InventoryItems)
	case kind == store.RecurringGenerators && what == "invoice_created":
		kinds = append(kinds, store.Invoices, store.InventoryItems, store.InventoryMoves)
	}
	return kinds, len(kinds) > 0
}

// relatedKind is the kind an event's related object type names.
func relatedKind(typ string) (store.Kind, bool) {
	switch typ {
	case apiclient.RelatedInvoice:
		return store.Invoices, true
	case apiclient.RelatedExpense:
		return store.Expenses, true
	case apiclient.RelatedSubject:
		return store.Subjects, true
	case apiclient.RelatedGenerator:
		return store.Generators, true
	case apiclient.RelatedRecurringGenerator:
		return store.RecurringGenerators, true
	}
	return "", false
}
