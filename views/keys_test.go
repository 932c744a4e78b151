package views_test

import (
	"fmt"
	"testing"

	"github.com/charmbracelet/bubbles/key"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/expenses"
)

// TestEveryHelpedKeyDoesSomething presses each key a page's KeyMap offers,
// on a fresh app, and checks that something a user can notice happened: the
// screen, the page on top, a toast, the browser or clipboard, a request, or
// the page's focus. A help entry that does nothing fails.
func TestEveryHelpedKeyDoesSomething(t *testing.T) {
	pages := []struct {
		name string
		path []string // keys to reach the page, then to a middle position
	}{
		{"subjects", []string{"1", "j"}},
		{"subject", []string{"1", "enter", "j", "j", "j"}},
		{"invoices", []string{"2", "j"}},
		{"invoice", []string{"2", "enter", "j", "j", "j"}},
		{"expenses", []string{"3", "j", "j", "j"}},
		{"expense", []string{"3", "enter", "j", "j", "j"}},
		{"expenses_searched", []string{"3", "/", "b", "enter", "j"}},
		{"search_input", []string{"3", "/", "b"}},
		{"filter_form", []string{"3", "f", "right"}},
		{"download_prompt", []string{"3", "enter", "D"}},
	}
	for _, pg := range pages {
		probe := newKeyHarness(t)
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
			t.Run(fmt.Sprintf("%s/%s", pg.name, k), func(t *testing.T) {
				h := newKeyHarness(t)
				h.keys(pg.path...)
				before := h.snapshot()
				h.keys(k)
				if h.snapshot() == before {
					t.Errorf("key %q (%s) did nothing on %s", k, b.Help().Desc, pg.name)
				}
			})
		}
	}
}

// keyHarness has enough expenses to move around in.
func newKeyHarness(t *testing.T) *keyHarness {
	fx := newFixtureServer()
	fx.addExpenses(10)
	return &keyHarness{harness: newHarness(t, fx.client(t), 80, 24), fx: fx}
}

type keyHarness struct {
	*harness
	fx *fixtureServer
}

func (h *keyHarness) snapshot() string {
	top := h.m.Top()
	capturing := false
	if c, ok := top.(ui.Capturing); ok {
		capturing = c.Capturing()
	}
	extra := ""
	if d, ok := top.(*expenses.Detail); ok {
		extra = fmt.Sprint(d.SelectedAttachment())
	}
	return fmt.Sprintf("%s|%v|%d|%v|%v|%d|%v|%s", h.view(), h.topID(), len(h.toasts()),
		h.rec.opened, h.rec.copied, len(h.fx.seen()), capturing, extra)
}
