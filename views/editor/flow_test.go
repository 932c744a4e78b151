package editor_test

import (
	"bytes"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/nav"
)

// program runs the whole application on the test's sandbox, opened on start.
func (e *env) program(start ui.PageID) (*teatest.TestModel, func(string)) {
	e.t.Helper()
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: views.Makers(e.fd.Deps), Styles: e.fd.Styles,
		Account: "testfirma", User: "tester@example.com", Width: 120, Height: 40, Start: &start})
	tm := teatest.NewTestModel(e.t, m, teatest.WithInitialTermSize(120, 40))
	e.t.Cleanup(func() { _ = tm.Quit() })
	return tm, func(what string) {
		e.t.Helper()
		teatest.WaitFor(e.t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
			teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
}

// typeLine adds a line in the focused lines table: name, then price.
func typeLine(tm *teatest.TestModel, name, price string) {
	tm.Send(tuitest.Key("a"))
	tm.Type(name)
	for range 3 {
		tm.Send(tuitest.Key("tab"))
	}
	tm.Type(price)
	tm.Send(tuitest.Key("enter"))
}

// An expense from the list: n, the supplier picked by typing, a line,
// ctrl+s, and the new expense's page.
func TestExpenseFlowTeatest(t *testing.T) {
	e := newEnv(t)
	e.subject("Beta Supplies s.r.o.", "supplier")
	tm, waitFor := e.program(ui.PageID{Kind: nav.Expenses})
	waitFor("No expenses yet")
	tm.Send(tuitest.Key("n"))
	waitFor("New expense")
	tm.Type("Beta")
	waitFor("Beta Supplies s.r.o.")
	tm.Send(tuitest.Key("enter"))
	tm.Send(tuitest.Key("tab"))
	typeLine(tm, "Paper", "100")
	waitFor("total CZK\u00a0121.00") // money keeps its code and amount together
	tm.Send(tuitest.Key("ctrl+s"))
	waitFor("was created")
	list, _, _ := e.c.Expenses.List(e.ctx, apiclient.DocumentListOptions{})
	if len(list) != 1 || list[0].Total.String() != "121.0" {
		t.Errorf("expenses on the service: %+v", list)
	}
}

// A template from its list: n, its name, the client, a line, saved.
func TestTemplateFlowTeatest(t *testing.T) {
	e := newEnv(t)
	e.subject("Acme s.r.o.", "customer")
	tm, waitFor := e.program(ui.PageID{Kind: nav.Generators})
	waitFor("No generators yet")
	tm.Send(tuitest.Key("n"))
	waitFor("New template")
	tm.Type("Monthly support")
	tm.Send(tuitest.Key("tab"))
	tm.Type("Acme")
	waitFor("Acme s.r.o.")
	tm.Send(tuitest.Key("enter"))
	tm.Send(tuitest.Key("tab"))
	typeLine(tm, "Support", "1500")
	tm.Send(tuitest.Key("ctrl+s"))
	waitFor("Template Monthly support was created")
}

// A recurring template: its name, schedule, client and a line.
func TestRecurringFlowTeatest(t *testing.T) {
	e := newEnv(t)
	e.subject("Acme s.r.o.", "customer")
	tm, waitFor := e.program(ui.PageID{Kind: nav.RecurringGenerators})
	waitFor("No recurring generators yet")
	tm.Send(tuitest.Key("n"))
	waitFor("New recurring template")
	tm.Type("Hosting")
	tm.Send(tuitest.Key("tab"))
	tm.Type("Acme")
	waitFor("Acme s.r.o.")
	tm.Send(tuitest.Key("enter"))
	tm.Send(tuitest.Key("tab"))
	typeLine(tm, "Hosting", "300")
	for _, step := range []struct {
		tabs int
		text string
	}{{2, "2026-12-01"}, {2, "1"}} {
		for range step.tabs {
			tm.Send(tuitest.Key("tab"))
		}
		tm.Type(step.text)
	}
	tm.Send(tuitest.Key("ctrl+s"))
	waitFor("Recurring template Hosting was created")
}

// An invoice from a template, marked as sent and cancelled on its page.
func TestInvoiceFlowTeatest(t *testing.T) {
	e := newEnv(t)
	sub := e.subject("Acme s.r.o.", "customer")
	g, _, err := e.c.Generators.Create(e.ctx, &apiclient.GeneratorParams{Name: apiclient.Ptr("Monthly"), SubjectID: &sub,
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Support"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1500")),
			VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}})
	if err != nil {
		t.Fatal(err)
	}
	tm, waitFor := e.program(nav.Record(nav.Generator, g.ID))
	waitFor("Generator Monthly")
	tm.Send(tuitest.Key("i"))
	// The editor has read the template (its title shows before: a ctrl+s
	// then was not taken, and the test typed into the client field).
	waitFor("1 line · 1,500.00")
	tm.Send(tuitest.Key("ctrl+s"))
	// The new invoice's page has loaded (its keys act from then on; the
	// "was created" toast may come first). Its lock field is on the page
	// only: "Taxable supply" was the editor's label too, and matched early.
	waitFor("unlocked")
	tm.Send(tuitest.Key("M"))
	waitFor("as sent without sending it?") // it cannot be undone: asked
	tm.Send(tuitest.Key("y"))
	waitFor("is marked as sent")
	tm.Send(tuitest.Key("C"))
	waitFor("Cancel invoice")
	tm.Send(tuitest.Key("y"))
	waitFor("is cancelled")
	list, _, _ := e.c.Invoices.List(e.ctx, apiclient.DocumentListOptions{})
	if len(list) != 1 || list[0].Status != "cancelled" {
		t.Errorf("invoices on the service: %+v", list)
	}
}
