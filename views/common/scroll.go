package common

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// ScrollKeys are the keys that move a page of text (a detail, the account).
type ScrollKeys struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding
}

// NewScrollKeys are the scrolling keys of the key map.
func NewScrollKeys(k ui.KeyMap) ScrollKeys {
	return ScrollKeys{Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom}
}

// All is the keys in help order.
func (k ScrollKeys) All() []key.Binding {
	return []key.Binding{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}
}

// Scroll moves vp for a scrolling key or the mouse wheel (three lines a
// notch); false for any other message.
func Scroll(vp *viewport.Model, k ScrollKeys, msg tea.Msg) bool {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		switch {
		case key.Matches(msg, k.Up):
			vp.ScrollUp(1)
		case key.Matches(msg, k.Down):
			vp.ScrollDown(1)
		case key.Matches(msg, k.PageUp):
			vp.PageUp()
		case key.Matches(msg, k.PageDown):
			vp.PageDown()
		case key.Matches(msg, k.Top):
			vp.GotoTop()
		case key.Matches(msg, k.Bottom):
			vp.GotoBottom()
		default:
			return false
		}
		return true
	case tea.MouseMsg:
		switch msg.Button {
		case tea.MouseButtonWheelUp:
			vp.ScrollUp(3)
		case tea.MouseButtonWheelDown:
			vp.ScrollDown(3)
		default:
			return false
		}
		return true
	}
	return false
}
