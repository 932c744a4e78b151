package ui

import (
	"context"
	"errors"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

func gotAutoRefresh(p *fakePage) int {
	n := 0
	for _, m := range p.got {
		if _, ok := m.(AutoRefresh); ok {
			n++
		}
	}
	return n
}

func TestAutoRefreshReachesOnlyThePageOnTop(t *testing.T) {
	f := newFixture(t, nil)
	f.m.opts.AutoRefresh = time.Hour
	root := f.pages[PageID{Kind: "subjects"}]
	f.key("enter") // open a detail on top of the list
	detail := f.m.Top().(*fakePage)

	_, cmd := f.m.Update(autoRefreshTick{})
	if cmd == nil {
		t.Fatal("no next tick scheduled")
	}
	if gotAutoRefresh(detail) != 1 || gotAutoRefresh(root) != 0 {
		t.Fatalf("top got %d, page below got %d; want 1 and 0", gotAutoRefresh(detail), gotAutoRefresh(root))
	}
}

func TestAutoRefreshWaitsWhileTheUserIsBusy(t *testing.T) {
	f := newFixture(t, nil)
	f.m.opts.AutoRefresh = time.Hour
	top := f.m.Top().(*fakePage)

	top.capturing = true
	f.m.Update(autoRefreshTick{})
	top.capturing = false
	f.m.Update(Confirm{Question: "Delete?", Yes: nil})
	f.m.Update(autoRefreshTick{})
	if n := gotAutoRefresh(top); n != 0 {
		t.Fatalf("page refreshed %d times while typing or under a dialog", n)
	}
}

func TestNoAutoRefreshTimerWhenSwitchedOff(t *testing.T) {
	f := newFixture(t, nil)
	if cmd := f.m.scheduleAutoRefresh(); cmd != nil {
		t.Fatal("a timer was scheduled with AutoRefresh 0")
	}
}

func TestStatusSourceFillsTheAPIFigures(t *testing.T) {
	f := newFixture(t, nil)
	calls := 0
	f.m.opts.Status = func(ctx context.Context) (APIStatus, error) {
		calls++
		if calls > 1 {
			return APIStatus{}, errors.New("network down")
		}
		return APIStatus{Conn: ConnOnline, CallsUsed: 1234, CallsLimit: 20000}, nil
	}
	answer := func() {
		t.Helper()
		_, cmd := f.m.Update(statusTick{gen: f.m.statusGen})
		if cmd == nil {
			t.Fatal("no fetch for a status tick")
		}
		_, next := f.m.Update(cmd().(statusAnswer))
		if next == nil {
			t.Fatal("no next status read scheduled")
		}
	}
	answer()
	if v := f.m.View(); !strings.Contains(v, "API 1 234/20 000") {
		t.Fatalf("status bar lacks the figures:\n%s", v)
	}
	answer() // a failed read keeps the last figures
	if v := f.m.View(); !strings.Contains(v, "API 1 234/20 000") {
		t.Fatalf("a failed read lost the figures:\n%s", v)
	}
}

func TestSectionBarUsesShortTitlesBeforeCuttingLetters(t *testing.T) {
	f := newFixture(t, func(o *Options) {
		o.Sections = append(testSections(), Section{Key: "9", Title: "Monitor", Short: "Mon.", Root: PageID{Kind: "monitor"}})
		for i := range o.Sections {
			if o.Sections[i].Title == "Inventory" {
				o.Sections[i].Short = "Stock"
			}
			if o.Sections[i].Title == "Subjects" {
				o.Sections[i].Short = "Subj."
			}
		}
	})
	bar, _ := f.m.sectionBar()
	for _, want := range []string{"Subj.", "Stock", "Mon.", "Invoices", "Expenses"} {
		if !strings.Contains(bar, want) {
			t.Fatalf("bar at 80 columns %q lacks %q", bar, want)
		}
	}
	f.send(tea.WindowSizeMsg{Width: 120, Height: 24})
	if bar, _ := f.m.sectionBar(); !strings.Contains(bar, "Inventory") || !strings.Contains(bar, "Monitor") {
		t.Fatalf("bar at 120 columns %q does not use the full titles", bar)
	}
}

func TestHelpLineWhileThePageCapturesKeys(t *testing.T) {
	f := newFixture(t, nil)
	top := f.m.Top().(*fakePage)
	if line := f.m.helpLine(); !strings.Contains(line, "q quit") {
		t.Fatalf("help line %q lacks q quit", line)
	}
	top.capturing = true
	line := f.m.helpLine()
	if strings.Contains(line, "q quit") || strings.Contains(line, "? all keys") {
		t.Fatalf("help line %q offers shell keys the page swallows while typing", line)
	}
	if !strings.Contains(line, "ctrl+c") || !strings.Contains(line, "frobnicate") {
		t.Fatalf("help line %q lacks the page's keys or ctrl+c", line)
	}
}

// dirtyPage is a fake page holding unsent input.
type dirtyPage struct {
	*fakePage
	dirty bool
}

func (p *dirtyPage) Dirty() bool { return p.dirty }

func TestQuitAsksWhileAFormHoldsUnsentInput(t *testing.T) {
	var form *dirtyPage
	f := newFixture(t, func(o *Options) {
		o.Makers["form"] = func(id PageID) (Page, error) {
			form = &dirtyPage{fakePage: newFakePage(id), dirty: true}
			form.capturing = true
			return form, nil
		}
	})
	f.send(Open{ID: PageID{Kind: "form"}})
	_, cmd := f.m.Update(tuitest.Key("ctrl+c"))
	if f.m.Quitting() || cmd != nil {
		t.Fatal("ctrl+c quit at once over unsent input")
	}
	if !strings.Contains(f.m.View(), "Quit anyway?") {
		t.Fatalf("no question shown:\n%s", f.m.View())
	}
	f.send(tuitest.Key("n"))
	if f.m.Quitting() {
		t.Fatal("quit although the user said no")
	}
	// Asked again, a second ctrl+c in the question always quits.
	f.m.Update(tuitest.Key("ctrl+c"))
	f.m.Update(tuitest.Key("ctrl+c"))
	if !f.m.Quitting() {
		t.Fatal("a second ctrl+c did not quit")
	}
}

func TestQuitAnswersYes(t *testing.T) {
	f := newFixture(t, func(o *Options) {
		o.Makers["form"] = func(id PageID) (Page, error) { return &dirtyPage{fakePage: newFakePage(id), dirty: true}, nil }
	})
	f.send(Open{ID: PageID{Kind: "form"}})
	f.send(tuitest.Key("q"))
	if f.m.Quitting() {
		t.Fatal("q quit at once over unsent input")
	}
	f.send(tuitest.Key("y"))
	if !f.m.Quitting() {
		t.Fatal("y did not quit")
	}
}

func TestQuitWithoutUnsentInputIsImmediate(t *testing.T) {
	f := newFixture(t, nil)
	f.m.Update(tuitest.Key("ctrl+c"))
	if !f.m.Quitting() {
		t.Fatal("ctrl+c did not quit")
	}
}

func TestForwardPassesEventsUntilDone(t *testing.T) {
	events := make(chan tea.Msg, 2)
	done := make(chan struct{})
	got := make(chan tea.Msg, 2)
	finished := make(chan struct{})
	go func() { forward(events, func(m tea.Msg) { got <- m }, done); close(finished) }()
	events <- APIStatus{Conn: ConnRetrying}
	if m := <-got; m.(APIStatus).Conn != ConnRetrying {
		t.Fatalf("forwarded %v", m)
	}
	close(done)
	<-finished // forward returns once done closes
}

func TestAccountSwitchRereadsTheFiguresOnOneTimer(t *testing.T) {
	f := newFixture(t, nil)
	f.m.opts.Status = func(ctx context.Context) (APIStatus, error) {
		return APIStatus{CallsUsed: 10, CallsLimit: 1500}, nil
	}
	old := f.m.statusGen
	_, cmd := f.m.Update(accountSwitched{slug: "other"})
	if f.m.statusGen == old || cmd == nil {
		t.Fatal("an account switch did not start a new status read")
	}
	// A tick of the replaced chain does nothing.
	if _, c := f.m.Update(statusTick{gen: old}); c != nil {
		t.Fatal("the old timer chain still runs")
	}
	if _, c := f.m.Update(statusAnswer{gen: old, st: APIStatus{CallsUsed: 999}}); c != nil {
		t.Fatal("an answer of the old chain scheduled another read")
	}
	if strings.Contains(f.m.View(), "999") {
		t.Fatal("an answer of the old chain changed the figures")
	}
}

// transientPage is a fake form: it starts afresh on each visit.
type transientPage struct{ *fakePage }

func (transientPage) Transient() bool { return true }

func TestTransientPageIsMadeAfreshAfterItCloses(t *testing.T) {
	made := 0
	f := newFixture(t, func(o *Options) {
		o.Makers["form"] = func(id PageID) (Page, error) {
			made++
			return transientPage{newFakePage(id)}, nil
		}
	})
	form := PageID{Kind: "form", ID: "invoice:1"}
	f.send(Open{ID: form})
	f.send(Back{})
	if _, cached := f.m.cache[form]; cached {
		t.Fatal("a closed transient page stayed in the cache")
	}
	f.send(Open{ID: form})
	if made != 2 {
		t.Fatalf("the form was made %d times, want a new one on the second visit", made)
	}
	// An ordinary page keeps its instance (and cursor) across visits.
	f.key("enter")
	detail, _ := f.m.TopID()
	f.send(Back{})
	if _, cached := f.m.cache[detail]; !cached {
		t.Fatal("an ordinary page was dropped from the cache on back")
	}
}

func TestAutoRefreshPausesWhenTheScreenIsLeftAlone(t *testing.T) {
	f := newFixture(t, nil)
	f.m.opts.AutoRefresh = time.Hour
	top := f.m.Top().(*fakePage)
	f.key("j") // the user is at work
	for range 5 {
		f.m.Update(autoRefreshTick{})
	}
	if n := gotAutoRefresh(top); n != idleTicksBeforePause {
		t.Fatalf("refreshed %d times over 5 idle intervals, want %d and then a pause", n, idleTicksBeforePause)
	}
	f.key("j") // back at work: refreshing resumes
	f.m.Update(autoRefreshTick{})
	if n := gotAutoRefresh(top); n != idleTicksBeforePause+1 {
		t.Fatalf("a key press did not resume refreshing (%d refreshes)", n)
	}
}
