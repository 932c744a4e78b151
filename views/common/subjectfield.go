package common

import (
	"context"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// maxSubjectMatches is how many subjects a SubjectField offers.
const maxSubjectMatches = 5

// SubjectsFound is the answer of a SubjectField's search.
type SubjectsFound struct {
	Query string
	Rows  []apiclient.Subject
	// Candidates were read by this search (nil when read before).
	Candidates []apiclient.Subject
}

// SubjectField is the one way a filter picks a subject: by part of its name
// (searched on the service as you type, ↑/↓ choose a match) or by its id.
// The lists' `f` forms and the event log's filter use it. The page routes
// its table.DebounceMsg to Search and its Result[SubjectsFound] to Found.
type SubjectField struct {
	d       *Deps
	page    ui.PageID
	Input   textinput.Model
	deb     table.Debouncer
	matches []apiclient.Subject
	pick    int
	req     int
	err     string
	// cands are the first pages of the subjects, read by the first search
	// and matched ignoring diacritics (SearchSubjects).
	cands []apiclient.Subject
}

// NewSubjectField is a field holding subject id (0 for none); a known name
// shows as its one match.
func NewSubjectField(d *Deps, page ui.PageID, id int64) *SubjectField {
	ti := textinput.New()
	ti.Prompt = ""
	ti.CharLimit = 64
	ti.Placeholder = d.L.T("part of a name, or an id")
	ti.Cursor.SetMode(cursor.CursorStatic)
	f := &SubjectField{d: d, page: page, deb: table.NewDebouncer(string(page.Kind)+"/subject", d.SearchDelay)}
	if id > 0 {
		ti.SetValue(strconv.FormatInt(id, 10))
		if name := d.NameOr(NameSubject, id, ""); name != "" {
			f.matches = []apiclient.Subject{{ID: id, Name: name}}
		}
	}
	ti.CursorEnd()
	f.Input = ti
	return f
}

// text is the field when it is not an id: what to search for.
func (f *SubjectField) text() string {
	v := strings.TrimSpace(f.Input.Value())
	if _, err := strconv.ParseInt(v, 10, 64); err == nil {
		return ""
	}
	return v
}

// Choosing reports whether ↑/↓ choose among matches now (else they are the
// form's own keys).
func (f *SubjectField) Choosing() bool { return f.text() != "" && len(f.matches) > 1 }

// Move chooses the previous (-1) or next (+1) match.
func (f *SubjectField) Move(step int) {
	if n := len(f.matches); n > 0 {
		f.pick = ((f.pick+step)%n + n) % n
	}
}

// Type hands a key to the text input; a changed text starts a search.
func (f *SubjectField) Type(msg tea.KeyMsg) tea.Cmd {
	before := f.Input.Value()
	f.Input, _ = f.Input.Update(msg)
	if f.Input.Value() == before {
		return nil
	}
	f.matches, f.pick, f.err = nil, 0, ""
	if f.text() == "" {
		f.deb.Cancel()
		return nil
	}
	return Route(f.page, f.deb.Trigger())
}

// Search asks for subjects matching the field when the debounce is over.
func (f *SubjectField) Search(msg table.DebounceMsg) tea.Cmd {
	q := f.text()
	if !f.deb.IsLatest(msg) || q == "" {
		return nil
	}
	f.req++
	cands, d := f.cands, f.d
	return Call(d, f.page, f.req, func(ctx context.Context, c *apiclient.Client) (SubjectsFound, error) {
		rows, loaded, err := SearchSubjects(ctx, d, c, q, cands)
		return SubjectsFound{Query: q, Rows: rows, Candidates: loaded}, err
	})
}

// Found takes a search answer meant for the text still in the field.
func (f *SubjectField) Found(r Result[SubjectsFound]) {
	if r.Value.Candidates != nil {
		f.cands = r.Value.Candidates
	}
	if r.Req != f.req || r.Value.Query != f.text() {
		return
	}
	if r.Err != nil {
		f.err = f.d.L.Tf("could not search subjects: %v", r.Err)
		return
	}
	f.matches, f.pick, f.err = r.Value.Rows, 0, ""
	if len(f.matches) > maxSubjectMatches {
		f.matches = f.matches[:maxSubjectMatches]
	}
}

// Cancel drops a search in flight (the form closes).
func (f *SubjectField) Cancel() { f.deb.Cancel() }

// Value is the subject picked (0 when the field is empty), or why none can
// be: label names the field in the message. A name picked is remembered in
// the session's names, so the filter's description says it.
func (f *SubjectField) Value(label string) (int64, string, string) {
	v := strings.TrimSpace(f.Input.Value())
	switch {
	case v == "":
		return 0, "", ""
	case f.text() == "":
		n, _ := strconv.ParseInt(v, 10, 64)
		if n <= 0 {
			return 0, "", f.d.L.Tf("%s: %q is not a record id", label, v)
		}
		name := ""
		if len(f.matches) == 1 && f.matches[0].ID == n {
			name = f.matches[0].Name
		}
		return n, name, ""
	case len(f.matches) == 0:
		return 0, "", f.d.L.Tf("%s: no subject matches %q (yet); type part of a name or an id", label, v)
	}
	m := f.matches[min(f.pick, len(f.matches)-1)]
	f.d.PutName(NameSubject, m.ID, m.Name)
	return m.ID, m.Name, ""
}

// Lines are what shows under the field: the matches, the search under way,
// or why the search failed.
func (f *SubjectField) Lines(st ui.Styles) []string {
	if f.text() == "" {
		return nil
	}
	switch {
	case f.err != "":
		return []string{st.Error.Render("      ✕ " + f.err)}
	case len(f.matches) == 0:
		return []string{st.Muted.Render("      " + f.d.L.T("searching subjects…"))}
	}
	out := make([]string, 0, len(f.matches))
	for i, m := range f.matches {
		mark := "      "
		if i == f.pick {
			mark = "    ▸ "
		}
		out = append(out, mark+m.Name+st.Muted.Render(" ("+strconv.FormatInt(m.ID, 10)+")"))
	}
	return out
}
