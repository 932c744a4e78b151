package pagetest

import (
	"slices"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// World is what a hasty user's tests run in: a form page opened again (its
// draft offered), kasa restarted on the same folders, and the service
// reachable again.
type World interface {
	Open(id ui.PageID) *Rig
	Restart()
	ClearFaults()
}

// Hasty is what a user does right after a send met a fault.
type Hasty struct {
	Name string
	// Restarts: the user leaves and comes back when the service answers
	// again (a form done already has no draft to come back to).
	Restarts bool
	Do       func(w World, r *Rig) *Rig // answers the page the user is on after
}

// HastyUsers press a send key again at once (ctrl+s, ctrl+y, enter), quit
// and restore the draft, or restart kasa.
func HastyUsers() []Hasty {
	return []Hasty{
		{"ctrl+s", false, func(_ World, r *Rig) *Rig { r.Keys("ctrl+s", "ctrl+s", "ctrl+s"); return r }},
		{"ctrl+y", false, func(_ World, r *Rig) *Rig { r.Keys("ctrl+y", "ctrl+y", "ctrl+y"); return r }},
		{"enter", false, func(_ World, r *Rig) *Rig { r.Keys(slices.Repeat([]string{"enter"}, 12)...); return r }},
		{"quit and restore the draft", true, func(w World, r *Rig) *Rig {
			w.ClearFaults()
			if !r.Open() {
				return r
			}
			r2 := w.Open(r.ID)
			r2.Keys("ctrl+s")
			return r2
		}},
		{"restart", true, func(w World, r *Rig) *Rig {
			w.ClearFaults()
			w.Restart()
			if !r.Open() {
				return r
			}
			r2 := w.Open(r.ID)
			r2.Keys("ctrl+s")
			return r2
		}},
	}
}

// Open reports whether the page has not finished (a form's success emits
// ui.Back).
func (r *Rig) Open() bool {
	return !slices.ContainsFunc(r.Out, func(m tea.Msg) bool { _, ok := m.(ui.Back); return ok })
}
