package ui

import (
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/kasa-tui/kasa/internal/locale"
)

// Placeholder stands in for a section whose page is not built yet. The shell
// uses it for any PageID whose Kind has no Maker.
type Placeholder struct {
	l             locale.Locale
	title         string
	width, height int
}

// NewPlaceholder returns a page saying "<title> comes in a later version"
// in l's language.
func NewPlaceholder(title string, l locale.Locale) *Placeholder {
	return &Placeholder{title: title, l: l}
}

// Init does nothing.
func (p *Placeholder) Init() tea.Cmd { return nil }

// Update does nothing.
func (p *Placeholder) Update(tea.Msg) tea.Cmd { return nil }

// View centres the notice in the body.
func (p *Placeholder) View() string {
	return lipgloss.Place(p.width, p.height, lipgloss.Center, lipgloss.Center, p.l.Tf("%s comes in a later version", p.title))
}

// SetSize records the body size.
func (p *Placeholder) SetSize(width, height int) { p.width, p.height = width, height }

// Title is the section's title.
func (p *Placeholder) Title() string { return p.title }

// KeyMap is empty: the page has no keys of its own.
func (p *Placeholder) KeyMap() help.KeyMap { return emptyKeyMap{} }

// Loading is always false.
func (p *Placeholder) Loading() bool { return false }

type emptyKeyMap struct{}

func (emptyKeyMap) ShortHelp() []key.Binding  { return nil }
func (emptyKeyMap) FullHelp() [][]key.Binding { return nil }
