package form

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// counter is a widget whose value is a count: + and - change it, any
// other key is the host's; a tick message (its own answer) adds ten.
type counter struct {
	n     int
	seen  []tea.Msg
	errs  map[string][]string
	focus bool
}

type tick struct{}

func (c *counter) Value() string { return strings.Repeat("|", c.n) }
func (c *counter) SetValue(v string) {
	c.n = len(v)
}
func (c *counter) Update(msg tea.Msg, focused bool) (bool, tea.Cmd) {
	c.focus = focused
	switch m := msg.(type) {
	case tea.KeyMsg:
		switch m.String() {
		case "+":
			c.n++
			return true, nil
		case "-":
			c.n--
			return true, nil
		}
		return false, nil
	case tick:
		c.n += 10
	}
	c.seen = append(c.seen, msg)
	return false, nil
}
func (c *counter) View(int, bool) []string {
	return []string{"count " + c.Value(), "second line"}
}
func (c *counter) SetErrors(e map[string][]string) { c.errs = e }

func widgetRig(t *testing.T, drafts DraftStore, w *counter, answer func(Values) Result) *hostRig {
	t.Helper()
	r := &hostRig{t: t}
	r.h = New(Options{
		ID: hostID, Title: "Widget", Drafts: drafts, Styles: ui.NewStyles(true), Loc: time.UTC, DraftDelay: time.Millisecond,
		Load: func() Loaded {
			return Loaded{Spec: &Spec{Title: "Widget", Noun: "thing",
				Fields:  []Field{{Key: "lines", Label: "Lines", Kind: FieldWidget, Widget: w}, {Key: "note", Label: "Note"}},
				Initial: Values{"lines": "||", "note": ""},
				Submit: func(v Values) Task {
					return func() Result { r.sent = append(r.sent, v); return answer(v) }
				}}}
		},
	})
	r.h.SetSize(80, 20)
	r.run(r.h.Init())
	return r
}

// A widget field gets its keys first, gives the rest to the host, hands its
// value to the form (submit, draft) and gets the form's other messages.
func TestWidgetFieldKeysValuesAndMessages(t *testing.T) {
	w := &counter{}
	drafts := &memDrafts{}
	r := widgetRig(t, drafts, w, func(Values) Result { return Result{Done: []tea.Msg{marker("done")}} })
	if w.n != 2 {
		t.Fatalf("the widget was not given its first value: %d", w.n)
	}
	r.keys("+", "+", "-")
	if got := r.h.Values()["lines"]; got != "|||" {
		t.Errorf("the form's value is %q after + + -", got)
	}
	if !strings.Contains(r.h.View(), "count |||") || !strings.Contains(r.h.View(), "second line") {
		t.Errorf("the widget's lines are not drawn:\n%s", r.h.View())
	}
	r.run(r.h.Update(tick{}))
	if w.n != 13 || r.h.Values()["lines"] != strings.Repeat("|", 13) {
		t.Errorf("a message for the widget did not reach it: n=%d", w.n)
	}
	if w.focus {
		t.Error("a message was handed over as if it were a key")
	}
	if d, ok, _ := drafts.Load(DraftID(hostID)); !ok || d.Values["lines"] != strings.Repeat("|", 13) {
		t.Errorf("the draft lacks the widget's value: %+v", d.Values)
	}
	r.keys("tab") // not the widget's: the host moves on
	r.typeText("x")
	if r.h.Values()["note"] != "x" {
		t.Errorf("tab did not move to the next field: %+v", r.h.Values())
	}
	r.keys("ctrl+s")
	if len(r.sent) != 1 || r.sent[0]["lines"] != strings.Repeat("|", 13) {
		t.Errorf("sent %+v", r.sent)
	}
}

// The service's messages for "lines.name" go to the widget that takes
// them, not into the summary; a restored draft sets the widget's value.
func TestWidgetFieldTakesItsErrorsAndDraft(t *testing.T) {
	drafts := &memDrafts{m: map[string]Draft{DraftID(hostID): {Values: Values{"lines": "|||||"}, SavedAt: time.Now()}}}
	w := &counter{}
	r := widgetRig(t, drafts, w, func(Values) Result {
		return Result{FieldErrors: map[string][]string{"lines.name": {"can't be blank"}, "base": {"no"}}}
	})
	if w.n != 5 {
		t.Fatalf("the draft's value did not reach the widget: %d", w.n)
	}
	r.keys("ctrl+s")
	if got := w.errs["lines.name"]; len(got) != 1 || got[0] != "can't be blank" {
		t.Errorf("the widget got %v", w.errs)
	}
	if s := r.h.Summary(); len(s) != 1 || !strings.Contains(s[0], "no") {
		t.Errorf("summary %v: only the message of no field belongs there", s)
	}
}
