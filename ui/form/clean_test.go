package form

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
	"github.com/kasa-tui/kasa/ui"
)

// A paste carries whatever was on the clipboard, and a loaded value what
// the service has: both are shown (and kept) with their controls as
// placeholders, in a line field and in a text area, which keeps its lines.
func TestFormShowsPastedAndLoadedControlsAsText(t *testing.T) {
	bad := cleantest.Hostile()
	h := New(Options{ID: hostID, Styles: ui.NewStyles(true), Load: func() Loaded {
		return Loaded{Spec: &Spec{Title: "Edit " + bad, Noun: "note",
			Fields: []Field{{Key: "name", Label: "Name"}, {Key: "body", Label: "Body", Kind: FieldTextArea, Lines: 6},
				{Key: "kind", Label: "Kind", Kind: FieldChoice}, {Key: "info", Label: "Info", Kind: FieldInfo}},
			Initial: Values{"name": "", "body": "a\u202eb", "kind": bad, "info": bad},
			Submit:  func(Values) Task { return func() Result { return Result{} } }}}
	}})
	h.SetSize(300, 30)
	r := &hostRig{t: t, h: h}
	r.run(h.Init())
	if err := cleantest.Control(h.View()); err != nil {
		t.Errorf("loaded: %v", err)
	}
	r.run(h.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x" + bad), Paste: true}))
	r.keys("tab")
	r.run(h.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("one\r\ntwo\x1b[2J"), Paste: true}))
	view := h.View()
	if err := cleantest.Control(view); err != nil {
		t.Errorf("pasted: %v\n%s", err, view)
	}
	if name := h.Values()["name"]; !strings.HasPrefix(name, "xAcme␛[2J") || cleantest.Control(name) != nil {
		t.Errorf("name %q: the paste's controls are not placeholders", name)
	}
	if body := h.Values()["body"]; !strings.Contains(body, "one\ntwo␛[2J") {
		t.Errorf("body %q: the paste's lines are not kept", body)
	}
}
