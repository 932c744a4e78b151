package todos

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/kasa-tui/kasa/internal/locale"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more/kit"
)

// keyMap are the keys of the to-do page; help shows exactly these.
type keyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding

	Toggle, Completed, Refresh key.Binding
	kit.RelatedKeys
}

func newKeyMap(k ui.KeyMap) keyMap {
	toggle := k.Toggle
	toggle.SetHelp(toggle.Help().Key, locale.Key("toggle done"))
	return keyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom,
		Toggle:      toggle,
		Completed:   key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "show completed")),
		Refresh:     k.Refresh,
		RelatedKeys: kit.NewRelatedKeys(),
	}
}

// ShortHelp implements help.KeyMap.
func (k keyMap) ShortHelp() []key.Binding {
	return common.Enabled([]key.Binding{k.Toggle, k.Completed, k.Open, k.Refresh})
}

// FullHelp implements help.KeyMap.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		common.Enabled([]key.Binding{k.Toggle, k.Completed, k.Open, k.Prev, k.Next, k.Refresh}),
	}
}
