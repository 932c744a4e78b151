package events

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
)

// Filter is what the event log is narrowed to: one subject (its name when
// it was picked from the search) and a start date (YYYY-MM-DD, local zone).
type Filter struct {
	SubjectID   int64
	SubjectName string
	Since       string
}

// SinceTime is Since as the instant the log is asked from: the start of
// that day in loc; zero when unset.
func (f Filter) SinceTime(loc *time.Location) (time.Time, error) {
	if f.Since == "" {
		return time.Time{}, nil
	}
	t, err := time.ParseInLocation(apiclient.DateLayout, f.Since, loc)
	if err != nil {
		return time.Time{}, fmt.Errorf("since %q: %w", f.Since, err)
	}
	return t, nil
}

// IsZero reports whether nothing is filtered.
func (f Filter) IsZero() bool { return f.SubjectID == 0 && f.Since == "" }

// describe is "subject: Acme s.r.o. (12) · since: 2026-11-01".
func (f Filter) describe(l locale.Locale) string {
	var parts []string
	if f.SubjectID != 0 {
		s := strconv.FormatInt(f.SubjectID, 10)
		if f.SubjectName != "" {
			s = f.SubjectName + " (" + s + ")"
		}
		parts = append(parts, l.Tf("subject: %s", s))
	}
	if f.Since != "" {
		parts = append(parts, l.Tf("since: %s", f.Since))
	}
	return strings.Join(parts, " · ")
}

// filterForm edits the Filter: a subject picked by name or id (the shared
// common.SubjectField) and a date field checked as you type.
type filterForm struct {
	subject *common.SubjectField
	since   textinput.Model
	focus   int // 0 subject, 1 since
	err     string
	keys    formKeys
	l       locale.Locale
	now     func() time.Time
	loc     *time.Location
}

type formKeys struct{ Next, Up, Down, Apply, Cancel key.Binding }

func newFormKeys(locale.Locale) formKeys {
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
	if f.SubjectName != "" && f.SubjectID != 0 {
		d.PutName(common.NameSubject, f.SubjectID, f.SubjectName)
	}
	since := textinput.New()
	since.Prompt = ""
	since.CharLimit = 64
	since.Placeholder = d.L.DateHint()
	since.Cursor.SetMode(cursor.CursorStatic)
	since.SetValue(f.Since)
	since.CursorEnd()
	ff := &filterForm{subject: common.NewSubjectField(d, page, f.SubjectID), since: since, keys: newFormKeys(d.L), l: d.L, now: d.Now, loc: d.Loc}
	ff.subject.Input.Focus()
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
	if _, err := f.l.ParseDate(v, f.now(), f.loc); err != nil {
		return f.l.Tf("%s: %q is not a date (%s)", f.l.T("Since"), v, f.l.DateHint())
	}
	return ""
}

// update handles a key; the Cmd is a subject search to run.
func (f *filterForm) update(msg tea.KeyMsg) (formOutcome, tea.Cmd) {
	k := f.keys
	switch {
	case key.Matches(msg, k.Cancel):
		f.subject.Cancel()
		return formCancelled, nil
	case key.Matches(msg, k.Apply):
		if _, err := f.value(); err != "" {
			f.err = err
			return formOpen, nil
		}
		f.subject.Cancel()
		return formApplied, nil
	case key.Matches(msg, k.Next):
		f.focus = 1 - f.focus
		if f.focus == 0 {
			f.subject.Input.Focus()
			f.since.Blur()
		} else {
			f.since.Focus()
			f.subject.Input.Blur()
		}
		return formOpen, nil
	case f.focus == 0 && key.Matches(msg, k.Up):
		f.subject.Move(-1)
		return formOpen, nil
	case f.focus == 0 && key.Matches(msg, k.Down):
		f.subject.Move(1)
		return formOpen, nil
	}
	f.err = ""
	if f.focus == 1 {
		f.since, _ = f.since.Update(msg)
		return formOpen, nil
	}
	return formOpen, f.subject.Type(msg)
}

// search and found route the subject field's debounce and answer.
func (f *filterForm) search(msg table.DebounceMsg) tea.Cmd { return f.subject.Search(msg) }

func (f *filterForm) found(r common.Result[common.SubjectsFound]) { f.subject.Found(r) }

// value is the Filter the form holds, or why it cannot be applied.
func (f *filterForm) value() (Filter, string) {
	if e := f.sinceError(); e != "" {
		return Filter{}, e
	}
	id, name, err := f.subject.Value(f.l.T("Subject"))
	if err != "" {
		return Filter{}, err
	}
	since := strings.TrimSpace(f.since.Value())
	if since != "" { // the locale's way of writing a day, sent as the API's
		day, _ := f.l.ParseDate(since, f.now(), f.loc)
		since = day.Format("2006-01-02")
	}
	return Filter{SubjectID: id, SubjectName: name, Since: since}, ""
}

// view draws the form.
func (f *filterForm) view(width int, st ui.Styles) string {
	var b strings.Builder
	labelW := max(ansi.StringWidth(f.l.T("Subject")), ansi.StringWidth(f.l.T("Since")))
	b.WriteString(st.Title.Render(f.l.T("Filter events")) + "\n\n")
	field := func(i int, label string, in *textinput.Model) {
		mark := "  "
		if f.focus == i {
			mark = "▸ "
		}
		in.Width = max(10, min(40, width-16))
		label = f.l.T(label)
		label += strings.Repeat(" ", max(0, labelW-ansi.StringWidth(label)))
		line := mark + label + "  [" + in.View() + "]"
		if f.focus == i {
			line = st.Selected.Render(line)
		}
		b.WriteString(line + "\n")
	}
	field(0, locale.Key("Subject"), &f.subject.Input)
	for _, l := range f.subject.Lines(st) {
		b.WriteString(l + "\n")
	}
	field(1, locale.Key("Since"), &f.since)
	if e := f.sinceError(); e != "" {
		b.WriteString(st.Error.Render("      ✕ "+e) + "\n")
	}
	b.WriteString("\n")
	if f.err != "" {
		b.WriteString(st.Error.Render("✕ "+f.err) + "\n")
	}
	b.WriteString(st.Muted.Render(f.l.T("enter apply · esc cancel · tab next field · ↑/↓ choose a subject")))
	return b.String()
}
