package events

import (
	"context"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
)

// maxMatches is how many subjects the picker shows.
const maxMatches = 5

// Filter is what the event log is narrowed to: one subject (its name when
// it was picked from the search) and a start date (YYYY-MM-DD, local zone).
type Filter struct {
	SubjectID   int64
	SubjectName string
	Since       string
}

// IsZero reports whether nothing is filtered.
func (f Filter) IsZero() bool { return f.SubjectID == 0 && f.Since == "" }

// describe is "subject: Acme s.r.o. (12) · since: 2026-11-01".
func (f Filter) describe() string {
	var parts []string
	if f.SubjectID != 0 {
		s := strconv.FormatInt(f.SubjectID, 10)
		if f.SubjectName != "" {
			s = f.SubjectName + " (" + s + ")"
		}
		parts = append(parts, "subject: "+s)
	}
	if f.Since != "" {
		parts = append(parts, "since: "+f.Since)
	}
	return strings.Join(parts, " · ")
}

// subjectsFound is the answer of the picker's subject search.
type subjectsFound struct {
	Query string
	Rows  []apiclient.Subject
}

// filterForm edits the Filter: a subject field that takes an id or part of
// a name (searched as you type, ↑/↓ choose a match) and a date field
// checked as you type.
type filterForm struct {
	d       *common.Deps
	page    ui.PageID
	subject textinput.Model
	since   textinput.Model
	focus   int // 0 subject, 1 since
	deb     table.Debouncer
	matches []apiclient.Subject
	pick    int
	req     int
	err     string
	keys    formKeys
}

type formKeys struct{ Next, Up, Down, Apply, Cancel key.Binding }

func newFormKeys() formKeys {
	return formKeys{
		Next:   key.NewBinding(key.WithKeys("tab", "shift+tab"), key.WithHelp("tab", "next field")),
		Up:     key.NewBinding(key.WithKeys("up"), key.WithHelp("↑", "previous match")),
		Down:   key.NewBinding(key.WithKeys("down"), key.WithHelp("↓", "next match")),
		Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", "apply")),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", "cancel")),
	}
}

// ShortHelp implements help.KeyMap.
func (k formKeys) ShortHelp() []key.Binding { return []key.Binding{k.Apply, k.Cancel, k.Next, k.Down} }

// FullHelp implements help.KeyMap.
func (k formKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Next, k.Up, k.Down}, {k.Apply, k.Cancel}}
}

func newFilterForm(d *common.Deps, page ui.PageID, f Filter) *filterForm {
	mk := func(placeholder, value string) textinput.Model {
		ti := textinput.New()
		ti.Prompt = ""
		ti.CharLimit = 64
		ti.Placeholder = placeholder
		ti.Cursor.SetMode(cursor.CursorStatic)
		ti.SetValue(value)
		ti.CursorEnd()
		return ti
	}
	subj := ""
	if f.SubjectID != 0 {
		subj = strconv.FormatInt(f.SubjectID, 10)
	}
	ff := &filterForm{d: d, page: page, keys: newFormKeys(),
		subject: mk("id, or part of a name", subj), since: mk("YYYY-MM-DD", f.Since),
		deb: table.NewDebouncer(string(page.Kind)+"/subject", d.SearchDelay)}
	if f.SubjectName != "" && f.SubjectID != 0 {
		ff.matches = []apiclient.Subject{{ID: f.SubjectID, Name: f.SubjectName}}
	}
	ff.subject.Focus()
	return ff
}

// formOutcome is what a key did to the form.
type formOutcome int

const (
	formOpen formOutcome = iota
	formApplied
	formCancelled
)

// sinceError checks the date as typed; "" when it is fine (or empty).
func (f *filterForm) sinceError() string {
	v := strings.TrimSpace(f.since.Value())
	if v == "" {
		return ""
	}
	if _, err := apiclient.ParseDate(v); err != nil {
		return "Since: " + strconv.Quote(v) + " is not a date (YYYY-MM-DD)"
	}
	return ""
}

// subjectText is the subject field when it is not an id.
func (f *filterForm) subjectText() string {
	v := strings.TrimSpace(f.subject.Value())
	if _, err := strconv.ParseInt(v, 10, 64); err == nil {
		return ""
	}
	return v
}

// update handles a key; the Cmd is a subject search to run.
func (f *filterForm) update(msg tea.KeyMsg) (formOutcome, tea.Cmd) {
	k := f.keys
	switch {
	case key.Matches(msg, k.Cancel):
		f.deb.Cancel()
		return formCancelled, nil
	case key.Matches(msg, k.Apply):
		if _, err := f.value(); err != "" {
			f.err = err
			return formOpen, nil
		}
		f.deb.Cancel()
		return formApplied, nil
	case key.Matches(msg, k.Next):
		f.focus = 1 - f.focus
		if f.focus == 0 {
			f.subject.Focus()
			f.since.Blur()
		} else {
			f.since.Focus()
			f.subject.Blur()
		}
		return formOpen, nil
	case f.focus == 0 && key.Matches(msg, k.Up) && len(f.matches) > 0:
		f.pick = (f.pick + len(f.matches) - 1) % len(f.matches)
		return formOpen, nil
	case f.focus == 0 && key.Matches(msg, k.Down) && len(f.matches) > 0:
		f.pick = (f.pick + 1) % len(f.matches)
		return formOpen, nil
	}
	f.err = ""
	if f.focus == 1 {
		f.since, _ = f.since.Update(msg)
		return formOpen, nil
	}
	before := f.subject.Value()
	f.subject, _ = f.subject.Update(msg)
	if f.subject.Value() == before {
		return formOpen, nil
	}
	f.matches, f.pick = nil, 0
	if f.subjectText() == "" {
		f.deb.Cancel()
		return formOpen, nil
	}
	return formOpen, common.Route(f.page, f.deb.Trigger())
}

// search asks for subjects matching the field, when the debounce is over.
func (f *filterForm) search(msg table.DebounceMsg) tea.Cmd {
	q := f.subjectText()
	if !f.deb.IsLatest(msg) || q == "" {
		return nil
	}
	f.req++
	return common.Call(f.d, f.page, f.req, func(ctx context.Context, c *apiclient.Client) (subjectsFound, error) {
		rows, _, err := c.Subjects.Search(ctx, apiclient.SearchOptions{Query: q})
		return subjectsFound{Query: q, Rows: rows}, err
	})
}

// found takes a search answer meant for the text still in the field.
func (f *filterForm) found(r common.Result[subjectsFound]) {
	if r.Req != f.req || r.Value.Query != f.subjectText() {
		return
	}
	if r.Err != nil {
		f.err = "Could not search subjects: " + r.Err.Error()
		return
	}
	f.matches, f.pick = r.Value.Rows, 0
	if len(f.matches) > maxMatches {
		f.matches = f.matches[:maxMatches]
	}
}

// value is the Filter the form holds, or why it cannot be applied.
func (f *filterForm) value() (Filter, string) {
	if e := f.sinceError(); e != "" {
		return Filter{}, e
	}
	out := Filter{Since: strings.TrimSpace(f.since.Value())}
	v := strings.TrimSpace(f.subject.Value())
	switch {
	case v == "":
	case f.subjectText() == "":
		n, _ := strconv.ParseInt(v, 10, 64)
		if n <= 0 {
			return Filter{}, "Subject: " + strconv.Quote(v) + " is not a record id"
		}
		out.SubjectID = n
		if len(f.matches) == 1 && f.matches[0].ID == n {
			out.SubjectName = f.matches[0].Name
		}
	case len(f.matches) == 0:
		return Filter{}, "Subject: no subject matches " + strconv.Quote(v) + " (yet); type an id or part of a name"
	default:
		m := f.matches[min(f.pick, len(f.matches)-1)]
		out.SubjectID, out.SubjectName = m.ID, m.Name
	}
	return out, ""
}

// view draws the form.
func (f *filterForm) view(width int, st ui.Styles) string {
	var b strings.Builder
	b.WriteString(st.Title.Render("Filter events") + "\n\n")
	field := func(i int, label string, in *textinput.Model) {
		mark := "  "
		if f.focus == i {
			mark = "▸ "
		}
		in.Width = max(10, min(40, width-16))
		line := mark + label + "  [" + in.View() + "]"
		if f.focus == i {
			line = st.Selected.Render(line)
		}
		b.WriteString(line + "\n")
	}
	field(0, "Subject", &f.subject)
	if f.subjectText() != "" {
		switch {
		case len(f.matches) == 0:
			b.WriteString(st.Muted.Render("      searching subjects…") + "\n")
		default:
			for i, m := range f.matches {
				mark := "      "
				if i == f.pick {
					mark = "    ▸ "
				}
				b.WriteString(mark + m.Name + st.Muted.Render(" ("+strconv.FormatInt(m.ID, 10)+")") + "\n")
			}
		}
	}
	field(1, "Since  ", &f.since)
	if e := f.sinceError(); e != "" {
		b.WriteString(st.Error.Render("      ✕ "+e) + "\n")
	}
	b.WriteString("\n")
	if f.err != "" {
		b.WriteString(st.Error.Render("✕ "+f.err) + "\n")
	}
	b.WriteString(st.Muted.Render("enter apply · esc cancel · tab next field · ↑/↓ choose a subject"))
	return b.String()
}
