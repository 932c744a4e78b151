package editor

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// The keys that open the editor, the same on every list and detail page of
// documents: n new, e edit, c copy into a new draft, d delete (asks first).

// ListActions are n, e, c and d on a list of documents edited by kind.
func ListActions[T any](d *common.Deps, kind ui.Kind, id func(T) int64, del func(locale.Locale, T) common.Delete) []common.ListAction[T] {
	return []common.ListAction[T]{
		{Key: d.Keys.New, Always: true, Run: func(T) tea.Cmd { return ui.Emit(ui.Open{ID: NewPage(kind)}) }},
		{Key: d.Keys.Edit, Run: func(r T) tea.Cmd { return ui.Emit(ui.Open{ID: EditPage(kind, id(r))}) }},
		{Key: d.Keys.Duplicate, Run: func(r T) tea.Cmd { return ui.Emit(ui.Open{ID: CopyPage(kind, id(r))}) }},
		{Key: d.Keys.Delete, Run: func(r T) tea.Cmd { return common.ConfirmDelete(d, del(d.L, r)) }},
	}
}

// DetailActions are e, c and d on a document's page; a delete there goes
// back to where the page was opened.
func DetailActions[T any](d *common.Deps, kind ui.Kind, id func(*T) int64, del func(locale.Locale, *T) common.Delete) []common.DetailAction[T] {
	return []common.DetailAction[T]{
		{Key: d.Keys.Edit, Run: func(r *T) tea.Cmd { return ui.Emit(ui.Open{ID: EditPage(kind, id(r))}) }},
		{Key: d.Keys.Duplicate, Run: func(r *T) tea.Cmd { return ui.Emit(ui.Open{ID: CopyPage(kind, id(r))}) }},
		{Key: d.Keys.Delete, Run: func(r *T) tea.Cmd {
			x := del(d.L, r)
			x.Back = true
			return common.ConfirmDelete(d, x)
		}},
	}
}

// documentRefusal words the service's refusals of a document's delete.
func documentRefusal(l locale.Locale, noun string) common.Refusal {
	noun = l.T(noun)
	return common.Refusal{
		Rule:     l.Tf("The service cannot delete this %s", noun),
		Resource: "document",
		Codes: map[string]string{
			apiclient.RefusalDocumentLocked: l.Tf("The %s is locked; unlock it first", noun),
		},
	}
}

// DeleteExpense is the delete of an expense.
func DeleteExpense(l locale.Locale, e apiclient.Expense) common.Delete {
	return common.Delete{Question: l.Tf("Delete expense %s of %s? This cannot be undone.", e.Number, e.SupplierName),
		Name: l.T("expense") + " " + e.Number, Kind: nav.Expense, ID: e.ID, Refusal: documentRefusal(l, "expense"),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.Expenses.Delete(ctx, e.ID)
		}}
}

// DeleteInvoice is the delete of an invoice.
func DeleteInvoice(l locale.Locale, i apiclient.Invoice) common.Delete {
	return common.Delete{Question: l.Tf("Delete invoice %s to %s? This cannot be undone.", i.Number, i.ClientName),
		Name: l.T("invoice") + " " + i.Number, Kind: nav.Invoice, ID: i.ID, Refusal: documentRefusal(l, "invoice"),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.Invoices.Delete(ctx, i.ID)
		}}
}

// DeleteGenerator is the delete of an invoice template.
func DeleteGenerator(l locale.Locale, g apiclient.Generator) common.Delete {
	return common.Delete{Question: l.Tf("Delete the template %s? Invoices made from it stay.", g.Name),
		Name: l.T("template") + " " + g.Name, Kind: nav.Generator, ID: g.ID, Refusal: documentRefusal(l, locale.Key("template")),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.Generators.Delete(ctx, g.ID)
		}}
}

// DeleteRecurring is the delete of a recurring template.
func DeleteRecurring(l locale.Locale, g apiclient.RecurringGenerator) common.Delete {
	return common.Delete{Question: l.Tf("Delete the recurring template %s? No more invoices are made from it.", g.Name),
		Name: l.T("recurring template") + " " + g.Name, Kind: nav.RecurringGenerator, ID: g.ID, Refusal: documentRefusal(l, locale.Key("recurring template")),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.RecurringGenerators.Delete(ctx, g.ID)
		}}
}
