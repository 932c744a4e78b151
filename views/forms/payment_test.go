package forms_test

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/invoices"
	"github.com/kasa-tui/kasa/views/nav"
)

func (e *env) invoicePayments(id int64) []apiclient.Payment {
	e.t.Helper()
	inv, _, err := e.c.Invoices.Get(e.ctx, id)
	if err != nil {
		e.t.Fatalf("read invoice: %v", err)
	}
	return inv.Payments
}

func TestPaymentFormOffersTheDocumentsDefaults(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	v := r.host().Values()
	if v["paid_on"] != "2026-11-02" || v["amount"] != "12100.00" || v["variable_symbol"] != inv.VariableSymbol ||
		v["mark_document_as_paid"] != "true" || v["bank_account_id"] != "1" {
		t.Errorf("defaults %v", v)
	}
	if _, ok := v["native_amount"]; ok {
		t.Error("native amount offered on a document in the account's currency")
	}
	if _, ok := v["proforma_followup_document"]; ok {
		t.Error("proforma follow-up offered on a plain invoice")
	}
	if !strings.Contains(r.Page.View(), "remaining CZK\u00a012,100.00") {
		t.Errorf("remaining amount not shown:\n%s", r.Page.View())
	}
	// A smaller amount turns "mark as paid" off, a larger one warns.
	r.Set("Amount", "5000")
	if r.host().Values()["mark_document_as_paid"] != "false" {
		t.Error("mark as paid stayed on for a partial payment")
	}
	if _, ok := r.host().Values()["send_thank_you_email"]; ok {
		t.Error("thank-you e-mail offered without marking the invoice paid")
	}
	r.Set("Amount", "13000")
	if !strings.Contains(r.Page.View(), "! more than the remaining CZK\u00a012,100.00") {
		t.Errorf("no warning for more than remaining:\n%s", r.Page.View())
	}
	r.Set("Amount", "12.345")
	if !strings.Contains(r.Page.View(), "✕ at most 2 decimal places") {
		t.Errorf("three decimal places accepted:\n%s", r.Page.View())
	}
}

func TestPaymentIsRecordedAndTheInvoiceReloads(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	r.Keys("ctrl+s")
	if got := e.invoicePayments(inv.ID); len(got) != 1 || got[0].Amount.String() != "12100.0" && !got[0].Amount.Dec().Equal(apiclient.MustDecimal("12100").Dec()) {
		t.Fatalf("payments %+v, want one of 12100", got)
	}
	if _, ok := has[ui.Back](r.Out); !ok {
		t.Error("no Back after success")
	}
	if ch, ok := changed(r.Out, nav.Invoice, inv.ID); !ok || ch.Record == nil {
		t.Errorf("news %v, want one for the invoice with the invoice read again", ch)
	}
	if ts := toasts(r.Out); len(ts) != 1 || !strings.Contains(ts[0], "CZK\u00a012,100.00") {
		t.Errorf("toasts %q", ts)
	}
	got, _, _ := e.c.Invoices.Get(e.ctx, inv.ID)
	if got.Status != apiclient.InvoicePaid {
		t.Errorf("invoice status %q, want paid", got.Status)
	}
}

// Never send twice (1): the connection drops after the payment was
// committed; the form checks the invoice, finds it, and does not resend.
func TestPaymentUnknownOutcomeFindsTheCommittedPayment(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	r.Set("Variable symbol", "4242")
	e.srv.DropNextCreates(1)
	r.Keys("ctrl+s")
	if got := e.invoicePayments(inv.ID); len(got) != 1 {
		t.Fatalf("%d payments after a dropped create, want exactly 1", len(got))
	}
	if n := e.rt.Count("POST", "/payments.json"); n != 1 {
		t.Errorf("%d payment POSTs, want 1", n)
	}
	if _, ok := has[ui.Back](r.Out); !ok {
		t.Fatalf("the found payment was not treated as success:\n%s", r.Page.View())
	}
	if ts := toasts(r.Out); len(ts) != 1 || !strings.Contains(ts[0], "The payment was recorded") {
		t.Errorf("toasts %q", ts)
	}
}

// Never send twice (2): a 422 keeps every typed value and puts the
// message beside its field.
func TestPaymentRefusedKeepsEveryTypedValue(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	r := e.open(forms.PaymentPage(nav.Expense, x.ID))
	r.Set("Amount", "500")
	r.Set("Variable symbol", "777")
	r.Set("Date", "2026-10-30")
	typed := r.host().Values()
	// The bank account offered when the form opened is gone by the time it is sent.
	e.srv.Do(func() {
		e.setup.Account.BankAccounts[0].ID = 99
	})
	r.Keys("ctrl+s")
	if got := r.host().Values(); !equal(got, typed) {
		t.Fatalf("values after the 422: %v, want %v", got, typed)
	}
	if errs := r.host().FieldErrors("bank_account_id"); len(errs) == 0 {
		t.Errorf("no message beside the bank account:\n%s", r.Page.View())
	}
	if !strings.Contains(r.Page.View(), "nothing was saved and your input is kept") {
		t.Errorf("no summary of the refusal:\n%s", r.Page.View())
	}
	if _, ok := has[ui.Back](r.Out); ok {
		t.Error("a refused form closed")
	}
	got, _, _ := e.c.Expenses.Get(e.ctx, x.ID)
	if len(got.Payments) != 0 {
		t.Errorf("payments %v after a refusal", got.Payments)
	}
}

func equal(a, b form.Values) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

// Never send twice (4): a fault keeps the form open with the input.
func TestPaymentFaultKeepsTheFormAndInput(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	r := e.open(forms.PaymentPage(nav.Expense, x.ID))
	r.Set("Variable symbol", "555")
	e.srv.SetFaults(sandbox.Faults{ErrorRate: 1})
	r.Keys("ctrl+s")
	if _, ok := has[ui.Back](r.Out); ok {
		t.Fatal("the form closed on a fault")
	}
	p := r.host().Problem()
	if !strings.Contains(p, "Could not send the payment: the service") || !strings.Contains(p, "Nothing was lost") {
		t.Errorf("problem %q", p)
	}
	if r.host().Values()["variable_symbol"] != "555" {
		t.Error("the typed variable symbol was lost")
	}
	e.srv.SetFaults(sandbox.Faults{})
	r.Keys("ctrl+s")
	got, _, _ := e.c.Expenses.Get(e.ctx, x.ID)
	if len(got.Payments) != 1 || got.Payments[0].VariableSymbol != "555" {
		t.Errorf("payments after the retry %+v, want one with VS 555", got.Payments)
	}
}

// Never send twice (5): a second submit while the first is in flight sends
// nothing.
func TestPaymentDoubleSubmitSendsOneRequest(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	first := r.Press("ctrl+s")
	second := r.Press("enter")
	third := r.Press("ctrl+s")
	if !strings.Contains(r.Page.View(), "Sending…") {
		t.Errorf("no Sending… while in flight:\n%s", r.Page.View())
	}
	r.Run(second)
	r.Run(third)
	r.Run(first)
	if n := e.rt.Count("POST", "/payments.json"); n != 1 {
		t.Errorf("%d POSTs, want 1", n)
	}
	if got := e.invoicePayments(inv.ID); len(got) != 1 {
		t.Errorf("%d payments, want 1", len(got))
	}
}

// Never send twice (6): esc with unsaved input asks first.
func TestPaymentEscWithInputAsks(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	r.Set("Variable symbol", "1")
	r.Keys("esc")
	c, ok := has[ui.Confirm](r.Out)
	if !ok || c.Question != "Discard the unsaved payment?" {
		t.Fatalf("esc with input: %v", r.Out)
	}
	if _, ok := has[ui.Back](r.Out); ok {
		t.Error("esc went back before the answer")
	}
}

// Never send twice (3): a draft survives a restart.
func TestPaymentDraftSurvivesARestart(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	id := forms.PaymentPage(nav.Expense, x.ID)
	r := e.open(id)
	r.Set("Amount", "100")
	r.Set("Variable symbol", "31337")
	// The page is gone (the program quit); a new one with the same id and
	// drafts folder offers the draft.
	r2 := e.open(id)
	v := r2.host().Values()
	if v["amount"] != "100" || v["variable_symbol"] != "31337" {
		t.Fatalf("restored %v", v)
	}
	if !strings.Contains(r2.Page.View(), "A draft from 09:00 was restored — ctrl+r to discard") {
		t.Errorf("no restore notice:\n%s", r2.Page.View())
	}
	r2.Keys("ctrl+s")
	r3 := e.open(id)
	if v := r3.host().Values(); v["variable_symbol"] == "31337" {
		t.Error("the draft outlived the successful submit")
	}
}

func TestPaymentRefusalsInWords(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	if _, _, err := e.c.Invoices.CreatePayment(e.ctx, inv.ID, &apiclient.PaymentParams{}); err != nil {
		t.Fatal(err)
	}
	r.Keys("ctrl+s")
	if p := r.host().Problem(); p != "This invoice is already paid; a payment cannot be added to a paid document" {
		t.Errorf("paid invoice: %q", p)
	}

	x := e.expense()
	rx := e.open(forms.PaymentPage(nav.Expense, x.ID))
	if _, err := e.c.Expenses.Lock(e.ctx, x.ID); err != nil {
		t.Fatal(err)
	}
	rx.Keys("ctrl+s")
	if p := rx.host().Problem(); p != "The expense is locked; unlock it first" {
		t.Errorf("locked expense: %q", p)
	}
}

func TestPaymentOnAProformaOffersTheFollowUp(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice(apiclient.DocProforma)
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	if got := r.host().Values()["proforma_followup_document"]; got != apiclient.FollowupFinalInvoicePaid {
		t.Fatalf("follow-up %q", got)
	}
	r.Focus("Then issue")
	r.Keys("right", "right") // tax document
	r.Keys("ctrl+s")
	got, _, _ := e.c.Invoices.Get(e.ctx, inv.ID)
	if len(got.Payments) != 1 {
		t.Fatalf("payments %+v", got.Payments)
	}
}

func TestDeletePaymentAsksThenRemoves(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	pay, _, err := e.c.Expenses.CreatePayment(e.ctx, x.ID, &apiclient.PaymentParams{})
	if err != nil {
		t.Fatal(err)
	}
	msgs := tuitest.Collect(common.DeletePaymentCmd(e.fd.Deps, nav.Expense, x.ID, *pay))
	c, ok := has[ui.Confirm](msgs)
	if !ok {
		t.Fatalf("no question first: %v", msgs)
	}
	if got, _, _ := e.c.Expenses.Get(e.ctx, x.ID); len(got.Payments) != 1 {
		t.Fatal("removed before the answer")
	}
	out := tuitest.Collect(c.Yes)
	if got, _, _ := e.c.Expenses.Get(e.ctx, x.ID); len(got.Payments) != 0 {
		t.Errorf("payments %v after removing", got.Payments)
	}
	if _, ok := changed(out, nav.Expense, x.ID); !ok {
		t.Errorf("no news of the expense: %v", out)
	}
}

func TestCreateTaxDocumentOpensIt(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice(apiclient.DocProforma)
	pay, _, err := e.c.Invoices.CreatePayment(e.ctx, inv.ID, &apiclient.PaymentParams{
		Amount: apiclient.Ptr(apiclient.MustDecimal("1000")), MarkDocumentAsPaid: apiclient.Ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	out := tuitest.Collect(invoices.CreateTaxDocumentCmd(e.fd.Deps, inv.ID, pay.ID))
	if se, ok := has[ui.ShowError](out); ok {
		t.Fatalf("error: %v", se.Err)
	}
	o, ok := has[ui.Open](out)
	got, _, _ := e.c.Invoices.Get(e.ctx, inv.ID)
	if !ok || len(got.Payments) != 1 || got.Payments[0].TaxDocumentID == nil || o.ID != nav.Record(nav.Invoice, *got.Payments[0].TaxDocumentID) {
		t.Errorf("open %v, payments %+v", o, got.Payments)
	}
	// A second one cannot be made: the service's reason is shown in words.
	out = tuitest.Collect(invoices.CreateTaxDocumentCmd(e.fd.Deps, inv.ID, pay.ID))
	if se, ok := has[ui.ShowError](out); !ok || !strings.Contains(se.Err.Error(), "cannot create a tax document") {
		t.Errorf("second tax document: %v", out)
	}
}

func TestPaymentOnACancelledInvoiceInWords(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	if _, err := e.c.Invoices.Fire(e.ctx, inv.ID, apiclient.InvoiceEventCancel); err != nil {
		t.Fatal(err)
	}
	r.Keys("ctrl+s")
	if p := r.host().Problem(); p != "Payments cannot be changed on a cancelled invoice" {
		t.Errorf("cancelled invoice: %q", p)
	}
}

func TestPaymentInAForeignCurrencyAsksForTheNativeAmount(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	sub := e.subject("Lieferant GmbH", "l@example.de")
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: apiclient.Ptr(sub),
		Currency: apiclient.Ptr("EUR"), ExchangeRate: apiclient.Ptr(apiclient.MustDecimal("25")),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Parts"), Quantity: apiclient.Ptr(apiclient.MustDecimal("1")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100")), VatRate: apiclient.Ptr(apiclient.MustDecimal("0"))}}})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(forms.PaymentPage(nav.Expense, x.ID))
	if !strings.Contains(r.Page.View(), "Amount in CZK") {
		t.Fatalf("no native amount field:\n%s", r.Page.View())
	}
	r.Set("Amount in CZK", "2490.50")
	r.Keys("ctrl+s")
	got, _, _ := e.c.Expenses.Get(e.ctx, x.ID)
	if len(got.Payments) != 1 || got.Payments[0].NativeAmount.Dec().String() != "2490.5" || got.Payments[0].Currency != "EUR" {
		t.Errorf("payments %+v", got.Payments)
	}
}

// Issue 14, input: under the Czech locale the form shows the document's
// amount as a Czech bookkeeper writes it, takes "1 234,50" and
// "23. 11. 2026" as typed, and sends the API's "1234.5" and "2026-11-23";
// a value that is no number is refused with the field named, and kept.
func TestPaymentFormTakesCzechInput(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	e.fd.L = locale.New(locale.Czech)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	if got := r.LineValue("Částka"); !strings.Contains(got, "12\u00a0100") {
		t.Fatalf("the amount is not shown the Czech way: %q\n%s", got, r.Page.View())
	}
	r.Set("Částka", "1 2a4,5")
	if v := r.Page.View(); !strings.Contains(v, "1 2a4,5") || !strings.Contains(v, "✕ není číslo: použijte číslice a čárku") {
		t.Fatalf("a bad amount was not refused in Czech, or not kept:\n%s", v)
	}
	if v := r.Page.View(); !strings.Contains(v, "Nová úhrada: faktura") || !strings.Contains(v, "Označit jako uhrazené") {
		t.Errorf("the form does not speak Czech:\n%s", v)
	}
	r.Set("Částka", "1 234,50")
	r.Set("Datum", "23. 11. 2026")
	r.Keys("ctrl+s")
	got := e.invoicePayments(inv.ID)
	if len(got) != 1 || !got[0].Amount.Dec().Equal(apiclient.MustDecimal("1234.5").Dec()) || got[0].PaidOn.String() != "2026-11-23" {
		t.Fatalf("payments %+v, want one of 1234.50 paid on 2026-11-23\n%s", got, r.Page.View())
	}
}
