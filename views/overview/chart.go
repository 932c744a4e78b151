package overview

import (
	"strings"

	"github.com/shopspring/decimal"
)

// chartHeight is the bars' height in lines.
const chartHeight = 6

// eighths are the partial blocks, from one eighth of a line to a full one.
const eighths = " ▁▂▃▄▅▆▇█"

// chart is twelve months of invoiced (first bar) against expenses (second
// bar), drawn with block characters in the styles' colours, with the
// months under the bars and a legend.
func (p *Page) chart() []string {
	l, months, cur := p.d.L, p.rep.Months, p.rep.Currency
	top := decimal.Zero
	for _, m := range months {
		top = decimal.Max(top, m.Invoiced, m.Expenses)
	}
	bars := make([][2]int, len(months)) // each bar's height in eighths
	for i, m := range months {
		bars[i] = [2]int{eighthsOf(m.Invoiced, top), eighthsOf(m.Expenses, top)}
	}
	inv, exp := p.d.Styles.Success, p.d.Styles.Warning
	out := []string{p.d.Styles.Header.Render(l.T("Last 12 months")) + "  " + inv.Render("█") + " " + l.T("invoiced") +
		"  " + exp.Render("█") + " " + l.T("expenses") + "  " + p.d.Styles.Muted.Render(l.Tf("highest %s", l.Money(top, cur)))}
	for line := chartHeight - 1; line >= 0; line-- {
		var b strings.Builder
		for _, bar := range bars {
			b.WriteString(inv.Render(string(block(bar[0], line))))
			b.WriteString(exp.Render(string(block(bar[1], line))))
			b.WriteString(" ")
		}
		out = append(out, b.String())
	}
	var labels strings.Builder
	for _, m := range months {
		labels.WriteString(m.Period.Name[5:7] + " ")
	}
	return append(out, p.d.Styles.Muted.Render(labels.String()))
}

// eighthsOf is v's bar height in eighths of a line against top (nothing
// for a negative month, such as one of corrections only).
func eighthsOf(v, top decimal.Decimal) int {
	if !v.IsPositive() || !top.IsPositive() {
		return 0
	}
	n := int(v.Mul(decimal.NewFromInt(chartHeight * 8)).Div(top).Ceil().IntPart())
	return min(max(n, 1), chartHeight*8)
}

// block is the character of a bar of height h eighths on line (0 at the
// bottom).
func block(h, line int) rune {
	fill := h - line*8
	return []rune(eighths)[min(max(fill, 0), 8)]
}
