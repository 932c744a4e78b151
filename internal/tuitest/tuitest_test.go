package tuitest

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

func TestCollectRunsBatchesAndSequencesInOrder(t *testing.T) {
	emit := func(s string) tea.Cmd { return func() tea.Msg { return s } }
	got := Collect(tea.Sequence(emit("a"), tea.Batch(emit("b"), nil, emit("c")), emit("d")))
	want := []tea.Msg{"a", "b", "c", "d"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Fatalf("got %v, want %v", got, want)
		}
	}
	if Collect(nil) != nil {
		t.Fatal("a nil command yielded messages")
	}
}

func TestKeyNames(t *testing.T) {
	for name, want := range map[string]string{"enter": "enter", "ctrl+s": "ctrl+s", "space": " ", "j": "j", "shift+tab": "shift+tab", "Acme": "Acme"} {
		if got := Key(name).String(); got != want {
			t.Errorf("Key(%q) = %q, want %q", name, got, want)
		}
	}
}

// recorder is a model that notes the messages it gets.
type recorder struct{ got []string }

func (r *recorder) Init() tea.Cmd { return nil }
func (r *recorder) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if s, ok := msg.(string); ok {
		r.got = append(r.got, s)
		if s == "a" {
			return r, say("a2") // a message that leads to another
		}
	}
	return r, nil
}
func (r *recorder) View() string { return "" }

func say(s string) tea.Cmd { return func() tea.Msg { return s } }

func TestLoopRunsBatchesAndSequencesInOrder(t *testing.T) {
	r := &recorder{}
	ModelLoop(r).Run(tea.Sequence(say("a"), tea.Batch(say("b"), say("c")), say("d")))
	if got := strings.Join(r.got, ""); got != "aa2bcd" {
		t.Errorf("messages %q, want aa2bcd", got)
	}
}

func TestLoopDropsTimersAndStuckCmds(t *testing.T) {
	r := &recorder{}
	loop := ModelLoop(r)
	loop.Timeout = 50 * time.Millisecond
	tick := tea.Tick(time.Hour, func(time.Time) tea.Msg { return "tick" })
	every := tea.Every(time.Hour, func(time.Time) tea.Msg { return "every" })
	stuck := func() tea.Msg { time.Sleep(time.Second); return "late" }
	loop.Run(tea.Batch(tick, every, stuck, say("now")))
	if got := strings.Join(r.got, ","); got != "now" {
		t.Errorf("messages %q, want only now", got)
	}
	if IsTimer(say("x")) || !IsTimer(tick) {
		t.Error("IsTimer mistakes a plain command or misses a tick")
	}
}

func TestLoopReportsAMessageStorm(t *testing.T) {
	echo := func(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
	if _, settled := (Loop{Update: echo, Max: 100}).Send("again"); settled {
		t.Error("a loop that never ends settled")
	}
}
