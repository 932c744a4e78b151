package monitor

import (
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// twoAccounts is a monitor of two accounts whose to-dos and events
// alternate in time, after each account's first fetch.
func twoAccounts(t *testing.T) (*fixture, *source) {
	t.Helper()
	clock := &testClock{now: time.Date(2026, 11, 22, 9, 0, 0, 0, cet)}
	day := clock.Now()
	acme, beta := &source{name: "Pekárna Acme s.r.o."}, &source{name: "Beta s.r.o."}
	acme.addTodo(day.Add(-5*time.Hour), "email_bounced", "Acme: e-mail bounced", apiclient.RelatedObject{Type: "Invoice", ID: 12})
	beta.addTodo(day.Add(-4*time.Hour), "expense_payment_unpaired", "Beta: payment not paired")
	acme.addEvent(day.Add(-3*time.Hour), "invoice_sent", "Acme: invoice 2026-0040 sent", apiclient.RelatedObject{Type: "Invoice", ID: 40})
	beta.addEvent(day.Add(-2*time.Hour), "expense_created", "Beta: expense N-7 created", apiclient.RelatedObject{Type: "Expense", ID: 7})
	acme.addEvent(day.Add(-time.Hour), "invoice_paid", "Acme: invoice 2026-0039 paid", apiclient.RelatedObject{Type: "Invoice", ID: 39})
	beta.invoices = []apiclient.Invoice{{Status: "overdue", Currency: "EUR", RemainingAmount: apiclient.MustDecimal("250.5")}}
	m := New(Options{
		Accounts: []Account{{Slug: "acme-pekarna", Source: acme}, {Slug: "beta-sro", Source: beta}},
		Now:      clock.Now, Loc: cet, Styles: ui.NewStyles(true), CacheDir: t.TempDir(),
	})
	m.timer = armed
	m.standalone = true
	f := &fixture{m: m, clock: clock}
	m.SetSize(100, 30)
	f.do(m.Init())
	for i := range m.members {
		f.do(m.Update(tickMsg{member: i, gen: m.members[i].gen}))
	}
	return f, beta
}

// kasa monitor --all: one stream of both accounts' to-dos and events,
// interleaved by time, each row led by its account's label (a word, at 40
// columns and at 100), counts and news per account, f narrowing to one,
// and enter opening a record in its own account.
func TestMonitorWatchesSeveralAccounts(t *testing.T) {
	f, _ := twoAccounts(t)
	for _, w := range []int{100, 40} {
		f.m.SetSize(w, 30)
		screen := ansi.Strip(f.m.View())
		for _, want := range []string{"2 accounts", "ap ", "bs ", "To-dos · 2 open"} {
			// The unpaid sums are money: whole at 40 columns too (issue 28).
			if !strings.Contains(screen, "unpaid €250.50") {
				t.Fatalf("at %d columns the unpaid sum is cut or missing:\n%s", w, screen)
			}
			if w == 100 && !strings.Contains(screen, "2 accounts: ap Pekárna Acme s.r.o. · bs Beta s.r.o.") {
				t.Fatalf("the accounts are not named beside their labels (issue 28):\n%s", screen)
			}
			// At 40 columns each company by its first word, nothing cut.
			if w == 40 && !strings.Contains(screen, "2 accounts: ap Pekárna · bs Beta") {
				t.Fatalf("at 40 columns the accounts are not named beside their labels:\n%s", screen)
			}
			if !strings.Contains(screen, want) {
				t.Fatalf("at %d columns the screen lacks %q:\n%s", w, want, screen)
			}
		}
		order := []string{"Beta: payment", "Acme: e-mail", "Acme: invoice 2026-0039", "Beta: expense", "Acme: invoice 2026-0040"}
		if w == 40 {
			for i := 1; i < len(order); i++ {
				if strings.Index(screen, order[i-1]) > strings.Index(screen, order[i]) {
					t.Fatalf("%q comes after %q: not interleaved newest first:\n%s", order[i-1], order[i], screen)
				}
			}
		}
		for _, want := range []string{"ap read 09:00", "bs read 09:00", "overdue 1 inv."} {
			if !strings.Contains(screen, want) {
				t.Fatalf("at %d columns the footer lacks %q:\n%s", w, want, screen)
			}
		}
	}
	f.do(f.m.Update(tuitest.Key("f"))) // acme only
	screen := ansi.Strip(f.m.View())
	if strings.Contains(screen, "Beta:") || !strings.Contains(screen, "kasa monitor · acme-pekarna · 1 of 2") {
		t.Fatalf("f did not narrow to the first account:\n%s", screen)
	}
	f.do(f.m.Update(tuitest.Key("f"))) // beta only
	f.do(f.m.Update(tuitest.Key("j")))
	f.do(f.m.Update(tuitest.Key("enter"))) // Beta's expense
	if o := f.m.opened; o == nil || o.Account != "beta-sro" || o.Page != nav.Record(nav.Expense, 7) {
		t.Fatalf("opened %+v, want beta-sro's expense 7", o)
	}
}

// An account that answers 402 is marked as blocked, in words, on its own
// line; the other account's rows and news stay, and its next fetch is
// where its own budget puts it.
func TestMonitorMarksAFailingAccountOnly(t *testing.T) {
	f, beta := twoAccounts(t)
	acme := f.m.members[0]
	next := acme.snap.Next
	beta.refuse = &apiclient.PaymentRequiredError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 402, Method: "GET", Path: "/todos.json"}}
	f.clock.Set(f.m.members[1].snap.Next)
	f.do(f.m.Update(tickMsg{member: 1, gen: f.m.members[1].gen}))
	screen := ansi.Strip(f.m.View())
	if !strings.Contains(screen, "bs ! account blocked (402)") || !strings.Contains(screen, "ap read 09:00") {
		t.Fatalf("the failing account is not marked alone:\n%s", screen)
	}
	if !strings.Contains(screen, "Acme: invoice 2026-0039") || !strings.Contains(screen, "Beta: expense") {
		t.Fatalf("rows were lost to one account's failure:\n%s", screen)
	}
	if !acme.snap.Next.Equal(next) {
		t.Fatalf("the working account's next fetch moved from %v to %v", next, acme.snap.Next)
	}
}
