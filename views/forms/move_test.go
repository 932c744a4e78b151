package forms_test

import (
	"encoding/json"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/inventory"
	"github.com/kasa-tui/kasa/views/nav"
)

func (e *env) quantity(itemID int64) string {
	e.t.Helper()
	it, _, err := e.c.InventoryItems.Get(e.ctx, itemID)
	if err != nil {
		e.t.Fatal(err)
	}
	return it.Quantity.Dec().String()
}

func (e *env) moves(itemID int64) []apiclient.InventoryMove {
	e.t.Helper()
	ms, _, err := e.c.InventoryMoves.List(e.ctx, apiclient.InventoryMoveListOptions{InventoryItemID: itemID})
	if err != nil {
		e.t.Fatal(err)
	}
	return ms
}

func TestMoveFormPreviewsTheQuantityAndRecordsTheMove(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	r := e.open(forms.NewMovePage(it.ID))
	r.Keys("right") // out
	r.Set("Quantity", "3")
	if !strings.Contains(r.Page.View(), "Quantity after: 12 -> 9\u00a0ks") {
		t.Errorf("no live preview:\n%s", r.Page.View())
	}
	r.Set("Quantity", "13")
	if !strings.Contains(r.Page.View(), "! below zero — the item does not allow it") {
		t.Errorf("no warning below zero:\n%s", r.Page.View())
	}
	r.Set("Quantity", "3")
	r.Set("Note", "sold at the fair")
	r.Keys("ctrl+s")
	if q := e.quantity(it.ID); q != "9" {
		t.Errorf("quantity after the move %s, want 9", q)
	}
	if _, ok := changed(r.Out, nav.InventoryItem, it.ID); !ok {
		t.Errorf("no news of the item: %v", r.Out)
	}
	ms := e.moves(it.ID)
	if len(ms) != 1 || ms[0].PrivateNote.String() != "sold at the fair" || ms[0].Direction != apiclient.MoveOut {
		t.Errorf("moves %+v", ms)
	}
}

func TestMoveFormRequiresAPurchasePrice(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	r := e.open(forms.NewMovePage(it.ID))
	r.Set("Quantity", "1")
	r.Set("Purchase price", "")
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "/inventory_moves.json"); n != 0 {
		t.Errorf("sent %d moves without a purchase price", n)
	}
	if !strings.Contains(r.Page.View(), "✕ a price is required") {
		t.Errorf("no message:\n%s", r.Page.View())
	}
}

// The service refuses a move below zero (422): the message sits beside the
// quantity and the input stays.
func TestMoveRefusedBelowZeroKeepsInput(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	r := e.open(forms.NewMovePage(it.ID))
	r.Keys("right")
	r.Set("Quantity", "20")
	r.Set("Note", "oops")
	r.Keys("ctrl+s")
	if got := r.host().FieldErrors("quantity_change"); len(got) != 1 || !strings.Contains(got[0], "below zero") {
		t.Errorf("quantity errors %q:\n%s", got, r.Page.View())
	}
	if v := r.host().Values(); v["quantity_change"] != "20" || v["private_note"] != "oops" || v["direction"] != "out" {
		t.Errorf("values %v", v)
	}
}

// Never send twice, for a move: the dropped create is found among the item's moves.
func TestMoveUnknownOutcomeFindsTheCommittedMove(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	r := e.open(forms.NewMovePage(it.ID))
	r.Set("Quantity", "5")
	e.srv.DropNextCreates(1)
	r.Keys("ctrl+s")
	if ms := e.moves(it.ID); len(ms) != 1 {
		t.Fatalf("%d moves, want exactly 1", len(ms))
	}
	if ts := toasts(r.Out); len(ts) != 1 || !strings.Contains(ts[0], "The move was recorded") {
		t.Errorf("toasts %q:\n%s", ts, r.Page.View())
	}
	if q := e.quantity(it.ID); q != "17" {
		t.Errorf("quantity %s, want 17", q)
	}
}

func TestMoveEditSendsOnlyTheChangedFields(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	mv, _, err := e.c.InventoryMoves.Create(e.ctx, it.ID, &apiclient.InventoryMoveParams{
		Direction: apiclient.Ptr("in"), MovedOn: apiclient.Ptr(apiclient.NewDate(2026, 10, 1)),
		QuantityChange: apiclient.Ptr(apiclient.MustDecimal("4")), PurchasePrice: apiclient.Ptr(apiclient.MustDecimal("400"))})
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var body map[string]any
	e.rt.SetHook(func(r *http.Request) (*http.Response, error) {
		if r.Method == http.MethodPatch {
			b, _ := io.ReadAll(r.Body)
			r.Body = io.NopCloser(strings.NewReader(string(b)))
			mu.Lock()
			_ = json.Unmarshal(b, &body)
			mu.Unlock()
			return e.rt.Base.RoundTrip(r)
		}
		return nil, nil
	})
	r := e.open(forms.EditMovePage(it.ID, mv.ID))
	if !strings.Contains(r.Page.View(), "The direction of a move cannot be changed") {
		t.Errorf("the direction is not shown read-only:\n%s", r.Page.View())
	}
	if q := r.Line("Quantity"); !strings.Contains(q, "Quantity after: 16 -> 16\u00a0ks") {
		t.Errorf("preview of an unchanged edit: %q", q)
	}
	r.Set("Quantity", "6")
	if q := r.Line("Quantity"); !strings.Contains(q, "Quantity after: 16 -> 18\u00a0ks") {
		t.Errorf("preview of an edit: %q", q)
	}
	r.Keys("ctrl+s")
	mu.Lock()
	defer mu.Unlock()
	if len(body) != 1 || body["quantity_change"] != "6" {
		t.Errorf("PATCH body %v, want only quantity_change", body)
	}
	if q := e.quantity(it.ID); q != "18" {
		t.Errorf("quantity %s, want 18", q)
	}
}

func TestMoveOfADocumentIsReadOnly(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	sub := e.subject("Dodavatel a.s.", "d@example.com")
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: apiclient.Ptr(sub),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Lamps"), Quantity: apiclient.Ptr(apiclient.MustDecimal("2")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("400")), InventoryItemID: apiclient.Ptr(it.ID)}}})
	if err != nil {
		t.Fatal(err)
	}
	ms := e.moves(it.ID)
	if len(ms) != 1 || ms[0].Document == nil {
		t.Fatalf("no document move: %+v", ms)
	}
	r := e.open(forms.EditMovePage(it.ID, ms[0].ID))
	want := "This move belongs to Expense " + itoa(x.ID) + " and can only be changed there"
	if !strings.Contains(r.Page.View(), want) {
		t.Errorf("no reason %q:\n%s", want, r.Page.View())
	}
	if c, ok := r.Page.(ui.Capturing); ok && c.Capturing() {
		t.Error("a read-only form captures keys")
	}
	r.Keys("ctrl+s", "enter")
	if n := e.rt.Count("PATCH", ".json"); n != 0 {
		t.Errorf("%d PATCHes from a read-only form", n)
	}
}

func itoa(n int64) string {
	b, _ := json.Marshal(n)
	return string(b)
}

func TestDeleteMoveAsksThenDeletes(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	mv, _, err := e.c.InventoryMoves.Create(e.ctx, it.ID, &apiclient.InventoryMoveParams{
		Direction: apiclient.Ptr("in"), MovedOn: apiclient.Ptr(apiclient.NewDate(2026, 10, 1)),
		QuantityChange: apiclient.Ptr(apiclient.MustDecimal("4")), PurchasePrice: apiclient.Ptr(apiclient.MustDecimal("400"))})
	if err != nil {
		t.Fatal(err)
	}
	c, ok := has[ui.Confirm](tuitest.Collect(inventory.DeleteMoveCmd(e.fd.Deps, it.ID, mv.ID, "the move")))
	if !ok || len(e.moves(it.ID)) != 1 {
		t.Fatal("no question first")
	}
	out := tuitest.Collect(c.Yes)
	if len(e.moves(it.ID)) != 0 {
		t.Error("the move is still there")
	}
	if ch, ok := changed(out, nav.InventoryMoves, mv.ID); !ok || ch.Op != ui.ChangeDeleted {
		t.Errorf("no news of the deleted move: %v", out)
	}
	if _, ok := changed(out, nav.InventoryItem, it.ID); !ok {
		t.Errorf("no news of the item: %v", out)
	}
}
