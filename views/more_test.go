package views_test

import (
	"bytes"
	"context"
	"fmt"
	"maps"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/tuitest"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/exp/teatest"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/events"
	"github.com/kasa-tui/kasa/views/more"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/todos"
)

// moreSandbox is a sandbox account for sections 6 to 8: subjects, a
// generator, two recurring generators (one paused), two webhooks (one off,
// one with a failed delivery), to-dos and an event log, on a clock that
// does not move.
type moreSandbox struct {
	srv   *sandbox.Server
	setup sandbox.TestSetup
	c     *apiclient.Client
	ids   map[string]int64
}

func newMoreSandbox(t *testing.T, plan sandbox.Plan) *moreSandbox {
	t.Helper()
	env := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Plan: plan, Client: []apiclient.Option{apiclient.WithRetries(0)}})
	s := &moreSandbox{srv: env.Server, setup: env.Setup, c: env.Client, ids: map[string]int64{}}
	s.seed(t, plan)
	return s
}

func (s *moreSandbox) seed(t *testing.T, plan sandbox.Plan) {
	t.Helper()
	ctx := context.Background()
	c := s.c
	for _, name := range []string{"Acme s.r.o.", "Beta Supplies GmbH"} {
		sub, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(name)})
		if err != nil {
			t.Fatalf("seed subject: %v", err)
		}
		s.ids[name] = sub.ID
	}
	acme := s.ids["Acme s.r.o."]
	line := func(name, qty, price string) apiclient.LineParams {
		return apiclient.LineParams{Name: apiclient.Ptr(name), Quantity: apiclient.Ptr(apiclient.MustDecimal(qty)),
			UnitName: apiclient.Ptr("h"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal(price)),
			VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}
	}
	g, _, err := c.Generators.Create(ctx, &apiclient.GeneratorParams{Name: apiclient.Ptr("Monthly consulting"),
		SubjectID: &acme, Note: apiclient.Ptr("Consulting as agreed."), Tags: &[]string{"consulting"},
		Lines: []apiclient.LineParams{line("Consulting", "10", "1500"), line("Travel", "1", "800")}})
	if err != nil {
		t.Fatalf("seed generator: %v", err)
	}
	s.ids["generator"] = g.ID
	for i, name := range []string{"Hosting", "Support"} {
		if i >= plan.Limits.RecurringGenerators && plan.Limits.RecurringGenerators > 0 {
			break // the smaller plans allow one
		}
		r, _, err := c.RecurringGenerators.Create(ctx, &apiclient.RecurringGeneratorParams{
			GeneratorParams: apiclient.GeneratorParams{Name: apiclient.Ptr(name), SubjectID: &acme,
				Lines: []apiclient.LineParams{line(name, "1", "500")}},
			StartDate: apiclient.Ptr(apiclient.NewDate(2026, 12, 1)), MonthsPeriod: apiclient.Ptr(1 + 2*i),
		})
		if err != nil {
			t.Fatalf("seed recurring generator: %v", err)
		}
		s.ids[name] = r.ID
	}
	if id, ok := s.ids["Support"]; ok {
		if _, _, err := c.RecurringGenerators.Pause(ctx, id); err != nil {
			t.Fatalf("pause: %v", err)
		}
	}
	if plan.Limits.WebhooksAllowed {
		for i, url := range []string{"https://hooks.example/kasa", "https://erp.example/fakturoid"} {
			w, _, err := c.Webhooks.Create(ctx, &apiclient.WebhookParams{WebhookURL: apiclient.Ptr(url),
				AuthHeader: apiclient.Ptr("Bearer hook-secret"), Active: apiclient.Ptr(i == 0),
				Events: &[]string{"invoice_paid", "expense_paid", "invoice_created"}})
			if err != nil {
				t.Fatalf("seed webhook: %v", err)
			}
			s.ids[url] = w.ID
			if i == 0 {
				s.failed(t, w.FailedDeliveriesUUID)
			}
		}
	}
	a, _ := s.srv.Account("testfirma")
	at := func(h int) time.Time { return sandboxStart.Add(time.Duration(h) * time.Hour) }
	rel := func(typ string, id int64) sandbox.RelatedObject { return sandbox.RelatedObject{Type: typ, ID: id} }
	s.srv.Do(func() {
		a.Info.APICallsUsed = 412
		a.Events = nil
		a.AddEvent(at(-30), "invoice_sent", "Invoice 2026-0041 was sent to jana@acme.example", s.setup.Owner, nil,
			rel("Invoice", 41), rel("Subject", acme))
		a.AddEvent(at(-20), "invoice_paid", "", nil, map[string]any{"number": "2026-0041"}, rel("Invoice", 41), rel("Subject", acme))
		a.AddEvent(at(-10), "expense_paid", "Expense N20260007 was paid", s.setup.Owner, nil, rel("Expense", 7))
		a.AddEvent(at(-5), "recurring_generator_paused", "", s.setup.Owner, nil, rel("RecurringGenerator", s.ids["Support"]))
		a.AddEvent(at(-1), "inbox_file_added", "Inbox file scan-0042.pdf was added", s.setup.Owner, nil)
		a.AddTodo(at(-48), "email_bounced", "The e-mail with invoice 2026-0041 to jana@acme.example bounced: mailbox full",
			nil, rel("Invoice", 41), rel("Subject", acme))
		done := a.AddTodo(at(-40), "account_exceeded_vat_turnover_limit",
			"Your turnover for the past 12 months exceeded 2,000,000 CZK", nil)
		done.CompletedAt = sandbox.DateTime{Time: at(-30)}
		a.AddTodo(at(-6), "expense_payment_unpaired", "An outgoing payment of 4235.0 CZK could not be paired with any expense",
			nil, rel("Expense", 7))
		a.AddTodo(at(-3), "inbox_files_too_many_attachments", "An e-mail to the inbox had 14 attachments; only the first 10 were added", nil)
		done2 := a.AddTodo(at(-2), "some_future_kind", "A kind of to-do kasa does not know yet", nil)
		done2.CompletedAt = sandbox.DateTime{Time: at(-1)}
	})
}

// failed records a failed delivery with two attempts for a webhook.
func (s *moreSandbox) failed(t *testing.T, uuid string) {
	t.Helper()
	body, ctype := `{"error":"database locked"}`, "application/json"
	a, _ := s.srv.Account("testfirma")
	at := sandbox.DateTime{Time: sandboxStart.Add(-2 * time.Hour)}
	s.srv.Do(func() {
		a.FailedDeliveries[uuid] = []sandbox.FailedDelivery{{ID: 1, EventName: "invoice_paid", CreatedAt: at,
			IdempotencyKey: "01890a5d-ac96-774b-bcce-b302099a8057",
			Deliveries: []sandbox.DeliveryAttempt{
				{ID: 2, ResponseStatus: "500", ResponseBody: &body, ResponseContentType: &ctype, StartedAt: at},
				{ID: 1, ResponseStatus: "timeout", StartedAt: at},
			}}, {ID: 2, EventName: "expense_paid", CreatedAt: at,
			Deliveries: []sandbox.DeliveryAttempt{
				{ID: 4, ResponseStatus: "connection_failed", StartedAt: at},
				{ID: 3, ResponseStatus: "ssl_error", StartedAt: at},
			}}}
	})
}

// moreMakersForTest are views.Makers plus the pages of sections 6 to 8, so
// these tests do not wait for views.go to list them.
func moreMakersForTest(d *common.Deps) map[ui.Kind]ui.Maker {
	m := views.Makers(d)
	maps.Copy(m, todos.Makers(d))
	maps.Copy(m, events.Makers(d))
	maps.Copy(m, more.Makers(d))
	return m
}

func newMoreHarness(t *testing.T, c *apiclient.Client, w, h int) *harness {
	t.Helper()
	rec := &recorder{}
	d := testDeps(c, rec, t.TempDir())
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: moreMakersForTest(d), Styles: d.Styles, Account: "test",
		User: "tester@example.com", Width: w, Height: h, ToastDuration: time.Hour})
	hs := &harness{t: t, m: m, deps: d, rec: rec}
	hs.run(m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

func TestMoreGoldenScreens(t *testing.T) {
	screens := []struct {
		name string
		keys []string
		free bool // on the free plan (no webhooks)
	}{
		{name: "todos", keys: []string{"6"}},
		{name: "todos_completed", keys: []string{"6", "c"}},
		{name: "events", keys: []string{"7"}},
		{name: "events_paid", keys: []string{"7", "p"}},
		{name: "events_filter_form", keys: []string{"7", "f", "a", "c", "m"}},
		{name: "more", keys: []string{"8"}},
		{name: "more_generators", keys: []string{"8", "enter"}},
		{name: "more_generator", keys: []string{"8", "enter", "enter"}},
		{name: "more_recurring_generators", keys: []string{"8", "j", "enter"}},
		{name: "more_recurring_generator", keys: []string{"8", "j", "enter", "G", "enter"}},
		{name: "more_recurring_activate", keys: []string{"8", "j", "enter", "enter", "a", "2", "0", "2", "6", "-", "1", "3"}},
		{name: "more_webhooks", keys: []string{"8", "j", "j", "enter"}},
		{name: "more_webhook", keys: []string{"8", "j", "j", "enter", "G", "enter"}},
		{name: "more_webhooks_refused", keys: []string{"8", "j", "j", "enter"}, free: true},
		{name: "more_account", keys: []string{"8", "j", "j", "j", "enter"}},
		{name: "more_bank_accounts", keys: []string{"8", "j", "j", "j", "j", "enter"}},
		{name: "more_users", keys: []string{"8", "j", "j", "j", "j", "j", "enter"}},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, s := range screens {
			name := fmt.Sprintf("%s_%dx%d", s.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				plan := sandbox.PlanUnlimited
				if s.free {
					plan = sandbox.PlanFree
				}
				sb := newMoreSandbox(t, plan)
				h := newMoreHarness(t, sb.c, size[0], size[1])
				h.keys(s.keys...)
				tuitest.Golden(t, name, h.view())
			})
		}
	}
}

// TestMoreOpensRelatedRecords: enter on a to-do or an event opens the
// related record's page in the same section.
func TestMoreOpensRelatedRecords(t *testing.T) {
	sb := newMoreSandbox(t, sandbox.PlanUnlimited)
	h := newMoreHarness(t, sb.c, 120, 40)
	h.keys("6", "G", "right", "enter") // email_bounced: Invoice 41, ▸ Subject
	if want := nav.Record(nav.Subject, sb.ids["Acme s.r.o."]); h.topID() != want {
		t.Errorf("enter on the to-do opened %v, want %v", h.topID(), want)
	}
	h.keys("esc", "7", "j", "enter") // recurring_generator_paused
	if want := nav.Record(nav.RecurringGenerator, sb.ids["Support"]); h.topID() != want {
		t.Fatalf("enter on the event opened %v, want %v", h.topID(), want)
	}
	if !strings.Contains(h.view(), "‖ paused") {
		t.Errorf("the recurring generator page does not say paused:\n%s", h.view())
	}
}

// TestMoreRecurringListLearnsOfAPause: pausing on the detail page shows on
// the list below it without a refresh.
func TestMoreRecurringListLearnsOfAPause(t *testing.T) {
	sb := newMoreSandbox(t, sandbox.PlanUnlimited)
	h := newMoreHarness(t, sb.c, 120, 40)
	h.keys("8", "j", "enter", "G", "enter") // Hosting, active
	h.keys("p", "y")                        // asks first
	if !moreAnyToast(h.toasts(), "Hosting is paused") {
		t.Fatalf("no toast for the pause: %v", h.toasts())
	}
	h.keys("esc")
	list, ok := h.m.Top().(*common.ListPage[apiclient.RecurringGenerator])
	if !ok {
		t.Fatalf("top is %T", h.m.Top())
	}
	for _, r := range list.Table().Rows() {
		if r.Active {
			t.Errorf("%s still shows active on the list", r.Name)
		}
	}
	if strings.Contains(h.view(), "▶ active") {
		t.Errorf("the list still shows an active generator:\n%s", h.view())
	}
}

func moreAnyToast(toasts []string, sub string) bool {
	for _, s := range toasts {
		if strings.Contains(s, sub) {
			return true
		}
	}
	return false
}

// moreProgram runs the whole program on the sandbox through teatest.
func moreProgram(t *testing.T, c *apiclient.Client) (*teatest.TestModel, func(...string)) {
	t.Helper()
	d := testDeps(c, &recorder{}, t.TempDir())
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: moreMakersForTest(d), Styles: d.Styles,
		Account: "testfirma", User: "tester@example.com", Width: 120, Height: 30})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(120, 30))
	// waitFor waits until the output holds every one of what; what it read
	// is gone for the next call, so texts of one screen go in one call.
	waitFor := func(what ...string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
			for _, w := range what {
				if !bytes.Contains(b, []byte(w)) {
					return false
				}
			}
			return true
		},
			teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
	return tm, waitFor
}

func moreQuit(t *testing.T, tm *teatest.TestModel) *ui.Model {
	t.Helper()
	tm.Send(tuitest.Key("q"))
	return tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*ui.Model)
}

// TestMoreTodoFlowTeatest: toggle a to-do and see it move to the completed
// ones; with the service failing, a toggle comes back with an error.
func TestMoreTodoFlowTeatest(t *testing.T) {
	sb := newMoreSandbox(t, sandbox.PlanUnlimited)
	tm, waitFor := moreProgram(t, sb.c)
	waitFor("Subjects")
	tm.Send(tuitest.Key("6"))
	waitFor("3 open, 2 completed")
	tm.Send(tuitest.Key(" ")) // the newest open one: too many attachments
	// The service's answer (the toast), not only the optimistic move.
	waitFor("2 open, 3 completed", "as done")
	tm.Send(tuitest.Key("c"))
	waitFor("completed to-dos")
	sb.srv.SetFaults(sandbox.Faults{ErrorRate: 1})
	tm.Send(tuitest.Key("c"))
	waitFor("open to-dos")
	tm.Send(tuitest.Key("x"))
	waitFor("back as it was")
	tm.Send(tuitest.Key("esc"))
	sb.srv.SetFaults(sandbox.Faults{})
	fm := moreQuit(t, tm)
	p, ok := fm.Top().(*todos.Page)
	if !ok {
		t.Fatalf("top is %T", fm.Top())
	}
	if len(p.Open()) != 2 || len(p.Completed()) != 3 {
		t.Errorf("after the flow %d open, %d completed; want 2 and 3 (the failed toggle put back)",
			len(p.Open()), len(p.Completed()))
	}
	if p.Completed()[0].Name != "inbox_files_too_many_attachments" {
		t.Errorf("the toggled to-do is not on top of the completed ones: %s", p.Completed()[0].Name)
	}
}

// TestMoreEventsFlowTeatest: switch the log to paid events and back.
func TestMoreEventsFlowTeatest(t *testing.T) {
	sb := newMoreSandbox(t, sandbox.PlanUnlimited)
	tm, waitFor := moreProgram(t, sb.c)
	waitFor("Subjects")
	tm.Send(tuitest.Key("7"))
	waitFor("5 loaded, all loaded")
	tm.Send(tuitest.Key("p"))
	waitFor("paid events", "2 loaded, all loaded")
	fm := moreQuit(t, tm)
	p, ok := fm.Top().(*events.Page)
	if !ok || !p.PaidOnly() || len(p.Rows()) != 2 {
		t.Fatalf("after the flow: %T paid=%v", fm.Top(), ok && p.PaidOnly())
	}
	for _, r := range p.Rows() {
		if !strings.HasSuffix(r.Name, "_paid") {
			t.Errorf("a paid-only log shows %s", r.Name)
		}
	}
}

// TestMoreWebhookFlowTeatest: open webhooks from the More menu and switch
// the active one off.
func TestMoreWebhookFlowTeatest(t *testing.T) {
	sb := newMoreSandbox(t, sandbox.PlanUnlimited)
	tm, waitFor := moreProgram(t, sb.c)
	waitFor("Subjects")
	tm.Send(tuitest.Key("8"))
	waitFor("Recurring generators")
	tm.Send(tuitest.Key("j"))
	tm.Send(tuitest.Key("j"))
	tm.Send(tuitest.Key("enter"))
	waitFor("2 loaded, all loaded")
	tm.Send(tuitest.Key("G")) // the older one, which is on
	tm.Send(tuitest.Key(" "))
	waitFor("Nothing is sent to")
	tm.Send(tuitest.Key("y"))
	waitFor("switched off")
	moreQuit(t, tm)
	w, _, err := sb.c.Webhooks.Get(context.Background(), sb.ids["https://hooks.example/kasa"])
	if err != nil || w.Active {
		t.Errorf("the webhook is still on (err %v)", err)
	}
}

// TestMoreEveryHelpedKeyDoesSomething presses each key the help of a page
// in sections 6 to 8 offers and checks that something a user can notice
// happened: the screen, the page on top, a toast or an error panel.
func TestMoreEveryHelpedKeyDoesSomething(t *testing.T) {
	pages := []struct {
		name string
		path []string // to the page, then to a middle position
	}{
		{"todos", []string{"6", "j"}},
		{"events", []string{"7", "j", "j", "j"}},
		{"events_filter_form", []string{"7", "f", "s"}},
		{"generator", []string{"8", "enter", "enter", "j", "j", "j"}},
		{"recurring_generator", []string{"8", "j", "enter", "enter", "j", "j", "j"}},
		{"webhook", []string{"8", "j", "j", "enter", "G", "enter", "j"}},
		{"account", []string{"8", "j", "j", "j", "enter", "j", "j", "j"}},
	}
	sb := newMoreSandbox(t, sandbox.PlanUnlimited)
	for _, pg := range pages {
		probe := newMoreHarness(t, sb.c, 80, 24)
		probe.keys(pg.path...)
		var bindings []key.Binding
		for _, col := range probe.m.Top().KeyMap().FullHelp() {
			bindings = append(bindings, col...)
		}
		if len(bindings) == 0 {
			t.Fatalf("%s: empty key map", pg.name)
		}
		for _, b := range bindings {
			k := b.Keys()[0]
			t.Run(pg.name+"/"+k, func(t *testing.T) {
				// A fresh account per key: a key may change it (toggle, delete).
				sb := newMoreSandbox(t, sandbox.PlanUnlimited)
				h := newMoreHarness(t, sb.c, 80, 24)
				h.keys(pg.path...)
				before := moreSnapshot(h)
				h.keys(k)
				if moreSnapshot(h) == before {
					t.Errorf("key %q (%s) did nothing on %s", k, b.Help().Desc, pg.name)
				}
			})
		}
	}
}

func moreSnapshot(h *harness) string {
	capturing := false
	if c, ok := h.m.Top().(ui.Capturing); ok {
		capturing = c.Capturing()
	}
	var shown int
	for _, m := range h.seen {
		switch m.(type) {
		case ui.Toast, ui.ShowError, ui.Confirm, ui.Open:
			shown++
		}
	}
	return fmt.Sprintf("%s|%v|%d|%v", h.view(), h.topID(), shown, capturing)
}
