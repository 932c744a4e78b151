package demo

import (
	"time"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/shopspring/decimal"
)

type generatorSet struct {
	monthly, training *sandbox.Generator
	recurring         *sandbox.RecurringGenerator
}

func (b *builder) generator(name string, subj *sandbox.Subject, specs []lineSpec, createdAgo int, tags []string) sandbox.Generator {
	mode := sandbox.PriceMode{VatPriceMode: "without_vat", ExchangeRate: decimal.NewFromInt(1)}
	lines := b.buildLines(specs, false, false, mode)
	t := sandbox.ComputeTotals(lines, mode, "CZK", "CZK", false)
	created := b.workTime(createdAgo)
	return sandbox.Generator{
		Name: name, SubjectID: subj.ID, NumberFormatID: sandbox.Ptr(int64(1)),
		Note: sandbox.Text(b.a.Info.InvoiceNote), BankAccountID: sandbox.Ptr(int64(1)), IBANVisibility: "automatically",
		Tags: tags, Currency: "CZK", PaymentMethod: "bank", Language: "cz", VatPriceMode: "without_vat", OSS: "disabled",
		Subtotal: t.Subtotal, Total: t.Total, NativeSubtotal: t.NativeSubtotal, NativeTotal: t.NativeTotal,
		RoundingAdjustment: t.RoundingAdjustment, Lines: lines, CreatedAt: dt(created), UpdatedAt: dt(created),
	}
}

func (b *builder) buildGenerators(ds *subjectSet) generatorSet {
	var g generatorSet
	s := func(domain string) *sandbox.Subject { return ds.all[ds.byDomain[domain]] }

	monthly := b.generator("Správa webu – měsíční paušál", s("alfastavby"),
		[]lineSpec{{sales[2], 1}, {sales[7], 2}}, 210, []string{"web"})
	g.monthly = b.a.Generators.Add(&monthly)

	training := b.generator("Školení – hodinová sazba", s("slunecnihodiny"),
		[]lineSpec{{sales[4], 4}, {sales[8], 8}}, 150, []string{"školení"})
	training.Due = sandbox.Ptr(30)
	g.training = b.a.Generators.Add(&training)

	y, m, _ := b.now.Date()
	loc := b.now.Location()
	rec := sandbox.RecurringGenerator{
		Generator: b.generator("Hosting a správa serveru – Pekárna U Mlýna", s("pekarnaumlyna"),
			[]lineSpec{{sales[2], 1}}, 190, []string{"hosting"}),
		Active:           true,
		StartDate:        sandbox.DateOf(time.Date(y, m-6, 1, 12, 0, 0, 0, loc)),
		MonthsPeriod:     1,
		NextOccurrenceOn: sandbox.DateOf(time.Date(y, m+1, 1, 12, 0, 0, 0, loc)),
		SendEmail:        true,
	}
	// A recurring generator's lines carry only the unit prices (api-v3.md, Line).
	for i := range rec.Lines {
		l := &rec.Lines[i]
		l.TotalPriceWithoutVat, l.TotalVat = sandbox.Decimal{}, sandbox.Decimal{}
		l.NativeTotalPriceWithoutVat, l.NativeTotalVat = sandbox.Decimal{}, sandbox.Decimal{}
	}
	g.recurring = b.a.Recurring.Add(&rec)
	return g
}
