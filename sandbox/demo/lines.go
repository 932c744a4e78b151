package demo

import (
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// lineSpec is one line to build from an article.
type lineSpec struct {
	art article
	qty int
}

// buildLines makes computed lines: prices in EUR when eur, all rates 0 when
// zeroVat (an EU customer: an intra-community supply).
func (b *builder) buildLines(specs []lineSpec, eur, zeroVat bool, mode sandbox.PriceMode) []sandbox.Line {
	lines := make([]sandbox.Line, 0, len(specs))
	for _, sp := range specs {
		price := sp.art.CZK
		if eur {
			price = sp.art.EUR
		}
		vat := sp.art.Vat
		switch {
		case zeroVat:
			vat = 0
		case b.home == "SK" && vat == 21:
			vat = 23
		case b.home == "SK" && vat == 12:
			vat = 19
		}
		l := sandbox.Line{
			ID: b.a.NewLineID(), Name: sp.art.Name, Quantity: decInt(sp.qty), UnitName: sandbox.Text(sp.art.Unit),
			UnitPrice: decStr(price), VatRate: sandbox.RateOf(sandbox.MustDecimal(strconv.Itoa(vat))),
		}
		sandbox.ComputeLine(&l, mode)
		lines = append(lines, l)
	}
	return lines
}

// quantityFor is a plausible quantity of an article's unit.
func (b *builder) quantityFor(unit string) int {
	switch unit {
	case "hod":
		return 2 + b.rng.IntN(30)
	case "os":
		return 5 + b.rng.IntN(16)
	case "km":
		return 40 + b.rng.IntN(300)
	case "ks", "bal":
		return 1 + b.rng.IntN(5)
	case "MWh":
		return 1 + b.rng.IntN(3)
	default:
		return 1
	}
}

// eurRate is a Czech National Bank style EUR rate around 25.
func (b *builder) eurRate() sandbox.Decimal {
	return sandbox.MustDecimal("25." + pad(strconv.Itoa(20+b.rng.IntN(300)), 3))
}

// money is a document's currency, exchange rate and bank account: the
// account's own, or EUR on the second bank account for a foreign partner.
func (b *builder) money(foreign bool) (string, sandbox.Decimal, int64) {
	if foreign && b.native != "EUR" {
		return "EUR", b.eurRate(), 2
	}
	return b.native, sandbox.MustDecimal("1.0"), 1
}

// stockLine is the line of a document that moved stock (link), priced at
// price; the move points back at the line (linkDocument adds the document's id).
func (b *builder) stockLine(link *stockLink, price sandbox.Decimal, docType string, mode sandbox.PriceMode) sandbox.Line {
	it := link.item
	l := sandbox.Line{ID: b.a.NewLineID(), Name: it.Name, Quantity: link.move.QuantityChange, UnitName: sandbox.Text(it.UnitName),
		UnitPrice: price, VatRate: sandbox.RateOf(sandbox.InventoryVatRate(it.VatRate)),
		Inventory: sandbox.LineInventoryOf(it, link.move.ID)}
	sandbox.ComputeLine(&l, mode)
	link.move.Document = &sandbox.MoveDocument{Type: docType, LineID: l.ID}
	return l
}

// linkDocument completes the move's document once the document has its id;
// nil (a document without stock) does nothing.
func (link *stockLink) linkDocument(id int64) {
	if link != nil {
		link.move.Document.ID = id
	}
}

// payment is a payment of a whole document at paidAt.
func (b *builder) payment(paidAt time.Time, currency string, amount, native sandbox.Decimal, vs string, bank *int64) sandbox.Payment {
	return sandbox.Payment{ID: b.a.NewPaymentID(), PaidOn: sandbox.DateOf(paidAt), Currency: currency, Amount: amount,
		NativeAmount: native, MarkDocumentAsPaid: true, VariableSymbol: sandbox.Text(vs), BankAccountID: bank,
		CreatedAt: dt(paidAt), UpdatedAt: dt(paidAt)}
}
