package report

import (
	"slices"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
)

// TaxDocument reports whether an invoice's document type is a tax document:
// an invoice, a correction, a tax document (for a paid proforma) or a final
// invoice. Proformas are requests for payment, not taxable supplies.
func TaxDocument(docType string) bool {
	switch docType {
	case apiclient.DocInvoice, apiclient.DocCorrection, apiclient.DocTaxDocument, apiclient.DocFinalInvoice, "":
		return true
	}
	return false
}

// Proforma reports whether the document type is a proforma (or the legacy
// partial proforma).
func Proforma(docType string) bool {
	return docType == apiclient.DocProforma || docType == apiclient.DocPartialProforma
}

// Taxed reports whether an invoice counts in the tax figures: a tax document
// that is not cancelled.
func Taxed(inv *apiclient.Invoice) bool {
	return TaxDocument(inv.DocumentType) && inv.Status != apiclient.InvoiceCancelled
}

// TaxDay is the day an invoice counts in the tax figures: its taxable
// supply date, else its issue date.
func TaxDay(inv *apiclient.Invoice) Day {
	if d := DayOf(inv.TaxableFulfillmentDue.Time); d != 0 {
		return d
	}
	return DayOf(inv.IssuedOn.Time)
}

// ExpenseDay is the day an expense counts: the day it was received (which
// decides the VAT return that includes it, api-v3.md), else its taxable
// supply date, else its issue date.
func ExpenseDay(e *apiclient.Expense) Day {
	for _, d := range []apiclient.Date{e.ReceivedOn, e.TaxableFulfillmentDue, e.IssuedOn} {
		if day := DayOf(d.Time); day != 0 {
			return day
		}
	}
	return 0
}

// Rate is the base and VAT at one VAT rate, in the account's currency.
type Rate struct {
	Rate, Base, Vat decimal.Decimal
}

// Rates sums vat_rates_summary entries by rate.
type Rates map[string]*Rate

// Add adds a document's summary in the account's currency (native_base,
// native_vat; base and vat where the native figures are missing).
func (r Rates) Add(summary []apiclient.VatRateSummary) {
	for _, s := range summary {
		base, vat := s.NativeBase.Dec(), s.NativeVat.Dec()
		if !s.NativeBase.IsSet() {
			base = s.Base.Dec()
		}
		if !s.NativeVat.IsSet() {
			vat = s.Vat.Dec()
		}
		r.add(s.VatRate.Dec(), base, vat)
	}
}

func (r Rates) add(rate, base, vat decimal.Decimal) {
	k := rate.String()
	x := r[k]
	if x == nil {
		x = &Rate{Rate: rate}
		r[k] = x
	}
	x.Base, x.Vat = x.Base.Add(base), x.Vat.Add(vat)
}

// Sorted is the rates highest first.
func (r Rates) Sorted() []Rate {
	out := make([]Rate, 0, len(r))
	for _, x := range r {
		out = append(out, *x)
	}
	slices.SortFunc(out, func(a, b Rate) int { return b.Rate.Cmp(a.Rate) })
	return out
}

// VatSum is the sum of the VAT column.
func VatSum(rates []Rate) decimal.Decimal {
	sum := decimal.Zero
	for _, r := range rates {
		sum = sum.Add(r.Vat)
	}
	return sum
}

// hundred is for percentages.
var hundred = decimal.NewFromInt(100)

// selfAssess sets the VAT of reverse-charge expenses by rate: the
// documents carry their base at each rate with no VAT, and the account
// declares (and at once deducts) the base times the rate, to cents, on the
// period's sum at each rate.
func selfAssess(rates []Rate) []Rate {
	for i, r := range rates {
		rates[i].Vat = r.Base.Mul(r.Rate).Div(hundred).Round(2)
	}
	return rates
}
