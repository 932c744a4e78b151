package form

import (
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
)

// memDrafts is a DraftStore in memory.
type memDrafts struct {
	mu      sync.Mutex
	m       map[string]Draft
	deletes int
}

func (s *memDrafts) Load(id string) (Draft, bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	d, ok := s.m[id]
	return d, ok, nil
}

func (s *memDrafts) Save(id string, d Draft) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.m == nil {
		s.m = map[string]Draft{}
	}
	s.m[id] = d
	return nil
}

func (s *memDrafts) Delete(id string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	delete(s.m, id)
	s.deletes++
	return nil
}

// hostRig drives a FormHost: routed answers go back to the host, every
// other message is kept in out.
type hostRig struct {
	t      *testing.T
	h      *Host
	out    []tea.Msg
	sent   []Values // what Submit's Cmds sent, in order
	answer func(n int, v Values) Result
}

var hostID = ui.PageID{Kind: "thing_form", ID: "7"}

func hostSpec(r *hostRig) *Spec {
	return &Spec{
		Title: "New thing", Noun: "thing",
		Fields: []Field{
			{Key: "name", Label: "Name", Validate: func(v string, _ Values) error {
				if v == "" {
					return errors.New("a name is required")
				}
				return nil
			}},
			{Key: "amount", Label: "Amount", Validate: func(v string, _ Values) error {
				if strings.Trim(v, "0123456789.") != "" {
					return errors.New("not a number")
				}
				return nil
			}},
			{Key: "kind", Label: "Kind", Kind: FieldChoice, Options: []Option{{"a", "Alpha"}, {"b", "Beta"}}},
			{Key: "flag", Label: "Flag", Kind: FieldBool},
			{Key: "extra", Label: "Extra", Hidden: func(v Values) bool { return !v.Bool("flag") }},
		},
		Initial: Values{"name": "", "amount": "10", "kind": "a", "flag": "false", "extra": ""},
		Submit: func(v Values) Task {
			return func() Result {
				r.sent = append(r.sent, v)
				return r.answer(len(r.sent), v)
			}
		},
	}
}

func newHostRig(t *testing.T, drafts DraftStore) *hostRig {
	t.Helper()
	r := &hostRig{t: t, answer: func(int, Values) Result { return Result{Done: []tea.Msg{marker("done")}} }}
	r.h = New(Options{
		ID: hostID, Title: "New thing", Drafts: drafts, Styles: ui.NewStyles(true),
		Now:        func() time.Time { return time.Date(2026, 11, 22, 14, 5, 0, 0, time.UTC) },
		Loc:        time.UTC,
		DraftDelay: time.Millisecond,
		Load:       func() Loaded { return Loaded{Spec: hostSpec(r)} },
	})
	r.h.SetSize(80, 20)
	r.run(r.h.Init())
	if !r.h.Ready() {
		t.Fatal("form did not load")
	}
	return r
}

func (r *hostRig) run(cmd tea.Cmd) {
	for _, m := range tuitest.Collect(cmd) {
		if rt, ok := m.(ui.Routed); ok && rt.Target() == hostID {
			r.run(r.h.Update(m))
			continue
		}
		r.out = append(r.out, m)
	}
}

func hostKey(k string) tea.KeyMsg {
	switch k {
	case "ctrl+s":
		return tea.KeyMsg{Type: tea.KeyCtrlS}
	case "ctrl+y":
		return tea.KeyMsg{Type: tea.KeyCtrlY}
	case "ctrl+k":
		return tea.KeyMsg{Type: tea.KeyCtrlK}
	case "ctrl+r":
		return tea.KeyMsg{Type: tea.KeyCtrlR}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "backspace":
		return tea.KeyMsg{Type: tea.KeyBackspace}
	case "space":
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	return tuitest.Key(k)
}

// press sends one key and returns its Cmd without running it.
func (r *hostRig) press(k string) tea.Cmd { return r.h.Update(hostKey(k)) }

func (r *hostRig) keys(ks ...string) {
	for _, k := range ks {
		r.run(r.press(k))
	}
}

func (r *hostRig) typeText(s string) {
	for _, c := range s {
		r.run(r.h.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{c}}))
	}
}

func TestFormHostRefusalKeepsEveryValueAndShowsMessagesBesideFields(t *testing.T) {
	r := newHostRig(t, nil)
	r.answer = func(int, Values) Result {
		return Result{FieldErrors: map[string][]string{"amount": {"is too large"}, "base": {"is not allowed today"}}}
	}
	r.typeText("Widget")
	r.keys("tab", "backspace", "backspace")
	r.typeText("99")
	r.keys("ctrl+s")
	want := Values{"name": "Widget", "amount": "99", "kind": "a", "flag": "false"}
	if got := r.h.Values(); !equalValues(got, want) {
		t.Fatalf("values after the refusal %v, want %v", got, want)
	}
	if got := r.h.FieldErrors("amount"); len(got) != 1 || got[0] != "is too large" {
		t.Errorf("amount errors %q, want the service's message", got)
	}
	if got := r.h.Summary(); len(got) != 1 || got[0] != "Base: is not allowed today" {
		t.Errorf("summary %q, want the message with no field", got)
	}
	lines := strings.Split(r.h.View(), "\n")
	for i, l := range lines {
		if strings.Contains(l, "Amount") && strings.Contains(l, "[99") {
			if i+1 >= len(lines) || !strings.Contains(lines[i+1], "✕ is too large") {
				t.Errorf("message not under the amount field:\n%s", r.h.View())
			}
		}
	}
	if hasMsg[ui.Back](r.out) {
		t.Error("a refused form closed")
	}
	r.typeText("1")
	if got := r.h.FieldErrors("amount"); len(got) != 0 {
		t.Errorf("editing the field kept the service's message: %q", got)
	}
}

func equalValues(a, b Values) bool {
	if len(a) != len(b) {
		return false
	}
	for k, v := range a {
		if b[k] != v {
			return false
		}
	}
	return true
}

func TestFormHostSecondSubmitWhileSendingDoesNothing(t *testing.T) {
	r := newHostRig(t, nil)
	r.typeText("Widget")
	first := r.press("ctrl+s")
	if first == nil {
		t.Fatal("submit returned no Cmd")
	}
	if second := r.press("ctrl+s"); second != nil {
		r.run(second)
	}
	if !strings.Contains(r.h.View(), "Sending…") {
		t.Errorf("second submit does not say Sending…:\n%s", r.h.View())
	}
	r.run(first)
	if len(r.sent) != 1 {
		t.Fatalf("sent %d times, want 1", len(r.sent))
	}
	if !hasMsg[marker](r.out) {
		t.Error("success did not run Done")
	}
}

func TestFormHostFaultKeepsTheFormOpenWithTheInput(t *testing.T) {
	r := newHostRig(t, nil)
	r.answer = func(n int, _ Values) Result {
		if n == 1 {
			return Result{Problem: "Could not send the thing: the service failed (500). Nothing was lost."}
		}
		return Result{Done: []tea.Msg{marker("done")}}
	}
	r.typeText("Widget")
	r.keys("ctrl+s")
	if hasMsg[ui.Back](r.out) || hasMsg[marker](r.out) {
		t.Fatal("a failed submit closed the form")
	}
	if r.h.Values()["name"] != "Widget" || !strings.Contains(r.h.View(), "Nothing was lost") {
		t.Fatalf("input or message missing:\n%s", r.h.View())
	}
	r.keys("ctrl+s")
	if !hasMsg[marker](r.out) || len(r.sent) != 2 {
		t.Errorf("second try: sent %d, done %v", len(r.sent), hasMsg[marker](r.out))
	}
}

func TestFormHostBlocksSubmitOnInvalidInput(t *testing.T) {
	r := newHostRig(t, nil)
	r.keys("ctrl+s")
	if len(r.sent) != 0 {
		t.Fatal("an empty required field was sent")
	}
	if !strings.Contains(r.h.View(), "✕ a name is required") {
		t.Errorf("no message beside the empty field:\n%s", r.h.View())
	}
	r.typeText("W")
	r.keys("tab")
	r.typeText("x")
	if !strings.Contains(r.h.View(), "✕ not a number") {
		t.Errorf("typed value not validated as typed:\n%s", r.h.View())
	}
}

func TestFormHostEscAsksOnlyWithUnsavedInput(t *testing.T) {
	drafts := &memDrafts{}
	r := newHostRig(t, drafts)
	r.keys("esc")
	if !hasMsg[ui.Back](r.out) || hasMsg[ui.Confirm](r.out) {
		t.Fatalf("esc on an untouched form: %v, want Back without asking", r.out)
	}
	r.out = nil
	r.typeText("Widget")
	r.keys("esc")
	var c *ui.Confirm
	for _, m := range r.out {
		if cm, ok := m.(ui.Confirm); ok {
			c = &cm
		}
	}
	if c == nil || hasMsg[ui.Back](r.out) {
		t.Fatalf("esc with input: %v, want a question and no Back", r.out)
	}
	if c.Question != "Discard the unsaved thing?" {
		t.Errorf("question %q", c.Question)
	}
	r.run(c.Yes)
	if !hasMsg[ui.Back](r.out) {
		t.Error("yes did not go back")
	}
	if _, ok, _ := drafts.Load(DraftID(hostID)); ok {
		t.Error("discarding kept the draft")
	}
	if r.h.Dirty() {
		t.Error("the discarded input is still there for the next visit")
	}
}

func TestFormHostQOnAChoiceAsksFirst(t *testing.T) {
	r := newHostRig(t, nil)
	r.typeText("Widget") // a q here would be a letter of the name
	r.keys("tab", "tab", "q")
	if !hasMsg[ui.Confirm](r.out) {
		t.Errorf("q on a choice with input did not ask: %v", r.out)
	}
}

func TestFormHostDraftIsWrittenAfterAPauseAndRestored(t *testing.T) {
	drafts := &memDrafts{}
	r := newHostRig(t, drafts)
	cmd := r.press("W") // the edit schedules a write; nothing is written in Update
	if _, ok, _ := drafts.Load(DraftID(hostID)); ok {
		t.Fatal("draft written inside Update")
	}
	r.run(cmd)
	r.typeText("idget")
	d, ok, _ := drafts.Load(DraftID(hostID))
	if !ok || d.Values["name"] != "Widget" {
		t.Fatalf("draft %v (%v), want the typed name", d, ok)
	}

	r2 := newHostRig(t, drafts)
	if got := r2.h.Values()["name"]; got != "Widget" {
		t.Fatalf("restored name %q", got)
	}
	if !strings.Contains(r2.h.View(), "A draft from 14:05 was restored — ctrl+r to discard") {
		t.Errorf("no restore notice:\n%s", r2.h.View())
	}
	r2.keys("ctrl+r")
	if got := r2.h.Values()["name"]; got != "" {
		t.Errorf("ctrl+r left %q", got)
	}
	if _, ok, _ := drafts.Load(DraftID(hostID)); ok {
		t.Error("ctrl+r kept the draft on disk")
	}
}

func TestFormHostSuccessDeletesTheDraft(t *testing.T) {
	drafts := &memDrafts{}
	r := newHostRig(t, drafts)
	r.typeText("Widget")
	if _, ok, _ := drafts.Load(DraftID(hostID)); !ok {
		t.Fatal("no draft")
	}
	r.keys("ctrl+s")
	if _, ok, _ := drafts.Load(DraftID(hostID)); ok {
		t.Error("success kept the draft")
	}
	if r.h.Dirty() {
		t.Error("the page kept the sent input for its next visit")
	}
}

func TestFormHostUnknownOutcomeChecksBeforeOfferingToResend(t *testing.T) {
	r := newHostRig(t, nil)
	checks := 0
	r.answer = func(n int, _ Values) Result {
		if n == 1 {
			return Result{Unknown: true, Problem: "The connection dropped.", Check: func() Result {
				checks++
				return Result{Unknown: true, Problem: "Not recorded: ctrl+y sends again."}
			}}
		}
		return Result{Done: []tea.Msg{marker("done")}}
	}
	r.typeText("Widget")
	r.keys("ctrl+s")
	if checks != 1 {
		t.Fatalf("checked %d times after the unknown outcome, want 1", checks)
	}
	if !r.h.Unknown() || !strings.Contains(r.h.View(), "Not recorded") {
		t.Fatalf("unknown state not shown:\n%s", r.h.View())
	}
	r.keys("ctrl+s", "enter")
	if len(r.sent) != 1 {
		t.Fatalf("a plain submit resent after an unknown outcome (%d sends)", len(r.sent))
	}
	r.keys("ctrl+y")
	if len(r.sent) != 2 || !hasMsg[marker](r.out) {
		t.Errorf("ctrl+y: %d sends, done %v", len(r.sent), hasMsg[marker](r.out))
	}
}

func TestFormHostUnknownOutcomeFoundIsSuccess(t *testing.T) {
	r := newHostRig(t, nil)
	r.answer = func(int, Values) Result {
		return Result{Unknown: true, Check: func() Result { return Result{Done: []tea.Msg{marker("found")}} }}
	}
	r.typeText("Widget")
	r.keys("ctrl+s")
	if !hasMsg[marker](r.out) || r.h.Unknown() {
		t.Errorf("a found record was not treated as success: %v", r.out)
	}
}

func TestFormHostHiddenFieldsAreNotSent(t *testing.T) {
	r := newHostRig(t, nil)
	if _, ok := r.h.Values()["extra"]; ok {
		t.Fatal("hidden field in the values")
	}
	if strings.Contains(r.h.View(), "Extra") {
		t.Error("hidden field drawn")
	}
	r.typeText("W")
	r.keys("tab", "tab", "tab", "space")
	if !strings.Contains(r.h.View(), "Extra") {
		t.Errorf("field did not appear with the flag:\n%s", r.h.View())
	}
	r.keys("tab")
	r.typeText("more")
	r.keys("ctrl+s")
	if len(r.sent) != 1 || r.sent[0]["extra"] != "more" || r.sent[0]["flag"] != "true" {
		t.Errorf("sent %v", r.sent)
	}
}

func TestFormHostViewFitsTheBody(t *testing.T) {
	r := newHostRig(t, nil)
	r.h.SetSize(40, 5)
	lines := strings.Split(r.h.View(), "\n")
	if len(lines) != 5 {
		t.Fatalf("%d lines, want 5", len(lines))
	}
	for _, l := range lines {
		if w := len([]rune(l)); w > 40 {
			t.Errorf("line of %d cells: %q", w, l)
		}
	}
}

func TestFormHostTextAreaTakesEnterAndTabMovesOn(t *testing.T) {
	var sent Values
	h := New(Options{ID: hostID, Styles: ui.NewStyles(true), Load: func() Loaded {
		return Loaded{Spec: &Spec{Title: "Note", Noun: "note",
			Fields:  []Field{{Key: "body", Label: "Body", Kind: FieldTextArea}, {Key: "name", Label: "Name"}},
			Initial: Values{"body": "", "name": ""},
			Submit:  func(v Values) Task { return func() Result { sent = v; return Result{Done: []tea.Msg{marker("done")}} } }}}
	}})
	h.SetSize(60, 12)
	r := &hostRig{t: t, h: h}
	r.run(h.Init())
	r.typeText("first")
	r.keys("enter")
	r.typeText("second")
	if got := h.Values()["body"]; got != "first\nsecond" {
		t.Fatalf("body %q, want two lines", got)
	}
	view := h.View()
	if !strings.Contains(view, "│ first") || !strings.Contains(view, "│ second") {
		t.Errorf("text area not drawn on its lines:\n%s", view)
	}
	r.keys("tab")
	r.typeText("x")
	r.keys("enter") // the last field: submits
	if sent["body"] != "first\nsecond" || sent["name"] != "x" {
		t.Errorf("sent %v", sent)
	}
}

// marker is a message a test's Done delivers.
type marker string

func hasMsg[T any](msgs []tea.Msg) bool {
	_, ok := tuitest.Find[T](msgs)
	return ok
}

func TestFormHostDraftTimerAfterSuccessWritesNothing(t *testing.T) {
	drafts := &memDrafts{}
	r := newHostRig(t, drafts)
	tick := r.press("W") // schedules a draft write
	r.keys("ctrl+s")     // sent and cleared before the timer fires
	r.run(tick)
	if _, ok, _ := drafts.Load(DraftID(hostID)); ok {
		t.Fatal("a draft timer from before the send wrote a draft after it")
	}
}

// Keys pressed while the form still loads are kept and played once it is
// ready (the editor's title shows before it has read a template): the
// typed name and the ctrl+s after it are not lost. esc leaves at once.
func TestKeysWhileLoadingAreTypeahead(t *testing.T) {
	r := &hostRig{t: t, answer: func(int, Values) Result { return Result{Done: []tea.Msg{marker("done")}} }}
	r.h = New(Options{ID: hostID, Title: "New thing", Styles: ui.NewStyles(true), Loc: time.UTC,
		Load: func() Loaded { return Loaded{Spec: hostSpec(r)} }})
	r.h.SetSize(80, 20)
	load := r.h.Init() // not run yet: the form is loading
	for _, k := range []string{"A", "c", "m", "e", "ctrl+s"} {
		if cmd := r.press(k); cmd != nil {
			t.Fatalf("%s while loading answered a Cmd", k)
		}
	}
	r.run(load)
	if len(r.sent) != 1 || r.sent[0]["name"] != "Acme" {
		t.Fatalf("sent %v, want the name typed while loading, once", r.sent)
	}

	r2 := &hostRig{t: t}
	r2.h = New(Options{ID: hostID, Title: "New thing", Styles: ui.NewStyles(true), Loc: time.UTC,
		Load: func() Loaded { return Loaded{Spec: hostSpec(r2)} }})
	_ = r2.h.Init()
	if msgs := tuitest.Collect(r2.press("esc")); len(msgs) != 1 || msgs[0] != (ui.Back{}) {
		t.Errorf("esc while loading: %v, want Back", msgs)
	}
}
