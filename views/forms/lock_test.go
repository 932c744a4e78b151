package forms_test

import (
	"github.com/kasa-tui/kasa/internal/tuitest"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/expenses"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestLockAndUnlockAnExpense(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	out := tuitest.Collect(expenses.ToggleLockCmd(e.fd.Deps, *x))
	got, _, _ := e.c.Expenses.Get(e.ctx, x.ID)
	if !got.Locked() {
		t.Fatal("not locked")
	}
	if ts := toasts(out); len(ts) != 1 || !strings.HasPrefix(ts[0], "Expense "+x.Number+" is now locked") {
		t.Errorf("toasts %q", ts)
	}
	if _, ok := changed(out, nav.Expense, x.ID); !ok {
		t.Errorf("no news of the expense: %v", out)
	}
	out = tuitest.Collect(expenses.ToggleLockCmd(e.fd.Deps, *got))
	if got, _, _ := e.c.Expenses.Get(e.ctx, x.ID); got.Locked() {
		t.Error("still locked")
	}
	if ts := toasts(out); len(ts) != 1 || ts[0] != "Expense "+x.Number+" is now unlocked" {
		t.Errorf("toasts %q", ts)
	}
}

// The page showed an old state: the service answers "lock cannot be fired";
// it is explained and the page reloads.
func TestLockThatCannotBeFiredIsExplained(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	if _, err := e.c.Expenses.Lock(e.ctx, x.ID); err != nil {
		t.Fatal(err)
	}
	out := tuitest.Collect(expenses.ToggleLockCmd(e.fd.Deps, *x)) // x is the unlocked copy
	se, ok := has[ui.ShowError](out)
	if !ok || !strings.Contains(se.Err.Error(), "cannot lock expense") || !strings.Contains(se.Err.Error(), "lock cannot be fired") ||
		!strings.Contains(se.Err.Error(), "probably locked already") {
		t.Fatalf("out %v", out)
	}
	if _, ok := changed(out, nav.Expense, x.ID); !ok {
		t.Error("the page is not reloaded")
	}
}

// Expense L asks before it locks, as invoice L does (issue 28: it asked
// nothing), and unlocks without asking.
func TestExpenseLockAsksFirst(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	out := tuitest.Collect(expenses.AskToggleLockCmd(e.fd.Deps, *x))
	c, ok := has[ui.Confirm](out)
	if !ok || !strings.Contains(c.Question, "Lock expense "+x.Number+"?") {
		t.Fatalf("no question before locking: %v", out)
	}
	if got, _, _ := e.c.Expenses.Get(e.ctx, x.ID); got.Locked() {
		t.Fatal("locked before the answer")
	}
	tuitest.Collect(c.Yes)
	got, _, _ := e.c.Expenses.Get(e.ctx, x.ID)
	if !got.Locked() {
		t.Fatal("yes did not lock")
	}
	if _, ok := has[ui.Confirm](tuitest.Collect(expenses.AskToggleLockCmd(e.fd.Deps, *got))); ok {
		t.Error("unlocking asked")
	}
}
