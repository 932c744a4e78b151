package ui

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Run starts the shell full-screen with mouse support and blocks until the
// user quits or ctx is cancelled.
func Run(ctx context.Context, opts Options) error {
	// The renderer paints at its frame rate: 60 fps puts a key's echo on the
	// terminal within a frame of 17 ms (20 fps gave a median of 18 ms, issue
	// 26). Its idle cost grows with the rate (measured before: 60 fps 770 ms
	// of CPU a minute, 30 fps 470, 10 fps 140): the price of an echo that
	// keeps up with typing.
	p := tea.NewProgram(New(opts), tea.WithContext(ctx), tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithFPS(60))
	if opts.Events != nil {
		// Messages from outside the program (the API client's retries) come
		// in through Send, never from inside Update.
		done := make(chan struct{})
		defer close(done)
		go forward(opts.Events, p.Send, done)
	}
	if _, err := p.Run(); err != nil {
		return fmt.Errorf("run terminal ui: %w", err)
	}
	return nil
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
