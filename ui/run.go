package ui

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Run starts the shell full-screen with mouse support and blocks until the
// user quits or ctx is cancelled.
func Run(ctx context.Context, opts Options) error {
	// The renderer wakes at its frame rate even when nothing changes, and its
	// idle cost grows with it (measured: 60 fps 770 ms of CPU a minute, 30 fps
	// 470, 10 fps 140). 20 fps keeps a key's echo under 50 ms and the idle
	// cost near 0.5 % of a core for a program left open all day.
	p := tea.NewProgram(New(opts), tea.WithContext(ctx), tea.WithAltScreen(), tea.WithMouseCellMotion(), tea.WithFPS(20))
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
