package sandbox_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

func contractSupplier(t *testing.T, e *env) *apiclient.Subject {
	t.Helper()
	sub, _, err := e.Client.Subjects.Create(context.Background(), &apiclient.SubjectParams{
		Name: apiclient.Ptr("Dodavatel a.s."), Type: apiclient.Ptr(apiclient.SubjectSupplier), VatNo: apiclient.Ptr("CZ12345678"),
	})
	if err != nil {
		t.Fatal(err)
	}
	return sub
}

func contractLine(name, price string, rate string) apiclient.LineParams {
	return apiclient.LineParams{Name: apiclient.Ptr(name), UnitPrice: apiclient.Ptr(apiclient.MustDecimal(price)), VatRate: apiclient.Ptr(apiclient.MustDecimal(rate))}
}

func TestExpensesContractCRUDAndLists(t *testing.T) {
	e := newEnv(t, fastRate)
	ctx := context.Background()
	sup := contractSupplier(t, e)
	pdf := []byte("%PDF-1.4 faktura")
	x, resp, err := e.Client.Expenses.Create(ctx, &apiclient.ExpenseParams{
		SubjectID: &sup.ID, OriginalNumber: apiclient.Ptr("FV-2026-77"), VariableSymbol: apiclient.Ptr("202677"),
		Tags:        &[]string{"kancelář"},
		Lines:       []apiclient.LineParams{contractLine("Papír A4", "100", "21")},
		Attachments: []apiclient.AttachmentParams{{DataURL: apiclient.DataURI("application/pdf", pdf)}},
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusCreated || resp.Location != x.URL || x.Total.String() != "121.0" || x.SupplierVatNo != "CZ12345678" {
		t.Fatalf("create: %d %+v", resp.StatusCode, x)
	}
	upd, _, err := e.Client.Expenses.Update(ctx, x.ID, &apiclient.ExpenseParams{Description: apiclient.Ptr("Kancelářské potřeby")})
	if err != nil || upd.Description.String() != "Kancelářské potřeby" || upd.OriginalNumber != "FV-2026-77" || len(upd.Lines) != 1 || len(upd.Attachments) != 1 {
		t.Fatalf("partial update: %v %+v", err, upd)
	}
	got, _, err := e.Client.Expenses.Get(ctx, x.ID)
	if err != nil || got.Description != upd.Description {
		t.Fatalf("get: %v", err)
	}
	d, _, err := e.Client.Expenses.DownloadAttachment(ctx, x.ID, got.Attachments[0].ID)
	if err != nil || string(d.Data) != string(pdf) || d.Filename != "attachment.pdf" || d.ContentType != "application/pdf" {
		t.Fatalf("download: %v %+v", err, d)
	}
	e.Srv.Do(func() { delete(e.Setup.Account.Attachments, got.Attachments[0].ID) })
	if _, _, err := e.Client.Expenses.DownloadAttachment(ctx, x.ID, got.Attachments[0].ID); !errors.Is(err, apiclient.ErrNotReady) {
		t.Fatalf("file gone: %v, want ErrNotReady", err)
	}
	list, _, err := e.Client.Expenses.List(ctx, apiclient.DocumentListOptions{VariableSymbol: "202677", SubjectID: sup.ID})
	if err != nil || len(list) != 1 {
		t.Fatalf("list: %v %d", err, len(list))
	}
	found, _, err := e.Client.Expenses.Search(ctx, apiclient.SearchOptions{Query: "papír", Tags: []string{"kancelář"}})
	if err != nil || len(found) != 1 {
		t.Fatalf("search: %v %d", err, len(found))
	}
	expensesContractPaging(ctx, t, e, sup)
	before := apiCalls(e)
	if _, _, err := e.Client.Expenses.List(ctx, apiclient.DocumentListOptions{DateFilter: apiclient.DateFilter{Since: testStart, Until: testStart.Add(-time.Hour)}}); err == nil || apiCalls(e) != before {
		t.Fatalf("until before since: %v", err)
	}
	if status, _, _ := e.do("GET", e.acct("expenses.json?until=last-week"), nil); status != http.StatusBadRequest {
		t.Fatalf("raw bad until: %d", status)
	}
	if _, err := e.Client.Expenses.Delete(ctx, x.ID); err != nil {
		t.Fatal(err)
	}
	var nf *apiclient.NotFoundError
	if _, _, err := e.Client.Expenses.Get(ctx, x.ID); !errors.As(err, &nf) {
		t.Fatalf("deleted: %v", err)
	}
}

// expensesContractPaging: 44 bills more page through ListAll and SearchAll.
func expensesContractPaging(ctx context.Context, t *testing.T, e *env, sup *apiclient.Subject) {
	t.Helper()
	for i := 0; i < 44; i++ {
		if _, _, err := e.Client.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: &sup.ID, DocumentType: apiclient.Ptr(apiclient.ExpenseBill)}); err != nil {
			t.Fatal(err)
		}
	}
	n := 0
	for _, err := range e.Client.Expenses.ListAll(ctx, apiclient.DocumentListOptions{DocumentType: apiclient.ExpenseBill}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 44 {
		t.Fatalf("ListAll bills: %d", n)
	}
	n = 0
	for _, err := range e.Client.Expenses.SearchAll(ctx, apiclient.SearchOptions{Query: "dodavatel"}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 45 {
		t.Fatalf("SearchAll: %d", n)
	}
}

func TestExpensesContractPaymentsLockAndErrors(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	sup := contractSupplier(t, e)
	_, _, err := e.Client.Expenses.Create(ctx, &apiclient.ExpenseParams{Lines: []apiclient.LineParams{{Quantity: apiclient.Ptr(apiclient.MustDecimal("1"))}}})
	var ve *apiclient.ValidationError
	if !errors.As(err, &ve) || ve.Fields["subject_id"][0] != "can't be blank" || ve.Fields["lines.name"][0] != "can't be blank" {
		t.Fatalf("validation: %v", err)
	}
	x, _, err := e.Client.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: &sup.ID, Lines: []apiclient.LineParams{contractLine("Nájem", "10000", "21")}})
	if err != nil {
		t.Fatal(err)
	}
	p, resp, err := e.Client.Expenses.CreatePayment(ctx, x.ID, nil)
	if err != nil || resp.StatusCode != http.StatusCreated || p.Amount.String() != "12100.0" {
		t.Fatalf("pay: %v %+v", err, p)
	}
	// A payment is written without mark_document_as_paid (the docs' example):
	// the expense tells.
	if got, _, err := e.Client.Expenses.Get(ctx, x.ID); err != nil || got.Status != "paid" {
		t.Fatalf("after paying in full: %v %+v", err, got)
	}
	var re *apiclient.RefusalError
	if _, _, err := e.Client.Expenses.CreatePayment(ctx, x.ID, &apiclient.PaymentParams{Amount: apiclient.Ptr(apiclient.MustDecimal("1"))}); !errors.As(err, &re) || re.Code != apiclient.RefusalForbidden {
		t.Fatalf("pay twice: %v", err)
	}
	if _, err := e.Client.Expenses.DeletePayment(ctx, x.ID, p.ID); err != nil {
		t.Fatal(err)
	}
	got, _, _ := e.Client.Expenses.Get(ctx, x.ID)
	if got.Status != apiclient.StatusOpen || len(got.Payments) != 0 {
		t.Fatalf("after DeletePayment: %q %d", got.Status, len(got.Payments))
	}
	if _, err := e.Client.Expenses.Lock(ctx, x.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Client.Expenses.Lock(ctx, x.ID); !errors.As(err, &ve) || ve.Fields["event"][0] != "lock cannot be fired" {
		t.Fatalf("lock twice: %v", err)
	}
	if _, _, err := e.Client.Expenses.Update(ctx, x.ID, &apiclient.ExpenseParams{Description: apiclient.Ptr("x")}); !errors.As(err, &re) || re.Code != apiclient.RefusalDocumentLocked {
		t.Fatalf("update locked: %v", err)
	}
	if _, err := e.Client.Expenses.Delete(ctx, x.ID); !errors.As(err, &ve) || len(ve.Fields["document"]) != 1 {
		t.Fatalf("delete locked: %v", err)
	}
	if _, err := e.Client.Expenses.Unlock(ctx, x.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := e.Client.Expenses.Unlock(ctx, x.ID); !errors.As(err, &ve) {
		t.Fatalf("unlock twice: %v", err)
	}
	if _, _, err := e.Client.Expenses.CreatePayment(ctx, x.ID, &apiclient.PaymentParams{BankAccountID: apiclient.Ptr(int64(99))}); !errors.As(err, &ve) || len(ve.Fields["bank_account_id"]) == 0 {
		t.Fatalf("unknown bank account: %v", err)
	}
}
