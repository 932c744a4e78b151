package more

import (
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
)

// datePromptLines is how many lines the prompt takes under the page.
const datePromptLines = 3

// datePrompt asks for an optional date and says as you type whether it is
// one.
type datePrompt struct {
	label string
	input textinput.Model
	today apiclient.Date
	keys  promptKeys
	l     locale.Locale
	now   time.Time
	loc   *time.Location
}

type promptKeys struct{ Submit, Cancel key.Binding }

// ShortHelp implements help.KeyMap.
func (k promptKeys) ShortHelp() []key.Binding { return []key.Binding{k.Submit, k.Cancel} }

// FullHelp implements help.KeyMap.
func (k promptKeys) FullHelp() [][]key.Binding { return [][]key.Binding{{k.Submit, k.Cancel}} }

func newDatePrompt(l locale.Locale, label string, now time.Time, loc *time.Location) *datePrompt {
	ti := textinput.New()
	ti.Prompt = ""
	ti.Placeholder = l.DateHint()
	ti.CharLimit = 12
	ti.Cursor.SetMode(cursor.CursorStatic)
	ti.Focus()
	return &datePrompt{label: label, input: ti, today: apiclient.DateOf(now), l: l, now: now, loc: loc, keys: promptKeys{
		Submit: key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "activate")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}}
}

// check reads the input: the date (nil when empty) or why it is not one.
func (p *datePrompt) check() (*apiclient.Date, string) {
	v := strings.TrimSpace(p.input.Value())
	if v == "" {
		return nil, ""
	}
	t, err := p.l.ParseDate(v, p.now, p.loc) // the locale's way, or the API's
	if err != nil {
		return nil, p.l.Tf("%s is not a date: type %s", v, p.l.DateHint())
	}
	d := apiclient.DateOf(t)
	if d.Before(p.today.Time) {
		return nil, p.l.Tf("%s is in the past: the next invoice must be today or later", p.l.Date(d.Time))
	}
	return &d, ""
}

// update handles a key: done when submitted or cancelled; ok only on a
// valid submit.
func (p *datePrompt) update(msg tea.KeyMsg) (done bool, date *apiclient.Date, ok bool) {
	switch {
	case key.Matches(msg, p.keys.Cancel):
		return true, nil, false
	case key.Matches(msg, p.keys.Submit):
		d, bad := p.check()
		if bad != "" {
			return false, nil, false // the view already says why
		}
		return true, d, true
	}
	p.input, _ = p.input.Update(msg)
	return false, nil, false
}

// view is the label and input, the verdict on what is typed, the keys.
func (p *datePrompt) view(w int, st ui.Styles) string {
	p.input.Width = 12
	d, bad := p.check()
	verdict := st.Muted.Render("  " + p.l.T("empty: the service picks the next date"))
	switch {
	case bad != "":
		verdict = st.Error.Render("  ✕ " + bad)
	case d != nil:
		verdict = "  ✓ " + p.l.Tf("next invoice on %s", p.l.Date(d.Time))
	}
	return strings.Join([]string{
		ui.FitLine(st.Title.Render(p.label+": ")+p.input.View(), w),
		ui.FitLine(verdict, w),
		ui.FitLine(st.Muted.Render(p.l.T("enter activate · esc cancel")), w),
	}, "\n")
}
