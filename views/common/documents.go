package common

import (
	"strconv"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/ui"
)

// Pieces shared by the documents (invoices, expenses, generators): their
// lines, VAT summary, payments and attachments as fixed-width text.

// LinesTable draws document lines.
func LinesTable(d *Deps, lines []apiclient.Line, currency string, width int) string {
	l10n, st := d.L, d.Styles
	rows := make([][]string, 0, len(lines))
	for _, l := range lines {
		qty := d.Quantity(l.Quantity, l.UnitName)
		// A unit price is money: at least the cents, so that the column's
		// decimal separators stand one above the other ("1 500,00").
		rows = append(rows, []string{l.Name, qty, d.Amount(l.UnitPrice), d.Percent(l.VatRate),
			d.MoneyCell(lineWithoutVat(l), currency)})
	}
	return Heading(l10n.T("Lines"), st) + "\n" + RenderTable([]Column{
		{Title: l10n.T("Item"), Width: 12, Flex: true},
		{Title: l10n.T("Qty"), Width: 4, Right: true},
		{Title: l10n.T("Unit price"), Width: 10, Right: true},
		{Title: l10n.T("VAT"), Width: 4, Right: true},
		{Title: l10n.T("Total w/o VAT"), Width: 12, Right: true},
	}, rows, width, l10n.T("no lines"), st)
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

// VatTable draws a document's VAT summary.
func VatTable(d *Deps, sum []apiclient.VatRateSummary, width int) string {
	l10n := d.L
	rows := make([][]string, 0, len(sum))
	for _, v := range sum {
		rows = append(rows, []string{d.Percent(v.VatRate), d.MoneyCell(v.Base, v.Currency), d.MoneyCell(v.Vat, v.Currency),
			d.MoneyCell(v.NativeBase, v.NativeCurrency), d.MoneyCell(v.NativeVat, v.NativeCurrency)})
	}
	return Heading(l10n.T("VAT summary"), d.Styles) + "\n" + RenderTable([]Column{
		{Title: l10n.T("Rate"), Width: 5, Right: true},
		{Title: l10n.T("Base"), Width: 10, Right: true},
		{Title: l10n.T("VAT"), Width: 10, Right: true},
		{Title: l10n.T("Base (native)"), Width: 10, Right: true},
		{Title: l10n.T("VAT (native)"), Width: 10, Right: true},
	}, rows, width, l10n.T("no VAT summary"), d.Styles)
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
			tax = d.L.Tf("tax doc. %s", d.NameOr(NameInvoice, *p.TaxDocumentID, strconv.FormatInt(*p.TaxDocumentID, 10)))
		}
		paid := d.Date(p.PaidOn)
		if selected >= 0 {
			mark := "  "
			if i == selected {
				mark = "▸ "
			}
			paid = mark + paid
		}
		rows = append(rows, []string{paid, d.MoneyCell(p.Amount, p.Currency), p.VariableSymbol, tax})
	}
	paidWidth := 10
	if selected >= 0 {
		paidWidth = 12 // room for the marker
	}
	return Heading(d.L.T("Payments"), st) + "\n" + RenderTable([]Column{
		{Title: d.L.T("Paid on"), Width: paidWidth},
		{Title: d.L.T("Amount"), Width: 12, Right: true},
		{Title: d.L.T("Var. symbol"), Width: 11},
		{Title: d.L.T("Note"), Width: 4, Flex: true},
	}, rows, width, d.L.T("no payments"), st)
}

// AttachmentsList draws attachments; selected (or -1) is marked with ▸.
func AttachmentsList(d *Deps, as []apiclient.Attachment, selected int) string {
	st := d.Styles
	var b strings.Builder
	b.WriteString(Heading(d.L.T("Attachments"), st))
	if len(as) == 0 {
		b.WriteString("\n  " + st.Muted.Render(d.L.T("no attachments")))
	}
	for i, a := range as {
		mark := "  "
		if i == selected {
			mark = "▸ "
		}
		b.WriteString("\n" + mark + textclean.Line(a.Filename)) // the names are other people's
		if a.ContentType != "" {
			b.WriteString(st.Muted.Render("  (" + textclean.Line(a.ContentType) + ")"))
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

// Overdue is a due date with how far it is from today: "2026-11-01 (21
// days ago)", "1. 11. 2026 (21 dní po splatnosti)"; "" when unset.
func Overdue(d *Deps, due apiclient.Date) string {
	if due.IsZero() {
		return ""
	}
	today := apiclient.DateOf(d.Now())
	days := int(today.Sub(due.Time).Hours() / 24)
	return d.Date(due) + " (" + d.L.Due(-days) + ")"
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
