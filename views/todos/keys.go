package todos

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/kasa-tui/kasa/ui"
)

// keyMap are the keys of the to-do page; help shows exactly these.
type keyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding

	Toggle, Completed, Open, Prev, Next, Refresh key.Binding
}

func newKeyMap(k ui.KeyMap) keyMap {
	toggle := k.Toggle
	toggle.SetHelp(toggle.Help().Key, "toggle done")
	return keyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom,
		Toggle:    toggle,
		Completed: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "show completed")),
		Open:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open related")),
		Prev:      key.NewBinding(key.WithKeys("left", "h"), key.WithHelp("←", "previous related")),
		Next:      key.NewBinding(key.WithKeys("right", "l"), key.WithHelp("→", "next related")),
		Refresh:   k.Refresh,
	}
}

// ShortHelp implements help.KeyMap.
func (k keyMap) ShortHelp() []key.Binding {
	return enabled([]key.Binding{k.Toggle, k.Completed, k.Open, k.Refresh})
}

// FullHelp implements help.KeyMap.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		enabled([]key.Binding{k.Toggle, k.Completed, k.Open, k.Prev, k.Next, k.Refresh}),
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
