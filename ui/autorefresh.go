package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// AutoRefresh is sent to the page on top every Options.AutoRefresh, so an open
// list stays current while the user works with it. Only the page on top gets
// it, and only while the user is there: pages nobody is looking at, and an
// application left open all day, spend no requests from the monthly quota.
type AutoRefresh struct{}

// idleTicksBeforePause is how many refresh intervals without a key press or
// a click stop the refreshing; the next input resumes it.
const idleTicksBeforePause = 3

// autoRefreshTick is the shell's single refresh timer.
type autoRefreshTick struct{}

func (m *Model) scheduleAutoRefresh() tea.Cmd {
	every := m.opts.AutoRefresh
	if every <= 0 {
		return nil
	}
	if m.opts.AutoRefreshEvery != nil {
		// The account's plan paces the refreshes with the monitor's reads
		// (issue 26): never more often than the setting.
		every = max(every, m.opts.AutoRefreshEvery())
	}
	return tea.Tick(every, func(time.Time) tea.Msg { return autoRefreshTick{} })
}

// autoRefresh passes the tick on to the page on top, unless the user is busy
// with an overlay or typing, and schedules the next one.
func (m *Model) autoRefresh() tea.Cmd {
	next := m.scheduleAutoRefresh()
	if m.inputs == m.inputsAtTick {
		m.idleTicks++
	} else {
		m.idleTicks = 0
	}
	m.inputsAtTick = m.inputs
	if m.idleTicks >= idleTicksBeforePause {
		return next
	}
	p := m.Top()
	if p == nil || len(m.overlays) > 0 {
		return next
	}
	if c, ok := p.(Capturing); ok && c.Capturing() {
		return next
	}
	return tea.Batch(next, p.Update(AutoRefresh{}))
}
