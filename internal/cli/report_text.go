package cli

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/report"
)

// reportTextOf is the report for a person at a terminal, in their language.
func reportTextOf(r report.Report, l locale.Locale) string {
	var b strings.Builder
	cur := r.Currency
	line := func(label, value string) {
		fmt.Fprintf(&b, "  %s%s %s\n", label, strings.Repeat(" ", max(0, 30-ansi.StringWidth(label))), value)
	}
	fmt.Fprintln(&b, l.Tf("Report %s (%s – %s), amounts in %s", r.Period.Name, l.Date(r.Period.From.Time()), l.Date(r.Period.To.Time()), cur))
	line(l.T("Invoiced"), l.Money(r.Invoiced.Total, cur)+"  "+l.Nf(r.Invoiced.Count, "%d document|%d documents", r.Invoiced.Count))
	line(l.T("Proformas (apart)"), l.Money(r.Proformas.Total, cur)+"  "+l.Nf(r.Proformas.Count, "%d document|%d documents", r.Proformas.Count))
	line(l.T("Received"), l.Money(r.Received.Total, cur)+"  "+l.Nf(r.Received.Count, "%d payment|%d payments", r.Received.Count))
	line(l.T("Expenses"), l.Money(r.Expenses.Total, cur)+"  "+l.Nf(r.Expenses.Count, "%d document|%d documents", r.Expenses.Count))
	for _, s := range []struct {
		title string
		rates []report.Rate
	}{{l.T("Output VAT"), r.Output}, {l.T("Input VAT"), r.Input}, {l.T("Reverse charge (declared and deducted)"), r.ReverseCharge}} {
		fmt.Fprintln(&b, s.title)
		if len(s.rates) == 0 {
			line("", l.T("none"))
		}
		for _, x := range s.rates {
			line(l.Percent(x.Rate), l.Tf("base %s, VAT %s", l.Money(x.Base, cur), l.Money(x.Vat, cur)))
		}
	}
	line(l.T("VAT balance (output − input)"), l.Money(r.Balance(), cur))
	fmt.Fprintln(&b, l.Tf("Unpaid on %s", l.Date(r.Today.Time())))
	line(l.T("Total"), l.Money(r.Unpaid.Native, cur)+"  "+l.Nf(r.Unpaid.Count, "%d document|%d documents", r.Unpaid.Count))
	for i, v := range r.Unpaid.ByAge {
		line(ageLabel(l, i), l.Money(v, cur))
	}
	return b.String()
}

// ageLabel names an age bucket of unpaid invoices.
func ageLabel(l locale.Locale, age int) string { return l.T(report.AgeLabel(age)) }
