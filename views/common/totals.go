package common

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
)

// Amounts are what one record adds to the totals under a list of
// documents: its total and what remains to pay, in its currency, and its
// VAT by rate.
type Amounts struct {
	Currency         string
	Total, Remaining decimal.Decimal
	Rates            []RateAmount
}

// RateAmount is a document's base and VAT at one rate.
type RateAmount struct {
	Rate, Base, Vat decimal.Decimal
}

// RatesOf reads a document's vat_rates_summary for Amounts.
func RatesOf(summary []apiclient.VatRateSummary) []RateAmount {
	out := make([]RateAmount, len(summary))
	for i, r := range summary {
		out[i] = RateAmount{Rate: r.VatRate.Dec(), Base: r.Base.Dec(), Vat: r.Vat.Dec()}
	}
	return out
}

// currencySum is the totals of one currency.
type currencySum struct {
	currency         string
	total, remaining decimal.Decimal
	rates            map[string]*RateAmount
}

// listTotals caches the totals of a list's loaded rows until the rows
// change (table.Model.Gen), so a key press on 50,000 rows costs nothing.
type listTotals struct {
	gen       uint64
	computed  bool
	rows      int
	sums      []*currencySum
	showRates bool
}

// compute sums amounts of every row when gen moved on.
func (t *listTotals) compute(gen uint64, n int, amounts func(i int) Amounts) {
	if t.computed && t.gen == gen {
		return
	}
	t.gen, t.computed, t.rows, t.sums = gen, true, n, nil
	by := map[string]*currencySum{}
	for i := range n {
		a := amounts(i)
		s := by[a.Currency]
		if s == nil {
			s = &currencySum{currency: a.Currency, rates: map[string]*RateAmount{}}
			by[a.Currency] = s
			t.sums = append(t.sums, s)
		}
		s.total = s.total.Add(a.Total)
		s.remaining = s.remaining.Add(a.Remaining)
		for _, r := range a.Rates {
			k := r.Rate.String()
			ra := s.rates[k]
			if ra == nil {
				ra = &RateAmount{Rate: r.Rate}
				s.rates[k] = ra
			}
			ra.Base, ra.Vat = ra.Base.Add(r.Base), ra.Vat.Add(r.Vat)
		}
	}
	slices.SortFunc(t.sums, func(a, b *currencySum) int { return strings.Compare(a.currency, b.currency) })
}

// lines renders the totals: one line of sums per currency, and with the
// VAT breakdown on, one line of rates. all says every page is loaded.
func (t *listTotals) lines(d *Deps, all bool) []string {
	l := d.L
	scope := l.Tf("Σ %d loaded, more on the server (G loads all)", t.rows)
	if all {
		scope = l.Tf("Σ all %d", t.rows)
	}
	parts := []string{scope}
	for _, s := range t.sums {
		parts = append(parts, l.Tf("%s, unpaid %s", d.MoneyDec(s.total, s.currency), l.Number(s.remaining, locale.Digits(s.currency))))
	}
	out := []string{strings.Join(parts, " · ")}
	if t.showRates {
		out = append(out, t.rateLine(d))
	}
	return out
}

func (t *listTotals) rateLine(d *Deps) string {
	l := d.L
	var parts []string
	for _, s := range t.sums {
		rates := make([]*RateAmount, 0, len(s.rates))
		for _, r := range s.rates {
			rates = append(rates, r)
		}
		slices.SortFunc(rates, func(a, b *RateAmount) int { return b.Rate.Cmp(a.Rate) })
		for _, r := range rates {
			parts = append(parts, l.Tf("%s: %s + VAT %s", l.Percent(r.Rate), l.Number(r.Base, locale.Digits(s.currency)), d.MoneyDec(r.Vat, s.currency)))
		}
	}
	if len(parts) == 0 {
		return l.T("VAT by rate: none")
	}
	return l.Tf("VAT by rate: %s", strings.Join(parts, " · "))
}

// totalsKey toggles the VAT breakdown under a list of documents.
func totalsKey(l locale.Locale) key.Binding {
	return key.NewBinding(key.WithKeys("t"), key.WithHelp("t", l.T("VAT by rate")))
}

// totalsHeight is the lines the totals take under the table.
func (p *ListPage[T]) totalsHeight() int {
	switch {
	case p.cfg.Amounts == nil:
		return 0
	case p.totals.showRates:
		return 2
	}
	return 1
}

// totalsView renders the totals of the loaded rows (computed again only
// when the rows changed).
func (p *ListPage[T]) totalsView() string {
	tbl, amounts := p.tbl, p.cfg.Amounts
	p.totals.compute(tbl.Gen(), tbl.Len(), func(i int) Amounts { return amounts(*tbl.Row(i)) })
	st := p.d.Styles
	out := p.totals.lines(p.d, p.tbl.Exhausted())
	for i, l := range out {
		out[i] = st.Muted.Render(FitLine(textclean.Line(l), p.width)) // currencies are the service's
	}
	return strings.Join(out, "\n")
}
