package sandbox_test

import (
	"bytes"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// customer creates a customer subject with an e-mail and returns it.
func customer(t *testing.T, e *env) apiclient.Subject {
	t.Helper()
	return createSubject(t, e, map[string]any{
		"name": "Odběratel s.r.o.", "street": "Náměstí 1", "city": "Plzeň", "zip": "301 00", "registration_no": "87654321",
		"vat_no": "CZ87654321", "email": "ucetni@odberatel.cz", "email_copy": "sef@odberatel.cz",
	})
}

func createInvoice(t *testing.T, e *env, body map[string]any) apiclient.Invoice {
	t.Helper()
	status, h, b := e.do("POST", e.acct("invoices.json"), body)
	if status != http.StatusCreated {
		t.Fatalf("create invoice: status %d: %s", status, b)
	}
	inv := decode[apiclient.Invoice](t, b)
	if h.Get("Location") != inv.URL || inv.URL == "" {
		t.Fatalf("Location %q url %q", h.Get("Location"), inv.URL)
	}
	return inv
}

func getInvoice(t *testing.T, e *env, id int64) apiclient.Invoice {
	t.Helper()
	status, _, b := e.do("GET", invoicePath(e, id, ".json"), nil)
	if status != http.StatusOK {
		t.Fatalf("get invoice %d: %d %s", id, status, b)
	}
	return decode[apiclient.Invoice](t, b)
}

func invoicePath(e *env, id int64, rest string) string {
	return e.acct(fmt.Sprintf("invoices/%d%s", id, rest))
}

func fireInvoice(e *env, id int64, ev string) (int, []byte) {
	status, _, b := e.do("POST", invoicePath(e, id, "/fire.json?event="+ev), nil)
	return status, b
}

func TestInvoicesCreateCopiesPartiesAndNumbers(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	status, _, b := e.do("POST", e.acct("invoices.json"), map[string]any{"lines": oneLine("100", 21)})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["subject_id"][0] != "can't be blank" {
		t.Fatalf("no subject: %d %s", status, b)
	}
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	if inv.ClientName != "Odběratel s.r.o." || inv.ClientCity != "Plzeň" || inv.ClientVatNo != "CZ87654321" || inv.YourName != "Testovací s.r.o." || inv.YourVatNo != "CZ27074358" {
		t.Fatalf("parties: %+v", inv)
	}
	if inv.Number != "20260001" || inv.VariableSymbol != "20260001" || inv.Status != "open" || inv.DocumentType != "invoice" {
		t.Fatalf("number %q vs %q status %q type %q", inv.Number, inv.VariableSymbol, inv.Status, inv.DocumentType)
	}
	if inv.IssuedOn.String() != "2026-11-02" || inv.Due != 14 || inv.DueOn.String() != "2026-11-16" || inv.TaxableFulfillmentDue.String() != "2026-11-02" {
		t.Fatalf("dates: issued %s due %d due_on %s", inv.IssuedOn, inv.Due, inv.DueOn)
	}
	if inv.Total.String() != "1210.0" || inv.RemainingAmount.String() != "1210.0" || inv.RemainingNativeAmount.String() != "1210.0" {
		t.Fatalf("totals %s remaining %s", inv.Total, inv.RemainingAmount)
	}
	if inv.BankAccountID == nil || inv.IBAN.String() != "CZ6520100000002000145399" || inv.PdfURL == "" || inv.PublicHTMLURL == "" || inv.Payments == nil {
		t.Fatalf("bank and urls: %+v", inv)
	}
	second := createInvoice(t, e, map[string]any{"subject_id": cust.ID})
	proforma := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "document_type": "proforma"})
	if second.Number != "20260002" || proforma.Number != "P20260001" || !proforma.TaxableFulfillmentDue.IsZero() {
		t.Fatalf("sequences: %q %q (proforma taxable %v)", second.Number, proforma.Number, proforma.TaxableFulfillmentDue)
	}
	status, _, b = e.do("POST", e.acct("invoices.json"), map[string]any{"subject_id": cust.ID, "number": "20260001"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["number"][0] != "has already been taken" {
		t.Fatalf("duplicate number: %d %s", status, b)
	}
	if countEvents(e, "invoice_created") != 3 {
		t.Fatalf("invoice_created events: %v", eventNames(e))
	}
}

func TestInvoicesValidation(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	status, _, b := e.do("POST", e.acct("invoices.json"), map[string]any{
		"subject_id": cust.ID, "document_type": "estimate", "language": "xx", "oss": "maybe", "payment_method": "gold",
		"bank_account_id": 42, "currency": "EUR", "proforma_followup_document": "final_invoice",
		"lines": []map[string]any{{"name": "bez ceny"}},
	})
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d", status)
	}
	errs := errorsOf(t, b)
	for _, f := range []string{"document_type", "language", "oss", "payment_method", "bank_account_id", "exchange_rate", "lines.unit_price", "proforma_followup_document"} {
		if len(errs[f]) == 0 {
			t.Errorf("no error for %s: %v", f, errs)
		}
	}
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID})
	status, _, b = e.do("PATCH", invoicePath(e, inv.ID, ".json"), map[string]any{"document_type": "proforma"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["document_type"][0] != "cannot be changed" {
		t.Fatalf("type change: %d %s", status, b)
	}
	status, _, b = e.do("POST", e.acct("invoices.json"), map[string]any{"subject_id": cust.ID, "document_type": "correction"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["correction_id"][0] != "can't be blank" {
		t.Fatalf("correction without correction_id: %d %s", status, b)
	}
}

func TestInvoicesPatchIsPartialAndRecomputes(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "note": "Děkujeme", "lines": oneLine("1000", 21)})
	status, _, b := e.do("PATCH", invoicePath(e, inv.ID, ".json"), map[string]any{"due": 30, "lines": []map[string]any{{"id": inv.Lines[0].ID, "quantity": 2}}})
	got := decode[apiclient.Invoice](t, b)
	if status != http.StatusOK || got.Note != "Děkujeme" || got.DueOn.String() != "2026-12-02" || got.Total.String() != "2420.0" || got.RemainingAmount.String() != "2420.0" {
		t.Fatalf("patch: %d %+v", status, got)
	}
	if countEvents(e, "invoice_updated") != 1 {
		t.Fatal("no invoice_updated")
	}
}

// Moving an invoice's taxable supply date is logged as the service logs it:
// invoice_taxable_fulfillment_due_changed with the old and new day, its
// words, the invoice and its subject; a PATCH that keeps the date logs none.
func TestInvoicesTaxableDateChangeIsLogged(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "taxable_fulfillment_due": "2026-11-30", "lines": oneLine("1000", 21)})
	e.do("PATCH", invoicePath(e, inv.ID, ".json"), map[string]any{"note": "x", "taxable_fulfillment_due": "2026-11-30"})
	if n := countEvents(e, "invoice_taxable_fulfillment_due_changed"); n != 0 {
		t.Fatalf("%d date changes logged for a date kept", n)
	}
	if status, _, b := e.do("PATCH", invoicePath(e, inv.ID, ".json"), map[string]any{"taxable_fulfillment_due": "2026-12-01"}); status != http.StatusOK {
		t.Fatalf("patch: %d %s", status, b)
	}
	_, _, b := e.do("GET", e.acct("events.json"), nil)
	for _, ev := range decode[[]apiclient.Event](t, b) {
		if ev.Name != "invoice_taxable_fulfillment_due_changed" {
			continue
		}
		want := []apiclient.RelatedObject{{Type: "Invoice", ID: inv.ID}, {Type: "Subject", ID: cust.ID}}
		if ev.Text != "Chargeable event changed from Nov 30, 2026 to\u00a0Dec 01, 2026" || ev.Params["old"] != "2026-11-30" ||
			ev.Params["new"] != "2026-12-01" || !slices.Equal(ev.RelatedObjects, want) {
			t.Errorf("the event: %+v", ev)
		}
		return
	}
	t.Fatalf("no invoice_taxable_fulfillment_due_changed in %s", b)
}

func TestInvoicesPDFIsNotReadyFirstThenAValidPDF(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	path := invoicePath(e, inv.ID, "/download.pdf")
	if status, _, _ := e.do("GET", path, nil); status != http.StatusNoContent {
		t.Fatalf("first download: %d, want 204", status)
	}
	status, h, b := e.do("GET", path, nil)
	if status != http.StatusOK || h.Get("Content-Type") != "application/pdf" || h.Get("Content-Disposition") != `attachment; filename="20260001.pdf"` {
		t.Fatalf("second download: %d %v", status, h)
	}
	checkPDF(t, b, "Invoice 20260001")
	// A change makes it not ready again.
	e.do("PATCH", invoicePath(e, inv.ID, ".json"), map[string]any{"note": "x"})
	if status, _, _ := e.do("GET", path, nil); status != http.StatusNoContent {
		t.Fatalf("after a change: %d, want 204", status)
	}
}

// checkPDF checks the file's frame: header, trailer, and cross-reference offsets
// that point at the objects.
func checkPDF(t *testing.T, b []byte, text string) {
	t.Helper()
	if !bytes.HasPrefix(b, []byte("%PDF-1.")) || !bytes.HasSuffix(bytes.TrimSpace(b), []byte("%%EOF")) || !bytes.Contains(b, []byte(text)) {
		t.Fatalf("not a PDF naming %q: %q", text, b)
	}
	m := regexp.MustCompile(`startxref\n(\d+)\n`).FindSubmatch(b)
	if m == nil {
		t.Fatal("no startxref")
	}
	off, _ := strconv.Atoi(string(m[1]))
	if !bytes.HasPrefix(b[off:], []byte("xref\n")) {
		t.Fatalf("startxref %d does not point at the xref table", off)
	}
	for i, o := range regexp.MustCompile(`(\d{10}) 00000 n `).FindAllSubmatch(b, -1) {
		at, _ := strconv.Atoi(string(o[1]))
		if !bytes.HasPrefix(b[at:], []byte(fmt.Sprintf("%d 0 obj", i+1))) {
			t.Fatalf("xref entry %d points at %q", i+1, b[at:at+10])
		}
	}
	if len(b) > 4096 {
		t.Fatalf("PDF of %d bytes; keep it tiny", len(b))
	}
}

func TestInvoicesStatusEvents(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("100", 21)})
	steps := []struct {
		event, status, logged string
	}{
		{"mark_as_sent", "sent", "invoice_updated"},
		{"mark_as_uncollectible", "uncollectible", "invoice_uncollectible"},
		{"undo_uncollectible", "sent", "invoice_uncollectible_removed"},
		{"cancel", "cancelled", "invoice_cancelled"},
		{"undo_cancel", "sent", "invoice_cancellation_removed"},
		{"lock", "sent", "invoice_locked"},
		{"unlock", "sent", "invoice_unlocked"},
	}
	for _, st := range steps {
		if status, b := fireInvoice(e, inv.ID, st.event); status != http.StatusNoContent {
			t.Fatalf("%s: %d %s", st.event, status, b)
		}
		got := getInvoice(t, e, inv.ID)
		if got.Status != st.status || countEvents(e, st.logged) == 0 {
			t.Fatalf("after %s: status %q, events %v", st.event, got.Status, eventNames(e))
		}
	}
	for _, ev := range []string{"mark_as_sent", "undo_cancel", "undo_uncollectible", "unlock", "teleport"} {
		status, b := fireInvoice(e, inv.ID, ev)
		if status != http.StatusUnprocessableEntity || errorsOf(t, b)["event"][0] != ev+" cannot be fired" {
			t.Fatalf("%s from sent: %d %s", ev, status, b)
		}
	}
	got := getInvoice(t, e, inv.ID)
	if got.SentAt.IsZero() || !got.CancelledAt.IsZero() || !got.LockedAt.IsZero() {
		t.Fatalf("timestamps: %+v", got)
	}
}

func TestInvoicesCancelOnlyForVATPayers(t *testing.T) {
	e := newEnv(t)
	e.Srv.Do(func() { e.Setup.Account.Info.VatMode = apiclient.NonVatPayer })
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("100", 21)})
	if inv.Total.String() != "100.0" {
		t.Fatalf("non-VAT payer total %s, want no VAT", inv.Total)
	}
	if status, b := fireInvoice(e, inv.ID, "cancel"); status != http.StatusUnprocessableEntity {
		t.Fatalf("cancel on a non-VAT payer: %d %s", status, b)
	}
}

func TestInvoicesLockedRefusesChanges(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("100", 21)})
	fireInvoice(e, inv.ID, "lock")
	for _, req := range []struct{ method, path string }{
		{"PATCH", invoicePath(e, inv.ID, ".json")},
		{"POST", invoicePath(e, inv.ID, "/payments.json")},
	} {
		status, _, b := e.do(req.method, req.path, map[string]any{"note": "x"})
		if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "document_locked" {
			t.Fatalf("%s %s: %d %s", req.method, req.path, status, b)
		}
	}
	if status, _, b := e.do("DELETE", invoicePath(e, inv.ID, ".json"), nil); status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["document"]) != 1 {
		t.Fatalf("DELETE on locked: %d %s", status, b)
	}
	if status, _ := fireInvoice(e, inv.ID, "cancel"); status != http.StatusUnprocessableEntity {
		t.Fatalf("cancel while locked: %d", status)
	}
}

func TestInvoicesBecomeOverdueWithEvent(t *testing.T) {
	e := newEnv(t, longTokens)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "due": 3, "lines": oneLine("100", 21)})
	e.Clock.Advance(3 * 24 * time.Hour)
	if got := getInvoice(t, e, inv.ID); got.Status != "open" {
		t.Fatalf("on the due day: %q", got.Status)
	}
	e.Clock.Advance(24 * time.Hour)
	if got := getInvoice(t, e, inv.ID); got.Status != "overdue" {
		t.Fatalf("after the due date: %q", got.Status)
	}
	getInvoice(t, e, inv.ID)
	if n := countEvents(e, "invoice_overdue"); n != 1 {
		t.Fatalf("invoice_overdue %d times", n)
	}
}

func TestInvoicesIndexFiltersSearchAndDelete(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	other := createSubject(t, e, map[string]any{"name": "Zákazník Dva"})
	a := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "custom_id": "X1", "tags": []string{"web", "2026"}, "lines": []map[string]any{{"name": "Vývoj e-shopu", "unit_price": 5000}}})
	createInvoice(t, e, map[string]any{"subject_id": other.ID, "document_type": "proforma", "tags": []string{"web"}, "private_note": "zálohově"})
	check := func(query string, want int) {
		t.Helper()
		status, _, b := e.do("GET", e.acct(query), nil)
		if status != http.StatusOK {
			t.Fatalf("%s: %d %s", query, status, b)
		}
		if got := decode[[]apiclient.Invoice](t, b); len(got) != want {
			t.Fatalf("%s: %d results, want %d", query, len(got), want)
		}
	}
	check("invoices.json", 2)
	check(fmt.Sprintf("invoices.json?subject_id=%d", cust.ID), 1)
	check("invoices.json?custom_id=X1", 1)
	check("invoices.json?number="+a.Number, 1)
	check("invoices.json?status=open", 2)
	check("invoices.json?document_type=proforma", 1)
	check("invoices.json?document_type=regular", 1)
	check("invoices/search.json?query=E-SHOP", 1)
	check("invoices/search.json?query=odběratel", 1)
	check("invoices/search.json?query=zálohově", 1)
	check("invoices/search.json?tags[]=web", 2)
	check("invoices/search.json?tags=web&tags=2026", 1)
	if status, _, _ := e.do("GET", e.acct("invoices.json?since=01.11.2026"), nil); status != http.StatusBadRequest {
		t.Fatalf("bad since: %d", status)
	}
	if status, _, _ := e.do("DELETE", invoicePath(e, a.ID, ".json"), nil); status != http.StatusNoContent {
		t.Fatalf("delete: %d", status)
	}
	if status, _, _ := e.do("GET", invoicePath(e, a.ID, ".json"), nil); status != http.StatusNotFound {
		t.Fatalf("deleted invoice: %d", status)
	}
	if countEvents(e, "invoice_removed") != 1 {
		t.Fatal("no invoice_removed")
	}
}

func TestInvoicesInventoryLinesMoveStockOut(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	status, _, b := e.do("POST", e.acct("inventory_items.json"), map[string]any{
		"name": "Židle", "sku": "ZID-1", "track_quantity": true, "quantity": "3", "native_purchase_price": "500", "native_retail_price": "900",
	})
	if status != http.StatusCreated {
		t.Fatalf("create inventory item: %d %s", status, b)
	}
	item := decode[apiclient.InventoryItem](t, b)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": []map[string]any{{"sku": "ZID-1", "quantity": 2}}})
	if inv.Lines[0].Inventory == nil || inv.Lines[0].Inventory.MoveID == 0 || inv.Lines[0].UnitPrice.String() != "900.0" {
		t.Fatalf("linked line %+v", inv.Lines[0])
	}
	status, _, b = e.do("POST", e.acct("invoices.json"), map[string]any{"subject_id": cust.ID, "lines": []map[string]any{{"inventory_item_id": item.ID, "quantity": 2}}})
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["lines.quantity"]) == 0 {
		t.Fatalf("selling more than in stock: %d %s", status, b)
	}
	// An edit that would oversell is refused and changes nothing.
	status, _, b = e.do("PATCH", invoicePath(e, inv.ID, ".json"), map[string]any{"lines": []map[string]any{{"id": inv.Lines[0].ID, "quantity": 5}}})
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("overselling edit: %d %s", status, b)
	}
	got := getInvoice(t, e, inv.ID)
	_, _, b = e.do("GET", e.acct(fmt.Sprintf("inventory_items/%d.json", item.ID)), nil)
	if stock := decode[apiclient.InventoryItem](t, b); stock.Quantity.Dec().IntPart() != 1 || got.Lines[0].Quantity.String() != "2.0" || got.Lines[0].Inventory.MoveID == 0 {
		t.Fatalf("after the refused edit: stock %s, line %+v", stock.Quantity, got.Lines[0])
	}
	// An edit within the stock moves it again.
	status, _, b = e.do("PATCH", invoicePath(e, inv.ID, ".json"), map[string]any{"lines": []map[string]any{{"id": inv.Lines[0].ID, "quantity": 3}}})
	if status != http.StatusOK {
		t.Fatalf("edit within stock: %d %s", status, b)
	}
	_, _, b = e.do("GET", e.acct(fmt.Sprintf("inventory_items/%d.json", item.ID)), nil)
	if stock := decode[apiclient.InventoryItem](t, b); !stock.Quantity.Dec().IsZero() {
		t.Fatalf("stock after selling 3 of 3: %s", stock.Quantity)
	}
}
