package ui

import (
	"context"
	"errors"
	"fmt"
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/screen"
)

// Run starts the shell full-screen with mouse support and blocks until the
// user quits or ctx ends (main ends it on SIGINT, SIGTERM and SIGHUP). When
// the program has ended, whichever way, every open form's input not yet on
// disk is written as its draft; a panic comes back as a *PanicError after
// that. extra are further program options (a test's input and output).
func Run(ctx context.Context, opts Options, extra ...tea.ProgramOption) error {
	m := New(opts)
	edge := Edge{Logger: opts.Logger, Events: opts.Events}
	if len(extra) == 0 {
		// kasa paints itself on its terminal: a key's echo and the first
		// frame wait for no renderer's tick, and an idle kasa is not woken
		// by one (issue 26). Where it cannot (not a terminal; Windows),
		// Bubble Tea's renderer paints at 60 frames a second.
		switch t, err := screen.Open(os.Stdin, os.Stdout); {
		case err == nil:
			edge.Screen = t
		case !errors.Is(err, screen.ErrNotTerminal):
			m.log.Warn("Bubble Tea paints instead", "err", err)
		}
	}
	popts := append([]tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithFPS(60)}, extra...)
	_, runErr := RunProgram(ctx, m, edge, popts...)
	if edge.Screen != nil {
		// As Bubble Tea's: a terminal that cannot be restored (a closed
		// window) is no failure of kasa's.
		if err := edge.Screen.Close(); err != nil {
			m.log.Warn("terminal not restored", "err", err)
		}
	}
	if err := m.KeepDrafts(); err != nil {
		m.log.Error("drafts not kept at the end", "err", err)
		return errors.Join(runErr, fmt.Errorf("keep drafts: %w", err))
	}
	return runErr
}

// forward passes messages from events to send until events closes or done.
func forward(events <-chan tea.Msg, send func(tea.Msg), done <-chan struct{}) {
	for {
		select {
		case msg, ok := <-events:
			if !ok {
				return
			}
			send(msg)
		case <-done:
			return
		}
	}
}
