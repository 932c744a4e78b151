package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// AutoRefresh is sent to the page on top every Options.AutoRefresh, so an open
// list stays current without a key press. Only the page on top gets it: pages
// nobody is looking at spend no requests from the monthly quota.
type AutoRefresh struct{}

// autoRefreshTick is the shell's single refresh timer.
type autoRefreshTick struct{}

func (m *Model) scheduleAutoRefresh() tea.Cmd {
	if m.opts.AutoRefresh <= 0 {
		return nil
	}
	return tea.Tick(m.opts.AutoRefresh, func(time.Time) tea.Msg { return autoRefreshTick{} })
}

// autoRefresh passes the tick on to the page on top, unless the user is busy
// with an overlay or typing, and schedules the next one.
func (m *Model) autoRefresh() tea.Cmd {
	next := m.scheduleAutoRefresh()
	p := m.Top()
	if p == nil || len(m.overlays) > 0 {
		return next
	}
	if c, ok := p.(Capturing); ok && c.Capturing() {
		return next
	}
	return tea.Batch(next, p.Update(AutoRefresh{}))
}
