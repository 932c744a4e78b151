package sandbox_test

import (
	"bytes"
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

func contractCustomer(t *testing.T, e *env) *apiclient.Subject {
	t.Helper()
	sub, _, err := e.Client.Subjects.Create(context.Background(), &apiclient.SubjectParams{
		Name: apiclient.Ptr("Odběratel s.r.o."), Email: apiclient.Ptr("ucetni@odberatel.cz"),
	})
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

func TestInvoicesContractCRUDListsAndPDF(t *testing.T) {
	e := newEnv(t, fastRate)
	ctx := context.Background()
	cust := contractCustomer(t, e)
	inv, resp, err := e.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{
		SubjectID: &cust.ID, OrderNumber: apiclient.Ptr("OBJ-9"), Tags: &[]string{"web"},
		Lines: []apiclient.LineParams{contractLine("Webdesign", "20000", "21")},
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusCreated || resp.Location != inv.URL || inv.Total.String() != "24200.0" || inv.ClientName != "Odběratel s.r.o." {
		t.Fatalf("create: %+v", inv)
	}
	upd, _, err := e.Client.Invoices.Update(ctx, inv.ID, &apiclient.InvoiceParams{PrivateNote: apiclient.Ptr("volat před splatností")})
	if err != nil || upd.OrderNumber.String() != "OBJ-9" || upd.PrivateNote.String() != "volat před splatností" || len(upd.Lines) != 1 {
		t.Fatalf("partial update: %v %+v", err, upd)
	}
	got, _, err := e.Client.Invoices.Get(ctx, inv.ID)
	if err != nil || got.PrivateNote != upd.PrivateNote {
		t.Fatalf("get: %v", err)
	}
	if _, _, err := e.Client.Invoices.DownloadPDF(ctx, inv.ID); !errors.Is(err, apiclient.ErrNotReady) {
		t.Fatalf("first PDF download: %v, want ErrNotReady", err)
	}
	d, _, err := e.Client.Invoices.DownloadPDF(ctx, inv.ID)
	if err != nil || d.ContentType != "application/pdf" || d.Filename != inv.Number+".pdf" || !bytes.Contains(d.Data, []byte(inv.Number)) {
		t.Fatalf("PDF: %v %+v", err, d)
	}
	list, _, err := e.Client.Invoices.List(ctx, apiclient.DocumentListOptions{SubjectID: cust.ID, Status: apiclient.InvoiceOpen})
	if err != nil || len(list) != 1 {
		t.Fatalf("list: %v %d", err, len(list))
	}
	before := apiCalls(e)
	if _, _, err := e.Client.Invoices.List(ctx, apiclient.DocumentListOptions{VariableSymbol: "1"}); err == nil || apiCalls(e) != before {
		t.Fatalf("variable_symbol is not an invoice filter: %v", err)
	}
	found, _, err := e.Client.Invoices.Search(ctx, apiclient.SearchOptions{Query: "webdesign", Tags: []string{"web"}})
	if err != nil || len(found) != 1 {
		t.Fatalf("search: %v %d", err, len(found))
	}
	for i := 0; i < 41; i++ {
		if _, _, err := e.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: &cust.ID, DocumentType: apiclient.Ptr(apiclient.DocProforma)}); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, err := range e.Client.Invoices.ListAll(ctx, apiclient.DocumentListOptions{DocumentType: apiclient.DocProforma}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 41 {
		t.Fatalf("ListAll proformas: %d", n)
	}
	n = 0
	for _, err := range e.Client.Invoices.SearchAll(ctx, apiclient.SearchOptions{Query: "odběratel"}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 42 {
		t.Fatalf("SearchAll: %d", n)
	}
	if _, err := e.Client.Invoices.Delete(ctx, inv.ID); err != nil {
		t.Fatal(err)
	}
	var nf *apiclient.NotFoundError
	if _, _, err := e.Client.Invoices.Get(ctx, inv.ID); !errors.As(err, &nf) {
		t.Fatalf("deleted: %v", err)
	}
}

func TestInvoicesContractFireAndErrors(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	cust := contractCustomer(t, e)
	var ve *apiclient.ValidationError
	if _, _, err := e.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(int64(404))}); !errors.As(err, &ve) || len(ve.Fields["subject_id"]) == 0 {
		t.Fatalf("unknown subject: %v", err)
	}
	inv, _, err := e.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: &cust.ID, Lines: []apiclient.LineParams{contractLine("Práce", "1000", "21")}})
	if err != nil {
		t.Fatal(err)
	}
	for _, ev := range []string{apiclient.InvoiceEventMarkAsSent, apiclient.InvoiceEventCancel, apiclient.InvoiceEventUndoCancel,
		apiclient.InvoiceEventMarkAsUncollectible, apiclient.InvoiceEventUndoUncollectible, apiclient.InvoiceEventLock} {
		if _, err := e.Client.Invoices.Fire(ctx, inv.ID, ev); err != nil {
			t.Fatalf("%s: %v", ev, err)
		}
	}
	var re *apiclient.RefusalError
	if _, _, err := e.Client.Invoices.Update(ctx, inv.ID, &apiclient.InvoiceParams{Note: apiclient.Ptr("x")}); !errors.As(err, &re) || re.Code != apiclient.RefusalDocumentLocked {
		t.Fatalf("update locked: %v", err)
	}
	if _, err := e.Client.Invoices.Fire(ctx, inv.ID, apiclient.InvoiceEventLock); !errors.As(err, &ve) || ve.Fields["event"][0] != "lock cannot be fired" {
		t.Fatalf("lock twice: %v", err)
	}
	if _, err := e.Client.Invoices.Fire(ctx, inv.ID, apiclient.InvoiceEventUnlock); err != nil {
		t.Fatal(err)
	}
	got, _, _ := e.Client.Invoices.Get(ctx, inv.ID)
	if got.Status != apiclient.InvoiceSent || got.SentAt.IsZero() {
		t.Fatalf("after the round trip: %q", got.Status)
	}
}

func TestInvoicesContractPaymentsTaxDocumentAndMessages(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	cust := contractCustomer(t, e)
	pf, _, err := e.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: &cust.ID, DocumentType: apiclient.Ptr(apiclient.DocProforma),
		ProformaFollowupDocument: apiclient.Ptr(apiclient.FollowupNone), Lines: []apiclient.LineParams{contractLine("Záloha", "1000", "21")}})
	if err != nil {
		t.Fatal(err)
	}
	p, _, err := e.Client.Invoices.CreatePayment(ctx, pf.ID, &apiclient.PaymentParams{Amount: apiclient.Ptr(apiclient.MustDecimal("1210"))})
	if err != nil || p.TaxDocumentID != nil {
		t.Fatalf("pay proforma: %v %+v", err, p)
	}
	if got, _, err := e.Client.Invoices.Get(ctx, pf.ID); err != nil || got.Status != "paid" {
		t.Fatalf("proforma after paying in full: %v %+v", err, got)
	}
	withTD, resp, err := e.Client.Invoices.CreateTaxDocument(ctx, pf.ID, p.ID)
	if err != nil || resp.StatusCode != http.StatusCreated || withTD.TaxDocumentID == nil {
		t.Fatalf("tax document: %v %+v", err, withTD)
	}
	td, _, err := e.Client.Invoices.Get(ctx, *withTD.TaxDocumentID)
	if err != nil || td.DocumentType != apiclient.DocTaxDocument || td.Total.String() != "1210.0" {
		t.Fatalf("fetch tax document: %v %+v", err, td)
	}
	var ve *apiclient.ValidationError
	if _, _, err := e.Client.Invoices.CreateTaxDocument(ctx, pf.ID, p.ID); !errors.As(err, &ve) || len(ve.Fields["document"]) == 0 {
		t.Fatalf("second tax document: %v", err)
	}
	var re *apiclient.RefusalError
	if _, _, err := e.Client.Invoices.CreatePayment(ctx, pf.ID, nil); !errors.As(err, &re) || re.Code != apiclient.RefusalForbidden {
		t.Fatalf("pay a paid proforma: %v", err)
	}
	inv, _, _ := e.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: &cust.ID, Lines: []apiclient.LineParams{contractLine("Práce", "1000", "21")}})
	p2, _, err := e.Client.Invoices.CreatePayment(ctx, inv.ID, &apiclient.PaymentParams{Amount: apiclient.Ptr(apiclient.MustDecimal("10"))})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.Client.Invoices.DeletePayment(ctx, inv.ID, p2.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Client.Invoices.SendMessage(ctx, inv.ID, &apiclient.InvoiceMessage{Email: apiclient.Ptr("bad@")}); !errors.As(err, &ve) || ve.Fields["email"][0] != "is invalid" {
		t.Fatalf("bad address: %v", err)
	}
	if _, err := e.Client.Invoices.SendMessage(ctx, inv.ID, nil); err != nil {
		t.Fatal(err)
	}
	got, _, _ := e.Client.Invoices.Get(ctx, inv.ID)
	if got.Status != apiclient.InvoiceSent {
		t.Fatalf("after SendMessage: %q", got.Status)
	}
	if _, err := e.Client.Invoices.SendMessage(ctx, inv.ID, &apiclient.InvoiceMessage{Email: apiclient.Ptr("x@spam-complaints.example")}); !errors.As(err, &re) || re.Code != apiclient.RefusalEmailDeliveryDisabled {
		t.Fatalf("delivery disabled: %v", err)
	}
	free := newEnvPlan(t, sandbox.PlanFree)
	fc := contractCustomer(t, free)
	finv, _, _ := free.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: &fc.ID})
	if _, err := free.Client.Invoices.SendMessage(ctx, finv.ID, nil); !errors.As(err, &re) || re.Code != apiclient.RefusalUpgradeRequired {
		t.Fatalf("free plan: %v", err)
	}
}
