package export

import (
	"context"
	"iter"
	"reflect"
	"slices"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// source is one exportable list: its record type, the filters its
// endpoint takes, and its rows.
type source struct {
	typ     reflect.Type
	filters []string // names in Filters the endpoint takes
	rows    func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error]
}

// check refuses a filter the endpoint does not take.
func (s source) check(f Filters) error {
	for name, field := range f.fields() {
		if given(field) && !slices.Contains(s.filters, name) {
			return errFilter(name)
		}
	}
	return nil
}

// fields are the filters' fields by the name each goes by: the endpoint's
// query parameter (and "query" for a search). The one table check and
// FromParams read.
func (f *Filters) fields() map[string]any {
	return map[string]any{
		"since": &f.Since, "until": &f.Until, "updated_since": &f.UpdatedSince, "updated_until": &f.UpdatedUntil,
		"subject_id": &f.SubjectID, "inventory_item_id": &f.InventoryItemID,
		"status": &f.Status, "custom_id": &f.CustomID, "number": &f.Number, "document_type": &f.DocumentType,
		"variable_symbol": &f.VariableSymbol, "sku": &f.SKU, "article_number": &f.ArticleNumber, "query": &f.Query,
	}
}

// given reports whether a field of fields is set.
func given(field any) bool {
	switch v := field.(type) {
	case *time.Time:
		return !v.IsZero()
	case *int64:
		return *v != 0
	case *string:
		return *v != ""
	}
	return false
}

// anySeq lets one writer take every kind's iterator.
func anySeq[T any](s iter.Seq2[T, error]) iter.Seq2[any, error] {
	return func(yield func(any, error) bool) {
		for v, err := range s {
			if !yield(v, err) {
				return
			}
		}
	}
}

func typeOf[T any]() reflect.Type { return reflect.TypeFor[T]() }

func dates(f Filters) apiclient.DateFilter {
	return apiclient.DateFilter{Since: f.Since, Until: f.Until, UpdatedSince: f.UpdatedSince, UpdatedUntil: f.UpdatedUntil}
}

func docOptions(f Filters) apiclient.DocumentListOptions {
	return apiclient.DocumentListOptions{DateFilter: dates(f), SubjectID: f.SubjectID, CustomID: f.CustomID,
		Number: f.Number, VariableSymbol: f.VariableSymbol, Status: f.Status, DocumentType: f.DocumentType}
}

// documentFilters are what the invoice and expense lists take.
func documentFilters() []string {
	return []string{"since", "until", "updated_since", "updated_until", "subject_id", "custom_id", "number", "status", "document_type", "query"}
}

// sources are the lists kasa exports, by the names its pages use.
func sources() map[string]source {
	return map[string]source{
		"subjects": {typeOf[apiclient.Subject](), []string{"since", "updated_since", "custom_id", "query"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				if f.Query != "" {
					return anySeq(c.Subjects.SearchAll(ctx, apiclient.SearchOptions{Query: f.Query}))
				}
				return anySeq(c.Subjects.ListAll(ctx, apiclient.SubjectListOptions{DateFilter: dates(f), CustomID: f.CustomID}))
			}},
		"invoices": {typeOf[apiclient.Invoice](), documentFilters(),
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				if f.Query != "" {
					return anySeq(c.Invoices.SearchAll(ctx, apiclient.SearchOptions{Query: f.Query}))
				}
				return anySeq(c.Invoices.ListAll(ctx, docOptions(f)))
			}},
		"expenses": {typeOf[apiclient.Expense](), append(documentFilters(), "variable_symbol"),
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				if f.Query != "" {
					return anySeq(c.Expenses.SearchAll(ctx, apiclient.SearchOptions{Query: f.Query}))
				}
				return anySeq(c.Expenses.ListAll(ctx, docOptions(f)))
			}},
		"generators": {typeOf[apiclient.Generator](), []string{"since", "updated_since", "subject_id"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.Generators.ListAll(ctx, apiclient.GeneratorListOptions{DateFilter: dates(f), SubjectID: f.SubjectID}))
			}},
		"recurring_generators": {typeOf[apiclient.RecurringGenerator](), []string{"since", "updated_since", "subject_id"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.RecurringGenerators.ListAll(ctx, apiclient.GeneratorListOptions{DateFilter: dates(f), SubjectID: f.SubjectID}))
			}},
		"inventory_items": {typeOf[apiclient.InventoryItem](), []string{"since", "until", "updated_since", "updated_until", "sku", "article_number", "query"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				if f.Query != "" {
					return anySeq(c.InventoryItems.SearchAll(ctx, apiclient.SearchOptions{Query: f.Query}))
				}
				return anySeq(c.InventoryItems.ListAll(ctx, apiclient.InventoryItemListOptions{DateFilter: dates(f), SKU: f.SKU, ArticleNumber: f.ArticleNumber}))
			}},
		"inventory_items_archived": {typeOf[apiclient.InventoryItem](), []string{"since", "until", "updated_since", "updated_until", "sku", "article_number"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.InventoryItems.ListArchivedAll(ctx, apiclient.InventoryItemListOptions{DateFilter: dates(f), SKU: f.SKU, ArticleNumber: f.ArticleNumber}))
			}},
		"inventory_items_low": {typeOf[apiclient.InventoryItem](), nil,
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.InventoryItems.ListLowQuantityAll(ctx))
			}},
		"inventory_moves": {typeOf[apiclient.InventoryMove](), []string{"since", "until", "inventory_item_id"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.InventoryMoves.ListAll(ctx, apiclient.InventoryMoveListOptions{DateFilter: dates(f), InventoryItemID: f.InventoryItemID}))
			}},
		"inbox_files": {typeOf[apiclient.InboxFile](), nil,
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.InboxFiles.ListAll(ctx, apiclient.ListOptions{}))
			}},
		"todos": {typeOf[apiclient.Todo](), []string{"since"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.Todos.ListAll(ctx, apiclient.TodoListOptions{Since: f.Since}))
			}},
		"events": {typeOf[apiclient.Event](), []string{"since", "subject_id"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.Events.ListAll(ctx, apiclient.EventListOptions{Since: f.Since, SubjectID: f.SubjectID}))
			}},
		"events_paid": {typeOf[apiclient.Event](), []string{"since", "subject_id"},
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.Events.ListPaidAll(ctx, apiclient.EventListOptions{Since: f.Since, SubjectID: f.SubjectID}))
			}},
		"webhooks": {typeOf[apiclient.Webhook](), nil,
			func(ctx context.Context, c *apiclient.Client, f Filters) iter.Seq2[any, error] {
				return anySeq(c.Webhooks.ListAll(ctx, apiclient.ListOptions{}))
			}},
	}
}
