package monitor

import (
	"github.com/charmbracelet/bubbles/help"

	"github.com/kasa-tui/kasa/ui"
)

// NewPage is the monitor as a page of the shell (kind nav.Monitor): enter
// opens the item's page on the shell's stack; the shell's q quits.
func NewPage(opts Options) ui.Page { return New(opts) }

// Title is the breadcrumb's title.
func (m *Model) Title() string { return m.opts.Locale.T("Monitor") }

// KeyMap lists the monitor's keys for the help line and overlay.
func (m *Model) KeyMap() help.KeyMap { return m.keys }

// Loading is true while a fetch runs (the shell's spinner).
func (m *Model) Loading() bool { return m.fetching() || !m.loaded() }
