// Package totals computes a document's line prices and totals the way the
// service does (api-v3.md, "Line"), so an editor can show them as the user
// types. Decimal arithmetic only; amounts are rounded to cents where the
// service rounds them.
//
// The sandbox computes the same figures in its own code (it imports nothing
// of ours, so that one mistake cannot hide another); the property test of
// this package holds the two together.
package totals

import (
	"sort"

	"github.com/shopspring/decimal"
)

// Price modes of a document (vat_price_mode).
const (
	WithoutVat       = "without_vat"
	FromTotalWithVat = "from_total_with_vat"
)

var (
	one     = decimal.NewFromInt(1)
	hundred = decimal.NewFromInt(100)
)

// Mode is what decides how a document's unit prices are read.
type Mode struct {
	// VatPriceMode is the document's own mode; "" (null) inherits AccountMode.
	VatPriceMode string
	// AccountMode is the account's vat_price_mode: without_vat (also ""),
	// or with_vat, numerical_with_vat, from_total_with_vat, which all read
	// a price as including VAT.
	AccountMode string
	// ReverseCharge is transferred_tax_liability: no VAT, both prices equal.
	ReverseCharge bool
	// NonVatPayer is an account that is not a VAT payer: the mode is
	// ignored and there is no VAT.
	NonVatPayer bool
	// ExchangeRate converts to the account's currency; zero means 1.
	ExchangeRate decimal.Decimal
	// RoundTotal rounds the document's total to whole units.
	RoundTotal bool
}

// Effective is the price mode that applies: the document's, else the
// account's, else without_vat.
func (m Mode) Effective() string {
	switch {
	case m.VatPriceMode != "":
		return m.VatPriceMode
	case m.AccountMode == "with_vat", m.AccountMode == "numerical_with_vat", m.AccountMode == FromTotalWithVat:
		return FromTotalWithVat
	}
	return WithoutVat
}

func (m Mode) rate() decimal.Decimal {
	if m.ExchangeRate.IsZero() {
		return one
	}
	return m.ExchangeRate
}

// Line is what the user enters on a line. A zero Quantity is taken as the
// service's default, 1, only when QuantitySet is false.
type Line struct {
	Quantity    decimal.Decimal
	QuantitySet bool
	UnitPrice   decimal.Decimal
	VatRate     decimal.Decimal
}

// LinePrices are a line's computed prices, as the service returns them.
type LinePrices struct {
	UnitWithoutVat, UnitWithVat           decimal.Decimal // unrounded unit prices
	TotalWithoutVat, TotalVat, Total      decimal.Decimal // cents
	NativeTotalWithoutVat, NativeTotalVat decimal.Decimal
}

// ComputeLine computes one line's prices.
func ComputeLine(l Line, m Mode) LinePrices {
	qty := l.Quantity
	if !l.QuantitySet {
		qty = one
	}
	price, rate := l.UnitPrice, l.VatRate
	var without, with decimal.Decimal
	switch {
	case rate.IsZero() || m.ReverseCharge || m.NonVatPayer:
		without, with = price, price
	case m.Effective() == FromTotalWithVat:
		with = price
		without = price.Div(one.Add(rate.Div(hundred)))
	default:
		without = price
		with = price.Mul(one.Add(rate.Div(hundred)))
	}
	totalWithout := without.Mul(qty).Round(2)
	totalVat := with.Mul(qty).Round(2).Sub(totalWithout)
	if m.ReverseCharge || m.NonVatPayer {
		totalVat = decimal.Zero
	}
	ex := m.rate()
	return LinePrices{
		UnitWithoutVat:        without,
		UnitWithVat:           with,
		TotalWithoutVat:       totalWithout,
		TotalVat:              totalVat,
		Total:                 totalWithout.Add(totalVat),
		NativeTotalWithoutVat: totalWithout.Mul(ex).Round(2),
		NativeTotalVat:        totalVat.Mul(ex).Round(2),
	}
}

// RateSum is one VAT rate's share of a document (vat_rates_summary).
type RateSum struct {
	VatRate               decimal.Decimal
	Base, Vat             decimal.Decimal
	NativeBase, NativeVat decimal.Decimal
}

// Document is a document's computed totals.
type Document struct {
	Lines                       []LinePrices
	Subtotal, Vat, Total        decimal.Decimal
	NativeSubtotal, NativeTotal decimal.Decimal
	RoundingAdjustment          decimal.Decimal
	// ByRate is the VAT summary, highest rate first.
	ByRate []RateSum
}

// Compute computes every line and the document's totals.
func Compute(lines []Line, m Mode) Document {
	prices := make([]LinePrices, len(lines))
	for i, l := range lines {
		prices[i] = ComputeLine(l, m)
	}
	return Sum(lines, prices, m)
}

// Sum is the document's totals of lines whose prices (ComputeLine of each
// under m) are known already. prices becomes the document's Lines.
func Sum(lines []Line, prices []LinePrices, m Mode) Document {
	var r Running
	for i, l := range lines {
		r.Add(l, prices[i])
	}
	return r.Document(prices, m)
}

// Running keeps a document's sums while its lines come and go, so that an
// editor adds and takes away only the lines that changed instead of
// summing every line again. Decimal sums are exact: taking a line away
// leaves what the other lines sum to.
type Running struct {
	subtotal, vat decimal.Decimal
	rates         map[string]*rateRun
}

type rateRun struct {
	sum RateSum
	n   int // lines at this rate
}

// Add adds a line of prices p.
func (r *Running) Add(l Line, p LinePrices) { r.add(l, p, 1) }

// Remove takes away a line added before with the same prices.
func (r *Running) Remove(l Line, p LinePrices) { r.add(l, p, -1) }

func (r *Running) add(l Line, p LinePrices, sign int) {
	base, vat := p.TotalWithoutVat, p.TotalVat
	if sign < 0 {
		base, vat = base.Neg(), vat.Neg()
	}
	r.subtotal = r.subtotal.Add(base)
	r.vat = r.vat.Add(vat)
	if r.rates == nil {
		r.rates = map[string]*rateRun{}
	}
	key := l.VatRate.String()
	s, ok := r.rates[key]
	if !ok {
		s = &rateRun{sum: RateSum{VatRate: l.VatRate}}
		r.rates[key] = s
	}
	s.sum.Base = s.sum.Base.Add(base)
	s.sum.Vat = s.sum.Vat.Add(vat)
	if s.n += sign; s.n <= 0 {
		delete(r.rates, key)
	}
}

// Document is the totals of the lines added and not taken away, rounded
// and converted under m; prices become its Lines.
func (r *Running) Document(prices []LinePrices, m Mode) Document {
	doc := Document{Lines: prices, Subtotal: r.subtotal, Vat: r.vat}
	total := doc.Subtotal.Add(doc.Vat)
	if m.RoundTotal {
		rounded := total.Round(0)
		doc.RoundingAdjustment = rounded.Sub(total)
		total = rounded
	}
	ex := m.rate()
	doc.Total = total
	doc.NativeSubtotal = doc.Subtotal.Mul(ex).Round(2)
	doc.NativeTotal = total.Mul(ex).Round(2)
	for _, s := range r.rates {
		rs := s.sum
		rs.NativeBase = rs.Base.Mul(ex).Round(2)
		rs.NativeVat = rs.Vat.Mul(ex).Round(2)
		doc.ByRate = append(doc.ByRate, rs)
	}
	sort.Slice(doc.ByRate, func(i, j int) bool { return doc.ByRate[i].VatRate.GreaterThan(doc.ByRate[j].VatRate) })
	return doc
}
