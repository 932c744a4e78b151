package ui

import "github.com/charmbracelet/bubbles/key"

// KeyMap is kasa's vocabulary of keys (architecture.md, "Conventions"). The
// shell handles the global ones (sections, esc, ?, A, q, ctrl+c); pages take
// the others from DefaultKeyMap for their own KeyMap so that help and
// handling share the same bindings.
type KeyMap struct {
	// Global keys, handled by the shell.
	Section     key.Binding // 1-9
	NextSection key.Binding
	PrevSection key.Binding
	Back        key.Binding
	Help        key.Binding
	Accounts    key.Binding
	Quit        key.Binding
	ForceQuit   key.Binding

	// Movement, handled by pages and widgets.
	Up       key.Binding
	Down     key.Binding
	Top      key.Binding
	Bottom   key.Binding
	PageUp   key.Binding
	PageDown key.Binding

	// Page actions, handled by pages.
	Open    key.Binding
	Search  key.Binding
	Filter  key.Binding
	Refresh key.Binding
	New     key.Binding
	Edit    key.Binding
	Delete  key.Binding
	// Duplicate copies the selected document into a new draft.
	Duplicate key.Binding
	Payment   key.Binding
	Move      key.Binding
	Send      key.Binding
	Toggle    key.Binding
	Browser   key.Binding
	Copy      key.Binding
}

// DefaultKeyMap returns a fresh KeyMap; each caller owns its copy.
func DefaultKeyMap() KeyMap {
	return KeyMap{
		Section:     key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9"), key.WithHelp("1-9", "section")),
		NextSection: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", "next section")),
		PrevSection: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", "previous section")),
		Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "back")),
		Help:        key.NewBinding(key.WithKeys("?"), key.WithHelp("?", "all keys")),
		Accounts:    key.NewBinding(key.WithKeys("A"), key.WithHelp("A", "switch account")),
		Quit:        key.NewBinding(key.WithKeys("q"), key.WithHelp("q", "quit")),
		ForceQuit:   key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", "quit")),

		Up:       key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("↑/k", "up")),
		Down:     key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("↓/j", "down")),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", "top")),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", "bottom")),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", "page up")),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", "page down")),

		Open:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "open")),
		Search:    key.NewBinding(key.WithKeys("/"), key.WithHelp("/", "search")),
		Filter:    key.NewBinding(key.WithKeys("f"), key.WithHelp("f", "filter")),
		Refresh:   key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "refresh")),
		New:       key.NewBinding(key.WithKeys("n"), key.WithHelp("n", "new")),
		Edit:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", "edit")),
		Delete:    key.NewBinding(key.WithKeys("d"), key.WithHelp("d", "delete")),
		Duplicate: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", "copy into a new one")),
		Payment:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "add payment")),
		Move:      key.NewBinding(key.WithKeys("m"), key.WithHelp("m", "new move")),
		Send:      key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "send e-mail")),
		Toggle:    key.NewBinding(key.WithKeys(" ", "x"), key.WithHelp("space/x", "toggle")),
		Browser:   key.NewBinding(key.WithKeys("o"), key.WithHelp("o", "open in browser")),
		Copy:      key.NewBinding(key.WithKeys("y"), key.WithHelp("y", "copy number")),
	}
}

// ShortHelp lists the global keys worth a place on the short help line.
func (k KeyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Help, k.Back, k.Quit}
}

// FullHelp lists every key the shell itself handles, in columns.
func (k KeyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{
		{k.Section, k.NextSection, k.PrevSection, k.Back},
		{k.Help, k.Accounts, k.Quit, k.ForceQuit},
	}
}
