package ui

import (
	"context"
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Run starts the shell full-screen with mouse support and blocks until the
// user quits or ctx ends (main ends it on SIGINT, SIGTERM and SIGHUP). When
// the program has ended, whichever way, every open form's input not yet on
// disk is written as its draft; a panic comes back as a *PanicError after
// that. extra are further program options (a test's input and output).
func Run(ctx context.Context, opts Options, extra ...tea.ProgramOption) error {
	m := New(opts)
	// The renderer paints at its frame rate: 60 fps puts a key's echo on the
	// terminal within a frame of 17 ms (20 fps gave a median of 18 ms, issue
	// 26). Its idle cost grows with the rate (measured before: 60 fps 770 ms
	// of CPU a minute, 30 fps 470, 10 fps 140): the price of an echo that
	// keeps up with typing.
	popts := append([]tea.ProgramOption{tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithFPS(60)}, extra...)
	_, runErr := RunProgram(ctx, m, Edge{Logger: opts.Logger, Events: opts.Events}, popts...)
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
