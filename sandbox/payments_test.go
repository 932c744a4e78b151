package sandbox_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

func payInvoice(t *testing.T, e *env, id int64, body any) (int, []byte) {
	t.Helper()
	status, _, b := e.do("POST", invoicePath(e, id, "/payments.json"), body)
	return status, b
}

func lastEventParams(e *env, name string) map[string]any {
	var params map[string]any
	e.Srv.Do(func() {
		for _, ev := range e.Setup.Account.Events {
			if ev.Name == name {
				params = ev.Params
			}
		}
	})
	return params
}

func TestPaymentsInvoicePartialThenFull(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	status, b := payInvoice(t, e, inv.ID, map[string]any{"amount": 210})
	p1 := decode[apiclient.Payment](t, b)
	if status != http.StatusCreated || p1.MarkDocumentAsPaid || p1.VariableSymbol != inv.VariableSymbol || p1.BankAccountID == nil {
		t.Fatalf("partial: %d %s", status, b)
	}
	got := getInvoice(t, e, inv.ID)
	if got.Status != "open" || got.RemainingAmount.String() != "1000.0" || got.RemainingNativeAmount.String() != "1000.0" {
		t.Fatalf("after partial: %q remaining %s", got.Status, got.RemainingAmount)
	}
	if pp, ok := lastEventParams(e, "invoice_payment_added")["payment"].(sandbox.Payment); !ok || pp.ID != p1.ID {
		t.Fatal("invoice_payment_added without the payment")
	}
	status, b = payInvoice(t, e, inv.ID, nil)
	p2 := decode[apiclient.Payment](t, b)
	if status != http.StatusCreated || p2.Amount.String() != "1000.0" {
		t.Fatalf("rest: %d %s", status, b)
	}
	got = getInvoice(t, e, inv.ID)
	if got.Status != "paid" || got.PaidOn.String() != "2026-11-02" || got.RemainingAmount.String() != "0.0" {
		t.Fatalf("after full: %q paid_on %s remaining %s", got.Status, got.PaidOn, got.RemainingAmount)
	}
	if pp, ok := lastEventParams(e, "invoice_paid")["payment"].(sandbox.Payment); !ok || pp.ID != p2.ID {
		t.Fatal("invoice_paid without the payment")
	}
	status, b = payInvoice(t, e, inv.ID, map[string]any{"amount": 1})
	if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "forbidden" {
		t.Fatalf("paying a paid invoice: %d %s", status, b)
	}
	// Removing a payment makes it unpaid again.
	if status, _, _ := e.do("DELETE", invoicePath(e, inv.ID, fmt.Sprintf("/payments/%d.json", p2.ID)), nil); status != http.StatusNoContent {
		t.Fatalf("delete payment: %d", status)
	}
	got = getInvoice(t, e, inv.ID)
	if got.Status != "open" || !got.PaidOn.IsZero() || got.RemainingAmount.String() != "1000.0" {
		t.Fatalf("after removal: %q %v %s", got.Status, got.PaidOn, got.RemainingAmount)
	}
	if ps, ok := lastEventParams(e, "invoice_payment_removed")["payments"].([]sandbox.Payment); !ok || len(ps) != 1 || ps[0].ID != p2.ID {
		t.Fatal("invoice_payment_removed without the payments")
	}
}

func TestPaymentsInvoiceMarkAsPaidWithShortAmount(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	if status, b := payInvoice(t, e, inv.ID, map[string]any{"amount": "1200", "mark_document_as_paid": true}); status != http.StatusCreated {
		t.Fatalf("%d %s", status, b)
	}
	if got := getInvoice(t, e, inv.ID); got.Status != "paid" {
		t.Fatalf("status %q, want paid", got.Status)
	}
}

func TestPaymentsInvoiceValidation(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	proforma := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "document_type": "proforma", "lines": oneLine("1000", 21)})
	for _, tc := range []struct {
		id    int64
		body  map[string]any
		field string
		msg   string
	}{
		{inv.ID, map[string]any{"amount": "x"}, "amount", "is not a number"},
		{inv.ID, map[string]any{"native_amount": "lots"}, "native_amount", "is not a number"},
		{inv.ID, map[string]any{"bank_account_id": 77}, "bank_account_id", "is invalid"},
		{inv.ID, map[string]any{"proforma_followup_document": "final_invoice"}, "proforma_followup_document", "is not included in the list"},
		{proforma.ID, map[string]any{"proforma_followup_document": "final_invoice", "mark_document_as_paid": false}, "proforma_followup_document", "is not included in the list"},
		{proforma.ID, map[string]any{"proforma_followup_document": "receipt"}, "proforma_followup_document", "is not included in the list"},
		{inv.ID, map[string]any{"amount": 10, "send_thank_you_email": true}, "send_thank_you_email", "is not included in the list"},
	} {
		status, b := payInvoice(t, e, tc.id, tc.body)
		if status != http.StatusUnprocessableEntity {
			t.Fatalf("%v: %d %s", tc.body, status, b)
		}
		if got := errorsOf(t, b)[tc.field]; len(got) == 0 || got[0] != tc.msg {
			t.Fatalf("%v: %s = %v, want %q", tc.body, tc.field, got, tc.msg)
		}
	}
	if got := getInvoice(t, e, inv.ID); len(got.Payments) != 0 {
		t.Fatal("a refused payment was stored")
	}
}

func TestPaymentsCancelledInvoiceRefusesPaymentChanges(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	_, b := payInvoice(t, e, inv.ID, map[string]any{"amount": 100})
	p := decode[apiclient.Payment](t, b)
	if status, b := fireInvoice(e, inv.ID, "cancel"); status != http.StatusNoContent {
		t.Fatalf("cancel: %d %s", status, b)
	}
	status, b := payInvoice(t, e, inv.ID, nil)
	if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "forbidden" {
		t.Fatalf("pay a cancelled invoice: %d %s", status, b)
	}
	status, _, b = e.do("DELETE", invoicePath(e, inv.ID, fmt.Sprintf("/payments/%d.json", p.ID)), nil)
	if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "forbidden" {
		t.Fatalf("delete on a cancelled invoice: %d %s", status, b)
	}
}

func TestPaymentsProformaFollowupDocuments(t *testing.T) {
	for _, tc := range []struct {
		followup, docType, status string
	}{
		{"final_invoice_paid", "final_invoice", "paid"},
		{"final_invoice", "final_invoice", "open"},
		{"tax_document", "tax_document", "paid"},
	} {
		t.Run(tc.followup, func(t *testing.T) {
			e := newEnv(t)
			cust := customer(t, e)
			pf := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "document_type": "proforma", "lines": oneLine("1000", 21)})
			created := countEvents(e, "invoice_created")
			status, b := payInvoice(t, e, pf.ID, map[string]any{"proforma_followup_document": tc.followup})
			pay := decode[apiclient.Payment](t, b)
			if status != http.StatusCreated || pay.ID == 0 {
				t.Fatalf("payment: %d %s", status, b)
			}
			if countEvents(e, "invoice_created") != created+1 {
				t.Fatal("no invoice_created for the follow-up")
			}
			_, _, b = e.do("GET", e.acct("invoices.json?document_type="+tc.docType), nil)
			docs := decode[[]apiclient.Invoice](t, b)
			if len(docs) != 1 || docs[0].Status != tc.status || docs[0].RelatedID == nil || *docs[0].RelatedID != pf.ID || docs[0].Total.String() != "1210.0" {
				t.Fatalf("follow-up: %+v", docs)
			}
			if tc.followup == "tax_document" && (pay.TaxDocumentID == nil || *pay.TaxDocumentID != docs[0].ID) {
				t.Fatalf("tax_document_id %v", pay.TaxDocumentID)
			}
			// The docs' Paid Advances: one entry per VAT rate, price and vat as decimals.
			if tc.followup == "final_invoice" {
				adv := docs[0].PaidAdvances
				if len(adv) != 1 || adv[0]["price"] != "1000.0" || adv[0]["vat"] != "210.0" || adv[0]["vat_rate"] != float64(21) || adv[0]["paid_on"] != pay.PaidOn.String() {
					t.Fatalf("paid advances %v", adv)
				}
			}
		})
	}
	e := newEnv(t)
	cust := customer(t, e)
	pf := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "document_type": "proforma", "lines": oneLine("1000", 21)})
	payInvoice(t, e, pf.ID, map[string]any{"proforma_followup_document": "none"})
	_, _, b := e.do("GET", e.acct("invoices.json"), nil)
	if docs := decode[[]apiclient.Invoice](t, b); len(docs) != 1 {
		t.Fatalf("none made %d documents", len(docs))
	}
}

func TestPaymentsCreateTaxDocumentRules(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	pf := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "document_type": "proforma", "lines": oneLine("1000", 21)})
	_, b := payInvoice(t, e, pf.ID, map[string]any{"amount": "605", "mark_document_as_paid": false})
	pay := decode[apiclient.Payment](t, b)
	path := invoicePath(e, pf.ID, fmt.Sprintf("/payments/%d/create_tax_document.json", pay.ID))
	status, _, b := e.do("POST", path, nil)
	got := decode[apiclient.Payment](t, b)
	if status != http.StatusCreated || got.TaxDocumentID == nil || got.ID != pay.ID {
		t.Fatalf("create tax document: %d %s", status, b)
	}
	td := getInvoice(t, e, *got.TaxDocumentID)
	if td.DocumentType != "tax_document" || td.Total.String() != "605.0" || td.Subtotal.String() != "500.0" || td.Status != "paid" || !strings.HasPrefix(td.Number, "ZD") {
		t.Fatalf("tax document %+v", td)
	}
	if got := getInvoice(t, e, pf.ID); len(got.Payments) != 1 || got.Payments[0].TaxDocumentID == nil || *got.Payments[0].TaxDocumentID != td.ID || got.Status != "open" {
		t.Fatalf("proforma after: %+v", got)
	}
	status, _, b = e.do("POST", path, nil)
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["document"]) == 0 {
		t.Fatalf("second tax document: %d %s", status, b)
	}
	// The payment cannot go while its tax document exists.
	status, _, b = e.do("DELETE", invoicePath(e, pf.ID, fmt.Sprintf("/payments/%d.json", pay.ID)), nil)
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["document"]) == 0 {
		t.Fatalf("delete payment with tax document: %d %s", status, b)
	}
	e.do("DELETE", invoicePath(e, td.ID, ".json"), nil)
	if status, _, _ := e.do("DELETE", invoicePath(e, pf.ID, fmt.Sprintf("/payments/%d.json", pay.ID)), nil); status != http.StatusNoContent {
		t.Fatalf("delete payment after its tax document: %d", status)
	}
	// A regular invoice is its own tax document.
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	_, b = payInvoice(t, e, inv.ID, map[string]any{"amount": "100"})
	p2 := decode[apiclient.Payment](t, b)
	status, _, b = e.do("POST", invoicePath(e, inv.ID, fmt.Sprintf("/payments/%d/create_tax_document.json", p2.ID)), nil)
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["document"]) == 0 {
		t.Fatalf("tax document for a regular invoice: %d %s", status, b)
	}
	if status, _, _ := e.do("POST", invoicePath(e, inv.ID, "/payments/9999/create_tax_document.json"), nil); status != http.StatusNotFound {
		t.Fatalf("unknown payment: %d", status)
	}
}

func sendMessage(e *env, id int64, body any) (int, []byte) {
	status, _, b := e.do("POST", invoicePath(e, id, "/message.json"), body)
	return status, b
}

func TestPaymentsMessageNeedsAPlanWithEmail(t *testing.T) {
	e := newEnvPlan(t, sandbox.PlanFree)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("100", 21)})
	status, b := sendMessage(e, inv.ID, nil)
	if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "upgrade_required" {
		t.Fatalf("free plan: %d %s", status, b)
	}
}

func TestPaymentsMessageSendsAndMarksSent(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("100", 21)})
	status, b := sendMessage(e, inv.ID, map[string]any{"email": "not an address"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["email"][0] != "is invalid" {
		t.Fatalf("bad address: %d %s", status, b)
	}
	status, b = sendMessage(e, inv.ID, map[string]any{"replace_with_defaults": false, "email": "x@y.cz"})
	errs := errorsOf(t, b)
	if status != http.StatusUnprocessableEntity || errs["subject"][0] != "can't be blank" || errs["message"][0] != "can't be blank" {
		t.Fatalf("without defaults: %d %s", status, b)
	}
	if status, b := sendMessage(e, inv.ID, nil); status != http.StatusNoContent {
		t.Fatalf("send: %d %s", status, b)
	}
	got := getInvoice(t, e, inv.ID)
	if got.Status != "sent" || got.SentAt.IsZero() {
		t.Fatalf("after send: %q %v", got.Status, got.SentAt)
	}
	params := lastEventParams(e, "invoice_sent")
	if params["email"] != "ucetni@odberatel.cz" || params["email_copy"] != "sef@odberatel.cz" || params["email_subject"] != "Invoice "+inv.Number || params["marked"] != "false" {
		t.Fatalf("invoice_sent params %v", params)
	}
}

func TestPaymentsMessageRefusals(t *testing.T) {
	e := newEnv(t, longTokens)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("100", 21)})
	status, b := sendMessage(e, inv.ID, map[string]any{"email": "someone@spam-complaints.example"})
	if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "email_delivery_disabled" {
		t.Fatalf("spam complaints: %d %s", status, b)
	}
	e.Srv.Do(func() { e.Setup.Account.Limits.EmailsPerDay = 3 })
	for i := 0; i < 3; i++ {
		if status, b := sendMessage(e, inv.ID, nil); status != http.StatusNoContent {
			t.Fatalf("e-mail %d: %d %s", i+1, status, b)
		}
	}
	status, b = sendMessage(e, inv.ID, nil)
	if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "quota_exhausted" {
		t.Fatalf("past the daily quota: %d %s", status, b)
	}
	e.Clock.Advance(24 * time.Hour)
	if status, b := sendMessage(e, inv.ID, nil); status != http.StatusNoContent {
		t.Fatalf("the next day: %d %s", status, b)
	}
}

func TestPaymentsMessageBounceRaisesTodo(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("100", 21)})
	if status, b := sendMessage(e, inv.ID, map[string]any{"email": "nobody@bounce.example"}); status != http.StatusNoContent {
		t.Fatalf("send: %d %s", status, b)
	}
	var found bool
	for _, td := range listTodos(t, e) {
		if td.Name == "email_bounced" && len(td.RelatedObjects) == 1 && td.RelatedObjects[0].Type == "Invoice" && td.RelatedObjects[0].ID == inv.ID {
			found = true
		}
	}
	if !found {
		t.Fatal("no email_bounced to-do")
	}
}

func TestPaymentsPayingAnUncollectibleInvoiceCollectsIt(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("100", 21)})
	fireInvoice(e, inv.ID, "mark_as_uncollectible")
	if status, b := payInvoice(t, e, inv.ID, nil); status != http.StatusCreated {
		t.Fatalf("pay: %d %s", status, b)
	}
	fireInvoice(e, inv.ID, "lock")
	if got := getInvoice(t, e, inv.ID); got.Status != "paid" || !got.UncollectibleAt.IsZero() {
		t.Fatalf("status %q uncollectible_at %v", got.Status, got.UncollectibleAt)
	}
}
