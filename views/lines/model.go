package lines

import (
	"encoding/json"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/totals"
)

// derived is what the table works out from its lines: their value as text,
// each line's numbers, prices and problem, and the document's totals. It is
// worked out once per change of the lines or of the price mode, never per
// frame, and per line only for the lines that changed: a key in a document
// of 1,000 lines costs the line it touched (issue 26).
type derived struct {
	encRev   int // the revision enc is of
	enc      string
	rowEnc   []rowJSON
	savedEnc []byte // the JSON of doc.Saved (nil: not written yet)
	sumRev   int    // the revision lines and sums are of
	mode     totals.Mode
	lines    []lineCalc
	run      totals.Running // the sums of lines
	sums     totals.Document
}

// lineCalc is one line's numbers as last read: the texts read, what they
// read as, the line's prices under the mode, and the first number that does
// not read.
type lineCalc struct {
	q, p, v string
	in      totals.Line
	prices  totals.LinePrices
	bad     string // the field's catalog key ("" when every number reads)
	badText string
}

// touch marks the lines changed: what is derived from them is worked out
// again when next asked for.
func (t *Table) touch() { t.rev++ }

// encoded is Encode(t.doc), written again only when the lines changed and
// then from each row's JSON kept until the row changes, and the saved
// lines' JSON kept until the table is given other lines: typing into a
// document of 1,000 lines encodes the one row typed into.
func (t *Table) encoded() string {
	d := &t.der
	if d.encRev == t.rev {
		return d.enc
	}
	if d.savedEnc == nil && len(t.doc.Saved) > 0 {
		d.savedEnc, _ = json.Marshal(t.doc.Saved) // strings and ints always encode
	}
	if len(d.rowEnc) > len(t.doc.Rows) {
		d.rowEnc = d.rowEnc[:len(t.doc.Rows)]
	}
	size := 64 + len(d.savedEnc)
	for i, r := range t.doc.Rows {
		if i >= len(d.rowEnc) {
			d.rowEnc = append(d.rowEnc, rowJSON{})
		}
		if e := &d.rowEnc[i]; e.b == nil || e.row != r {
			e.row = r
			e.b, _ = json.Marshal(r)
		}
		size += len(d.rowEnc[i].b) + 1
	}
	b := make([]byte, 0, size)
	b = appendKey(append(b, '{'), "rows")
	b = append(b, '[')
	for i := range t.doc.Rows {
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, d.rowEnc[i].b...)
	}
	b = append(b, ']')
	if len(t.doc.Removed) > 0 {
		rm, _ := json.Marshal(t.doc.Removed)
		b = append(appendKey(append(b, ','), "removed"), rm...)
	}
	if len(t.doc.Saved) > 0 {
		b = append(appendKey(append(b, ','), "saved"), d.savedEnc...)
	}
	b = append(b, '}')
	d.enc, d.encRev = string(b), t.rev
	return d.enc
}

// appendKey writes a JSON object's key k (a plain word) and its colon.
func appendKey(b []byte, k string) []byte {
	b = append(b, '"')
	b = append(b, k...)
	return append(b, '"', ':')
}

// rowJSON is a row and its JSON.
type rowJSON struct {
	row Row
	b   []byte
}

// derive brings the lines' numbers and totals up to date and returns them.
// Only the lines that changed are read and priced again and their share of
// the sums replaced; a new price mode prices every line again.
func (t *Table) derive() *derived {
	d := &t.der
	same := sameMode(d.mode, t.mode)
	if d.sumRev == t.rev && same {
		return d
	}
	if !same {
		d.run = totals.Running{}
	}
	old, next := d.lines, d.lines
	if len(old) != len(t.doc.Rows) {
		next = make([]lineCalc, len(t.doc.Rows))
	}
	inPlace := len(old) == len(next)
	for i, r := range t.doc.Rows {
		had := i < len(old)
		kept := had && old[i].q == r.Quantity && old[i].p == r.UnitPrice && old[i].v == r.VatRate
		if kept && same {
			if !inPlace {
				next[i] = old[i]
			}
			continue
		}
		var prev lineCalc
		if had {
			prev = old[i] // a copy: next may be old itself
		}
		switch {
		case kept:
			next[i] = prev
		default:
			if had && same {
				d.run.Remove(prev.in, prev.prices)
			}
			next[i] = readLine(r)
		}
		next[i].prices = totals.ComputeLine(next[i].in, t.mode)
		d.run.Add(next[i].in, next[i].prices)
	}
	if same {
		for _, gone := range old[min(len(old), len(t.doc.Rows)):] {
			d.run.Remove(gone.in, gone.prices)
		}
	}
	d.lines = next
	d.sums = d.run.Document(nil, t.mode)
	d.sumRev, d.mode = t.rev, t.mode
	return d
}

// readLine reads a line's numbers; one that does not read counts as zero
// (the line's problem names it), a quantity left empty or unreadable as
// the service's default.
func readLine(r Row) lineCalc {
	c := lineCalc{q: r.Quantity, p: r.UnitPrice, v: r.VatRate}
	num := func(field, v string) (decimal.Decimal, bool) {
		s := strings.TrimSpace(v)
		if s == "" {
			return decimal.Zero, false
		}
		d, err := decimal.NewFromString(s)
		if err != nil {
			if c.bad == "" {
				c.bad, c.badText = field, v
			}
			return decimal.Zero, false
		}
		return d, true
	}
	q, qSet := num(locale.Key("quantity"), r.Quantity)
	price, _ := num(locale.Key("unit price"), r.UnitPrice)
	rate, _ := num(locale.Key("VAT rate"), r.VatRate)
	c.in = totals.Line{Quantity: q, QuantitySet: qSet, UnitPrice: price, VatRate: rate}
	return c
}

// sameMode reports whether two modes price lines alike.
func sameMode(a, b totals.Mode) bool {
	return a.VatPriceMode == b.VatPriceMode && a.AccountMode == b.AccountMode && a.ReverseCharge == b.ReverseCharge &&
		a.NonVatPayer == b.NonVatPayer && a.RoundTotal == b.RoundTotal && a.ExchangeRate.Equal(b.ExchangeRate)
}

// Totals are the document's totals under m, worked out once per change (its
// Lines are left empty: the table holds each line's prices). v is the lines
// field's value: the table's own (the form keeps the widget's value), else
// read from the text.
func (t *Table) Totals(v string, m totals.Mode) (totals.Document, bool) {
	if v != t.encoded() {
		d, err := Decode(v)
		if err != nil {
			return totals.Document{}, false
		}
		return totals.Compute(Inputs(d), m), true
	}
	t.SetMode(m)
	return t.derive().sums, true
}
