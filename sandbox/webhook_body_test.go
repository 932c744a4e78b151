package sandbox_test

import (
	"context"
	"encoding/json"
	"net/http"
	"testing"
)

// whRecord is the record under key in a delivery's body.
func whRecord(body map[string]any, key string) map[string]any {
	m, _ := body[key].(map[string]any)
	return m
}

// whBody delivers the account's events to the receiver of its one webhook and
// returns the one delivery's body.
func whBody(t *testing.T, e *env, rcv *whReceiver) map[string]any {
	t.Helper()
	e.Srv.DeliverWebhooksNow(context.Background(), rcv.Client())
	got := rcv.received()
	if len(got) != 1 {
		t.Fatalf("%d deliveries, want 1", len(got))
	}
	var p struct {
		Body map[string]any `json:"body"`
	}
	if err := json.Unmarshal(got[0].Body, &p); err != nil {
		t.Fatal(err)
	}
	return p.Body
}

// The docs' payload example of invoice_paid: {"invoice": {...}, "payment":
// {...}}, the payment with tax_document_id, in the invoice's payments too.
func TestWebhooksBodyWrapsTheRecordUnderItsType(t *testing.T) {
	e := newEnv(t)
	rcv := newWHReceiver(t, http.StatusOK, "ok")
	whCreate(t, e, map[string]any{"webhook_url": rcv.URL, "events": []string{"invoice_paid"}})
	inv := createInvoice(t, e, map[string]any{"subject_id": customer(t, e).ID, "lines": oneLine("100", 21)})
	if status, b := payInvoice(t, e, inv.ID, nil); status != http.StatusCreated {
		t.Fatalf("pay: %d %s", status, b)
	}
	body := whBody(t, e, rcv)
	if len(body) != 2 || whRecord(body, "invoice")["id"] != float64(inv.ID) {
		t.Fatalf("body %v, want invoice and payment", body)
	}
	pay := whRecord(body, "payment")
	if v, ok := pay["tax_document_id"]; !ok || v != nil {
		t.Errorf("payment %v, want tax_document_id null", pay)
	}
	pays, _ := whRecord(body, "invoice")["payments"].([]any)
	if len(pays) != 1 {
		t.Fatalf("invoice payments %v", pays)
	}
	if _, ok := pays[0].(map[string]any)["tax_document_id"]; !ok {
		t.Errorf("invoice payment %v without tax_document_id", pays[0])
	}
}

// The docs' payload example of a bulk action: {"inbox_files": {"count": 2}}.
func TestWebhooksBodyOfABulkActionCountsUnderThePlural(t *testing.T) {
	e := newEnv(t)
	rcv := newWHReceiver(t, http.StatusOK, "ok")
	whCreate(t, e, map[string]any{"webhook_url": rcv.URL, "events": []string{"inbox_file_removed_all"}})
	e.Srv.Do(func() {
		e.Setup.Account.AddEvent(e.Srv.Now(), "inbox_file_removed_all", "", e.Setup.Owner, map[string]any{"count": 2})
	})
	body := whBody(t, e, rcv)
	if len(body) != 1 || whRecord(body, "inbox_files")["count"] != float64(2) {
		t.Fatalf("body %v, want {\"inbox_files\": {\"count\": 2}}", body)
	}
}
