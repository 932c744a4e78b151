package editor

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/lines"
	"github.com/kasa-tui/kasa/views/nav"
)

// A correction (opravný daňový doklad) of an invoice, made in the invoice
// editor from the invoice's page: document_type "correction" and
// correction_id naming the invoice (the docs' Attributes table; the service
// then points the invoice back at the correction).
//
// It starts as the invoice's copy with every line's quantity negated, the
// unit prices kept: each line, its VAT by rate and the total are then the
// invoice's with the sign turned, so saved as it is the correction cancels
// the invoice in full, and the user lowers the quantities (or removes
// lines) for a partial one. Negating the quantity rather than the price
// keeps the price agreed on the invoice as it was (a discount line, with a
// negative price, turns positive, as cancelling it must), and an
// inventory item's line is a return (the sandbox moves stock the other way
// on a negative quantity).

// Correctable reports whether a correction can be made of i, and why not
// in l's language: a proforma is no tax document, and a correction is not
// corrected again.
func Correctable(l locale.Locale, i *apiclient.Invoice) (bool, string) {
	switch i.DocumentType {
	case apiclient.DocProforma, apiclient.DocPartialProforma, apiclient.DocCorrection:
		return false, l.Tf("A correction is made of an invoice; %s is a %s.", i.Number, common.DocTypes.In(l, i.DocumentType))
	}
	return true, ""
}

// correctionDefs are the invoice's fields for a correction of inv: the
// document type is the correction alone, and correction_id names inv.
func correctionDefs(defs []def, inv *apiclient.Invoice) []def {
	out := make([]def, 0, len(defs)+1)
	for _, d := range defs {
		if d.key == "document_type" {
			d.options = opts(apiclient.DocCorrection, locale.Key("correction"))
			out = append(out, d, def{key: "correction_id", Label: locale.Key("Corrects"), typ: tChoice, ids: true,
				options: []form.Option{{Value: itoa(inv.ID), Label: inv.Number}}})
			continue
		}
		out = append(out, d)
	}
	return out
}

// prefillCorrection turns the invoice's values into its correction's: a
// new document of its own type and number, issued (and taxable) today
// unless the user types a day, naming the invoice.
func prefillCorrection(v form.Values, inv *apiclient.Invoice) {
	v["document_type"] = apiclient.DocCorrection
	v["correction_id"] = itoa(inv.ID)
	// The number format too: a correction is numbered in the account's
	// sequence of corrections, not in the invoice's format.
	for _, k := range []string{"number", "number_format_id", "custom_id", "variable_symbol", "issued_on", "taxable_fulfillment_due"} {
		v[k] = ""
	}
}

// negated is the lines with every quantity's sign turned (a line without a
// quantity is one piece: -1).
func negated(d lines.Doc) (lines.Doc, error) {
	for i, r := range d.Rows {
		q := strings.TrimSpace(r.Quantity)
		if q == "" {
			q = "1"
		}
		n, err := decimal.NewFromString(q)
		if err != nil {
			return d, fmt.Errorf("line %d: quantity %q: %w", i+1, r.Quantity, err)
		}
		d.Rows[i].Quantity = n.Neg().String()
	}
	return d, nil
}

// correctedChanged tells the corrected invoice's pages to read it again:
// the service now names the correction on it.
func (e *editor) correctedChanged() []ui.Changed {
	if e.seed.Kind != seedCorrection {
		return nil
	}
	return []ui.Changed{{Kind: nav.Invoice, ID: e.seed.ID}}
}

// correcting makes the editor's fields a correction's of the loaded
// invoice, or says why the invoice cannot be corrected.
func (e *editor) correcting(inv *apiclient.Invoice) error {
	if ok, why := Correctable(e.fd.L, inv); !ok {
		return common.Sentence(why)
	}
	e.defs, e.name = correctionDefs(e.defs, inv), inv.Number
	return nil
}

// keepCorrection keeps a correction edited or copied a correction: its
// document type offered, and correction_id naming the invoice it corrects
// (the service refuses a correction without one, so a copy that dropped
// it could never be saved). Any other document is left as it is.
func (e *editor) keepCorrection(ctx context.Context, c *apiclient.Client, inv *apiclient.Invoice) error {
	if inv.DocumentType != apiclient.DocCorrection || inv.CorrectionID == nil {
		e.offerOwnType(inv.DocumentType)
		return nil
	}
	corrected, _, err := c.Invoices.Get(ctx, *inv.CorrectionID)
	if err != nil {
		return fmt.Errorf("read the invoice the correction corrects: %w", err)
	}
	e.defs = correctionDefs(e.defs, corrected)
	return nil
}

// offerOwnType adds a document's own type to the document type's choices
// when a new document cannot have it (a tax document, a final invoice): an
// edit or a copy then shows what the document is instead of the first
// choice.
func (e *editor) offerOwnType(t string) {
	for i, d := range e.defs {
		if d.key != "document_type" || t == "" {
			continue
		}
		if _, ok := optionOf(d, t); !ok {
			e.defs[i].options = append(slices.Clip(d.options), form.Option{Value: t, Label: common.DocTypes[t]})
		}
	}
}
