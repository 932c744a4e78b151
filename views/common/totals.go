package common

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/ui"
	"slices"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/report"
)

// Amounts are what one record adds to the totals under a list of
// documents, in its currency: its total (Proforma instead for a proforma,
// which the tax documents count apart, and neither for a document that
// does not count, such as a cancelled invoice), what remains to pay
// (zero when it owes nothing: report.Owed for invoices), that in the
// account's currency, and its VAT by rate in the account's currency.
type Amounts struct {
	Currency                   string
	Total, Proforma            decimal.Decimal
	Remaining, NativeRemaining decimal.Decimal
	Rates                      []RateAmount
}

// RateAmount is a document's base and VAT at one rate, in the account's
// currency (Currency).
type RateAmount struct {
	Currency        string
	Rate, Base, Vat decimal.Decimal
}

// RatesOf reads a document's vat_rates_summary for Amounts, in the
// account's currency (native_base, native_vat).
func RatesOf(summary []apiclient.VatRateSummary) []RateAmount {
	out := make([]RateAmount, 0, len(summary))
	for _, r := range summary {
		rates := report.Rates{}
		rates.Add([]apiclient.VatRateSummary{r})
		for _, x := range rates {
			cur := r.NativeCurrency
			if cur == "" {
				cur = r.Currency
			}
			out = append(out, RateAmount{Currency: cur, Rate: x.Rate, Base: x.Base, Vat: x.Vat})
		}
	}
	return out
}

// currencySum is the totals of one currency.
type currencySum struct {
	currency                   string
	total, proforma, remaining decimal.Decimal
}

// listTotals caches the totals of a list's loaded rows until the rows
// change (table.Model.Gen), so a key press on 50,000 rows costs nothing.
type listTotals struct {
	gen       uint64
	computed  bool
	rows      int
	sums      []*currencySum
	native    decimal.Decimal // remaining in the account's currency
	hasNative bool            // some row gave its remaining in the account's currency
	rates     map[string]*RateAmount
	showRates bool
	local     string // the query of the local copy whose every row is summed ("": the loaded rows)
}

// compute sums amounts of every row when gen moved on.
func (t *listTotals) compute(gen uint64, n int, amounts func(i int) Amounts) {
	if t.computed && t.gen == gen {
		return
	}
	t.gen, t.computed, t.rows, t.sums, t.native, t.hasNative = gen, true, n, nil, decimal.Zero, false
	t.rates = map[string]*RateAmount{}
	by := map[string]*currencySum{}
	for i := range n {
		a := amounts(i)
		s := by[a.Currency]
		if s == nil {
			s = &currencySum{currency: a.Currency}
			by[a.Currency] = s
			t.sums = append(t.sums, s)
		}
		s.total, s.proforma = s.total.Add(a.Total), s.proforma.Add(a.Proforma)
		s.remaining = s.remaining.Add(a.Remaining)
		t.native = t.native.Add(a.NativeRemaining)
		t.hasNative = t.hasNative || !a.NativeRemaining.IsZero()
		for _, r := range a.Rates {
			k := r.Currency + " " + r.Rate.String()
			ra := t.rates[k]
			if ra == nil {
				ra = &RateAmount{Currency: r.Currency, Rate: r.Rate}
				t.rates[k] = ra
			}
			ra.Base, ra.Vat = ra.Base.Add(r.Base), ra.Vat.Add(r.Vat)
		}
	}
	slices.SortFunc(t.sums, func(a, b *currencySum) int { return strings.Compare(a.currency, b.currency) })
}

// lines renders the totals: one line of sums per currency, and with the
// VAT breakdown on, one line of rates. all says every page is loaded; the
// sums say which rows they cover, so a figure over loaded pages is never
// taken for the whole.
func (t *listTotals) lines(d *Deps, all bool) []string {
	l := d.L
	scope := l.Tf("Σ %d loaded, more on the server (G loads all)", t.rows)
	if all {
		scope = l.Tf("Σ all %d", t.rows)
	}
	if t.local != "" {
		scope = l.Tf("Σ all %d in the local copy", t.rows)
	}
	parts := []string{scope}
	for _, s := range t.sums {
		digits := locale.Digits(s.currency)
		total := d.MoneyDec(s.total, s.currency)
		if !s.proforma.IsZero() {
			total = l.Tf("%s + proformas %s", total, l.Number(s.proforma, digits))
		}
		parts = append(parts, l.Tf("%s, unpaid %s", total, l.Number(s.remaining, digits)))
	}
	if cur := t.nativeCurrency(); len(t.sums) > 1 && cur != "" && t.hasNative {
		parts = append(parts, l.Tf("unpaid in all %s", d.MoneyDec(t.native, cur)))
	}
	out := []string{strings.Join(parts, " · ")}
	if t.showRates {
		out = append(out, t.rateLine(d))
	}
	return out
}

// nativeCurrency is the account's currency as the documents' VAT summaries
// name it ("" when none does).
func (t *listTotals) nativeCurrency() string {
	for _, r := range t.rates {
		return r.Currency
	}
	return ""
}

// rateLine is the VAT by rate of the documents that count in tax figures,
// in the account's currency.
func (t *listTotals) rateLine(d *Deps) string {
	l := d.L
	rates := make([]*RateAmount, 0, len(t.rates))
	for _, r := range t.rates {
		rates = append(rates, r)
	}
	slices.SortFunc(rates, func(a, b *RateAmount) int {
		if c := strings.Compare(a.Currency, b.Currency); c != 0 {
			return c
		}
		return b.Rate.Cmp(a.Rate)
	})
	parts := make([]string, 0, len(rates))
	for _, r := range rates {
		parts = append(parts, l.Tf("%s: %s + VAT %s", l.Percent(r.Rate), l.Number(r.Base, locale.Digits(r.Currency)), d.MoneyDec(r.Vat, r.Currency)))
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

// totalsHeight is the lines the totals take under the table: more than
// one each when they wrap.
func (p *ListPage[T]) totalsHeight() int { return len(p.totalsLines()) }

// totalsLines are the totals of the loaded rows wrapped to the page's
// width, made again only when the rows, the width or what is shown changed.
func (p *ListPage[T]) totalsLines() []string {
	if p.cfg.Amounts == nil {
		return nil
	}
	tbl, amounts := p.tbl, p.cfg.Amounts
	if p.sumLoaded() {
		p.totals.compute(tbl.Gen(), tbl.Len(), func(i int) Amounts { return amounts(*tbl.Row(i)) })
	}
	key := wrapKey{gen: tbl.Gen(), width: p.width, all: tbl.Exhausted(), rates: p.totals.showRates}
	if p.wrapped.lines == nil || p.wrapped.key != key {
		var out []string
		for _, l := range p.totals.lines(p.d, key.all) {
			out = append(out, wrapParts(textclean.Line(l), p.width)...) // currencies are the service's
		}
		p.wrapped = wrappedTotals{key: key, lines: out}
	}
	return p.wrapped.lines
}

// totalsView renders the totals of the loaded rows.
func (p *ListPage[T]) totalsView() string {
	lines := p.totalsLines()
	out := make([]string, len(lines))
	for i, l := range lines {
		out[i] = p.d.Styles.Muted.Render(ui.FitLine(l, p.width))
	}
	return strings.Join(out, "\n")
}
