package common

import (
	"github.com/shopspring/decimal"
	"strconv"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
)

// Pieces shared by the documents (invoices, expenses, generators): their
// lines, VAT summary, payments and attachments as fixed-width text.

// LinesTable draws document lines.
func LinesTable(lines []apiclient.Line, currency string, width int, st ui.Styles) string {
	rows := make([][]string, 0, len(lines))
	for _, l := range lines {
		qty := l.Quantity.String()
		if l.UnitName != "" {
			qty += " " + l.UnitName
		}
		rows = append(rows, []string{l.Name, qty, l.UnitPrice.String(), vatRate(l.VatRate),
			Money(lineWithoutVat(l), currency)})
	}
	return Heading("Lines", st) + "\n" + RenderTable([]Column{
		{Title: "Item", Width: 12, Flex: true},
		{Title: "Qty", Width: 4, Right: true},
		{Title: "Unit price", Width: 10, Right: true},
		{Title: "VAT", Width: 4, Right: true},
		{Title: "Total w/o VAT", Width: 12, Right: true},
	}, rows, width, "no lines", st)
}

// lineWithoutVat is a line's total without VAT: the service's, or for a
// template's line, which comes without totals, its unit price without VAT
// times its quantity, rounded to cents as the service rounds line totals.
func lineWithoutVat(l apiclient.Line) apiclient.Decimal {
	if l.TotalPriceWithoutVat.IsSet() || !l.UnitPriceWithoutVat.IsSet() {
		return l.TotalPriceWithoutVat
	}
	qty := l.Quantity.Dec()
	if !l.Quantity.IsSet() {
		qty = decimal.NewFromInt(1)
	}
	return apiclient.Amount(l.UnitPriceWithoutVat.Dec().Mul(qty).Round(2))
}

func vatRate(d apiclient.Decimal) string {
	if !d.IsSet() {
		return ""
	}
	return d.String() + " %"
}

// VatTable draws a document's VAT summary.
func VatTable(sum []apiclient.VatRateSummary, width int, st ui.Styles) string {
	rows := make([][]string, 0, len(sum))
	for _, v := range sum {
		rows = append(rows, []string{vatRate(v.VatRate), Money(v.Base, v.Currency), Money(v.Vat, v.Currency),
			Money(v.NativeBase, v.NativeCurrency), Money(v.NativeVat, v.NativeCurrency)})
	}
	return Heading("VAT summary", st) + "\n" + RenderTable([]Column{
		{Title: "Rate", Width: 5, Right: true},
		{Title: "Base", Width: 10, Right: true},
		{Title: "VAT", Width: 10, Right: true},
		{Title: "Base (native)", Width: 10, Right: true},
		{Title: "VAT (native)", Width: 10, Right: true},
	}, rows, width, "no VAT summary", st)
}

// PaymentsTable draws a document's payments.
func PaymentsTable(ps []apiclient.Payment, width int, st ui.Styles, d *Deps) string {
	return PaymentsTableMarked(ps, -1, width, st, d)
}

// PaymentsTableMarked draws payments with the selected one (or -1) marked by ▸,
// for pages whose actions work on one payment.
// A payment's tax document is named by its number when the page's fetch
// learnt it (Deps.Names), else by its id.
func PaymentsTableMarked(ps []apiclient.Payment, selected, width int, st ui.Styles, d *Deps) string {
	rows := make([][]string, 0, len(ps))
	for i, p := range ps {
		tax := ""
		if p.TaxDocumentID != nil {
			tax = "tax doc. " + d.NameOr(NameInvoice, *p.TaxDocumentID, strconv.FormatInt(*p.TaxDocumentID, 10))
		}
		paid := Date(p.PaidOn)
		if selected >= 0 {
			mark := "  "
			if i == selected {
				mark = "▸ "
			}
			paid = mark + paid
		}
		rows = append(rows, []string{paid, Money(p.Amount, p.Currency), p.VariableSymbol, tax})
	}
	paidWidth := 10
	if selected >= 0 {
		paidWidth = 12 // room for the marker
	}
	return Heading("Payments", st) + "\n" + RenderTable([]Column{
		{Title: "Paid on", Width: paidWidth},
		{Title: "Amount", Width: 12, Right: true},
		{Title: "Var. symbol", Width: 11},
		{Title: "Note", Width: 4, Flex: true},
	}, rows, width, "no payments", st)
}

// AttachmentsList draws attachments; selected (or -1) is marked with ▸.
func AttachmentsList(as []apiclient.Attachment, selected int, st ui.Styles) string {
	var b strings.Builder
	b.WriteString(Heading("Attachments", st))
	if len(as) == 0 {
		b.WriteString("\n  " + st.Muted.Render("no attachments"))
	}
	for i, a := range as {
		mark := "  "
		if i == selected {
			mark = "▸ "
		}
		b.WriteString("\n" + mark + a.Filename)
		if a.ContentType != "" {
			b.WriteString(st.Muted.Render("  (" + a.ContentType + ")"))
		}
	}
	return b.String()
}

// Tags shows tags as "#a #b".
func Tags(tags []string) string {
	out := make([]string, len(tags))
	for i, t := range tags {
		out[i] = "#" + t
	}
	return strings.Join(out, " ")
}

// Overdue says how late a due date is on day now: "due 2026-11-01 (21 days
// ago)"; "" when unset.
func Overdue(due apiclient.Date, now time.Time) string {
	if due.IsZero() {
		return ""
	}
	today := apiclient.DateOf(now)
	days := int(today.Sub(due.Time).Hours() / 24)
	switch {
	case days > 0:
		return Date(due) + " (" + strconv.Itoa(days) + " days ago)"
	case days < 0:
		return Date(due) + " (in " + strconv.Itoa(-days) + " days)"
	}
	return Date(due) + " (today)"
}

// Sections joins detail sections with blank lines between them.
func Sections(parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if p != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, "\n\n")
}
