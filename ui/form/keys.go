package form

import (
	"github.com/charmbracelet/bubbles/key"

	"github.com/kasa-tui/kasa/internal/locale"
)

// Keys are the keys of a form.
type Keys struct {
	Next, Prev, Enter, Submit, Cancel, Choose, Toggle, DiscardDraft, Resend, Recheck, Retry, Reveal, Unlock key.Binding
}

// DefaultKeys returns the form keys with English help.
func DefaultKeys() Keys { return NewKeys(locale.New(locale.English)) }

// NewKeys returns the form keys with help in l's language.
func NewKeys(l locale.Locale) Keys {
	return Keys{
		Next:         key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", l.T("next field"))),
		Prev:         key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", l.T("previous field"))),
		Enter:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", l.T("next / send on the last"))),
		Submit:       key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", l.T("send"))),
		Cancel:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", l.T("cancel"))),
		Choose:       key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", l.T("choose"))),
		Toggle:       key.NewBinding(key.WithKeys(" "), key.WithHelp("space", l.T("toggle"))),
		DiscardDraft: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", l.T("discard draft"))),
		Resend:       key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", l.T("send again"))),
		Recheck:      key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", l.T("check again"))),
		Retry:        key.NewBinding(key.WithKeys("r"), key.WithHelp("r", l.T("retry"))),
		Reveal:       key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", l.T("show/hide a secret"))),
		// Unlock is offered only while the record is locked (Spec.Unlock).
		Unlock: key.NewBinding(key.WithKeys("ctrl+l"), key.WithHelp("ctrl+l", l.T("unlock"))),
	}
}

// ShortHelp implements help.KeyMap.
func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Unlock, k.Submit, k.Cancel, k.Next, k.Choose}
}

// FullHelp implements help.KeyMap.
func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Next, k.Prev, k.Enter, k.Choose, k.Toggle}, {k.Unlock, k.Submit, k.Cancel, k.DiscardDraft, k.Resend, k.Recheck, k.Reveal}}
}
