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

// relatedKinds maps an event's related object type to the kind it names.
var relatedKinds = map[string]store.Kind{
	apiclient.RelatedInvoice:            store.Invoices,
	apiclient.RelatedExpense:            store.Expenses,
	apiclient.RelatedSubject:            store.Subjects,
	apiclient.RelatedGenerator:          store.Generators,
	apiclient.RelatedRecurringGenerator: store.RecurringGenerators,
}

// removalOf says which kind an event removes a record of ("invoice_removed",
// "inventory_item_archived": archived items leave the index), and whether it
// is a restore instead. Payment and cancellation removals are updates.
func removalOf(name string) (kind store.Kind, removed, restored bool) {
	for prefix, k := range map[string]store.Kind{
		"invoice_": store.Invoices, "expense_": store.Expenses, "subject_": store.Subjects,
		"generator_": store.Generators, "recurring_generator_": store.RecurringGenerators,
		"inventory_item_": store.InventoryItems, "inventory_move_": store.InventoryMoves,
		"inbox_file_": store.InboxFiles,
	} {
		what, ok := strings.CutPrefix(name, prefix)
		if !ok {
			continue
		}
		switch what {
		case "removed", "archived", "removed_all":
			return k, true, false
		case "restored", "unarchived":
			return k, false, true
		}
	}
	return "", false, false
}
