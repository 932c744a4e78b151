// Package invoices is the invoices section: the invoice list and an
// invoice's detail page.
package invoices

import (
	"context"
	"time"

	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/report"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/nav"
)

// Makers are the invoice pages.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.Invoices: func(id ui.PageID) (ui.Page, error) { return NewList(d, id) },
		nav.Invoice:  func(id ui.PageID) (ui.Page, error) { return NewDetail(d, id) },
	}
}

// Filters are the invoice index's own filters (api-facts.md).
var filters = []common.FilterField{
	{Name: "status", Label: "Status", Kind: common.FieldChoice,
		Choices: []string{"open", "sent", "overdue", "paid", "cancelled", "uncollectible"}},
	{Name: "document_type", Label: "Document type", Kind: common.FieldChoice,
		Choices: []string{"regular", "proforma", "correction", "tax_document"}, Codes: common.DocTypes},
	{Name: "subject_id", Label: "Subject", Kind: common.FieldSubject},
	{Name: "number", Label: "Number", Kind: common.FieldText},
	{Name: "since", Label: "Created since", Kind: common.FieldDate},
	{Name: "until", Label: "Created until", Kind: common.FieldDate},
}

// NewList is the invoice list.
func NewList(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.Invoice], error) {
	return common.NewList(d, id, common.ListConfig[apiclient.Invoice]{
		Kind:   nav.Invoice,
		Title:  "Invoices",
		Noun:   "invoices",
		Export: "invoices",
		Columns: []table.Column{
			{Title: "Number", Width: 10, Keep: true},
			{Title: "Client", Width: 18, Flex: 1},
			{Title: "Issued", Width: d.DateWidth(), Priority: 2, Keep: true},
			{Title: "Due", Width: d.DateWidth(), Priority: 3, Keep: true},
			{Title: "Total", Width: 14, Align: lipgloss.Right, Keep: true},
			{Title: "Status", Width: 13, Priority: 4, Keep: true},
			{Title: "Type", Width: 12, Priority: 1, Keep: true},
			{Title: "Due in", Width: 16, Align: lipgloss.Right, Priority: 1, Keep: true},
			{Title: "Remaining", Width: 14, Align: lipgloss.Right, Priority: 1, Keep: true},
			{Title: "Reminded", Width: d.DateWidth(), Priority: 1, Keep: true},
		},
		Cells: func(i apiclient.Invoice) []string {
			settled := i.Status == apiclient.InvoicePaid || i.Status == apiclient.InvoiceCancelled || i.Status == apiclient.InvoiceUncollectible
			return []string{i.Number, i.ClientName, d.Date(i.IssuedOn), d.Date(i.DueOn),
				d.Money(i.Total, i.Currency), d.Status(i.Status), d.Code(common.DocTypes, i.DocumentType),
				d.DueIn(i.DueOn, settled), d.Money(i.RemainingAmount, i.Currency), lastReminder(d, i)}
		},
		Sorts: []common.Sort[apiclient.Invoice]{
			common.ByText("number", func(r *apiclient.Invoice) string { return r.Number }),
			common.ByText("client", func(r *apiclient.Invoice) string { return r.ClientName }),
			common.ByTime("issued", func(r *apiclient.Invoice) time.Time { return r.IssuedOn.Time }),
			common.ByTime("due", func(r *apiclient.Invoice) time.Time { return r.DueOn.Time }),
			common.ByValue("total", func(r *apiclient.Invoice) apiclient.Decimal { return r.Total },
				func(r *apiclient.Invoice) apiclient.Decimal { return r.NativeTotal }),
			common.ByValue("remaining", func(r *apiclient.Invoice) apiclient.Decimal { return r.RemainingAmount },
				func(r *apiclient.Invoice) apiclient.Decimal { return r.RemainingNativeAmount }),
			common.ByText("status", func(r *apiclient.Invoice) string { return r.Status }),
		},
		ID:    func(i apiclient.Invoice) int64 { return i.ID },
		Local: store.Invoices,
		Fetch: fetch,
		// The rows shown teach the session their names (no request), so
		// to-dos and events name what they relate to.
		Named:      func(i apiclient.Invoice) (string, string) { return common.NameInvoice, i.Number },
		SearchHint: "number, client, note, lines; #tag for tags",
		Filters:    filters,
		Empty:      "No invoices yet. Invoices you issue in Fakturoid or from a generator appear here.",
		Open:       func(i apiclient.Invoice) ui.PageID { return nav.Record(nav.Invoice, i.ID) },
		URL:        func(i apiclient.Invoice) string { return i.HTMLURL },
		CopyValue:  func(i apiclient.Invoice) (string, string) { return i.Number, "number" },
		Amounts:    amounts,
		Of:         func(i apiclient.Invoice) string { return i.ClientName },
		Actions:    editor.ListActions(d, editor.InvoiceKind, func(i apiclient.Invoice) int64 { return i.ID }, editor.DeleteInvoice),
		Marks:      markActions(d),
	})
}

// amounts is what an invoice adds to the totals under the list, by the
// rules every figure over invoices follows (internal/report): a tax
// document that is not cancelled adds its total and VAT by rate, a proforma
// its total apart, and only an invoice that still owes adds what remains.
func amounts(i apiclient.Invoice) common.Amounts {
	remaining, native := report.Owed(&i)
	a := common.Amounts{Currency: i.Currency, Remaining: remaining, NativeRemaining: native}
	switch {
	case i.Status == apiclient.InvoiceCancelled:
	case report.Proforma(i.DocumentType):
		a.Proforma = i.Total.Dec()
	case report.Taxed(&i):
		a.Total, a.Rates = i.Total.Dec(), common.RatesOf(i.VatRatesSummary)
	}
	return a
}

func fetch(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.Invoice, error) {
	if q.Searching() {
		text, tags := common.SplitTags(q.Search)
		rows, _, err := c.Invoices.Search(ctx, apiclient.SearchOptions{
			ListOptions: apiclient.ListOptions{Page: q.Page}, Query: text, Tags: tags})
		return rows, err
	}
	rows, _, err := c.Invoices.List(ctx, apiclient.DocumentListOptions{
		ListOptions:  apiclient.ListOptions{Page: q.Page},
		DateFilter:   apiclient.DateFilter{Since: q.Date("since"), Until: q.Date("until")},
		SubjectID:    q.Int("subject_id"),
		Number:       q.Filter["number"],
		Status:       q.Filter["status"],
		DocumentType: q.Filter["document_type"],
	})
	return rows, err
}
