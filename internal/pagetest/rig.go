// Package pagetest drives one page without the shell, for the tests of
// forms and the document editor (package tuitest is the shell-level
// harness; ui's own tests use it, so it cannot import ui).
package pagetest

import (
	"strings"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
)

// Rig drives one page without the shell: the answers routed to the page go
// back to it, every other message is kept in Out (toasts, ui.Changed,
// ui.Open), as a test of a form or an editor wants.
type Rig struct {
	T    testing.TB
	ID   ui.PageID
	Page ui.Page
	Out  []tea.Msg
}

// NewRig sizes page and runs its Init.
func NewRig(t testing.TB, id ui.PageID, page ui.Page, w, h int) *Rig {
	r := &Rig{T: t, ID: id, Page: page}
	page.SetSize(w, h)
	r.Run(page.Init())
	return r
}

// Run runs cmd and delivers what it yields.
func (r *Rig) Run(cmd tea.Cmd) {
	for _, m := range tuitest.Collect(cmd) {
		if rt, ok := m.(ui.Routed); ok && rt.Target() == r.ID {
			r.Run(r.Page.Update(m))
			continue
		}
		r.Out = append(r.Out, m)
	}
}

// Press sends one key and returns its Cmd without running it.
func (r *Rig) Press(k string) tea.Cmd { return r.Page.Update(tuitest.Key(k)) }

// Keys sends keys, running what each leads to.
func (r *Rig) Keys(ks ...string) {
	for _, k := range ks {
		r.Run(r.Press(k))
	}
}

// TypeText types s letter by letter.
func (r *Rig) TypeText(s string) {
	for _, c := range s {
		r.Run(r.Page.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{c}}))
	}
}

// Focus tabs to the field whose line starts with label (a form's focused
// line starts with "▸ ").
func (r *Rig) Focus(label string) {
	r.T.Helper()
	for range 100 {
		for _, l := range strings.Split(r.Page.View(), "\n") {
			if strings.HasPrefix(l, "▸ "+label) {
				return
			}
		}
		r.Keys("tab")
	}
	r.T.Fatalf("no field %q:\n%s", label, r.Page.View())
}

// Set replaces the text of the field labelled label.
func (r *Rig) Set(label, value string) {
	r.T.Helper()
	r.Focus(label)
	r.Keys("ctrl+u") // delete to the start: the cursor sits at the end
	r.TypeText(value)
}

// Line is the first line of the page that starts with prefix (after the
// focus mark).
func (r *Rig) Line(prefix string) string {
	for _, l := range strings.Split(r.Page.View(), "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, "▸ "), prefix) {
			return l
		}
	}
	return ""
}

// LineValue is the text between the brackets of the field labelled label.
func (r *Rig) LineValue(label string) string {
	_, v, _ := strings.Cut(r.Line(label), "[")
	v, _, _ = strings.Cut(v, "]")
	return strings.TrimSpace(v)
}
