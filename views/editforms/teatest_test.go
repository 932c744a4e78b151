package editforms_test

import (
	"bytes"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/editforms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Whole flows through a real Bubble Tea program: keys in, screen out.

func (e *env) program(start *ui.PageID) (*teatest.TestModel, func(string)) {
	e.t.Helper()
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: e.makers(), Styles: e.fd.Styles,
		Account: "testfirma", User: "tester@example.com", Width: 100, Height: 30, Start: start, ToastDuration: time.Hour})
	tm := teatest.NewTestModel(e.t, m, teatest.WithInitialTermSize(100, 30))
	return tm, func(what string) {
		e.t.Helper()
		teatest.WaitFor(e.t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
			teatest.WithDuration(10*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
}

func finalTop(t *testing.T, tm *teatest.TestModel) ui.PageID {
	t.Helper()
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*ui.Model)
	id, _ := fm.TopID()
	return id
}

func TestSubjectFlowTeatest(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	tm, waitFor := e.program(nil)
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
	start := editforms.NewItemPage()
	tm, waitFor := e.program(&start)
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
	if err != nil || len(items) != 1 || items[0].NativeRetailPrice.String() != "99" {
		t.Errorf("items %v %v", items, err)
	}
}

func TestWebhookFlowTeatest(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	start := editforms.NewWebhookPage()
	tm, waitFor := e.program(&start)
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
