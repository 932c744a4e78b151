package common

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"maps"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// formKeys are the keys of the filter form; they are the page's key map
// while the form is open.
type formKeys struct {
	Next, Prev, Choose, Apply, Cancel, Clear key.Binding
}

func newFormKeys(l locale.Locale) formKeys {
	return formKeys{
		Next:   key.NewBinding(key.WithKeys("tab", "down"), key.WithHelp("tab/↓", l.T("next field"))),
		Prev:   key.NewBinding(key.WithKeys("shift+tab", "up"), key.WithHelp("shift+tab/↑", l.T("previous field"))),
		Choose: key.NewBinding(key.WithKeys("left", "right"), key.WithHelp("←/→", l.T("choose"))),
		Apply:  key.NewBinding(key.WithKeys("enter"), key.WithHelp("enter", l.T("apply"))),
		Cancel: key.NewBinding(key.WithKeys("esc"), key.WithHelp("esc", l.T("cancel"))),
		Clear:  key.NewBinding(key.WithKeys("ctrl+r"), key.WithHelp("ctrl+r", l.T("clear all"))),
	}
}

func (k formKeys) ShortHelp() []key.Binding {
	return []key.Binding{k.Apply, k.Cancel, k.Next, k.Choose}
}

func (k formKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Next, k.Prev, k.Choose}, {k.Apply, k.Cancel, k.Clear}}
}

// filterForm edits a list's filters: a text input per free field, ←/→ over
// the choices of a choice field. It is a plain model owned by the list page.
type filterForm struct {
	title    string
	subjects map[int]*SubjectField // the FieldSubject fields' pickers, by index
	fields   []FilterField
	inputs   []textinput.Model // one per field; unused for choices
	picks    []int             // choice index per field; 0 is "any"
	focus    int
	err      string
	keys     formKeys
	loc      *time.Location
	l        locale.Locale
	now      func() time.Time
}

func newFilterForm(d *Deps, page ui.PageID, title string, fields []FilterField, values map[string]string) *filterForm {
	f := &filterForm{title: title, fields: fields, keys: newFormKeys(d.L), loc: d.Loc, l: d.L, now: d.Now,
		inputs: make([]textinput.Model, len(fields)), picks: make([]int, len(fields)),
		subjects: map[int]*SubjectField{}}
	for i, fl := range fields {
		if fl.Kind == FieldSubject {
			id, _ := strconv.ParseInt(values[fl.Name], 10, 64)
			f.subjects[i] = NewSubjectField(d, page, id)
			continue
		}
		ti := textinput.New()
		ti.Prompt = ""
		ti.CharLimit = 64
		ti.Cursor.SetMode(cursor.CursorStatic)
		if fl.Kind == FieldDate {
			ti.Placeholder = d.L.DateHint()
		}
		ti.SetValue(values[fl.Name])
		f.inputs[i] = ti
		for j, c := range fl.Choices {
			if c == values[fl.Name] {
				f.picks[i] = j + 1
			}
		}
	}
	f.setFocus(0)
	return f
}

func (f *filterForm) setFocus(i int) {
	n := len(f.fields)
	f.focus = (i%n + n) % n
	for j := range f.inputs {
		in := &f.inputs[j]
		if s := f.subjects[j]; s != nil {
			in = &s.Input
		}
		if j == f.focus && f.fields[j].Kind != FieldChoice {
			in.Focus()
		} else {
			in.Blur()
		}
	}
}

// values returns the form's values by field name (empty ones left out), or
// why a subject field has none yet.
func (f *filterForm) values() (map[string]string, string) {
	out := map[string]string{}
	for i, fl := range f.fields {
		v := strings.TrimSpace(f.inputs[i].Value())
		if s := f.subjects[i]; s != nil {
			id, _, err := s.Value(fl.Label)
			if err != "" {
				return nil, err
			}
			v = ""
			if id > 0 {
				v = strconv.FormatInt(id, 10)
			}
		}
		if fl.Kind == FieldChoice {
			v = ""
			if f.picks[i] > 0 {
				v = fl.Choices[f.picks[i]-1]
			}
		}
		if fl.Kind == FieldDate && v != "" {
			// The locale's way of writing a day ("23. 11. 2026") is sent
			// as the API's; what is not a day is refused, and kept.
			day, err := f.l.ParseDate(v, f.now(), f.loc)
			if err != nil {
				return nil, f.l.Tf("%s: %q is not a date (%s)", f.l.T(fl.Label), v, f.l.DateHint())
			}
			v = day.Format("2006-01-02")
		}
		if v != "" {
			out[fl.Name] = v
		}
	}
	return out, ""
}

// formDone is the outcome of a key in the form.
type formDone int

const (
	formOpen formDone = iota
	formApplied
	formCancelled
)

// update handles one key; on formApplied the caller reads values(). The Cmd
// is a subject field's search.
func (f *filterForm) update(msg tea.KeyMsg) (formDone, tea.Cmd) {
	fl := f.fields[f.focus]
	subj := f.subjects[f.focus]
	switch {
	case key.Matches(msg, f.keys.Cancel):
		f.cancelSearches()
		return formCancelled, nil
	case key.Matches(msg, f.keys.Apply):
		vals, err := f.values()
		if err != "" {
			f.err = err
			return formOpen, nil
		}
		for _, field := range f.fields {
			if err := field.Check(f.l, vals[field.Name], f.loc); err != nil {
				f.err = err.Error()
				return formOpen, nil
			}
		}
		f.cancelSearches()
		return formApplied, nil
	case subj != nil && subj.Choosing() && (msg.String() == "up" || msg.String() == "down"):
		subj.Move(map[string]int{"up": -1, "down": 1}[msg.String()])
	case key.Matches(msg, f.keys.Clear):
		for i := range f.fields {
			f.inputs[i].SetValue("")
			f.picks[i] = 0
			if s := f.subjects[i]; s != nil {
				s.Input.SetValue("")
			}
		}
	case key.Matches(msg, f.keys.Next):
		f.setFocus(f.focus + 1)
	case key.Matches(msg, f.keys.Prev):
		f.setFocus(f.focus - 1)
	case fl.Kind == FieldChoice && key.Matches(msg, f.keys.Choose):
		n := len(fl.Choices) + 1
		step := 1
		if msg.String() == "left" {
			step = n - 1
		}
		f.picks[f.focus] = (f.picks[f.focus] + step) % n
	case subj != nil:
		f.err = ""
		return formOpen, subj.Type(msg)
	case fl.Kind != FieldChoice:
		f.inputs[f.focus], _ = f.inputs[f.focus].Update(msg)
	}
	f.err = ""
	return formOpen, nil
}

// cancelSearches drops the subject searches in flight.
func (f *filterForm) cancelSearches() {
	for _, s := range f.subjects {
		s.Cancel()
	}
}

// search and found route a subject field's debounce and answer.
func (f *filterForm) search(msg table.DebounceMsg) tea.Cmd {
	for _, s := range f.subjects {
		if cmd := s.Search(msg); cmd != nil {
			return cmd
		}
	}
	return nil
}

func (f *filterForm) found(r Result[SubjectsFound]) {
	for _, s := range f.subjects {
		s.Found(r)
	}
}

// view draws the form in width cells.
func (f *filterForm) view(width int, st ui.Styles) string {
	labelW := 0
	for _, fl := range f.fields {
		labelW = max(labelW, ansi.StringWidth(f.l.T(fl.Label)))
	}
	var b strings.Builder
	b.WriteString(st.Title.Render(f.l.Tf("Filter %s", f.title)))
	b.WriteString("\n\n")
	for i, fl := range f.fields {
		mark := "  "
		if i == f.focus {
			mark = "▸ "
		}
		var val string
		switch fl.Kind {
		case FieldChoice:
			v := f.l.T("any")
			if f.picks[i] > 0 {
				v = f.l.TC("status", fl.Choices[f.picks[i]-1])
				if fl.Codes != nil {
					v = fl.Codes.In(f.l, fl.Choices[f.picks[i]-1])
				}
			}
			val = "‹ " + v + " ›"
		default:
			in := &f.inputs[i]
			if s := f.subjects[i]; s != nil {
				in = &s.Input
			}
			in.Width = max(10, min(40, width-labelW-8))
			val = "[" + in.View() + "]"
		}
		label := f.l.T(fl.Label)
		line := mark + label + strings.Repeat(" ", labelW-ansi.StringWidth(label)) + "  " + val
		if i == f.focus {
			line = st.Selected.Render(line)
		}
		b.WriteString(line + "\n")
		if s := f.subjects[i]; s != nil {
			for _, l := range s.Lines(st) {
				b.WriteString(l + "\n")
			}
		}
	}
	b.WriteString("\n")
	if f.err != "" {
		b.WriteString(st.Error.Render("✕ "+f.err) + "\n")
	}
	hint := f.l.T("enter apply · esc cancel · tab next field · ←/→ choose · ctrl+r clear all")
	if len(f.subjects) > 0 {
		hint = f.l.T("enter apply · esc cancel · tab field · ←/→ choose · ↑/↓ match · ctrl+r clear")
	}
	b.WriteString(st.Muted.Render(hint))
	return b.String()
}

// mergeFilters is preset plus the user's values; preset wins.
func mergeFilters(preset, user map[string]string) map[string]string {
	out := maps.Clone(user)
	if out == nil {
		out = map[string]string{}
	}
	maps.Copy(out, preset)
	return out
}
