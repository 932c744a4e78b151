package editor_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/pagetest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/lines"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/pick"
)

// seedCorrected is an invoice to correct: the docs' Line Example (Disk
// 2TB, 2 × 1 000 at 21 %) and a line of 500 at 12 %, prices without VAT:
// 2 500,00 without VAT, 2 980,00 with it.
func (e *env) seedCorrected() *apiclient.Invoice {
	e.t.Helper()
	acme := e.subject("Acme s.r.o.", "customer")
	line := func(name, qty, price, rate string) apiclient.LineParams {
		return apiclient.LineParams{Name: apiclient.Ptr(name), Quantity: apiclient.Ptr(apiclient.MustDecimal(qty)),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal(price)), VatRate: apiclient.Ptr(apiclient.MustDecimal(rate))}
	}
	inv, _, err := e.c.Invoices.Create(e.ctx, &apiclient.InvoiceParams{SubjectID: &acme, VatPriceMode: apiclient.NullOf("without_vat"),
		Lines: []apiclient.LineParams{line("Disk 2TB", "2", "1000", "21"), line("Kniha", "1", "500", "12")}})
	if err != nil {
		e.t.Fatal(err)
	}
	if inv.Total.String() != "2980.0" {
		e.t.Fatalf("seeded invoice total %s", inv.Total)
	}
	return inv
}

// A correction made from an invoice starts as the invoice with the
// quantities negated and names it; ctrl+s creates it once, through the
// journal, with the invoice's figures turned negative, and the service
// points the invoice back at it.
func TestCorrectionIsPrefilledAndCreatedOnce(t *testing.T) {
	e := newEnv(t)
	inv := e.seedCorrected()
	r := e.open(editor.CorrectionPage(inv.ID))
	v := r.host().Values()
	if v["document_type"] != "correction" || v["correction_id"] != strconv.FormatInt(inv.ID, 10) {
		t.Fatalf("document_type %q correction_id %q, want correction of %d", v["document_type"], v["correction_id"], inv.ID)
	}
	if id, _ := pick.ParseSubjectValue(v["subject_id"]); id != inv.SubjectID {
		t.Errorf("subject %q, want the invoice's %d", v["subject_id"], inv.SubjectID)
	}
	if v["number"] != "" || v["issued_on"] != "" || v["variable_symbol"] != "" {
		t.Errorf("the invoice's number or dates were kept: %q %q %q", v["number"], v["issued_on"], v["variable_symbol"])
	}
	doc, err := lines.Decode(v["lines"])
	if err != nil || len(doc.Rows) != 2 || doc.Rows[0].Quantity != "-2" || doc.Rows[1].Quantity != "-1" || doc.Rows[0].UnitPrice != "1000.0" {
		t.Fatalf("lines %+v (%v), want the invoice's with quantities -2 and -1 and prices kept", doc.Rows, err)
	}
	view := r.Page.View()
	for _, want := range []string{"Correction of invoice " + inv.Number, "Corrects", inv.Number, "−2,980.00"} {
		if !strings.Contains(view, want) {
			t.Errorf("the editor does not show %q:\n%s", want, view)
		}
	}
	before := e.rt.Count("POST", "invoices.json")
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "invoices.json") - before; n != 1 {
		t.Fatalf("%d POSTs of invoices, want 1", n)
	}
	open, ok := find[ui.Open](r.Out)
	if !ok || open.ID.Kind != nav.Invoice {
		t.Fatalf("no invoice page opened after the save: %v\n%s", r.Out, r.Page.View())
	}
	id, _ := strconv.ParseInt(open.ID.ID, 10, 64)
	corr, _, err := e.c.Invoices.Get(e.ctx, id)
	if err != nil {
		t.Fatal(err)
	}
	if corr.DocumentType != "correction" || corr.CorrectionID == nil || *corr.CorrectionID != inv.ID {
		t.Errorf("created %s with correction_id %v, want a correction of %d", corr.DocumentType, corr.CorrectionID, inv.ID)
	}
	if corr.Subtotal.String() != "-2500.0" || corr.Total.String() != "-2980.0" || corr.Currency != inv.Currency {
		t.Errorf("correction %s / %s %s, want -2500.0 / -2980.0 %s", corr.Subtotal, corr.Total, corr.Currency, inv.Currency)
	}
	back, _, err := e.c.Invoices.Get(e.ctx, inv.ID)
	if err != nil || back.CorrectionID == nil || *back.CorrectionID != corr.ID {
		t.Errorf("the invoice does not name its correction: %v (%v)", back.CorrectionID, err)
	}
	// The invoice's pages read it again: it names the correction now.
	reread := false
	for _, m := range r.Out {
		if c, ok := m.(ui.Changed); ok && c.Kind == nav.Invoice && c.ID == inv.ID && c.Record == nil {
			reread = true
		}
	}
	if !reread {
		t.Errorf("no Changed for the corrected invoice: %v", r.Out)
	}
}

// A proforma is no tax document and a correction is not corrected again:
// the editor says so and sends nothing.
func TestCorrectionOfAProformaIsRefused(t *testing.T) {
	e := newEnv(t)
	acme := e.subject("Acme s.r.o.", "customer")
	pf, _, err := e.c.Invoices.Create(e.ctx, &apiclient.InvoiceParams{SubjectID: &acme, DocumentType: apiclient.Ptr("proforma"),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Work"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100"))}}})
	if err != nil {
		t.Fatal(err)
	}
	before := e.rt.Count("POST", "invoices.json")
	p, err := editor.Makers(e.fd)[editor.InvoiceKind](editor.CorrectionPage(pf.ID))
	if err != nil {
		t.Fatal(err)
	}
	r := pagetest.NewRig(t, editor.CorrectionPage(pf.ID), p, 120, 60)
	if v := r.Page.View(); !strings.Contains(v, "A correction is made of an invoice") {
		t.Errorf("no refusal on the page:\n%s", v)
	}
	if n := e.rt.Count("POST", "invoices.json") - before; n != 0 {
		t.Errorf("%d POSTs", n)
	}
}

// A correction copied (c) stays a correction of the same invoice: the
// service refuses a correction without correction_id, so a copy that
// dropped it could never be saved.
func TestCopiedCorrectionCorrectsTheSameInvoice(t *testing.T) {
	e := newEnv(t)
	inv := e.seedCorrected()
	corr, _, err := e.c.Invoices.Create(e.ctx, &apiclient.InvoiceParams{SubjectID: &inv.SubjectID,
		DocumentType: apiclient.Ptr("correction"), CorrectionID: &inv.ID,
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Work"), Quantity: apiclient.Ptr(apiclient.MustDecimal("-1")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100"))}}})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(editor.CopyPage(editor.InvoiceKind, corr.ID))
	if v := r.host().Values(); v["document_type"] != "correction" || v["correction_id"] != strconv.FormatInt(inv.ID, 10) {
		t.Fatalf("the copy: document_type %q correction_id %q, want a correction of %d", v["document_type"], v["correction_id"], inv.ID)
	}
	before := e.rt.Count("POST", "invoices.json")
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "invoices.json") - before; n != 1 {
		t.Fatalf("%d POSTs of invoices, want 1:\n%s", n, r.Page.View())
	}
	open, ok := find[ui.Open](r.Out)
	if !ok || open.ID.Kind != nav.Invoice {
		t.Fatalf("the copy was not saved:\n%s", r.Page.View())
	}
	id, _ := strconv.ParseInt(open.ID.ID, 10, 64)
	copied, _, err := e.c.Invoices.Get(e.ctx, id)
	if err != nil || copied.DocumentType != "correction" || copied.CorrectionID == nil || *copied.CorrectionID != inv.ID {
		t.Errorf("the copy is %+v (%v), want a correction of %d", copied, err, inv.ID)
	}
}

// Editing a tax document shows what it is: its own type among the
// document type's choices, not the first choice a new invoice offers.
func TestEditedTaxDocumentShowsItsType(t *testing.T) {
	e := newEnv(t)
	acme := e.subject("Acme s.r.o.", "customer")
	pro, _, err := e.c.Invoices.Create(e.ctx, &apiclient.InvoiceParams{SubjectID: &acme, DocumentType: apiclient.Ptr(apiclient.DocProforma),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Work"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100"))}}})
	if err != nil {
		t.Fatal(err)
	}
	pay, _, err := e.c.Invoices.CreatePayment(e.ctx, pro.ID, &apiclient.PaymentParams{ProformaFollowupDocument: apiclient.Ptr(apiclient.FollowupNone)})
	if err != nil {
		t.Fatal(err)
	}
	withTD, _, err := e.c.Invoices.CreateTaxDocument(e.ctx, pro.ID, pay.ID)
	if err != nil || withTD.TaxDocumentID == nil {
		t.Fatalf("seed a tax document: %v", err)
	}
	r := e.open(editor.EditPage(editor.InvoiceKind, *withTD.TaxDocumentID))
	if v := r.host().Values(); v["document_type"] != apiclient.DocTaxDocument {
		t.Errorf("document_type %q, want %q", v["document_type"], apiclient.DocTaxDocument)
	}
	if view := r.Page.View(); !strings.Contains(view, "‹ tax document ›") {
		t.Errorf("the document type does not show the tax document:\n%s", view)
	}
}
