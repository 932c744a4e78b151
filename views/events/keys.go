package events

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/kasa-tui/kasa/ui"
)

// keyMap are the keys of the event log; help shows exactly the enabled ones.
type keyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding

	Paid, Filter, Clear, Open, Prev, Next, Refresh key.Binding
}

func newKeyMap(k ui.KeyMap) keyMap {
	return keyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom,
		Paid:    key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "paid only")),
		Filter:  k.Filter,
		Clear:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		Open:    key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open related")),
		Prev:    key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←", "previous related")),
		Next:    key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→", "next related")),
		Refresh: k.Refresh,
	}
}

// ShortHelp implements help.KeyMap.
func (k keyMap) ShortHelp() []key.Binding {
	return enabled([]key.Binding{k.Paid, k.Filter, k.Clear, k.Open, k.Refresh})
}

// FullHelp implements help.KeyMap.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		enabled([]key.Binding{k.Paid, k.Filter, k.Clear, k.Open, k.Prev, k.Next, k.Refresh}),
	}
}

func enabled(bs []key.Binding) []key.Binding {
	out := bs[:0:0]
	for _, b := range bs {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}
