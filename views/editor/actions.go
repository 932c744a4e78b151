package editor

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// The keys that open the editor, the same on every list and detail page of
// documents: n new, e edit, c copy into a new draft, d delete (asks first).

// ListActions are n, e, c and d on a list of documents edited by kind.
func ListActions[T any](d *common.Deps, kind ui.Kind, id func(T) int64, del func(T) common.Delete) []common.ListAction[T] {
	return []common.ListAction[T]{
		{Key: d.Keys.New, Always: true, Run: func(T) tea.Cmd { return ui.Emit(ui.Open{ID: NewPage(kind)}) }},
		{Key: d.Keys.Edit, Run: func(r T) tea.Cmd { return ui.Emit(ui.Open{ID: EditPage(kind, id(r))}) }},
		{Key: d.Keys.Duplicate, Run: func(r T) tea.Cmd { return ui.Emit(ui.Open{ID: CopyPage(kind, id(r))}) }},
		{Key: d.Keys.Delete, Run: func(r T) tea.Cmd { return common.ConfirmDelete(d, del(r)) }},
	}
}

// DetailActions are e, c and d on a document's page; a delete there goes
// back to where the page was opened.
func DetailActions[T any](d *common.Deps, kind ui.Kind, id func(*T) int64, del func(*T) common.Delete) []common.DetailAction[T] {
	return []common.DetailAction[T]{
		{Key: d.Keys.Edit, Run: func(r *T) tea.Cmd { return ui.Emit(ui.Open{ID: EditPage(kind, id(r))}) }},
		{Key: d.Keys.Duplicate, Run: func(r *T) tea.Cmd { return ui.Emit(ui.Open{ID: CopyPage(kind, id(r))}) }},
		{Key: d.Keys.Delete, Run: func(r *T) tea.Cmd {
			x := del(r)
			x.Back = true
			return common.ConfirmDelete(d, x)
		}},
	}
}

// documentRefusal words the service's refusals of a document's delete.
func documentRefusal(noun string) common.Refusal {
	return common.Refusal{
		Rule:     "The service cannot delete this " + noun,
		Resource: "document",
		Codes: map[string]string{
			apiclient.RefusalDocumentLocked: "The " + noun + " is locked; unlock it first",
		},
	}
}

// DeleteExpense is the delete of an expense.
func DeleteExpense(e apiclient.Expense) common.Delete {
	return common.Delete{Question: "Delete expense " + e.Number + " of " + e.SupplierName + "? This cannot be undone.",
		Name: "expense " + e.Number, Kind: nav.Expense, ID: e.ID, Refusal: documentRefusal("expense"),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.Expenses.Delete(ctx, e.ID)
		}}
}

// DeleteInvoice is the delete of an invoice.
func DeleteInvoice(i apiclient.Invoice) common.Delete {
	return common.Delete{Question: "Delete invoice " + i.Number + " to " + i.ClientName + "? This cannot be undone.",
		Name: "invoice " + i.Number, Kind: nav.Invoice, ID: i.ID, Refusal: documentRefusal("invoice"),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.Invoices.Delete(ctx, i.ID)
		}}
}

// DeleteGenerator is the delete of an invoice template.
func DeleteGenerator(g apiclient.Generator) common.Delete {
	return common.Delete{Question: "Delete the template " + g.Name + "? Invoices made from it stay.",
		Name: "template " + g.Name, Kind: nav.Generator, ID: g.ID, Refusal: documentRefusal("template"),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.Generators.Delete(ctx, g.ID)
		}}
}

// DeleteRecurring is the delete of a recurring template.
func DeleteRecurring(g apiclient.RecurringGenerator) common.Delete {
	return common.Delete{Question: "Delete the recurring template " + g.Name + "? No more invoices are made from it.",
		Name: "recurring template " + g.Name, Kind: nav.RecurringGenerator, ID: g.ID, Refusal: documentRefusal("recurring template"),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.RecurringGenerators.Delete(ctx, g.ID)
		}}
}
