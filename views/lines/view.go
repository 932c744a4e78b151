package lines

import (
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/totals"
)

// column is one column of the table: its title, width, whether it is
// right-aligned, and the narrowest table that shows it.
type column struct {
	title    string
	width    int
	right    bool
	minWidth int
}

// columns of the table, in order; name takes the room left.
var columns = []column{
	{"#", 3, true, 0}, {locale.Key("Name"), 0, false, 0}, {locale.Key("Qty"), 7, true, 0}, {locale.Key("Unit"), 5, false, 66},
	{locale.Key("Unit price"), 11, true, 0}, {locale.Key("VAT %"), 5, true, 0}, {locale.Key("w/o VAT"), 11, true, 92}, {locale.Key("VAT"), 10, true, 92},
	{locale.Key("Total"), 11, true, 0},
}

// View implements form.Widget: a summary beside the label, then the
// table, the cell being edited and the lines' problems.
func (t *Table) View(width int, focused bool) []string {
	st := t.o.Styles
	der := t.derive()
	doc := der.sums
	l := t.o.Locale
	summary := l.Tf("%s · %s + VAT %s = %s", l.Nf(len(t.doc.Rows), "%d line|%d lines", len(t.doc.Rows)),
		l.Number(doc.Subtotal, 2), l.Number(doc.Vat, 2), l.Number(doc.Subtotal.Add(doc.Vat), 2))
	if focused && !t.editing {
		keys := l.T("a add · enter edit · x remove · u undo")
		if t.o.Search != nil {
			keys = l.T("a add · i from stock · enter edit · x remove · u undo")
		}
		summary += st.Muted.Render("  " + keys)
	}
	out := []string{summary}
	cols := visible(width)
	out = append(out, st.Muted.Render(row(cols, width, headerCells(l))))
	if len(t.doc.Rows) == 0 {
		out = append(out, st.Muted.Render("  "+l.T("No lines yet: a adds one.")))
	}
	start, end := window(t.cursor, len(t.doc.Rows))
	for i := start; i < end; i++ {
		cells := t.cells(i, der.lines[i].prices)
		line := row(cols, width, cells)
		if i == t.cursor && focused {
			// A marker as the lists have, so that the line x would remove
			// is seen without colour too (NO_COLOR).
			line = st.Selected.Render("▸" + strings.TrimPrefix(line, " "))
		}
		out = append(out, line)
	}
	if end < len(t.doc.Rows) || start > 0 {
		out = append(out, st.Muted.Render("  "+l.Tf("lines %d–%d of %d", start+1, end, len(t.doc.Rows))))
	}
	if t.editing && focused {
		out = append(out, t.editLines()...)
	}
	shown := 0
	for i := 0; i < len(t.doc.Rows) && shown < 3; i++ {
		if e := t.lineError(i); e != "" {
			out = append(out, st.Error.Render("✕ "+e))
			shown++
		}
	}
	return out
}

// editLines show the cell being edited with its input, and the items an
// item cell found.
func (t *Table) editLines() []string {
	st := t.o.Styles
	l := t.o.Locale
	out := []string{l.Tf("line %d, %s: [%s]", t.cursor+1, l.T(cellLabels[t.cell]), t.input.View()) +
		st.Muted.Render("  "+l.T("tab next cell · enter done"))}
	switch {
	case t.cell == cellName && t.o.Search != nil:
		out = append(out, st.Muted.Render("  "+l.T("shift+tab finds an item in stock by code or name")))
	case t.cell == cellVat:
		out = append(out, st.Muted.Render("  "+l.Tf("↑/↓ the account's rates: %s; any number is taken", strings.Join(t.rates, ", "))))
	case t.cell == cellItem && t.fault != "":
		out = append(out, st.Error.Render("  "+t.fault))
	case t.cell == cellItem:
		for i, it := range t.found[:min(len(t.found), 5)] {
			mark := "  "
			if i == t.pick {
				mark = "▸ "
			}
			price := it.NativeRetailPrice.String()
			if it.NativeRetailPrice.Valid() {
				price = l.Number(it.NativeRetailPrice.Dec(), 2) // a unit price, as the table writes it
			}
			out = append(out, fmt.Sprintf("  %s%s  %s  %s", mark, it.SKU, it.Name, strings.TrimSuffix(price+" / "+it.UnitName.String(), " / ")))
		}
		if len(t.found) > 0 {
			out = append(out, st.Muted.Render("  "+l.T("↑/↓ choose · enter takes the item's name, unit, price and rate")))
		}
	}
	return out
}

func headerCells(l locale.Locale) []string {
	out := make([]string, len(columns))
	for i, c := range columns {
		out[i] = l.T(c.title)
	}
	return out
}

// cells of row i with its computed prices.
func (t *Table) cells(i int, p totals.LinePrices) []string {
	r := t.doc.Rows[i]
	name := r.Name
	if r.SKU != "" {
		name += " [" + r.SKU + "]"
	}
	if t.editing && i == t.cursor {
		name = "✎ " + name
	}
	l := t.o.Locale
	return []string{fmt.Sprint(i + 1), name, t.display(cellQuantity, r.Quantity), r.UnitName, t.display(cellPrice, r.UnitPrice),
		t.display(cellVat, r.VatRate), l.Number(p.TotalWithoutVat, 2), l.Number(p.TotalVat, 2), l.Number(p.Total, 2)}
}

// visible are the columns that fit width.
func visible(width int) []bool {
	out := make([]bool, len(columns))
	for i, c := range columns {
		out[i] = width >= c.minWidth
	}
	return out
}

// row lays cells out in the visible columns; the name takes what is left.
func row(show []bool, width int, cells []string) string {
	fixedW := 0
	for i, c := range columns {
		if show[i] && c.width > 0 {
			fixedW += c.width + 1
		}
	}
	nameW := max(8, width-fixedW-2)
	var b strings.Builder
	b.WriteString("  ")
	for i, c := range columns {
		if !show[i] {
			continue
		}
		w := c.width
		if w == 0 {
			w = nameW
		}
		cell := truncate(textclean.Line(cells[i]), w) // the lines' text is the service's or typed
		if c.right {
			cell = strings.Repeat(" ", max(0, w-ansi.StringWidth(strings.TrimRight(cell, " ")))) + strings.TrimRight(cell, " ")
		}
		b.WriteString(cell)
		b.WriteString(" ")
	}
	return strings.TrimRight(b.String(), " ")
}

// window is the range of rows shown around the cursor.
func window(cursor, n int) (start, end int) {
	if n <= visibleRows {
		return 0, n
	}
	start = max(0, min(cursor-visibleRows/2, n-visibleRows))
	return start, start + visibleRows
}
