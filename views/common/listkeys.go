package common

import (
	"github.com/charmbracelet/bubbles/key"
	"github.com/kasa-tui/kasa/internal/locale"

	"github.com/kasa-tui/kasa/ui"
)

// listKeys are the keys a list page handles; its KeyMap shows exactly the
// enabled ones, so the help never offers a key that does nothing.
type listKeys struct {
	Up, Down, Top, Bottom, PageUp, PageDown key.Binding

	Open, Search, Filter, Refresh, Browser, Copy, Clear, Totals key.Binding
	SortNext, SortReverse, Mark, Export                         key.Binding
	Extra                                                       []key.Binding
}

func newListKeys(k ui.KeyMap, l locale.Locale, extra []key.Binding) listKeys {
	next, reverse := sortKeys(l)
	return listKeys{
		SortNext: next, SortReverse: reverse, Mark: markKey(l),
		Up: k.Up, Down: k.Down, Top: k.Top, Bottom: k.Bottom, PageUp: k.PageUp, PageDown: k.PageDown,
		Open: k.Open, Search: k.Search, Filter: k.Filter, Refresh: k.Refresh, Browser: k.Browser, Copy: k.Copy,
		Clear:  key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", l.T("clear search, then filter"))),
		Totals: totalsKey(l), Export: ExportKey(l),
		Extra: extra,
	}
}

// ShortHelp implements help.KeyMap.
func (k listKeys) ShortHelp() []key.Binding {
	return Enabled([]key.Binding{k.Open, k.Search, k.Filter, k.Clear, k.Refresh})
}

// FullHelp implements help.KeyMap.
func (k listKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Up, k.Down, k.PageUp, k.PageDown, k.Top, k.Bottom},
		Enabled([]key.Binding{k.Open, k.Search, k.Filter, k.Clear, k.Refresh}),
		Enabled(append([]key.Binding{k.Browser, k.Copy, k.Totals, k.SortNext, k.SortReverse, k.Mark, k.Export}, k.Extra...)),
	}
}

// inputKeys are the keys while a one-line input has focus: enter takes
// it, esc drops it.
type inputKeys struct{ Enter, Esc key.Binding }

func newInputKeys(enter, esc string) inputKeys {
	return inputKeys{
		Enter: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", enter)),
		Esc:   key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", esc)),
	}
}

// newSearchKeys are the keys while the search input has focus.
func newSearchKeys(l locale.Locale) inputKeys {
	return newInputKeys(l.T("search, then open"), l.T("clear search"))
}

// ShortHelp implements help.KeyMap.
func (k inputKeys) ShortHelp() []key.Binding { return []key.Binding{k.Enter, k.Esc} }

// FullHelp implements help.KeyMap.
func (k inputKeys) FullHelp() [][]key.Binding { return [][]key.Binding{{k.Enter, k.Esc}} }

// Enabled is the enabled bindings of bs: help shows exactly the keys that
// work now.
func Enabled(bs []key.Binding) []key.Binding {
	out := bs[:0:0]
	for _, b := range bs {
		if b.Enabled() {
			out = append(out, b)
		}
	}
	return out
}

// relabel changes a binding's help text, keeping its keys.
func relabel(b *key.Binding, desc string) {
	if desc != "" {
		b.SetHelp(b.Help().Key, desc)
	}
}
