package views_test

import (
	"context"
	"net/http"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/ui"
)

// A refresh of a list that changed nothing costs one request, the first
// page's, and keeps every page loaded after it (issue 26); a change at the
// top still shows at the next refresh.
func TestRefreshWithNothingNewCostsOneRequest(t *testing.T) {
	fx := newFixtureServer()
	fx.addExpenses(130) // four pages
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "G") // the expenses, all of them
	list := expenseList(t, h)
	loaded := list.Table().Len()
	if loaded != len(fx.expenses) {
		t.Fatalf("G loaded %d of %d", loaded, len(fx.expenses))
	}
	before := len(requestsMatching(fx, "expenses.json"))
	h.send(ui.AutoRefresh{})
	if got := len(requestsMatching(fx, "expenses.json")) - before; got != 1 {
		t.Errorf("a refresh with nothing new sent %d requests, want 1", got)
	}
	if got := list.Table().Len(); got != loaded {
		t.Errorf("after the refresh %d rows, want the %d loaded", got, loaded)
	}
	fx.mu.Lock()
	fx.expenses[0].Status = "paid"
	fx.mu.Unlock()
	h.send(ui.AutoRefresh{})
	if got := list.Table().Row(0).Status; got != "paid" {
		t.Errorf("a change at the top was not taken: status %q", got)
	}
}

// syncCost is what a sync of one kind with nothing new costs: the event
// log, which names every change and removal (the mirror reads the kind's
// list too when the log names a change of it, or every 15 minutes).
const syncCost = 1

// Over the local copy a refresh with nothing new is one request per list
// (the sync of its kind, issue 26), whatever the rows loaded; a change at
// the service shows at the next refresh, the cursor kept on its record.
func TestRefreshOverTheCopyCostsOneRequestPerList(t *testing.T) {
	// The mirror reads changes since the service's Date header, which the
	// sandbox takes from the system clock: the records are made an hour
	// ago, and changed now.
	counter := &poll.CountingTransport{}
	env, c, _ := sandboxVia(t, time.Now().Add(-time.Hour), func(base http.RoundTripper) http.RoundTripper { counter.Base = base; return counter })
	seedExpenses(t, c, 130)
	env.Clock.Advance(5 * time.Minute) // the records were made a while before kasa looks
	h := newHarnessWith(t, c, 80, 24, localCopy(t, t.TempDir()))
	for _, section := range []string{"1", "2", "3"} { // subjects, invoices, expenses
		h.keys(section)
		h.send(ui.AutoRefresh{}) // the first run's full pass is behind: the copy is complete
		before := counter.Count()
		h.send(ui.AutoRefresh{})
		if n := counter.Count() - before; n != syncCost {
			t.Errorf("section %s: a refresh with nothing new sent %d requests, want %d", section, n, syncCost)
		}
		h.keys("r")
		if n := counter.Count() - before; n != 2*syncCost {
			t.Errorf("section %s: r with nothing new sent %d requests, want %d", section, n-syncCost, syncCost)
		}
	}
	list := expenseList(t, h)
	h.keys("G")
	if list.Table().Len() != 130 {
		t.Fatalf("G over the copy: %d rows of 130", list.Table().Len())
	}
	h.keys("g", "j", "j")
	sel, _ := list.Selected()
	env.Clock.Set(time.Now())
	if _, _, err := c.Expenses.Update(context.Background(), sel.ID, &apiclient.ExpenseParams{Description: apiclient.Ptr("changed at the service")}); err != nil {
		t.Fatal(err)
	}
	h.send(ui.AutoRefresh{})
	now, _ := list.Selected()
	if now.ID != sel.ID || now.Description.Or("") != "changed at the service" {
		t.Errorf("after the refresh the cursor is on %d %q, want %d changed", now.ID, now.Description, sel.ID)
	}
}
