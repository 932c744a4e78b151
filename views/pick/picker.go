package pick

import (
	"context"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// maxShown is how many subjects the picker lists under the field.
const maxShown = 6

// Subject is a field that finds a subject as the user types: the server's
// subjects/search.json after a pause, the matches under the field, enter
// picks one; the last entry makes a new subject with the typed name and
// comes back with it picked. It is a form.Widget; its value is
// SubjectValue(id, name).
type Subject struct {
	d    *common.Deps
	page ui.PageID
	role string

	id   int64
	name string

	input   textinput.Model
	typing  bool
	seq     int
	found   []apiclient.Subject
	cursor  int
	fault   string
	waitNew bool // the subject form is open for a new subject
	// cands are the first pages of the subjects, read by the first search
	// and matched ignoring diacritics (common.SearchSubjects).
	cands []apiclient.Subject
}

// Routed answers of the picker.
type (
	subjectsDue struct {
		page ui.PageID
		seq  int
	}
	subjectsFound struct {
		page  ui.PageID
		seq   int
		list  []apiclient.Subject
		cands []apiclient.Subject // read by this search; nil when read before
		err   error
	}
)

func (m subjectsDue) Target() ui.PageID   { return m.page }
func (m subjectsFound) Target() ui.PageID { return m.page }

// NewSubject is a picker on the form page page. role ("supplier",
// "customer") lists those subjects first.
func NewSubject(d *common.Deps, page ui.PageID, role string) *Subject {
	in := textinput.New()
	in.Prompt = ""
	in.Placeholder = d.L.T("type to search by name, reg. no. or e-mail")
	in.CharLimit = 120
	in.Cursor.SetMode(cursor.CursorStatic) // no blink ticks: the frame changes only on keys
	return &Subject{d: d, page: page, role: role, input: in}
}

// Value implements form.Widget.
func (p *Subject) Value() string { return SubjectValue(p.id, p.name) }

// SetValue implements form.Widget.
func (p *Subject) SetValue(v string) { p.id, p.name = ParseSubjectValue(v) }

// Chosen is the subject picked.
func (p *Subject) Chosen() (int64, string) { return p.id, p.name }

// Update implements form.Widget.
func (p *Subject) Update(msg tea.Msg, focused bool) (bool, tea.Cmd) {
	switch msg := msg.(type) {
	case subjectsDue:
		if msg.page == p.page && msg.seq == p.seq {
			return false, p.search(msg.seq, strings.TrimSpace(p.input.Value()))
		}
	case subjectsFound:
		if msg.cands != nil {
			p.cands = msg.cands
		}
		if msg.page == p.page && msg.seq == p.seq {
			p.found, p.cursor, p.fault = p.ordered(msg.list), 0, ""
			if msg.err != nil {
				p.fault = p.d.L.Tf("Could not search the subjects: %s", common.FaultReason(p.d.L, msg.err))
			}
		}
	case ui.Changed:
		if p.waitNew && msg.Kind == nav.Subject && msg.Op == ui.ChangeCreated {
			if s, ok := msg.Record.(*apiclient.Subject); ok {
				p.id, p.name, p.waitNew, p.typing = s.ID, s.Name, false, false
			}
		}
	case tea.KeyMsg:
		if focused {
			return p.key(msg)
		}
	}
	return false, nil
}

func (p *Subject) key(msg tea.KeyMsg) (bool, tea.Cmd) {
	switch msg.String() {
	case "enter":
		if !p.typing {
			return false, nil // the host moves on
		}
		return true, p.choose()
	case "up":
		if p.typing && p.cursor > 0 {
			p.cursor--
		}
		return p.typing, nil
	case "down":
		if p.typing && p.cursor < p.entries()-1 {
			p.cursor++
		}
		return p.typing, nil
	case "esc":
		if p.typing {
			p.typing, p.found = false, nil
			p.input.Blur()
			return true, nil
		}
		return false, nil
	case "tab", "shift+tab", "ctrl+s":
		return false, nil
	}
	if !p.typing {
		p.typing = true
		p.input.SetValue("")
		p.input.Focus()
	}
	before := p.input.Value()
	var cmd tea.Cmd
	p.input, cmd = p.input.Update(msg)
	if p.input.Value() != before {
		p.seq++
		p.found, p.fault = nil, ""
		if strings.TrimSpace(p.input.Value()) != "" {
			page, seq := p.page, p.seq
			cmd = tea.Batch(cmd, tea.Tick(p.d.SearchDelay, func(time.Time) tea.Msg { return subjectsDue{page: page, seq: seq} }))
		}
	}
	return true, cmd
}

// entries are the matches and the "new subject" entry.
func (p *Subject) entries() int { return min(len(p.found), maxShown) + 1 }

// choose picks the entry under the cursor: a match, or a new subject.
func (p *Subject) choose() tea.Cmd {
	if p.cursor < min(len(p.found), maxShown) {
		s := p.found[p.cursor]
		p.id, p.name, p.typing, p.found = s.ID, s.Name, false, nil
		p.input.Blur()
		return nil
	}
	p.waitNew = true
	return ui.Emit(ui.Open{ID: forms.NewSubjectNamedPage(strings.TrimSpace(p.input.Value()))})
}

func (p *Subject) search(seq int, q string) tea.Cmd {
	page, cands, d := p.page, p.cands, p.d
	return func() tea.Msg {
		var loaded []apiclient.Subject
		list, _, err := common.Do(d, func(ctx context.Context, c *apiclient.Client) (l []apiclient.Subject, err error) {
			l, loaded, err = common.SearchSubjects(ctx, d, c, q, cands)
			return l, err
		})
		return subjectsFound{page: page, seq: seq, list: list, cands: loaded, err: err}
	}
}

// ordered puts the subjects of the picker's role (and "both") first.
func (p *Subject) ordered(list []apiclient.Subject) []apiclient.Subject {
	if p.role == "" {
		return list
	}
	out := make([]apiclient.Subject, 0, len(list))
	for _, s := range list {
		if s.Type == p.role || s.Type == "both" {
			out = append(out, s)
		}
	}
	for _, s := range list {
		if s.Type != p.role && s.Type != "both" {
			out = append(out, s)
		}
	}
	return out
}

// View implements form.Widget.
func (p *Subject) View(width int, focused bool) []string {
	st := p.d.Styles
	if !p.typing {
		if p.id == 0 {
			return []string{st.Muted.Render(p.d.L.T("none chosen: type to search"))}
		}
		line := textclean.Line(p.name) // names are the service's text
		if focused {
			line += st.Muted.Render("  " + p.d.L.T("(type to choose another)"))
		}
		return []string{line}
	}
	out := []string{"[" + p.input.View() + "]"}
	if p.fault != "" {
		return append(out, st.Error.Render(textclean.Line(p.fault)))
	}
	for i, s := range p.found[:min(len(p.found), maxShown)] {
		out = append(out, p.mark(i)+textclean.Line(describe(p.d, s)))
	}
	q := strings.TrimSpace(p.input.Value())
	if q != "" {
		out = append(out, p.mark(min(len(p.found), maxShown))+"+ "+textclean.Line(p.d.L.Tf("new subject “%s”", q)))
	}
	return out
}

func (p *Subject) mark(i int) string {
	if i == p.cursor {
		return "▸ "
	}
	return "  "
}

func describe(d *common.Deps, s apiclient.Subject) string {
	parts := []string{s.Name}
	if s.RegistrationNo != "" {
		parts = append(parts, s.RegistrationNo)
	}
	if s.City != "" {
		parts = append(parts, s.City)
	}
	if s.Type != "" && s.Type != "customer" {
		parts = append(parts, d.Code(common.SubjectTypes, s.Type))
	}
	return strings.Join(parts, " · ")
}
