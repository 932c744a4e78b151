package monitor

import (
	"bytes"
	"io"
	"testing"
	"time"

	"github.com/charmbracelet/x/exp/teatest"

	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// TestStandaloneFlow runs the monitor in a real Bubble Tea program: it loads,
// fetches on its own, and enter on an event ends the program with the
// event's record for the caller to open.
func TestStandaloneFlow(t *testing.T) {
	f := newFixture(t, Options{})
	m := New(Options{Source: f.src, Account: "firma", CacheDir: t.TempDir(), Now: f.clock.Now, Loc: cet, Styles: ui.NewStyles(true)})
	m.standalone = true
	tm := teatest.NewTestModel(t, program{m}, teatest.WithInitialTermSize(60, 20))
	teatest.WaitFor(t, tm.Output(), func(b []byte) bool {
		return bytes.Contains(b, []byte("sken-0042.pdf")) && bytes.Contains(b, []byte("fetched 09:10"))
	}, teatest.WithDuration(5*time.Second))
	// Down past the three to-dos to the newest event (the inbox file, no
	// record of its own: the events list), then the one below it.
	for range 4 {
		tm.Send(tuitest.Key("j"))
	}
	tm.Send(tuitest.Key("enter"))
	tm.WaitFinished(t, teatest.WithFinalTimeout(5*time.Second))
	_, _ = io.ReadAll(tm.Output())
	want := nav.Record(nav.Invoice, 40)
	if m.opened == nil || m.opened.Page != want || m.opened.Account != "firma" {
		t.Fatalf("opened %v, want %v", m.opened, want)
	}
}
