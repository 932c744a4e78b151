package inventory

import (
	"errors"
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestQuantityCellMarksBelowMinimum(t *testing.T) {
	st := ui.NewStyles(true)
	en, cs := &common.Deps{L: locale.New(locale.English), Styles: st}, &common.Deps{L: locale.New(locale.Czech), Styles: st}
	low := apiclient.InventoryItem{TrackQuantity: true, Quantity: apiclient.MustDecimal("3"), MinQuantity: apiclient.MustDecimal("5"), UnitName: apiclient.NullOf("ks")}
	if got := quantityCell(en, low); got != "▼ 3\u00a0ks" {
		t.Errorf("below minimum: %q", got)
	}
	ok := low
	ok.Quantity = apiclient.MustDecimal("1234.5")
	if got := quantityCell(cs, ok); got != "1\u00a0234,5\u00a0ks" {
		t.Errorf("above the minimum, in Czech: %q", got)
	}
	if got := quantityCell(en, apiclient.InventoryItem{Quantity: apiclient.MustDecimal("1")}); got != "–" {
		t.Errorf("untracked: %q", got)
	}
}

func TestExplainStatesTheRule(t *testing.T) {
	re := &apiclient.RefusalError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 403,
		Fields: map[string][]string{"inventory_item": {"cannot be archived because it has no inventory moves"}}}}
	got := common.Explain(locale.New(locale.English), re, refusal(locale.New(locale.English), "An item can be archived only when it has at least one inventory move")).Error()
	want := "An item can be archived only when it has at least one inventory move. The service said: cannot be archived because it has no inventory moves"
	if got != want {
		t.Errorf("got %q\nwant %q", got, want)
	}
	ve := &apiclient.ValidationError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 422}}
	if got := common.Explain(locale.New(locale.English), ve, refusal(locale.New(locale.English), "An item that has inventory moves cannot be deleted; archive it instead")).Error(); got != "An item that has inventory moves cannot be deleted; archive it instead." {
		t.Errorf("bare 422: %q", got)
	}
	plain := errors.New("timeout")
	if got := common.Explain(locale.New(locale.English), plain, refusal(locale.New(locale.English), "An item that has inventory moves cannot be deleted; archive it instead")); got.Error() != "an unexpected error (the details are in kasa.log)" || !errors.Is(got, plain) || common.Refused(plain) {
		t.Error("a transport error is not a refusal")
	}
	if !common.Refused(re) || !common.Refused(ve) {
		t.Error("403 and 422 are refusals")
	}
}

func TestMoveTargetOpensDocumentOrItem(t *testing.T) {
	mv := func(doc *apiclient.MoveDocument) MoveRow {
		return MoveRow{InventoryMove: apiclient.InventoryMove{InventoryItemID: 7, Document: doc}}
	}
	for _, c := range []struct {
		doc  *apiclient.MoveDocument
		want ui.PageID
	}{
		{nil, nav.Record(nav.InventoryItem, 7)},
		{&apiclient.MoveDocument{Type: "Expense", ID: 12, LineID: 3}, nav.Record(nav.Expense, 12)},
		{&apiclient.MoveDocument{Type: "Invoice", ID: 5}, nav.Record(nav.Invoice, 5)},
		{&apiclient.MoveDocument{Type: "Estimate", ID: 5}, nav.Record(nav.InventoryItem, 7)},
	} {
		if got := moveTarget(mv(c.doc)); got != c.want {
			t.Errorf("%+v opens %v, want %v", c.doc, got, c.want)
		}
	}
	// Named by number where known (issue 15.5); the line id is no place on
	// the document, so it is not shown.
	en := (&common.Deps{}).WithDefaults()
	if got := documentLabel(en, &apiclient.MoveDocument{Type: "Invoice", ID: 2, LineID: 10}, "2026-0038"); got != "Invoice 2026-0038" {
		t.Errorf("label %q, want Invoice 2026-0038", got)
	}
	if got := documentLabel(en, &apiclient.MoveDocument{Type: "Expense", ID: 12, LineID: 3}, ""); got != "Expense #12" {
		t.Errorf("label %q, want Expense #12", got)
	}
	// The kind is a word of the user's language (issue 28).
	cs := common.Deps{L: locale.New(locale.Czech)}.WithDefaults()
	if got := documentLabel(cs, &apiclient.MoveDocument{Type: "Invoice", ID: 2}, "2026-0038"); got != "Faktura 2026-0038" {
		t.Errorf("label %q, want Faktura 2026-0038", got)
	}
}

func TestSortNewestFirst(t *testing.T) {
	d := func(s string) apiclient.Date { v, _ := apiclient.ParseDate(s); return v }
	ms := []apiclient.InventoryMove{{ID: 1, MovedOn: d("2026-01-02")}, {ID: 3, MovedOn: d("2026-03-01")}, {ID: 2, MovedOn: d("2026-01-02")}}
	sortNewestFirst(ms)
	if ms[0].ID != 3 || ms[1].ID != 2 || ms[2].ID != 1 {
		t.Errorf("order %d %d %d", ms[0].ID, ms[1].ID, ms[2].ID)
	}
}

// TestRetagRoutesListAnswersBack checks that a list's routed messages come
// back to Items tagged with their view, batches included, and that shell
// messages pass untouched.
func TestRetagRoutesListAnswersBack(t *testing.T) {
	page := ui.PageID{Kind: nav.Inventory}
	sub := ui.PageID{Kind: nav.Inventory + "#archived"}
	res := common.Result[int]{Page: sub, Req: 1}
	toast := ui.Toast{Text: "hi"}
	got := retag(page, sub, ViewArchived, tea.BatchMsg{func() tea.Msg { return res }, func() tea.Msg { return toast }, nil})
	b, ok := got.(tea.BatchMsg)
	if !ok || len(b) != 2 {
		t.Fatalf("batch became %T %v", got, got)
	}
	if vm, ok := b[0]().(viewMsg); !ok || vm.View != ViewArchived || vm.Page != page || vm.Msg != res {
		t.Errorf("result not tagged: %#v", b[0]())
	}
	if b[1]() != toast {
		t.Errorf("toast changed: %#v", b[1]())
	}
	other := common.Result[int]{Page: ui.PageID{Kind: "elsewhere"}}
	if retag(page, sub, ViewArchived, other) != other {
		t.Error("a message for another page was tagged")
	}
}

func TestItemsSwitchViewsLazily(t *testing.T) {
	d := common.Deps{Client: func() *apiclient.Client { return nil }, Styles: ui.NewStyles(true), Keys: ui.DefaultKeyMap()}.WithDefaults()
	p, err := NewItems(d, ui.PageID{Kind: nav.Inventory})
	if err != nil {
		t.Fatal(err)
	}
	p.SetSize(80, 20)
	p.Init()
	if p.started[ViewArchived] || !p.started[ViewActive] || !p.started[ViewLow] {
		t.Fatalf("started %v: want active and low only", p.started)
	}
	if cmd := p.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("]")}); cmd == nil || !p.started[ViewArchived] {
		t.Error("] did not load the archived view")
	}
	if cmd := p.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("[")}); cmd != nil || p.Current() != ViewActive {
		t.Errorf("[ went to %v (a load again: %v)", p.Current(), cmd != nil)
	}
	if !strings.Contains(p.View(), "[Active]") || !strings.Contains(p.View(), "Low quantity (…)") {
		t.Errorf("tab line:\n%s", p.View())
	}
	if _, err := NewItems(d, ui.PageID{Kind: nav.Inventory, ID: "sku:x"}); err == nil {
		t.Error("an id with filters was accepted")
	}
}

// The question before a move is deleted says which move (issue 15.10).
func TestDeleteMoveQuestionNamesTheMove(t *testing.T) {
	d, _ := apiclient.ParseDate("2026-11-20")
	m := MoveRow{InventoryMove: apiclient.InventoryMove{ID: 7, InventoryItemID: 3, Direction: apiclient.MoveOut,
		MovedOn: d, QuantityChange: apiclient.MustDecimal("3")}, ItemName: "Toner HP 85A"}
	msg := DeleteMoveCmd(&common.Deps{}, 3, 7, MoveName(common.Deps{}.WithDefaults(), m))()
	c, ok := msg.(ui.Confirm)
	if !ok {
		t.Fatalf("delete answered %T, want a question first", msg)
	}
	if want := "Delete the move of 2026-11-20, − out 3 of Toner HP 85A?"; c.Question != want {
		t.Errorf("question %q, want %q", c.Question, want)
	}
}
