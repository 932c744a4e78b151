package events

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more/kit"
)

// keyMap are the keys of the event log; help shows exactly the enabled ones.
type keyMap struct {
	Up, Down, PageUp, PageDown, Top, Bottom key.Binding

	Paid, Filter, Clear, Refresh, Export key.Binding
	kit.RelatedKeys
}

func newKeyMap(k ui.KeyMap) keyMap {
	return keyMap{
		Up: k.Up, Down: k.Down, PageUp: k.PageUp, PageDown: k.PageDown, Top: k.Top, Bottom: k.Bottom,
		Paid:        key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "paid only")),
		Filter:      k.Filter,
		Clear:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "clear filter")),
		Refresh:     k.Refresh,
		Export:      common.ExportKey(locale.Locale{}), // the shell translates help
		RelatedKeys: kit.NewRelatedKeys(),
	}
}

// ShortHelp implements help.KeyMap.
func (k keyMap) ShortHelp() []key.Binding {
	return common.Enabled([]key.Binding{k.Paid, k.Filter, k.Clear, k.Open, k.Refresh})
}

// FullHelp implements help.KeyMap.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		common.Enabled([]key.Binding{k.Paid, k.Filter, k.Clear, k.Open, k.Prev, k.Next, k.Refresh, k.Export}),
	}
}
