package ui

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Run starts the shell full-screen with mouse support and blocks until the
// user quits or ctx is cancelled.
func Run(ctx context.Context, opts Options) error {
	p := tea.NewProgram(New(opts), tea.WithContext(ctx), tea.WithAltScreen(), tea.WithMouseCellMotion())
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
