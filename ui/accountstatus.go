package ui

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// StatusSource reads the account's API figures for the status bar (the
// month's calls used of the limit). It runs in a Cmd, never in Update.
type StatusSource func(ctx context.Context) (APIStatus, error)

// statusTick asks for the account's figures again.
type statusTick struct{}

// statusAnswer is what the source said; a failure keeps the last figures.
type statusAnswer struct {
	st  APIStatus
	err error
}

// fetchStatus runs the source with a timeout.
func (m *Model) fetchStatus() tea.Cmd {
	src := m.opts.Status
	if src == nil {
		return nil
	}
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		st, err := src(ctx)
		return statusAnswer{st: st, err: err}
	}
}

// statusAnswered merges the figures and schedules the next read. The service
// refreshes api_calls_used hourly, so reading it often would only spend quota.
func (m *Model) statusAnswered(a statusAnswer) tea.Cmd {
	if a.err == nil {
		m.mergeStatus(a.st)
	}
	every := m.opts.StatusEvery
	if every <= 0 {
		every = 15 * time.Minute
	}
	return tea.Tick(every, func(time.Time) tea.Msg { return statusTick{} })
}
