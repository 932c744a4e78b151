package forms_test

import (
	"bytes"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Whole flows through a running program (teatest), one per form.

// program runs the real shell on the forms (and the pages that open some)
// at w x h, with start on top (nil: the first section).
func (e *env) program(start *ui.PageID, w, h int) (*teatest.TestModel, func(string)) {
	e.t.Helper()
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: e.makers(), Styles: e.fd.Styles,
		Account: "testfirma", User: "tester@example.com", Width: w, Height: h, Start: start, ToastDuration: time.Hour})
	tm := teatest.NewTestModel(e.t, m, teatest.WithInitialTermSize(w, h))
	return tm, func(what string) {
		e.t.Helper()
		teatest.WaitFor(e.t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
			teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
}

func quit(t *testing.T, tm *teatest.TestModel) {
	t.Helper()
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}

func TestFlowPartialPaymentOnAnInvoice(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	tm, waitFor := e.program(ptr(forms.PaymentPage(nav.Invoice, inv.ID)), 80, 24)
	waitFor("remaining CZK\u00a012,100.00")
	tm.Send(tuitest.Key("tab"))
	tm.Send(tuitest.Key("ctrl+u"))
	tm.Type("2100")
	waitFor("[2100")
	tm.Send(tuitest.Key("esc"))
	waitFor("Discard the unsaved payment?")
	tm.Send(tuitest.Key("n"))
	tm.Send(tuitest.Key("ctrl+s"))
	waitFor("recorded on invoice")
	quit(t, tm)
	got, _, err := e.c.Invoices.Get(e.ctx, inv.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(got.Payments) != 1 || got.Payments[0].Amount.Dec().String() != "2100" || got.RemainingAmount.Dec().String() != "10000" {
		t.Errorf("payments %+v, remaining %s", got.Payments, got.RemainingAmount)
	}
}

func TestFlowInventoryMoveOut(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	tm, waitFor := e.program(ptr(forms.NewMovePage(it.ID)), 80, 24)
	waitFor("in stock 12\u00a0ks")
	tm.Send(tuitest.Key("right"))
	tm.Send(tuitest.Key("tab"))
	tm.Send(tuitest.Key("tab"))
	tm.Type("2")
	waitFor("12 -> 10\u00a0ks")
	tm.Send(tuitest.Key("ctrl+s"))
	waitFor("recorded")
	quit(t, tm)
	if q := e.quantity(it.ID); q != "10" {
		t.Errorf("quantity %s, want 10", q)
	}
}

func TestFlowSendInvoiceEmail(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	tm, waitFor := e.program(ptr(forms.EmailPage(inv.ID)), 80, 24)
	waitFor("ucetni@odberatel.example")
	tm.Send(tuitest.Key("ctrl+s"))
	waitFor("was sent to ucetni@odberatel.example")
	quit(t, tm)
	got, _, _ := e.c.Invoices.Get(e.ctx, inv.ID)
	if got.SentAt.IsZero() {
		t.Error("the invoice was not sent")
	}
}

func ptr(id ui.PageID) *ui.PageID { return &id }

// Flows of the record forms, at 100x30.

func finalTop(t *testing.T, tm *teatest.TestModel) ui.PageID {
	t.Helper()
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*ui.Model)
	id, _ := fm.TopID()
	return id
}

func TestSubjectFlowTeatest(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	tm, waitFor := e.program(nil, 100, 30)
	waitFor("press n to add one")
	tm.Type("n")
	waitFor("only the name is required")
	tm.Type("Teatest s.r.o.")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlS})
	waitFor("Subject Teatest s.r.o. was created")
	tm.Type("q")
	if top := finalTop(t, tm); top != (ui.PageID{Kind: nav.Subjects}) {
		t.Errorf("top %v, want the subject list", top)
	}
	subs, _, err := e.c.Subjects.List(e.ctx, apiclient.SubjectListOptions{})
	if err != nil || len(subs) != 1 || subs[0].Name != "Teatest s.r.o." {
		t.Errorf("subjects %v %v", subs, err)
	}
}

func TestItemFlowTeatest(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	start := forms.NewItemPage()
	tm, waitFor := e.program(&start, 100, 30)
	waitFor("Prices are per unit without VAT")
	tm.Type("Hrnek")
	tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	tm.Type("MUG-1")
	for range 6 {
		tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	}
	tm.Type("99")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlS})
	waitFor("Item Hrnek (SKU MUG-1) was created")
	tm.Type("q")
	if top := finalTop(t, tm); top != (ui.PageID{Kind: nav.Subjects}) {
		t.Errorf("top %v, want the form closed", top)
	}
	items, _, err := e.c.InventoryItems.List(e.ctx, apiclient.InventoryItemListOptions{SKU: "MUG-1"})
	if err != nil || len(items) != 1 || items[0].NativeRetailPrice.String() != "99.0" {
		t.Errorf("items %v %v", items, err)
	}
}

func TestWebhookFlowTeatest(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	start := forms.NewWebhookPage()
	tm, waitFor := e.program(&start, 100, 30)
	waitFor("Webhooks need a paid plan")
	tm.Type("https://example.com/in")
	for range 3 {
		tm.Send(tea.KeyMsg{Type: tea.KeyTab})
	}
	tm.Send(tea.KeyMsg{Type: tea.KeyRight})
	waitFor("15 of 53 chosen")
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlS})
	waitFor("Webhook to https://example.com/in was created")
	tm.Type("q")
	finalTop(t, tm)
	hooks, _, err := e.c.Webhooks.List(e.ctx, apiclient.ListOptions{})
	if err != nil || len(hooks) != 1 || len(hooks[0].Events) != 15 || !slices.Contains(hooks[0].Events, "invoice_paid") {
		t.Errorf("webhooks %v %v", hooks, err)
	}
}
