package totals_test

import (
	"context"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/totals"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
)

// doc is one generated document: what is sent and the mode it is read in.
type doc struct {
	kind     string // expense, generator, recurring, invoice
	lines    []apiclient.LineParams
	mode     string // "" sends no vat_price_mode
	reverse  bool
	round    bool
	currency string
	rate     string
	nonVat   bool
	acctMode string
}

func (d doc) String() string {
	var ls []string
	for _, l := range d.lines {
		ls = append(ls, fmt.Sprintf("%s×%s@%s%%", l.Quantity, l.UnitPrice, l.VatRate))
	}
	return fmt.Sprintf("%s mode=%q account=%q nonVAT=%v reverse=%v round=%v %s/%s lines=%v",
		d.kind, d.mode, d.acctMode, d.nonVat, d.reverse, d.round, d.currency, d.rate, ls)
}

func gen(r *rand.Rand) doc {
	d := doc{kind: []string{"expense", "generator", "recurring", "invoice"}[r.IntN(4)]}
	for range 1 + r.IntN(8) {
		q := decimal.New(int64(1+r.IntN(400)), -int32(r.IntN(3)))
		p := decimal.New(int64(r.IntN(2000000)), -int32(r.IntN(3)))
		rate := []string{"0", "10", "12", "21", "15.5", "21"}[r.IntN(6)]
		l := apiclient.LineParams{Name: apiclient.Ptr("Line"), Quantity: apiclient.Ptr(apiclient.MustDecimal(q.String())),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal(p.String())), VatRate: apiclient.Ptr(apiclient.MustDecimal(rate))}
		d.lines = append(d.lines, l)
	}
	d.mode = []string{"", "without_vat", "from_total_with_vat"}[r.IntN(3)]
	if d.kind == "expense" && d.mode == "" {
		d.mode = "without_vat" // an expense's mode is not inherited
	}
	d.reverse = r.IntN(5) == 0
	d.round = r.IntN(3) == 0
	d.nonVat = r.IntN(6) == 0
	d.acctMode = []string{"without_vat", "from_total_with_vat", "with_vat", "numerical_with_vat"}[r.IntN(4)]
	if r.IntN(3) == 0 {
		d.currency, d.rate = "EUR", []string{"25.2", "24.915", "1"}[r.IntN(3)]
	}
	return d
}

// create sends d to the sandbox and returns the service's figures.
type figures struct {
	subtotal, total, nativeSubtotal, nativeTotal, rounding string
	unitWithout, unitWith                                  []string
	lineWithout, lineVat                                   []string
}

func create(t *testing.T, ctx context.Context, c *apiclient.Client, subject int64, d doc) (figures, error) {
	g := apiclient.GeneratorParams{Name: apiclient.Ptr("Doc"), SubjectID: &subject, Lines: d.lines,
		TransferredTaxLiability: &d.reverse, RoundTotal: &d.round}
	if d.mode != "" {
		g.VatPriceMode = apiclient.NullOf(d.mode)
	}
	if d.currency != "" {
		g.Currency, g.ExchangeRate = &d.currency, apiclient.Ptr(apiclient.MustDecimal(d.rate))
	}
	var f figures
	lineFigs := func(ls []apiclient.Line, totals bool) {
		for _, l := range ls {
			f.unitWithout = append(f.unitWithout, l.UnitPriceWithoutVat.String())
			f.unitWith = append(f.unitWith, l.UnitPriceWithVat.String())
			if totals {
				f.lineWithout = append(f.lineWithout, l.TotalPriceWithoutVat.String())
				f.lineVat = append(f.lineVat, l.TotalVat.String())
			}
		}
	}
	switch d.kind {
	case "generator":
		x, _, err := c.Generators.Create(ctx, &g)
		if err != nil {
			return f, err
		}
		f = figures{subtotal: x.Subtotal.String(), total: x.Total.String(), nativeSubtotal: x.NativeSubtotal.String(),
			nativeTotal: x.NativeTotal.String(), rounding: x.RoundingAdjustment.String()}
		lineFigs(x.Lines, false) // a template's lines carry no line totals
	case "recurring":
		x, _, err := c.RecurringGenerators.Create(ctx, &apiclient.RecurringGeneratorParams{GeneratorParams: g,
			StartDate: apiclient.Ptr(apiclient.NewDate(2026, 12, 1)), MonthsPeriod: apiclient.Ptr(1)})
		if err != nil {
			return f, err
		}
		f = figures{subtotal: x.Subtotal.String(), total: x.Total.String(), nativeSubtotal: x.NativeSubtotal.String(),
			nativeTotal: x.NativeTotal.String(), rounding: x.RoundingAdjustment.String()}
		lineFigs(x.Lines, false) // recurring lines carry no line totals
	case "invoice":
		p := apiclient.InvoiceParams{SubjectID: &subject, Lines: d.lines, TransferredTaxLiability: &d.reverse, RoundTotal: &d.round,
			Currency: g.Currency, ExchangeRate: g.ExchangeRate}
		if d.mode != "" {
			p.VatPriceMode = apiclient.NullOf(d.mode)
		}
		x, _, err := c.Invoices.Create(ctx, &p)
		if err != nil {
			return f, err
		}
		f = figures{subtotal: x.Subtotal.String(), total: x.Total.String(), nativeSubtotal: x.NativeSubtotal.String(),
			nativeTotal: x.NativeTotal.String(), rounding: x.RoundingAdjustment.String()}
		lineFigs(x.Lines, true)
	default:
		p := apiclient.ExpenseParams{SubjectID: &subject, Lines: d.lines, TransferredTaxLiability: &d.reverse, RoundTotal: &d.round,
			VatPriceMode: &d.mode, Currency: g.Currency, ExchangeRate: g.ExchangeRate}
		x, _, err := c.Expenses.Create(ctx, &p)
		if err != nil {
			return f, err
		}
		f = figures{subtotal: x.Subtotal.String(), total: x.Total.String(), nativeSubtotal: x.NativeSubtotal.String(),
			nativeTotal: x.NativeTotal.String(), rounding: x.RoundingAdjustment.String()}
		lineFigs(x.Lines, true)
	}
	return f, nil
}

// service formats a figure as the service writes it ("1210.0", "12.34").
func service(d decimal.Decimal) string { return apiclient.Amount(d).String() }

// The editor's preview (package totals) equals what the service returns
// for the same document, over generated documents of every kind, price
// mode, rate, reverse charge, non-VAT payer, rounding and currency.
func TestPreviewEqualsTheService(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	if testing.Short() {
		seed = 1
	}
	r := rand.New(rand.NewPCG(seed, 7))
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)})
	token := sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID)
	c := sb.ClientWith(t, token, apiclient.WithClock(sb.Clock.Now),
		apiclient.WithSleeper(func(_ context.Context, d time.Duration) error { sb.Clock.Advance(d); return nil }))
	ctx := context.Background()
	s, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Acme s.r.o.")})
	if err != nil {
		t.Fatal(err)
	}
	acct, _ := sb.Server.Account(tuitest.Slug)
	const n = 300
	for i := range n {
		d := gen(r)
		sb.Server.Do(func() {
			acct.Info.VatMode = sandbox.VatPayer
			if d.nonVat {
				acct.Info.VatMode = sandbox.NonVatPayer
			}
			acct.Info.VatPriceMode = d.acctMode
		})
		got, err := create(t, ctx, c, s.ID, d)
		if err != nil {
			t.Fatalf("seed %d, document %d (%s): %v", seed, i, d, err)
		}
		m := totals.Mode{VatPriceMode: d.mode, AccountMode: d.acctMode, ReverseCharge: d.reverse, NonVatPayer: d.nonVat, RoundTotal: d.round}
		if d.currency != "" {
			m.ExchangeRate = decimal.RequireFromString(d.rate)
		}
		in := make([]totals.Line, len(d.lines))
		for j, l := range d.lines {
			in[j] = totals.Line{Quantity: l.Quantity.Dec(), QuantitySet: true, UnitPrice: l.UnitPrice.Dec(), VatRate: l.VatRate.Dec()}
		}
		want := totals.Compute(in, m)
		var diffs []string
		cmp := func(what, service, preview string) {
			if service != preview {
				diffs = append(diffs, fmt.Sprintf("%s: service %s, preview %s", what, service, preview))
			}
		}
		cmp("subtotal", got.subtotal, service(want.Subtotal))
		cmp("total", got.total, service(want.Total))
		cmp("rounding", got.rounding, service(want.RoundingAdjustment))
		if got.nativeTotal != "" {
			cmp("native subtotal", got.nativeSubtotal, service(want.NativeSubtotal))
			cmp("native total", got.nativeTotal, service(want.NativeTotal))
		}
		for j, p := range want.Lines {
			cmp(fmt.Sprintf("line %d unit w/o VAT", j+1), got.unitWithout[j], service(p.UnitWithoutVat))
			cmp(fmt.Sprintf("line %d unit with VAT", j+1), got.unitWith[j], service(p.UnitWithVat))
			if j < len(got.lineWithout) {
				cmp(fmt.Sprintf("line %d w/o VAT", j+1), got.lineWithout[j], service(p.TotalWithoutVat))
				cmp(fmt.Sprintf("line %d VAT", j+1), got.lineVat[j], service(p.TotalVat))
			}
		}
		if len(diffs) > 0 {
			t.Fatalf("seed %d, document %d of %d: %s\n%s", seed, i, n, d, strings.Join(diffs, "\n"))
		}
	}
}
