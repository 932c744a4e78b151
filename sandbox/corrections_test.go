package sandbox_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
)

// docsLines are the docs' Line Example (Disk 2TB, 2 × 1 000,00 at 21 %:
// 2 000,00 without VAT and 420,00 VAT) and a line at 12 % (500,00 and
// 60,00): 2 500,00 without VAT, 2 980,00 with it. sign "-" negates the
// quantities, as a correction cancelling the whole invoice has them.
func docsLines(sign string) []map[string]any {
	return []map[string]any{
		{"name": "Disk 2TB", "quantity": sign + "2.0", "unit_name": "ks", "unit_price": "1000.0", "vat_rate": "21"},
		{"name": "Kniha", "quantity": sign + "1", "unit_price": "500", "vat_rate": "12"},
	}
}

// A correction names the invoice it corrects in correction_id, and the
// invoice then names the correction (the docs' Attributes table); its
// negative lines total the invoice's own figures with the sign turned.
func TestCorrectionNamesTheCorrectedInvoice(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "vat_price_mode": "without_vat", "lines": docsLines("")})
	if inv.Subtotal.String() != "2500.0" || inv.Total.String() != "2980.0" || inv.Lines[0].TotalVat.String() != "420.0" {
		t.Fatalf("the invoice: subtotal %s total %s (Disk 2TB VAT %s), want 2500.0, 2980.0 (420.0 as the docs)", inv.Subtotal, inv.Total, inv.Lines[0].TotalVat)
	}
	corr := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "document_type": "correction", "correction_id": inv.ID,
		"vat_price_mode": "without_vat", "lines": docsLines("-")})
	if corr.DocumentType != "correction" || corr.CorrectionID == nil || *corr.CorrectionID != inv.ID {
		t.Fatalf("correction: type %q correction_id %v, want correction of %d", corr.DocumentType, corr.CorrectionID, inv.ID)
	}
	if !strings.HasPrefix(corr.Number, "O") {
		t.Errorf("correction number %q: corrections have their own sequence", corr.Number)
	}
	if corr.Subtotal.String() != "-2500.0" || corr.Total.String() != "-2980.0" {
		t.Errorf("correction totals: %s / %s, want -2500.0 / -2980.0", corr.Subtotal, corr.Total)
	}
	for i, s := range corr.VatRatesSummary {
		if want := inv.VatRatesSummary[i]; s.Base.String() != "-"+want.Base.String() || s.Vat.String() != "-"+want.Vat.String() {
			t.Errorf("rate %v: base %s vat %s, want the invoice's %s %s negated", s.VatRate, s.Base, s.Vat, want.Base, want.Vat)
		}
	}
	back := getInvoice(t, e, inv.ID)
	if back.CorrectionID == nil || *back.CorrectionID != corr.ID {
		t.Errorf("the corrected invoice's correction_id is %v, want the correction %d", back.CorrectionID, corr.ID)
	}
	// An invoice with a correction cannot be deleted (Delete Invoice).
	if status, _, b := e.do("DELETE", invoicePath(e, inv.ID, ".json"), nil); status != http.StatusUnprocessableEntity {
		t.Errorf("delete of a corrected invoice: %d %s", status, b)
	}
	// Deleting the correction frees the invoice.
	if status, _, b := e.do("DELETE", invoicePath(e, corr.ID, ".json"), nil); status != http.StatusNoContent {
		t.Fatalf("delete the correction: %d %s", status, b)
	}
	if back := getInvoice(t, e, inv.ID); back.CorrectionID != nil {
		t.Errorf("after the correction's delete the invoice still names %d", *back.CorrectionID)
	}
}

// correction_id is required for a correction and names an invoice of the
// account that is a tax document (not a proforma, not a correction).
func TestCorrectionNeedsAnInvoiceToCorrect(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	proforma := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "document_type": "proforma", "lines": oneLine("100", 21)})
	for name, id := range map[string]any{"missing": nil, "unknown": 999999, "proforma": proforma.ID} {
		body := map[string]any{"subject_id": cust.ID, "document_type": "correction", "lines": oneLine("-100", 21)}
		want := apiclient.Ptr("is invalid")
		if id == nil {
			want = apiclient.Ptr("can't be blank")
		} else {
			body["correction_id"] = id
		}
		status, _, b := e.do("POST", e.acct("invoices.json"), body)
		if got := errorsOf(t, b)["correction_id"]; status != http.StatusUnprocessableEntity || len(got) == 0 || got[0] != *want {
			t.Errorf("%s correction_id: %d %s, want 422 correction_id %q", name, status, b, *want)
		}
	}
	// On another document type the field does not apply and is ignored.
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "correction_id": proforma.ID, "lines": oneLine("100", 21)})
	if inv.CorrectionID != nil {
		t.Errorf("an invoice took correction_id %d", *inv.CorrectionID)
	}
}
