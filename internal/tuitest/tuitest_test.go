package tuitest

import (
	"testing"

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
