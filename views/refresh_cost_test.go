package views_test

import (
	"testing"

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
