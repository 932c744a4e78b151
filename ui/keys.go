package ui

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/kasa-tui/kasa/internal/locale"
)

// KeyMap is kasa's vocabulary of keys (architecture.md, "Conventions"). The
// shell handles the global ones (sections, esc, ?, A, q, ctrl+c); pages take
// the others from DefaultKeyMap for their own KeyMap so that help and
// handling share the same bindings.
type KeyMap struct {
	// Global keys, handled by the shell.
	Section     key.Binding // 0-9
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

// DefaultKeyMap returns a fresh KeyMap with English help; each caller owns
// its copy.
func DefaultKeyMap() KeyMap { return NewKeyMap(locale.New(locale.English)) }

// NewKeyMap returns a fresh KeyMap whose help speaks l's language.
func NewKeyMap(l locale.Locale) KeyMap {
	return KeyMap{
		Section:     key.NewBinding(key.WithKeys("1", "2", "3", "4", "5", "6", "7", "8", "9", "0"), key.WithHelp("0-9", l.T("section"))),
		NextSection: key.NewBinding(key.WithKeys("tab"), key.WithHelp("tab", l.T("next section"))),
		PrevSection: key.NewBinding(key.WithKeys("shift+tab"), key.WithHelp("shift+tab", l.T("previous section"))),
		Back:        key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", l.T("back"))),
		Help:        key.NewBinding(key.WithKeys("?"), key.WithHelp("?", l.T("all keys"))),
		Accounts:    key.NewBinding(key.WithKeys("A"), key.WithHelp("A", l.T("switch account"))),
		Quit:        key.NewBinding(key.WithKeys("q"), key.WithHelp("q", l.T("quit"))),
		ForceQuit:   key.NewBinding(key.WithKeys("ctrl+c"), key.WithHelp("ctrl+c", l.T("quit"))),

		Up:       key.NewBinding(key.WithKeys("k", "up"), key.WithHelp("↑/k", l.T("up"))),
		Down:     key.NewBinding(key.WithKeys("j", "down"), key.WithHelp("↓/j", l.T("down"))),
		Top:      key.NewBinding(key.WithKeys("g", "home"), key.WithHelp("g", l.T("top"))),
		Bottom:   key.NewBinding(key.WithKeys("G", "end"), key.WithHelp("G", l.T("bottom"))),
		PageUp:   key.NewBinding(key.WithKeys("pgup"), key.WithHelp("pgup", l.T("page up"))),
		PageDown: key.NewBinding(key.WithKeys("pgdown"), key.WithHelp("pgdn", l.T("page down"))),

		Open:      key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", l.T("open"))),
		Search:    key.NewBinding(key.WithKeys("/"), key.WithHelp("/", l.T("search"))),
		Filter:    key.NewBinding(key.WithKeys("f"), key.WithHelp("f", l.T("filter"))),
		Refresh:   key.NewBinding(key.WithKeys("r"), key.WithHelp("r", l.T("refresh"))),
		New:       key.NewBinding(key.WithKeys("n"), key.WithHelp("n", l.T("new"))),
		Edit:      key.NewBinding(key.WithKeys("e"), key.WithHelp("e", l.T("edit"))),
		Delete:    key.NewBinding(key.WithKeys("d"), key.WithHelp("d", l.T("delete"))),
		Duplicate: key.NewBinding(key.WithKeys("c"), key.WithHelp("c", l.T("copy into a new one"))),
		Payment:   key.NewBinding(key.WithKeys("p"), key.WithHelp("p", l.T("add payment"))),
		Move:      key.NewBinding(key.WithKeys("m"), key.WithHelp("m", l.T("new move"))),
		Send:      key.NewBinding(key.WithKeys("s"), key.WithHelp("s", l.T("send e-mail"))),
		Toggle:    key.NewBinding(key.WithKeys(" ", "x"), key.WithHelp("space/x", l.T("toggle"))),
		Browser:   key.NewBinding(key.WithKeys("o"), key.WithHelp("o", l.T("open in browser"))),
		Copy:      key.NewBinding(key.WithKeys("y"), key.WithHelp("y", l.T("copy number"))),
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
