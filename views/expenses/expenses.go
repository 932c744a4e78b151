// Package expenses is the expenses section: the expense list and an
// expense's detail page with downloadable attachments.
package expenses

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/shopspring/decimal"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/nav"
)

// Makers are the expense pages.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.Expenses: func(id ui.PageID) (ui.Page, error) { return NewList(d, id) },
		nav.Expense:  func(id ui.PageID) (ui.Page, error) { return NewDetail(d, id) },
	}
}

// filters are the expense index's own filters (api-v3.md, Expenses).
var filters = []common.FilterField{
	{Name: "status", Label: "Status", Kind: common.FieldChoice, Choices: []string{"open", "overdue", "paid"}},
	{Name: "document_type", Label: "Document type", Kind: common.FieldChoice, Choices: []string{"invoice", "bill", "other"}, Codes: common.DocTypes},
	{Name: "subject_id", Label: "Subject", Kind: common.FieldSubject},
	{Name: "number", Label: "Number", Kind: common.FieldText},
	{Name: "variable_symbol", Label: "Variable symbol", Kind: common.FieldText},
	{Name: "since", Label: "Created since", Kind: common.FieldDate},
	{Name: "until", Label: "Created until", Kind: common.FieldDate},
}

// NewList is the expense list.
func NewList(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.Expense], error) {
	return common.NewList(d, id, common.ListConfig[apiclient.Expense]{
		Kind:   nav.Expense,
		Title:  "Expenses",
		Noun:   "expenses",
		Export: "expenses",
		Columns: []table.Column{
			{Title: "Number", Width: 10, Keep: true},
			{Title: "Supplier", Width: 18, Flex: 1},
			{Title: "Issued", Width: d.DateWidth(), Priority: 2, Keep: true},
			{Title: "Due", Width: d.DateWidth(), Priority: 3, Keep: true},
			{Title: "Total", Width: 14, Align: lipgloss.Right, Keep: true},
			{Title: "Status", Width: 9, Priority: 4, Keep: true},
			{Title: "Orig. number", Width: 12, Priority: 1, Keep: true},
			{Title: "Due in", Width: 16, Align: lipgloss.Right, Priority: 1, Keep: true},
			{Title: "Remaining", Width: 14, Align: lipgloss.Right, Priority: 1, Keep: true},
		},
		Cells: func(e apiclient.Expense) []string {
			return []string{e.Number, e.SupplierName, d.Date(e.IssuedOn), d.Date(e.DueOn),
				d.Money(e.Total, e.Currency), d.Status(e.Status), e.OriginalNumber,
				d.DueIn(e.DueOn, e.Status == apiclient.StatusPaid),
				d.Money(apiclient.Amount(amounts(e).Remaining), e.Currency)}
		},
		Sorts: []common.Sort[apiclient.Expense]{
			common.ByText("number", func(r *apiclient.Expense) string { return r.Number }),
			common.ByText("supplier", func(r *apiclient.Expense) string { return r.SupplierName }),
			common.ByTime("issued", func(r *apiclient.Expense) time.Time { return r.IssuedOn.Time }),
			common.ByTime("due", func(r *apiclient.Expense) time.Time { return r.DueOn.Time }),
			common.ByValue("total", func(r *apiclient.Expense) apiclient.Decimal { return r.Total },
				func(r *apiclient.Expense) apiclient.Decimal { return r.NativeTotal }),
			common.ByDec("remaining", func(e *apiclient.Expense) decimal.Decimal { return amounts(*e).Remaining }),
			common.ByText("status", func(r *apiclient.Expense) string { return r.Status }),
		},
		ID:    func(e apiclient.Expense) int64 { return e.ID },
		Local: store.Expenses,
		Fetch: fetch,
		// The rows shown teach the session their names (no request), so
		// to-dos and events name what they relate to.
		Named:      func(e apiclient.Expense) (string, string) { return common.NameExpense, e.Number },
		SearchHint: "number, supplier, description, lines; #tag for tags",
		Filters:    filters,
		Empty:      "No expenses yet. Supplier invoices and bills you record in Fakturoid appear here.",
		Open:       func(e apiclient.Expense) ui.PageID { return nav.Record(nav.Expense, e.ID) },
		URL:        func(e apiclient.Expense) string { return e.HTMLURL },
		CopyValue:  copyValue,
		CopyLabel:  "copy var. symbol",
		Amounts:    amounts,
		Of:         func(e apiclient.Expense) string { return e.SupplierName },
		Actions:    editor.ListActions(d, editor.ExpenseKind, func(e apiclient.Expense) int64 { return e.ID }, editor.DeleteExpense),
		Marks:      markActions(d),
	})
}

// amounts is what an expense adds to the totals under the list: its total,
// what remains to pay (nothing once paid, else the total less its
// payments) and its VAT by rate.
func amounts(e apiclient.Expense) common.Amounts {
	remaining := e.Total.Dec()
	if e.Status == apiclient.StatusPaid {
		remaining = decimal.Zero
	} else {
		for _, p := range e.Payments {
			remaining = remaining.Sub(p.Amount.Dec())
		}
	}
	return common.Amounts{Currency: e.Currency, Total: e.Total.Dec(), Remaining: remaining,
		Rates: common.RatesOf(e.VatRatesSummary)}
}

// copyValue is the variable symbol when there is one (what a payment
// needs), else the number.
func copyValue(e apiclient.Expense) (string, string) {
	if e.VariableSymbol != "" {
		return e.VariableSymbol, locale.Key("variable symbol")
	}
	return e.Number, locale.Key("number")
}

func fetch(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.Expense, error) {
	if q.Searching() {
		text, tags := common.SplitTags(q.Search)
		rows, _, err := c.Expenses.Search(ctx, apiclient.SearchOptions{
			ListOptions: apiclient.ListOptions{Page: q.Page}, Query: text, Tags: tags})
		return rows, err
	}
	rows, _, err := c.Expenses.List(ctx, apiclient.DocumentListOptions{
		ListOptions:    apiclient.ListOptions{Page: q.Page},
		DateFilter:     apiclient.DateFilter{Since: q.Date("since"), Until: q.Date("until")},
		SubjectID:      q.Int("subject_id"),
		Number:         q.Filter["number"],
		VariableSymbol: q.Filter["variable_symbol"],
		Status:         q.Filter["status"],
		DocumentType:   q.Filter["document_type"],
	})
	return rows, err
}
