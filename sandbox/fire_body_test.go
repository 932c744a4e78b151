package sandbox_test

import (
	"net/http"
	"testing"
)

// lockedAt reads a document's locked_at ("" when unlocked).
func lockedAt(t *testing.T, e *env, path string) any {
	t.Helper()
	status, _, b := e.do("GET", path, nil)
	if status != http.StatusOK {
		t.Fatalf("GET %s: %d %s", path, status, b)
	}
	return decode[map[string]any](t, b)["locked_at"]
}

// TestFireEventInTheBody fires with `event` in a JSON body, as the official PHP
// client sends it: it works like ?event=, and the query wins when both are sent.
func TestFireEventInTheBody(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "lines": oneLine("100", 21)})
	inv := createInvoice(t, e, map[string]any{"subject_id": customer(t, e).ID, "lines": oneLine("100", 21)})
	for _, doc := range []struct{ name, path string }{
		{"expense", expensePath(e, x.ID, "")},
		{"invoice", invoicePath(e, inv.ID, "")},
	} {
		if status, _, b := e.do("POST", doc.path+"/fire.json", map[string]string{"event": "lock"}); status != http.StatusNoContent {
			t.Fatalf("%s: lock in the body: %d %s", doc.name, status, b)
		}
		if lockedAt(t, e, doc.path+".json") == nil {
			t.Fatalf("%s: not locked", doc.name)
		}
		status, _, b := e.do("POST", doc.path+"/fire.json", map[string]string{"event": "lock"})
		if status != http.StatusUnprocessableEntity || errorsOf(t, b)["event"][0] != "lock cannot be fired" {
			t.Fatalf("%s: second lock in the body: %d %s", doc.name, status, b)
		}
		if status, _, b := e.do("POST", doc.path+"/fire.json?event=unlock", map[string]string{"event": "lock"}); status != http.StatusNoContent {
			t.Fatalf("%s: query unlock beside a body lock: %d %s", doc.name, status, b)
		}
		if lockedAt(t, e, doc.path+".json") != nil {
			t.Fatalf("%s: the query's unlock did not win", doc.name)
		}
		status, _, b = e.do("POST", doc.path+"/fire.json", map[string]string{})
		if status != http.StatusUnprocessableEntity {
			t.Fatalf("%s: no event anywhere: %d %s", doc.name, status, b)
		}
	}
}
