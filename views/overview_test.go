package views_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// inLanguage sets the pages' language and keys.
func inLanguage(tag locale.Tag) func(*common.Deps) {
	return func(d *common.Deps) {
		d.L = locale.New(tag)
		d.Keys = ui.NewKeyMap(d.L)
	}
}

// The overview of the books at the smallest supported size and a roomy
// one, in English and Czech (issue 27).
func TestOverviewGoldens(t *testing.T) {
	for _, tag := range []locale.Tag{locale.English, locale.Czech} {
		for _, size := range [][2]int{{80, 24}, {160, 45}} {
			name := fmt.Sprintf("overview_%s_%dx%d", tag, size[0], size[1])
			t.Run(name, func(t *testing.T) {
				sb := booksSandbox(t)
				h := newHarnessWith(t, sb.Client, size[0], size[1], inLanguage(tag))
				h.keys("0")
				tuitest.Golden(t, name, h.view())
			})
		}
	}
}

// Every figure of the overview opens the documents it sums, and they add
// up to it; ←, → and p move the period.
func TestOverviewFiguresOpenTheirDocuments(t *testing.T) {
	sb := booksSandbox(t)
	h := newHarness(t, sb.Client, 160, 45)
	h.keys("0")
	if !strings.Contains(h.view(), "2026-11 (month)") {
		t.Fatalf("the overview does not show this month:\n%s", h.view())
	}
	h.keys("down", "enter") // Proformas (apart)
	if id := h.topID(); id.Kind != nav.FigureDocs || !strings.Contains(id.ID, "figure:proformas") {
		t.Fatalf("enter opened %+v", id)
	}
	v := h.view()
	if !strings.Contains(v, "Proformas (apart) of 2026-11") || strings.Count(v, "proforma") > 0 && !strings.Contains(v, "5,000") {
		t.Errorf("the proformas' documents:\n%s", v)
	}
	h.keys("enter")
	if id := h.topID(); id.Kind != nav.Invoice {
		t.Errorf("enter on a document opened %+v", id)
	}
	h.keys("esc", "esc")
	for range 30 {
		h.keys("down")
	}
	h.keys("enter") // the last figure: the smallest debtor
	if id := h.topID(); id.Kind != nav.FigureDocs || !strings.Contains(id.ID, "figure:debtor:") {
		t.Errorf("enter on the last figure opened %+v", id)
	}
	h.keys("esc", "left")
	if !strings.Contains(h.view(), "2026-10 (month)") {
		t.Errorf("← did not go a month back:\n%s", h.view())
	}
	h.keys("p")
	if !strings.Contains(h.view(), "2026-Q4 (quarter)") {
		t.Errorf("p did not show the quarter:\n%s", h.view())
	}
}
