package ui

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/tuitest"
)

// altMarker is what a Confirm's Alt answer emits in the test.
type altMarker string

// A Confirm with an Alt answer shows three buttons; a, or enter on the
// third, runs Alt and not Yes; the focus still starts on No (issue 27).
func TestConfirmWithAltAnswer(t *testing.T) {
	cases := []struct {
		keys     []string
		yes, alt bool
	}{
		{[]string{"a"}, false, true},
		{[]string{"y"}, true, false},
		{[]string{"enter"}, false, false},
		{[]string{"right", "enter"}, true, false},
		{[]string{"right", "right", "enter"}, false, true},
		{[]string{"left", "enter"}, false, true},
		{[]string{"esc"}, false, false},
	}
	for _, c := range cases {
		f := newFixture(t, nil)
		f.send(Confirm{Question: "Pay 2 invoices?", Yes: Emit(marker("yes")), Alt: Emit(altMarker("alt")), AltLabel: "Pay without e-mails"})
		if v := f.m.View(); !strings.Contains(v, "Pay without e-mails") || !strings.Contains(v, "[ No ]") || !strings.Contains(v, "a Pay without e-mails") {
			t.Fatalf("no third answer, or No not focused:\n%s", v)
		}
		var msgs []tea.Msg
		for _, k := range c.keys {
			msgs = append(msgs, f.send(tuitest.Key(k))...)
		}
		if yes, alt := hasMsg[marker](msgs), hasMsg[altMarker](msgs); yes != c.yes || alt != c.alt {
			t.Errorf("keys %v: Yes ran %v, Alt ran %v; want %v, %v", c.keys, yes, alt, c.yes, c.alt)
		}
		if len(f.m.overlays) != 0 {
			t.Errorf("keys %v: dialog still open", c.keys)
		}
	}
}
