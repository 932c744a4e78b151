package ui

import (
	"bytes"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/kasa-tui/kasa/internal/tuitest"
)

func TestFlowThroughProgram(t *testing.T) {
	f := newFixture(t, nil)
	tm := teatest.NewTestModel(t, f.m, teatest.WithInitialTermSize(80, 24))
	waitFor := func(s string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(s)) },
			teatest.WithDuration(5*time.Second), teatest.WithCheckInterval(10*time.Millisecond))
	}
	tm.Type("2")
	waitFor("[2 Invoices]")
	tm.Type("j")
	tm.Send(tuitest.Key("enter"))
	waitFor("Detail 1")
	tm.Send(tuitest.Key("esc"))
	waitFor("Invoices (cursor 1)")
	tm.Type("q")
	final := tm.FinalModel(t, teatest.WithFinalTimeout(5*time.Second)).(*Model)
	if !final.Quitting() {
		t.Error("final model is not quitting")
	}
	if final.SectionIndex() != 1 {
		t.Errorf("final section = %d, want 1", final.SectionIndex())
	}
	if got := final.Stack(); len(got) != 1 || got[0] != (PageID{Kind: "invoices"}) {
		t.Errorf("final stack = %+v, want invoices root only", got)
	}
	if p := f.pages[PageID{Kind: "invoices"}]; p.cursor != 1 {
		t.Errorf("invoices cursor = %d, want 1 kept across enter/esc", p.cursor)
	}
}
