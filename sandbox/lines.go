package sandbox

import (
	"sort"

	"github.com/shopspring/decimal"
)

// Money and quantity arithmetic for documents, by the rules of the Line section.

var hundred = decimal.NewFromInt(100)

// Dec formats a computed value as the service does: at least one decimal place,
// at most two ("121.0", "12.34").
func Dec(d decimal.Decimal) Decimal { return Amount(d) }

// PriceMode is what decides how a line's unit price is read.
type PriceMode struct {
	VatPriceMode  string // "without_vat" or "from_total_with_vat"; "" inherits the account's
	ReverseCharge bool   // transferred_tax_liability
	NonVatPayer   bool   // the account is not a VAT payer
	ExchangeRate  decimal.Decimal
}

// ComputeLine fills the read-only prices of l:
//   - without_vat: unit_price is without VAT; with VAT = without * (1 + rate/100)
//   - from_total_with_vat: unit_price includes VAT; without = with / (1 + rate/100)
//   - a rate of 0, reverse charge, or a non-VAT payer: both equal unit_price.
func ComputeLine(l *Line, m PriceMode) {
	if !l.Quantity.IsSet() {
		l.Quantity = MustDecimal("1.0")
	}
	if !l.VatRate.IsSet() {
		l.VatRate = RateOf(MustDecimal("0"))
	}
	price, qty, rate := l.UnitPrice.Dec(), l.Quantity.Dec(), l.VatRate.Dec()
	var without, with decimal.Decimal
	switch {
	case rate.IsZero() || m.ReverseCharge || m.NonVatPayer:
		without, with = price, price
	case m.VatPriceMode == "from_total_with_vat":
		with = price
		without = price.Div(decimal.NewFromInt(1).Add(rate.Div(hundred)))
	default:
		without = price
		with = price.Mul(decimal.NewFromInt(1).Add(rate.Div(hundred)))
	}
	totalWithout := without.Mul(qty).Round(2)
	totalVat := with.Mul(qty).Round(2).Sub(totalWithout)
	if m.ReverseCharge || m.NonVatPayer {
		totalVat = decimal.Zero
	}
	ex := m.ExchangeRate
	if ex.IsZero() {
		ex = decimal.NewFromInt(1)
	}
	l.UnitPriceWithoutVat = Dec(without)
	l.UnitPriceWithVat = Dec(with)
	l.TotalPriceWithoutVat = Dec(totalWithout)
	l.TotalVat = Dec(totalVat)
	l.NativeTotalPriceWithoutVat = Dec(totalWithout.Mul(ex))
	l.NativeTotalVat = Dec(totalVat.Mul(ex))
}

// Totals are a document's computed sums.
type Totals struct {
	Subtotal, Total, NativeSubtotal, NativeTotal, RoundingAdjustment Decimal
	Summary                                                          []VatRateSummary
}

// ComputeTotals sums computed lines; roundTotal rounds the total to whole units.
func ComputeTotals(lines []Line, m PriceMode, currency, nativeCurrency string, roundTotal bool) Totals {
	ex := m.ExchangeRate
	if ex.IsZero() {
		ex = decimal.NewFromInt(1)
	}
	sub, vat := decimal.Zero, decimal.Zero
	byRate := map[string]*VatRateSummary{}
	sums := map[string][2]decimal.Decimal{}
	for _, l := range lines {
		sub = sub.Add(l.TotalPriceWithoutVat.Dec())
		vat = vat.Add(l.TotalVat.Dec())
		key := l.VatRate.Dec().String()
		s := sums[key]
		s[0] = s[0].Add(l.TotalPriceWithoutVat.Dec())
		s[1] = s[1].Add(l.TotalVat.Dec())
		sums[key] = s
		if _, ok := byRate[key]; !ok {
			byRate[key] = &VatRateSummary{VatRate: l.VatRate, Currency: currency, NativeCurrency: nativeCurrency}
		}
	}
	total := sub.Add(vat)
	adj := decimal.Zero
	if roundTotal {
		rounded := total.Round(0)
		adj = rounded.Sub(total)
		total = rounded
	}
	t := Totals{
		Subtotal:           Dec(sub),
		Total:              Dec(total),
		NativeSubtotal:     Dec(sub.Mul(ex)),
		NativeTotal:        Dec(total.Mul(ex)),
		RoundingAdjustment: Dec(adj),
		Summary:            []VatRateSummary{},
	}
	keys := make([]string, 0, len(byRate))
	for k := range byRate {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		a, _ := decimal.NewFromString(keys[i])
		b, _ := decimal.NewFromString(keys[j])
		return a.GreaterThan(b)
	})
	for _, k := range keys {
		e := byRate[k]
		s := sums[k]
		e.Base, e.Vat = Dec(s[0]), Dec(s[1])
		e.NativeBase, e.NativeVat = Dec(s[0].Mul(ex)), Dec(s[1].Mul(ex))
		t.Summary = append(t.Summary, *e)
	}
	return t
}

// ApplyLines edits a document's lines by the nested-collection rules: an element
// with id edits that line, without id adds one, with _destroy deletes it. required
// lists the fields a new line must have ("name", "unit_price"). Errors are keyed
// "lines.<field>"; an unknown id is "lines.id".
func ApplyLines(a *Account, existing []Line, params []LineParams, required []string, items func(id int64, sku string) (*InventoryItem, bool)) ([]Line, Errors) {
	errs := Errors{}
	out := make([]Line, len(existing))
	copy(out, existing)
	index := func(id int64) int {
		for i := range out {
			if out[i].ID == id {
				return i
			}
		}
		return -1
	}
	for _, p := range params {
		if p.ID != nil {
			i := index(*p.ID)
			if i < 0 {
				errs.Add("lines.id", MsgInvalid)
				continue
			}
			if p.Destroy {
				out = append(out[:i], out[i+1:]...)
				continue
			}
			applyLineParams(&out[i], p)
			continue
		}
		if p.Destroy {
			continue
		}
		var l Line
		if items != nil && (p.SKU != nil || p.InventoryItemID != nil) {
			var id int64
			var sku string
			sentInto(&id, p.InventoryItemID)
			sentInto(&sku, p.SKU)
			it, ok := items(id, sku)
			if !ok {
				if p.SKU != nil {
					errs.Add("lines.sku", MsgInvalid)
				} else {
					errs.Add("lines.inventory_item_id", MsgInvalid)
				}
				continue
			}
			// The item's data first; other attributes sent with it override.
			l.Name = it.Name
			l.UnitName = Text(it.UnitName)
			l.UnitPrice = it.NativeRetailPrice
			l.VatRate = RateOf(InventoryVatRate(it.VatRate))
			l.Inventory = LineInventoryOf(it, 0)
		}
		applyLineParams(&l, p)
		for _, f := range required {
			switch f {
			case "name":
				if l.Name == "" {
					errs.Add("lines.name", MsgBlank)
				}
			case "unit_price":
				if !l.UnitPrice.IsSet() {
					errs.Add("lines.unit_price", MsgBlank)
				}
			}
		}
		l.ID = a.NewLineID()
		out = append(out, l)
	}
	return out, errs
}

func applyLineParams(l *Line, p LineParams) {
	sentInto(&l.Name, p.Name)
	sentInto(&l.Quantity, p.Quantity)
	sentText(&l.UnitName, p.UnitName)
	sentInto(&l.UnitPrice, p.UnitPrice)
	sentInto(&l.VatRate.Decimal, p.VatRate)
}

// InventoryVatRate maps an item's named rate to a percentage (reduced: 12, the
// current Czech rate; the reference gives 12 in one place and 15 in another).
func InventoryVatRate(name string) Decimal {
	switch name {
	case "standard":
		return MustDecimal("21")
	case "reduced":
		return MustDecimal("12")
	case "reduced2":
		return MustDecimal("10")
	default:
		return MustDecimal("0")
	}
}

// applyLinesInto applies a body's lines (name and unit_price required) with
// their errors merged into errs; item finds the inventory item a line links.
func applyLinesInto(a *Account, lines []Line, params []LineParams, item func(id int64, sku string) (*InventoryItem, bool), errs Errors) []Line {
	out, lineErrs := ApplyLines(a, lines, params, []string{"name", "unit_price"}, item)
	for k, v := range lineErrs {
		errs[k] = append(errs[k], v...)
	}
	return out
}

// LineInventoryOf links a line to an item (and the move it made, once made).
// The article number's type is null without a number, as on the item.
func LineInventoryOf(it *InventoryItem, moveID int64) *LineInventory {
	li := &LineInventory{ItemID: it.ID, SKU: it.SKU, ArticleNumber: it.ArticleNumber, MoveID: moveID}
	if it.ArticleNumber != "" {
		li.ArticleNumberType = Text(it.ArticleNumberType)
	}
	return li
}
