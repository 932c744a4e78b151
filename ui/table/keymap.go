package table

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/kasa-tui/kasa/internal/locale"
)

// KeyMap holds the keys the table handles. It implements help.KeyMap, so
// the help screen shows the same keys that move the cursor.
type KeyMap struct {
	Up       key.Binding
	Down     key.Binding
	PageUp   key.Binding
	PageDown key.Binding
	Top      key.Binding
	Bottom   key.Binding
}

// DefaultKeyMap returns the keys kasa users expect (see architecture.md),
// with English help.
func DefaultKeyMap() KeyMap { return NewKeyMap(locale.New(locale.English)) }

// NewKeyMap is DefaultKeyMap with help in l's language.
func NewKeyMap(l locale.Locale) KeyMap {
	return KeyMap{
		Up:       key.NewBinding(key.WithKeys("up", "k"), key.WithHelp("↑/k", l.T("up"))),
		Down:     key.NewBinding(key.WithKeys("down", "j"), key.WithHelp("↓/j", l.T("down"))),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", l.T("page up"))),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", l.T("page down"))),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g/home", l.T("top"))),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G/end", l.T("bottom"))),
	}
}

// ShortHelp implements help.KeyMap.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Up, k.Down}
}

// FullHelp implements help.KeyMap.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom}}
}
