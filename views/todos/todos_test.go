package todos_test

import (
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/more/kit/kittest"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/todos"
)

func rel(typ string, id int64) sandbox.RelatedObject {
	return sandbox.RelatedObject{Type: typ, ID: id}
}

// seeded is a sandbox with three open and two completed to-dos (and n
// more open ones, for paging), and the to-do page loaded on it.
func seeded(t *testing.T, extra int) (*sandbox.Server, *apiclient.Client, *kittest.Driver, *todos.Page) {
	t.Helper()
	srv, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	at := func(h int) time.Time { return kittest.Start.Add(-time.Duration(h) * time.Hour) }
	kittest.Seed(t, srv, func(a *sandbox.Account) {
		a.AddTodo(at(50), "email_bounced", "The e-mail with invoice 2026-0042 bounced: mailbox full", nil,
			rel("Invoice", 12), rel("Subject", 3))
		done := a.AddTodo(at(40), "account_exceeded_vat_turnover_limit", "Turnover exceeded 2,000,000 CZK", nil)
		done.CompletedAt = sandbox.DateTime{Time: at(30)}
		a.AddTodo(at(20), "expense_payment_unpaired", "A payment of 4235.0 CZK could not be paired", nil,
			rel("Expense", 7), rel("ExpenseGenerator", 2))
		done2 := a.AddTodo(at(10), "inbox_files_too_many_attachments", "14 attachments, 10 added", nil)
		done2.CompletedAt = sandbox.DateTime{Time: at(5)}
		a.AddTodo(at(2), "some_new_kind", "Something the reference does not list", nil)
		for i := range extra {
			a.AddTodo(at(100+i), "email_bounced", fmt.Sprintf("bulk %d", i), nil)
		}
	})
	p := todos.New(kittest.Deps(c), ui.PageID{Kind: nav.Todos})
	d := kittest.New(t, p, 140, 24)
	return srv, c, d, p
}

func names(ts []apiclient.Todo) []string {
	out := make([]string, len(ts))
	for i, t := range ts {
		out[i] = t.Name
	}
	return out
}

func TestLoadSplitsOpenAndCompletedNewestFirst(t *testing.T) {
	_, _, d, p := seeded(t, 0)
	wantOpen := []string{"some_new_kind", "expense_payment_unpaired", "email_bounced"}
	if got := names(p.Open()); strings.Join(got, ",") != strings.Join(wantOpen, ",") {
		t.Errorf("open %v, want %v (newest first)", got, wantOpen)
	}
	wantDone := []string{"inbox_files_too_many_attachments", "account_exceeded_vat_turnover_limit"}
	if got := names(p.Completed()); strings.Join(got, ",") != strings.Join(wantDone, ",") {
		t.Errorf("completed %v, want %v (latest completed first)", got, wantDone)
	}
	view := p.View()
	for _, want := range []string{"A payment could not be paired with an expense", "Some new kind", "3 open, 2 completed"} {
		if !strings.Contains(view, want) {
			t.Errorf("view lacks %q:\n%s", want, view)
		}
	}
	if strings.Contains(view, "account_exceeded") || strings.Contains(view, "Turnover exceeded") {
		t.Errorf("the open view shows a completed to-do:\n%s", view)
	}
	d.Key("c")
	if !p.ShowingCompleted() || !strings.Contains(p.View(), "An e-mail to the inbox had too many attachments") {
		t.Errorf("c did not show the completed to-dos:\n%s", p.View())
	}
}

func TestLoadReadsEveryPage(t *testing.T) {
	_, _, _, p := seeded(t, 45)
	if n := len(p.Open()); n != 48 {
		t.Errorf("%d open to-dos loaded, want 48 (two pages of the index)", n)
	}
}

// serverTodo reads a to-do from the service.
func serverTodo(t *testing.T, c *apiclient.Client, name string) apiclient.Todo {
	t.Helper()
	for td, err := range c.Todos.ListAll(context.Background(), apiclient.TodoListOptions{}) {
		if err != nil {
			t.Fatal(err)
		}
		if td.Name == name {
			return td
		}
	}
	t.Fatalf("no to-do %s on the server", name)
	return apiclient.Todo{}
}

func TestToggleMovesAtOnceThenTheServiceAgrees(t *testing.T) {
	_, c, d, p := seeded(t, 0)
	d.Key("j") // expense_payment_unpaired
	cmd := p.Update(tuitest.Key(" "))
	if got := names(p.Open()); len(got) != 2 || strings.Contains(strings.Join(got, ","), "expense_payment_unpaired") {
		t.Fatalf("before the answer the open list is %v; the to-do should have left it at once", got)
	}
	if got := names(p.Completed()); len(got) != 3 || got[0] != "expense_payment_unpaired" {
		t.Fatalf("before the answer the completed list is %v; the to-do should be on top", got)
	}
	d.Run(cmd)
	if len(d.Errors()) != 0 {
		t.Fatalf("unexpected error: %+v", d.Errors())
	}
	if td := serverTodo(t, c, "expense_payment_unpaired"); !td.Completed() {
		t.Error("the service still has the to-do open")
	}
	if got := names(p.Completed()); got[0] != "expense_payment_unpaired" {
		t.Errorf("after the answer completed is %v", got)
	}
	// And back: x on the completed list reopens it.
	d.Key("c")
	d.Key("g")
	d.Key("x")
	if td := serverTodo(t, c, "expense_payment_unpaired"); td.Completed() {
		t.Error("x on a completed to-do did not reopen it on the service")
	}
	if len(p.Open()) != 3 {
		t.Errorf("open list %v after reopening", names(p.Open()))
	}
}

func TestFailedTogglePutsItBackAndSaysWhy(t *testing.T) {
	srv, c, d, p := seeded(t, 0)
	srv.SetFaults(sandbox.Faults{ErrorRate: 1})
	d.Key("j")
	cmd := p.Update(tuitest.Key("x"))
	if len(p.Open()) != 2 {
		t.Fatalf("the toggle was not shown at once: open %v", names(p.Open()))
	}
	d.Run(cmd)
	if got := names(p.Open()); len(got) != 3 || got[1] != "expense_payment_unpaired" {
		t.Errorf("after the failure open is %v; the to-do should be back in its place", got)
	}
	if sel, _ := p.Selected(); sel.Name != "expense_payment_unpaired" {
		t.Errorf("selected %q after the failure, want the to-do that came back", sel.Name)
	}
	errs := d.Errors()
	if len(errs) != 1 || errs[0].Err == nil || !strings.Contains(errs[0].What, "back as it was") {
		t.Fatalf("want one error panel saying it is back, got %+v", errs)
	}
	srv.SetFaults(sandbox.Faults{})
	if td := serverTodo(t, c, "expense_payment_unpaired"); td.Completed() {
		t.Error("the service completed the to-do although the request failed")
	}
}

func TestEnterOpensTheChosenRelatedObject(t *testing.T) {
	_, _, d, p := seeded(t, 0)
	d.Key("G") // email_bounced: Invoice 12, Subject 3
	if !strings.Contains(p.View(), "▸ Invoice 12") {
		t.Errorf("the related line does not mark the invoice:\n%s", p.View())
	}
	d.Key("enter")
	d.Key("right")
	d.Key("enter")
	want := []ui.PageID{nav.Record(nav.Invoice, 12), nav.Record(nav.Subject, 3)}
	if got := d.Opens(); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("opened %v, want %v", got, want)
	}
	d.Key("k") // expense_payment_unpaired: Expense 7, ExpenseGenerator 2
	d.Key("left")
	d.Key("enter")
	toasts := d.Toasts()
	if len(toasts) == 0 || !strings.Contains(toasts[len(toasts)-1].Text, "Expense generator 2 has no page") {
		t.Errorf("opening a type kasa has no page for: toasts %+v", toasts)
	}
}

func TestSentence(t *testing.T) {
	for name, want := range map[string]string{
		"expense_payment_unpaired":            "A payment could not be paired with an expense",
		"email_bounced":                       "An invoice e-mail bounced",
		"inbox_files_too_many_attachments":    "An e-mail to the inbox had too many attachments",
		"account_exceeded_vat_turnover_limit": "The turnover exceeded the VAT registration limit",
		"some_name":                           "Some name",
		"":                                    "",
	} {
		if got := todos.Sentence(locale.New(locale.English), name); got != want {
			t.Errorf("Sentence(%q) = %q, want %q", name, got, want)
		}
	}
}

func TestFailedLoadSaysWhyAndRetries(t *testing.T) {
	srv, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	srv.SetFaults(sandbox.Faults{ErrorRate: 1})
	p := todos.New(kittest.Deps(c), ui.PageID{Kind: nav.Todos})
	d := kittest.New(t, p, 80, 24)
	if v := p.View(); !strings.Contains(v, "Could not load to-dos") || !strings.Contains(v, "Press r to retry") {
		t.Fatalf("failed state:\n%s", v)
	}
	srv.SetFaults(sandbox.Faults{})
	d.Key("r")
	if v := p.View(); !strings.Contains(v, "Nothing to do") {
		t.Errorf("after r the empty state should show:\n%s", v)
	}
}

// TestTodosFollowNewsFromElsewhere: a to-do toggled on another page (the
// monitor) comes as ui.Changed without the to-do; the list loads again.
func TestTodosFollowNewsFromElsewhere(t *testing.T) {
	_, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	p := todos.New(kittest.Deps(c), ui.PageID{Kind: nav.Todos})
	kittest.New(t, p, 100, 20)
	if p.Update(ui.Changed{Kind: nav.Invoice, ID: 1}) != nil || p.Loading() {
		t.Error("an invoice's change made the to-dos load")
	}
	if cmd := p.Update(ui.Changed{Kind: nav.Todo, ID: 1}); cmd == nil || !p.Loading() {
		t.Error("a to-do changed elsewhere did not make the list load again")
	}
}
