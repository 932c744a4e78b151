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
	if _, err := p.Run(); err != nil {
		return fmt.Errorf("run terminal ui: %w", err)
	}
	return nil
}
