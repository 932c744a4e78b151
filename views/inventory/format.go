package inventory

import (
	"fmt"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/views/common"
)

// lowMark marks a quantity under the item's minimum, so the warning does not
// rest on colour alone.
const lowMark = "▼ "

// quantityCell is the quantity with its unit; below the minimum it is
// "▼ 3 ks" (the list and the page give it the Warning style). Untracked
// items show a dash.
func quantityCell(d *common.Deps, it apiclient.InventoryItem) string {
	if !it.TrackQuantity {
		return "–"
	}
	q := d.Quantity(it.Quantity, it.UnitName.String())
	if it.BelowMinimum() {
		return lowMark + q
	}
	return q
}

// vatRate names the rate with its percentage where the reference gives one.
func vatRate(l locale.Locale, r string) string {
	switch r {
	case "standard":
		return l.T("standard 21 %")
	case "reduced2":
		return l.T("reduced2 10 %")
	case "zero":
		return l.T("zero 0 %")
	}
	return l.T(r) // "reduced" is 12 or 15 %: the reference does not say which
}

// direction is the move's direction with a symbol: "+ in", "− out".
func direction(l locale.Locale, d string) string {
	switch d {
	case apiclient.MoveIn:
		return "+ " + l.T("in")
	case apiclient.MoveOut:
		return "− " + l.T("out")
	}
	return d
}

// documentLabel is "Invoice 2026-0038" (number known) or "Invoice #2", or ""
// for a move without a document. The line id is the service's id of the
// line, not its place on the document, so it is not shown.
func documentLabel(d *common.Deps, doc *apiclient.MoveDocument, number string) string {
	switch {
	case doc == nil:
		return ""
	case number != "":
		return d.Code(common.RecordTypes, doc.Type) + " " + number
	}
	return fmt.Sprintf("%s #%d", d.Code(common.RecordTypes, doc.Type), doc.ID)
}
