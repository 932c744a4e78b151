package overview

import (
	"strconv"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/report"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// wideFrom is the width from which the figures stand in two columns.
const wideFrom = 110

// debtorsShown is how many of the largest debtors the overview names.
const debtorsShown = 5

// row is one line of figures: a heading, or a label and its value; key is
// the figure enter lists ("" for a heading or a figure derived from others).
type row struct {
	label, value, key string
	heading           bool
}

// periodRows are the period's figures: sales and costs, VAT by rate and
// the balance.
func (p *Page) periodRows() []row {
	l, r, cur := p.d.L, p.rep, p.rep.Currency
	money := func(v report.Sum) string { return l.Money(v.Total, cur) }
	rows := []row{{label: l.T("Sales and costs"), heading: true},
		{label: l.T("Invoiced (tax documents)"), value: money(r.Invoiced), key: report.FigInvoiced},
		{label: l.T("Proformas (apart)"), value: money(r.Proformas), key: report.FigProformas},
		{label: l.T("Received"), value: money(r.Received), key: report.FigReceived},
		{label: l.T("Expenses"), value: money(r.Expenses), key: report.FigExpenses}}
	for _, s := range []struct {
		title, fig string
		rates      []report.Rate
	}{{l.T("Output VAT"), report.FigOutput, r.Output}, {l.T("Input VAT"), report.FigInput, r.Input},
		{l.T("Reverse charge (declared and deducted)"), report.FigReverse, r.ReverseCharge}} {
		if len(s.rates) == 0 && s.fig == report.FigReverse {
			continue
		}
		rows = append(rows, row{label: s.title, heading: true})
		if len(s.rates) == 0 {
			rows = append(rows, row{label: l.T("none")})
		}
		for _, x := range s.rates {
			rows = append(rows, row{label: l.Percent(x.Rate), key: report.RateKey(s.fig, x.Rate),
				value: l.Tf("base %s, VAT %s", l.Number(x.Base, locale.Digits(cur)), l.Money(x.Vat, cur))})
		}
	}
	return append(rows, row{label: l.T("VAT balance (output − input)"), value: l.Money(r.Balance(), cur), heading: true})
}

// unpaidRows are what customers owe today: the total, by age, and the
// largest debtors.
func (p *Page) unpaidRows() []row {
	l, u, cur := p.d.L, p.rep.Unpaid, p.rep.Currency
	rows := []row{{label: l.Tf("Unpaid on %s", l.Date(p.rep.Today.Time())), heading: true},
		{label: l.T("Total") + " · " + l.Nf(u.Count, "%d document|%d documents", u.Count), value: l.Money(u.Native, cur), key: report.FigUnpaid}}
	for i, v := range u.ByAge {
		rows = append(rows, row{label: "  " + l.T(report.AgeLabel(i)), value: l.Money(v, cur), key: report.Key(report.FigAge, strconv.Itoa(i))})
	}
	rows = append(rows, row{label: l.T("Largest debtors"), heading: true})
	if len(u.Debtors) == 0 {
		rows = append(rows, row{label: l.T("none")})
	}
	for _, d := range u.Debtors[:min(debtorsShown, len(u.Debtors))] {
		rows = append(rows, row{label: textclean.Line(d.Name), value: l.Money(d.Native, cur), key: report.Key(report.FigDebtor, strconv.FormatInt(d.SubjectID, 10))})
	}
	return rows
}

// figures are the rows enter opens, in the order the cursor visits them.
func (p *Page) figures() []row {
	if p.books == nil {
		return nil
	}
	var out []row
	for _, r := range append(p.periodRows(), p.unpaidRows()...) {
		if r.key != "" {
			out = append(out, r)
		}
	}
	return out
}

// View draws the overview.
func (p *Page) View() string {
	switch {
	case p.books == nil && p.err != nil:
		return common.LoadFailed(p.d, p.d.L.T("the overview"), p.err, p.width)
	case p.books == nil:
		return p.d.Styles.Muted.Render(p.d.L.T("Reading the invoices and expenses…"))
	}
	header := p.header()
	left, right := p.periodRows(), p.unpaidRows()
	var body []string
	var at int
	if p.width >= wideFrom {
		colW := (p.width - 3) / 2
		l, atL := p.render(left, colW, 0)
		r, atR := p.render(right, p.width-3-colW, countKeys(left))
		body = strings.Split(lipgloss.JoinHorizontal(lipgloss.Top, strings.Join(l, "\n"), "   ", strings.Join(r, "\n")), "\n")
		at = max(atL, atR)
	} else {
		l, atL := p.render(left, p.width, 0)
		r, atR := p.render(right, p.width, countKeys(left))
		body, at = append(l, ""), atL
		if atR >= 0 {
			at = len(body) + atR
		}
		body = append(body, r...)
	}
	body = append(append(body, ""), p.chart()...)
	body = p.scroll(body, at, max(1, p.height-len(header)))
	out := append(header, body...)
	for i, s := range out {
		out[i] = ui.FitLine(s, p.width)
	}
	return strings.Join(out, "\n")
}

// header is the period line and, after a failed refresh, the error.
func (p *Page) header() []string {
	l, per := p.d.L, p.period()
	kind := [kinds]string{l.T("month"), l.T("quarter"), l.T("year")}[p.kind]
	title := p.d.Styles.Title.Render(per.Name+" ("+kind+")") + " " +
		p.d.Styles.Muted.Render(l.Tf("%s – %s, amounts in %s", l.Date(per.From.Time()), l.Date(per.To.Time()), p.rep.Currency))
	out := []string{title}
	if asOf := p.books.AsOf; !asOf.IsZero() {
		// The service could not be reached: the figures are the local copy's.
		out = append(out, p.d.Styles.Muted.Render(l.Tf("from the local copy, synced %s", common.Ago(l, asOf, p.d.Now()))))
	}
	if p.err != nil {
		out = append(out, p.d.Styles.Error.Render("✕ "+common.FaultReason(l, p.err)))
	}
	return out
}

// countKeys is how many openable figures rows hold.
func countKeys(rows []row) int {
	n := 0
	for _, r := range rows {
		if r.key != "" {
			n++
		}
	}
	return n
}

// render draws rows in w columns; first is the figure index of the first
// openable row, to mark the selected one, whose line it returns (-1 when
// it is not among these rows).
func (p *Page) render(rows []row, w, first int) ([]string, int) {
	st := p.d.Styles
	out := make([]string, 0, len(rows))
	n, at := first, -1
	for i, r := range rows {
		gutter := "  " // the cursor's column, as in the lists
		if r.heading {
			gutter = ""
		}
		selected := r.key != "" && n == p.sel
		if selected {
			gutter = "▸ "
		}
		label := gutter + r.label
		gap := max(1, w-ansi.StringWidth(label)-ansi.StringWidth(r.value))
		line := ui.FitLine(label+strings.Repeat(" ", gap)+r.value, w)
		switch {
		case r.heading:
			line = st.Header.Render(line)
		case selected:
			line, at = st.Selected.Render(line), i
		}
		if r.key != "" {
			n++
		}
		out = append(out, line)
	}
	return out, at
}

// scroll keeps line at (the selected figure's) in the room there is.
func (p *Page) scroll(body []string, at, room int) []string {
	if len(body) <= room {
		p.offset = 0
		return body
	}
	if at >= 0 && at < p.offset {
		p.offset = at
	}
	if at >= p.offset+room {
		p.offset = at - room + 1
	}
	p.offset = min(max(0, p.offset), len(body)-room)
	return body[p.offset : p.offset+room]
}
