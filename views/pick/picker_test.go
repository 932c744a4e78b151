package pick_test

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/pick"
)

var page = ui.PageID{Kind: "expense_editor", ID: "new"}

// drive hands the picker a key (focused) and delivers what follows until
// nothing is left, as the form host would.
func drive(p *pick.Subject, msg tea.Msg) []tea.Msg {
	var out []tea.Msg
	_, cmd := p.Update(msg, true)
	queue := tuitest.Collect(cmd)
	for len(queue) > 0 {
		m := queue[0]
		queue = queue[1:]
		if r, ok := m.(ui.Routed); ok && r.Target() == page {
			_, next := p.Update(m, false)
			queue = append(queue, tuitest.Collect(next)...)
			continue
		}
		out = append(out, m)
	}
	return out
}

func newPicker(t *testing.T) (*pick.Subject, *tuitest.Sandbox) {
	t.Helper()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)})
	for _, s := range []struct{ name, typ string }{{"Acme s.r.o.", "customer"}, {"Acme Supplies a.s.", "supplier"}} {
		if _, _, err := sb.Client.Subjects.Create(t.Context(), &apiclient.SubjectParams{Name: apiclient.Ptr(s.name), Type: apiclient.Ptr(s.typ)}); err != nil {
			t.Fatal(err)
		}
	}
	d := common.Deps{Client: func() *apiclient.Client { return sb.Client }, Styles: ui.NewStyles(true), SearchDelay: time.Millisecond}.WithDefaults()
	return pick.NewSubject(d, page, "supplier"), sb
}

// Typing searches the service after a pause; the picker's role comes
// first; enter picks, and the value keeps the id and the name.
func TestTypingSearchesAndEnterPicks(t *testing.T) {
	p, _ := newPicker(t)
	for _, r := range "Acme" {
		drive(p, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	v := strings.Join(p.View(80, true), "\n")
	if !strings.Contains(v, "Acme Supplies a.s.") || strings.Index(v, "Acme Supplies") > strings.Index(v, "Acme s.r.o.") {
		t.Fatalf("the supplier is not listed first:\n%s", v)
	}
	drive(p, tuitest.Key("enter"))
	id, name := pick.ParseSubjectValue(p.Value())
	if id == 0 || name != "Acme Supplies a.s." {
		t.Errorf("picked %d %q", id, name)
	}
}

// The last entry makes a new subject with the typed name; when the subject
// form announces it, the picker picks it.
func TestNewSubjectComesBackPicked(t *testing.T) {
	p, _ := newPicker(t)
	for _, r := range "Nová firma" {
		drive(p, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	drive(p, tuitest.Key("down"))
	drive(p, tuitest.Key("down"))
	drive(p, tuitest.Key("down"))
	out := drive(p, tuitest.Key("enter"))
	open, ok := tuitest.Find[ui.Open](out)
	if !ok || open.ID != forms.NewSubjectNamedPage("Nová firma") {
		t.Fatalf("enter on the last entry opened %v", out)
	}
	created := &apiclient.Subject{ID: 77, Name: "Nová firma s.r.o."}
	p.Update(ui.Changed{Kind: nav.Subject, ID: 77, Op: ui.ChangeCreated, Record: created}, false)
	if id, name := pick.ParseSubjectValue(p.Value()); id != 77 || name != "Nová firma s.r.o." {
		t.Errorf("after the subject was made the picker holds %d %q", id, name)
	}
}

func TestValueRoundTrip(t *testing.T) {
	v := pick.SubjectValue(12, `Acme "Praha"`)
	if id, name := pick.ParseSubjectValue(v); id != 12 || name != `Acme "Praha"` {
		t.Errorf("round trip: %d %q", id, name)
	}
	if id, _ := pick.ParseSubjectValue("34"); id != 34 {
		t.Errorf("a bare id reads as %d", id)
	}
	if pick.SubjectValue(0, "") != "" {
		t.Error("none chosen is not empty")
	}
}
