package pagetest

import (
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/tuitest"
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

// NeverTwice is one case of "never twice": a filled-in form, the fault its
// first send meets, and what the user does after.
type NeverTwice struct {
	World World
	Rig   *Rig
	Fault tuitest.WriteFault
	User  Hasty
	Aim   func()     // arms Fault at the form's write
	Count func() int // the write's records at the sandbox
}

// Play sends the form (ctrl+s), lets the user do what they do, then lets
// the service answer again and the user insist (ctrl+s) until the form is
// done; every step counts the records: none sent again while the reads
// fail, exactly one in the end.
func (c NeverTwice) Play(t testing.TB) {
	t.Helper()
	c.Aim()
	c.Rig.Keys("ctrl+s")
	r := c.User.Do(c.World, c.Rig)
	if c.Fault.ReadsFail && !c.User.Restarts {
		want := 0
		if c.Fault.Landed {
			want = 1
		}
		if n := c.Count(); n != want {
			t.Fatalf("%d records while the reads failed, want %d (nothing sent again)", n, want)
		}
	}
	c.World.ClearFaults()
	for i := 0; i < 3 && r.Open(); i++ {
		r.Keys("ctrl+s")
	}
	if r.Open() {
		t.Fatalf("the form is still open:\n%s", r.Page.View())
	}
	if n := c.Count(); n != 1 {
		t.Fatalf("%d records, want exactly 1\n%s", n, r.Page.View())
	}
}
