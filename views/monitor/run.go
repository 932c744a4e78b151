package monitor

import (
	"context"
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/ui"
)

// program adapts Model to tea.Model for the standalone monitor.
type program struct{ m *Model }

func (p program) Init() tea.Cmd                           { return p.m.Init() }
func (p program) Update(msg tea.Msg) (tea.Model, tea.Cmd) { return p, p.m.Update(msg) }
func (p program) View() string                            { return p.m.View() }

// Run shows the monitor full-screen until the user quits or ctx ends. When
// the user presses enter on an item, Run returns that item's page and
// account so the caller can open the main application on it; otherwise
// opened is nil.
// Alerts default to the terminal (standard output).
func Run(ctx context.Context, opts Options) (opened *Opened, err error) {
	if opts.Alerts == nil {
		opts.Alerts = os.Stdout
	}
	m := New(opts)
	m.standalone = true
	fps := opts.MaxFPS
	if fps <= 0 {
		fps = DefaultMaxFPS
	}
	// The edge ends the program when ctx ends (kasa's signal path) and
	// recovers a panic into runErr after logging it.
	_, runErr := ui.RunProgram(ctx, program{m}, ui.Edge{Logger: m.opts.Logger}, tea.WithAltScreen(), tea.WithReportFocus(), tea.WithFPS(fps))
	for _, mem := range m.members {
		if mem.poller != nil && mem.cachePath != "" {
			if err := poll.SaveCache(mem.cachePath, mem.poller.State()); err != nil {
				m.opts.Logger.Warn("monitor cache not written", "account", mem.acct.Slug, "err", err)
			}
		}
	}
	if runErr != nil && ctx.Err() == nil {
		return nil, fmt.Errorf("run the monitor: %w", runErr)
	}
	return m.opened, nil
}
