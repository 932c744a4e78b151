package forms_test

import (
	"bytes"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Whole flows through a running program (teatest), one per form.

func (e *env) program(start ui.PageID) (*teatest.TestModel, func(string)) {
	e.t.Helper()
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: forms.Makers(e.fd), Styles: e.fd.Styles,
		Account: "testfirma", User: "tester@example.com", Width: 80, Height: 24, Start: &start})
	tm := teatest.NewTestModel(e.t, m, teatest.WithInitialTermSize(80, 24))
	waitFor := func(what string) {
		e.t.Helper()
		teatest.WaitFor(e.t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
			teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
	return tm, waitFor
}

func quit(t *testing.T, tm *teatest.TestModel) {
	t.Helper()
	tm.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	tm.WaitFinished(t, teatest.WithFinalTimeout(10*time.Second))
}

func TestFlowPartialPaymentOnAnInvoice(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	tm, waitFor := e.program(forms.PaymentPage(nav.Invoice, inv.ID))
	waitFor("remaining 12100.0 CZK")
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
	tm, waitFor := e.program(forms.NewMovePage(it.ID))
	waitFor("in stock 12 ks")
	tm.Send(tuitest.Key("right"))
	tm.Send(tuitest.Key("tab"))
	tm.Send(tuitest.Key("tab"))
	tm.Type("2")
	waitFor("12 -> 10 ks")
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
	tm, waitFor := e.program(forms.EmailPage(inv.ID))
	waitFor("ucetni@odberatel.example")
	tm.Send(tuitest.Key("ctrl+s"))
	waitFor("was sent to ucetni@odberatel.example")
	quit(t, tm)
	got, _, _ := e.c.Invoices.Get(e.ctx, inv.ID)
	if got.SentAt.IsZero() {
		t.Error("the invoice was not sent")
	}
}
