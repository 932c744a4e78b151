// Package lines is the table of a document's lines inside the document
// editor: the lines as the user edits them (Doc, kept as text in the form's
// values so drafts keep them), what an update sends for them (Conventions
// 9: a kept line with its id, a new one without, a removed one as
// {id, _destroy: true}) and their totals as the user types.
package lines

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/totals"
)

// errNotANumber: a line's field holds no number.
var errNotANumber = errors.New("not a number")

// Row is one line as the user edits it. Number fields are kept as typed, so
// nothing typed is lost when it does not parse.
type Row struct {
	// ID is the line's id on the service; 0 for a line not saved yet.
	ID        int64  `json:"id,omitempty"`
	Name      string `json:"name"`
	Quantity  string `json:"quantity"`
	UnitName  string `json:"unit_name"`
	UnitPrice string `json:"unit_price"`
	VatRate   string `json:"vat_rate"`
	// SKU or InventoryItemID link an inventory item (sent on a new line
	// only); ItemName is the item's name, shown beside the line.
	SKU             string `json:"sku,omitempty"`
	InventoryItemID int64  `json:"inventory_item_id,omitempty"`
	ItemName        string `json:"item_name,omitempty"`
}

// Doc is the lines of one document being edited.
type Doc struct {
	Rows []Row `json:"rows"`
	// Removed are the ids of saved lines the user removed; an update sends
	// each as {id, _destroy: true}.
	Removed []int64 `json:"removed,omitempty"`
	// Saved are the saved lines as loaded, by id, so an update sends only
	// the fields of a kept line that changed.
	Saved map[int64]Row `json:"saved,omitempty"`
}

// Encode is the text of d kept in the form's values.
func Encode(d Doc) string {
	b, err := json.Marshal(d)
	if err != nil {
		return "" // a Doc of strings and ints always encodes
	}
	return string(b)
}

// Decode reads a value written by Encode; "" is no lines.
func Decode(v string) (Doc, error) {
	var d Doc
	if strings.TrimSpace(v) == "" {
		return d, nil
	}
	if err := json.Unmarshal([]byte(v), &d); err != nil {
		return Doc{}, fmt.Errorf("read the lines: %w", err)
	}
	return d, nil
}

// FromRecord is the lines of a loaded document, ready to edit. With copy the
// lines lose their ids and inventory moves, as a new document's do.
func FromRecord(ls []apiclient.Line, copy bool) Doc {
	d := Doc{Rows: make([]Row, 0, len(ls))}
	if !copy {
		d.Saved = make(map[int64]Row, len(ls))
	}
	for _, l := range ls {
		r := Row{
			ID: l.ID, Name: l.Name, Quantity: l.Quantity.String(), UnitName: l.UnitName,
			UnitPrice: l.UnitPrice.String(), VatRate: l.VatRate.String(),
		}
		if l.Inventory != nil {
			r.SKU, r.InventoryItemID = l.Inventory.SKU, l.Inventory.ItemID
		} else if l.InventoryItemID != nil {
			r.InventoryItemID = *l.InventoryItemID
		}
		if copy {
			r.ID = 0
		} else {
			d.Saved[r.ID] = r
		}
		d.Rows = append(d.Rows, r)
	}
	return d
}

// Params is what a create or an update sends for the lines: every row of a
// new document; on an update a changed kept line with its id and the fields
// that changed, a new one without id, a removed one with _destroy. A number
// that does not parse is an error naming the line and the field.
func Params(d Doc) ([]apiclient.LineParams, error) {
	out := make([]apiclient.LineParams, 0, len(d.Rows)+len(d.Removed))
	for i, r := range d.Rows {
		p, changed, err := rowParams(r, d.Saved)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", i+1, err)
		}
		if changed {
			out = append(out, p)
		}
	}
	for _, id := range d.Removed {
		out = append(out, apiclient.LineParams{ID: &id, Destroy: true})
	}
	return out, nil
}

func rowParams(r Row, saved map[int64]Row) (apiclient.LineParams, bool, error) {
	old, kept := saved[r.ID]
	if r.ID == 0 {
		kept = false
	}
	var p apiclient.LineParams
	changed := !kept
	text := func(dst **string, v, was string) {
		if !kept || v != was {
			*dst, changed = &v, true
		}
	}
	num := func(dst **apiclient.Decimal, field, v, was string) error {
		if (kept && v == was) || (strings.TrimSpace(v) == "" && !kept) {
			return nil
		}
		d, err := apiclient.NewDecimal(strings.TrimSpace(v))
		if err != nil {
			return fmt.Errorf("%s %q: %w", field, v, errNotANumber)
		}
		*dst, changed = &d, true
		return nil
	}
	if kept {
		id := r.ID
		p.ID = &id
	}
	text(&p.Name, r.Name, old.Name)
	text(&p.UnitName, r.UnitName, old.UnitName)
	for _, n := range []struct {
		dst    **apiclient.Decimal
		field  string
		v, was string
	}{{&p.Quantity, "quantity", r.Quantity, old.Quantity}, {&p.UnitPrice, "unit_price", r.UnitPrice, old.UnitPrice}, {&p.VatRate, "vat_rate", r.VatRate, old.VatRate}} {
		if err := num(n.dst, n.field, n.v, n.was); err != nil {
			return p, false, err
		}
	}
	if !kept {
		switch {
		case r.SKU != "":
			sku := r.SKU
			p.SKU = &sku
		case r.InventoryItemID != 0:
			id := r.InventoryItemID
			p.InventoryItemID = &id
		}
	}
	return p, changed, nil
}

// Inputs are the rows as the totals package reads them; a number that does
// not parse counts as zero (its field shows the error).
func Inputs(d Doc) []totals.Line {
	out := make([]totals.Line, len(d.Rows))
	for i, r := range d.Rows {
		q, qerr := decimal.NewFromString(strings.TrimSpace(r.Quantity))
		out[i] = totals.Line{Quantity: q, QuantitySet: qerr == nil, UnitPrice: parse(r.UnitPrice), VatRate: parse(r.VatRate)}
	}
	return out
}

func parse(s string) decimal.Decimal {
	d, err := decimal.NewFromString(strings.TrimSpace(s))
	if err != nil {
		return decimal.Zero
	}
	return d
}
