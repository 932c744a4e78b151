package table

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// DebounceMsg arrives when a debounce delay has passed. Owner is the
// Debouncer's owner, so the shell can route it to the page that asked.
type DebounceMsg struct {
	Owner string
	ID    int
}

// Debounce returns a command that sends DebounceMsg{ID: id} after d.
func Debounce(id int, d time.Duration) tea.Cmd {
	return debounce("", id, d)
}

func debounce(owner string, id int, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return DebounceMsg{Owner: owner, ID: id} })
}

// Debouncer lets a page act on input (a search box) only once the user
// stops typing: call Trigger on every change and act on a DebounceMsg only
// when IsLatest says it belongs to the last change. Keep one per page; it
// holds no shared state.
type Debouncer struct {
	owner string
	delay time.Duration
	id    int
}

// NewDebouncer returns a Debouncer whose messages carry owner.
func NewDebouncer(owner string, delay time.Duration) Debouncer {
	return Debouncer{owner: owner, delay: delay}
}

// Trigger starts a new delay; messages of earlier delays are no longer
// latest.
func (d *Debouncer) Trigger() tea.Cmd {
	d.id++
	return debounce(d.owner, d.id, d.delay)
}

// Cancel makes every delay in flight stale (for example when the search is
// submitted with enter before the delay ends).
func (d *Debouncer) Cancel() { d.id++ }

// IsLatest reports whether msg comes from this Debouncer's last Trigger.
func (d *Debouncer) IsLatest(msg DebounceMsg) bool {
	return msg.Owner == d.owner && msg.ID == d.id
}
