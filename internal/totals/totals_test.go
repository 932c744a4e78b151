package totals

import (
	"testing"

	"github.com/shopspring/decimal"
)

func d(s string) decimal.Decimal { return decimal.RequireFromString(s) }

func line(q, p, r string) Line {
	return Line{Quantity: d(q), QuantitySet: true, UnitPrice: d(p), VatRate: d(r)}
}

// Hand-worked examples of the reference's rules (api-v3.md, "Line").
func TestRulesOfTheReference(t *testing.T) {
	for _, tc := range []struct {
		name                         string
		lines                        []Line
		mode                         Mode
		subtotal, vat, total, native string
		rounding                     string
	}{
		{"without VAT: VAT added", []Line{line("2", "1000", "21")}, Mode{VatPriceMode: WithoutVat}, "2000", "420", "2420", "2420", "0"},
		{"from total: VAT inside the price", []Line{line("1", "1210", "21")}, Mode{VatPriceMode: FromTotalWithVat}, "1000", "210", "1210", "1210", "0"},
		{"null mode inherits the account's", []Line{line("1", "1210", "21")}, Mode{AccountMode: "with_vat"}, "1000", "210", "1210", "1210", "0"},
		{"reverse charge: no VAT, mode ignored", []Line{line("1", "1210", "21")}, Mode{VatPriceMode: FromTotalWithVat, ReverseCharge: true}, "1210", "0", "1210", "1210", "0"},
		{"non-VAT payer: no VAT", []Line{line("3", "100", "21")}, Mode{NonVatPayer: true}, "300", "0", "300", "300", "0"},
		{"zero rate: prices equal", []Line{line("1", "99", "0")}, Mode{VatPriceMode: FromTotalWithVat}, "99", "0", "99", "99", "0"},
		{"round_total to whole units", []Line{line("1", "10.4", "0")}, Mode{RoundTotal: true}, "10.4", "0", "10", "10", "-0.4"},
		{"foreign currency: native by the rate", []Line{line("1", "100", "21")}, Mode{ExchangeRate: d("25.2")}, "100", "21", "121", "3049.2", "0"},
	} {
		got := Compute(tc.lines, tc.mode)
		for _, c := range []struct{ what, got, want string }{
			{"subtotal", got.Subtotal.String(), tc.subtotal}, {"vat", got.Vat.String(), tc.vat},
			{"total", got.Total.String(), tc.total}, {"native total", got.NativeTotal.String(), tc.native},
			{"rounding", got.RoundingAdjustment.String(), tc.rounding},
		} {
			if c.got != c.want {
				t.Errorf("%s: %s %s, want %s", tc.name, c.what, c.got, c.want)
			}
		}
	}
}

func TestByRateHighestFirst(t *testing.T) {
	got := Compute([]Line{line("1", "100", "12"), line("1", "100", "21"), line("1", "50", "21")}, Mode{})
	if len(got.ByRate) != 2 || got.ByRate[0].VatRate.String() != "21" || got.ByRate[0].Base.String() != "150" || got.ByRate[1].Vat.String() != "12" {
		t.Errorf("by rate: %+v", got.ByRate)
	}
}

func BenchmarkCompute200Lines(b *testing.B) {
	ls := make([]Line, 200)
	for i := range ls {
		ls[i] = line("1.5", "120.90", "21")
	}
	b.ReportAllocs()
	for range b.N {
		Compute(ls, Mode{VatPriceMode: FromTotalWithVat, RoundTotal: true})
	}
}
