package form

import "github.com/charmbracelet/bubbles/key"

// Keys are the keys of a form.
type Keys struct {
	Next, Prev, Enter, Submit, Cancel, Choose, Toggle, DiscardDraft, Resend, Recheck, Retry, Reveal key.Binding
}

// DefaultKeys returns the form keys.
func DefaultKeys() Keys {
	return Keys{
		Next:         key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", "next field")),
		Prev:         key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", "previous field")),
		Enter:        key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "next / send on the last")),
		Submit:       key.NewBinding(key.WithKeys("ctrl+s"), key.WithHelp("ctrl+s", "send")),
		Cancel:       key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
		Choose:       key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", "choose")),
		Toggle:       key.NewBinding(key.WithKeys(" "), key.WithHelp("space", "toggle")),
		DiscardDraft: key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", "discard draft")),
		Resend:       key.NewBinding(key.WithKeys("ctrl+y"), key.WithHelp("ctrl+y", "send again")),
		Recheck:      key.NewBinding(key.WithKeys("ctrl+k"), key.WithHelp("ctrl+k", "check again")),
		Retry:        key.NewBinding(key.WithKeys("r"), key.WithHelp("r", "retry")),
		Reveal:       key.NewBinding(key.WithKeys("ctrl+t"), key.WithHelp("ctrl+t", "show/hide a secret")),
	}
}

// ShortHelp implements help.KeyMap.
func (k Keys) ShortHelp() []key.Binding {
	return []key.Binding{k.Submit, k.Cancel, k.Next, k.Choose}
}

// FullHelp implements help.KeyMap.
func (k Keys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Next, k.Prev, k.Enter, k.Choose, k.Toggle}, {k.Submit, k.Cancel, k.DiscardDraft, k.Resend, k.Recheck, k.Reveal}}
}
