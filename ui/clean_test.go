package ui

import (
	"errors"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
)

// The shell's own lines carry names from the service (the page's title in
// the breadcrumb and the help, the account and the user in the status bar)
// and texts made of them (toasts, questions, errors, the account switcher):
// none of their controls reaches the screen. Colours are off here, so any
// ESC left would be the payload's.
func TestShellCleansServiceText(t *testing.T) {
	bad := cleantest.Hostile()
	f := newFixture(t, func(o *Options) {
		o.Account = "acme" + bad
		o.User = "Jana" + bad
		o.Accounts = []AccountChoice{{Slug: "acme", Name: "Acme" + bad}, {Slug: "beta" + bad, Name: "Beta"}}
	})
	f.key("enter") // a detail page over the list, so the breadcrumb has two parts
	// The fake page draws its title raw in its body; the shell's lines are
	// checked around it, overlays (drawn instead of the body) whole.
	for _, p := range f.pages {
		p.title = "Faktura \x1b]0;t\x07\u009b2J\u202E"
	}
	screens := []struct {
		name, shows string
		show        func()
	}{
		{"breadcrumb and status bar", "Faktura", func() {}},
		{"toast", "Sent", func() { f.send(Toast{Text: "Sent " + bad, Kind: ToastSuccess}) }},
		{"help", "Keys on", func() { f.key("?") }},
		{"confirm", "Delete", func() { f.send(Confirm{Question: "Delete " + bad + "?"}) }},
		{"error", "422", func() { f.send(ShowError{What: "send " + bad, Err: errors.New("422: " + bad)}) }},
		{"account switcher", "Beta", func() { f.key("A") }},
	}
	for _, s := range screens {
		s.show()
		out := f.m.View()
		if len(f.m.overlays) == 0 {
			lines := strings.Split(out, "\n")
			out = strings.Join(append(lines[:2:2], lines[len(lines)-2:]...), "\n")
		}
		if err := cleantest.Control(out); err != nil {
			t.Errorf("%s: %v", s.name, err)
		}
		if !strings.Contains(out, s.shows) {
			t.Errorf("%s: %q not shown:\n%s", s.name, s.shows, out)
		}
		if len(f.m.overlays) > 0 {
			f.key("esc")
		}
	}
}
