package views_test

import (
	"fmt"
	"testing"

	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// TestGoldenScreens renders every page inside the real shell, colours off,
// at the smallest supported size and at a roomy one.
func TestGoldenScreens(t *testing.T) {
	screens := []struct {
		name string
		keys []string  // from the first section
		open ui.PageID // opened after the keys, when set
	}{
		{name: "subjects", keys: []string{"1"}},
		{name: "subject", keys: []string{"1", "enter"}},
		{name: "invoices", keys: []string{"2"}},
		{name: "invoice", keys: []string{"2", "enter"}},
		{name: "invoices_of_subject", keys: []string{"1", "I"}},
		{name: "expenses", keys: []string{"3"}},
		{name: "expense", keys: []string{"3", "enter"}},
		{name: "expense_scrolled", keys: []string{"3", "enter", "pgdown", "a"}},
		{name: "expenses_search", keys: []string{"3", "/", "b", "e", "t", "a", "enter", "esc"}}, // enter opens the first found
		{name: "expenses_filter_form", keys: []string{"3", "f", "right", "right"}},
		{name: "expenses_failed", keys: []string{"3"}},
		{name: "expense_failed", open: nav.Record(nav.Expense, 999)},
		{name: "subjects_empty", keys: []string{"1"}},
	}
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		for _, s := range screens {
			name := fmt.Sprintf("%s_%dx%d", s.name, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				fx := newFixtureServer()
				switch s.name {
				case "expenses_failed":
					fx.setFail("expenses")
				case "subjects_empty":
					fx.subjects = nil
				}
				h := newHarness(t, fx.client(t), size[0], size[1])
				h.keys(s.keys...)
				if s.open != (ui.PageID{}) {
					h.send(ui.Open{ID: s.open})
				}
				tuitest.Golden(t, name, h.view())
			})
		}
	}
}
