package ui

import (
	"context"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// StatusSource reads the account's API figures for the status bar (the
// month's calls used of the limit). It runs in a Cmd, never in Update.
type StatusSource func(ctx context.Context) (APIStatus, error)

// statusTick asks for the account's figures again. gen tells the current
// timer chain from one an account switch replaced, so only one ever runs.
type statusTick struct{ gen int }

// statusAnswer is what the source said; a failure keeps the last figures.
type statusAnswer struct {
	st  APIStatus
	err error
	gen int
}

// fetchStatus runs the source with a timeout.
func (m *Model) fetchStatus() tea.Cmd {
	src := m.opts.Status
	if src == nil {
		return nil
	}
	gen := m.statusGen
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
		defer cancel()
		st, err := src(ctx)
		return statusAnswer{st: st, err: err, gen: gen}
	}
}

// refetchStatus starts a new timer chain at once (after an account switch:
// the figures belong to the account).
func (m *Model) refetchStatus() tea.Cmd {
	m.statusGen++
	return m.fetchStatus()
}

// statusAnswered merges the figures and schedules the next read. The service
// refreshes api_calls_used hourly, so reading it often would only spend quota.
func (m *Model) statusAnswered(a statusAnswer) tea.Cmd {
	if a.gen != m.statusGen {
		return nil // a chain an account switch replaced
	}
	if a.err == nil {
		m.mergeStatus(a.st)
	}
	every := m.opts.StatusEvery
	if every <= 0 {
		every = 15 * time.Minute
	}
	gen := m.statusGen
	return tea.Tick(every, func(time.Time) tea.Msg { return statusTick{gen: gen} })
}
