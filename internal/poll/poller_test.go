package poll

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

func newTestPoller(t *testing.T, limit int, st State) (*Poller, *fakeSource, *fakeClock) {
	t.Helper()
	clock := &fakeClock{now: novStart.Add(9 * time.Hour)}
	src := newFakeSource(clock, limit)
	p := New(Config{Source: src, Account: "firma", Now: clock.Now, Loc: prague}, st)
	return p, src, clock
}

// shown collects every event the poller reported as new, by key.
type shown map[string]int

func (s shown) add(evs []HeldEvent) {
	for _, e := range evs {
		s[e.Key]++
	}
}

// wantEachOnce checks that every event of the source was reported exactly once.
func wantEachOnce(t *testing.T, src *fakeSource, got shown, baseline int) {
	t.Helper()
	src.mu.Lock()
	defer src.mu.Unlock()
	want := map[string]int{}
	for _, e := range src.events[baseline:] {
		want[eventKey(e)]++
	}
	for k, n := range want {
		if got[k] != n {
			t.Errorf("event %s shown %d times, want %d", k, got[k], n)
		}
	}
	for k, n := range got {
		if want[k] == 0 {
			t.Errorf("event %s shown %d times but never written", k, n)
		}
	}
}

func run(t *testing.T, p *Poller) Result {
	t.Helper()
	res := p.Run(context.Background(), false)
	if !res.Ran {
		t.Fatalf("run did not run: %+v", res)
	}
	return res
}

func TestFirstFetchIsTheBaselineAndLaterEventsAreNew(t *testing.T) {
	p, src, clock := newTestPoller(t, 20000, State{})
	src.addEvent(clock.Now().Add(-time.Hour), "invoice_sent", "Invoice 1 sent")
	src.addTodo(clock.Now().Add(-time.Hour), "email_bounced", "E-mail bounced")
	res := run(t, p)
	if res.Err != nil || len(res.NewEvents) != 1 || len(res.NewTodos) != 1 {
		t.Fatalf("first run: %+v", res)
	}
	st := p.State()
	if st.NewEvents() != 0 || st.NewTodos() != 0 {
		t.Fatalf("baseline marked as new: %d events, %d to-dos", st.NewEvents(), st.NewTodos())
	}
	clock.Advance(time.Minute)
	src.addEvent(clock.Now(), "expense_paid", "Expense 7 paid")
	src.addTodo(clock.Now(), "expense_payment_unpaired", "Unpaired payment")
	clock.Set(p.Next().Add(TodosPeriod)) // the to-dos are read hourly
	res = run(t, p)
	if len(res.NewEvents) != 1 || res.NewEvents[0].Name != "expense_paid" || len(res.NewTodos) != 1 {
		t.Fatalf("second run: %+v", res)
	}
	st = p.State()
	if st.NewEvents() != 1 || st.NewTodos() != 1 || st.OpenTodos() != 2 {
		t.Fatalf("new %d events, %d to-dos; open %d", st.NewEvents(), st.NewTodos(), st.OpenTodos())
	}
	p.MarkSeen([]string{st.Events[0].Key}, nil)
	if got := p.State().NewEvents(); got != 0 {
		t.Fatalf("after MarkSeen: %d new events", got)
	}
	p.MarkAllSeen()
	if got := p.State().NewTodos(); got != 0 {
		t.Fatalf("after MarkAllSeen: %d new to-dos", got)
	}
}

func TestSameInstantEventsAreEachShownOnce(t *testing.T) {
	p, src, clock := newTestPoller(t, 20000, State{})
	got := shown{}
	got.add(run(t, p).NewEvents)
	at := clock.Now().Add(time.Second)
	// Three events at one instant, two of them identical in every field.
	src.addEvent(at, "invoice_sent", "Invoice 1 sent")
	src.addEvent(at, "inbox_file_added", "scan.pdf added")
	src.addEvent(at, "inbox_file_added", "scan.pdf added")
	clock.Set(p.Next())
	got.add(run(t, p).NewEvents)
	// The next since-read returns the boundary instant again: nothing is new.
	src.addEvent(at, "invoice_paid", "Invoice 1 paid") // same instant, written after the read
	clock.Set(p.Next())
	got.add(run(t, p).NewEvents)
	clock.Set(p.Next())
	if res := run(t, p); len(res.NewEvents) != 0 {
		t.Fatalf("a quiet cycle brought %d events", len(res.NewEvents))
	}
	wantEachOnce(t, src, got, 0)
	if n := len(p.State().Events); n != 4 {
		t.Fatalf("held %d events, want 4", n)
	}
}

func TestEventsPagedWithInsertsBetweenPages(t *testing.T) {
	p, src, clock := newTestPoller(t, 20000, State{})
	got := shown{}
	got.add(run(t, p).NewEvents)
	base := clock.Now()
	for i := range 100 {
		src.addEvent(base.Add(time.Duration(i+1)*time.Second), "invoice_sent", fmt.Sprintf("Invoice %d sent", i))
	}
	inserted := 0
	src.beforeEventsPage = func(page int) {
		if page > 1 && inserted < 3 {
			inserted++
			src.addEvent(base.Add(time.Hour), "invoice_paid", fmt.Sprintf("late %d", inserted))
		}
	}
	clock.Set(base.Add(2 * time.Hour))
	got.add(run(t, p).NewEvents)
	src.beforeEventsPage = nil
	clock.Set(p.Next())
	got.add(run(t, p).NewEvents)
	wantEachOnce(t, src, got, 0)
}

func TestFaultGapLosesAndRepeatsNothing(t *testing.T) {
	p, src, clock := newTestPoller(t, 20000, State{})
	got := shown{}
	got.add(run(t, p).NewEvents)
	// 90 events arrive; the read fails on page 2, then the service is down.
	for i := range 90 {
		src.addEvent(clock.Now().Add(time.Duration(i)*time.Millisecond+time.Second), "invoice_sent", fmt.Sprintf("Invoice %d sent", i))
	}
	src.failOnPage, src.failTimes = 2, pageRetries+1 // more than the fetcher retries
	clock.Set(p.Next())
	res := p.Run(context.Background(), false)
	if res.Err == nil || len(res.NewEvents) != 0 {
		t.Fatalf("a failed page should drop the whole read: %+v", res)
	}
	src.setDown(true)
	var delays []time.Duration
	for range 6 {
		prev := clock.Now()
		clock.Set(p.Next())
		delays = append(delays, clock.Now().Sub(prev))
		src.addEvent(clock.Now(), "expense_created", "Expense during outage "+clock.Now().String())
		if res := p.Run(context.Background(), false); res.Err == nil {
			t.Fatal("run succeeded while down")
		}
	}
	for i := 1; i < len(delays); i++ {
		if delays[i] < delays[i-1] {
			t.Fatalf("backoff shrank: %v", delays)
		}
	}
	if delays[1] != 2*delays[0] {
		t.Fatalf("backoff does not double: %v", delays)
	}
	st := p.State()
	if st.Failures != 7 || st.LastError == "" || len(st.Events) != 0 {
		t.Fatalf("during the outage: failures %d, error %q, %d events", st.Failures, st.LastError, len(st.Events))
	}
	src.setDown(false)
	clock.Set(p.Next())
	got.add(run(t, p).NewEvents)
	if p.State().Failures != 0 {
		t.Fatal("failures not reset after recovery")
	}
	clock.Set(p.Next())
	got.add(run(t, p).NewEvents)
	wantEachOnce(t, src, got, 0)
}

func TestCacheSurvivesARestart(t *testing.T) {
	dir := t.TempDir()
	path := CachePath(dir, "firma")
	p, src, clock := newTestPoller(t, 3000, State{})
	got := shown{}
	src.addEvent(clock.Now().Add(-time.Minute), "invoice_sent", "Invoice 1 sent")
	got.add(run(t, p).NewEvents)
	src.addEvent(clock.Now().Add(time.Second), "invoice_paid", "Invoice 1 paid")
	clock.Set(p.Next())
	got.add(run(t, p).NewEvents) // shown, not yet seen
	if err := SaveCache(path, p.State()); err != nil {
		t.Fatal(err)
	}
	if fi, err := os.Stat(path); err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("cache file: %v, %v", fi, err)
	}
	// Events written while the monitor was not running.
	clock.Set(p.Next().Add(time.Hour))
	src.addEvent(clock.Now().Add(-time.Hour), "expense_created", "Expense 3 created")

	st, err := LoadCache(path, "firma")
	if err != nil || len(st.Events) != 2 {
		t.Fatalf("load: %d events, %v", len(st.Events), err)
	}
	if other, _ := LoadCache(path, "jina-firma"); len(other.Events) != 0 {
		t.Fatal("a cache of another account was used")
	}
	p2 := New(Config{Source: src, Account: "firma", Now: clock.Now, Loc: prague}, st)
	if !p2.Due(clock.Now()) {
		t.Fatal("a cache older than the interval should be fetched at once")
	}
	got.add(run(t, p2).NewEvents)
	wantEachOnce(t, src, got, 0)
	st2 := p2.State()
	if st2.NewEvents() != 2 {
		t.Fatalf("new events after restart = %d, want 2 (the unseen one and the one written meanwhile)", st2.NewEvents())
	}
	if st2.MonitorUsed <= st.MonitorUsed {
		t.Fatal("the month's spend did not carry over")
	}
}

func TestFreshCacheWaitsForItsInterval(t *testing.T) {
	p, _, clock := newTestPoller(t, 1500, State{})
	run(t, p)
	clock.Advance(time.Minute)
	p2 := New(Config{Source: newFakeSource(clock, 1500), Account: "firma", Now: clock.Now, Loc: prague}, p.State())
	if p2.Due(clock.Now()) {
		t.Fatal("a restart a minute after a fetch spent a cycle at once")
	}
}

func TestCorruptCacheIsIgnored(t *testing.T) {
	path := CachePath(t.TempDir(), "x")
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(path, []byte("{not a database}"), 0o600); err != nil {
		t.Fatal(err)
	}
	st, err := LoadCache(path, "x")
	if err != nil || len(st.Events) != 0 {
		t.Fatalf("corrupt cache: %+v, %v", st, err)
	}
	// A state of another shape in a sound copy.
	if err := SaveCache(path, State{}); err != nil {
		t.Fatal(err)
	}
	if st, err := LoadCache(path, "x"); err != nil || st.Account != "" {
		t.Fatalf("a state of another version: %+v, %v", st, err)
	}
	if p := CachePath("/c", "../evil/slug"); filepath.Dir(filepath.Dir(p)) != "/c" {
		t.Fatalf("cache path escapes its directory: %s", p)
	}
}

// blockingSource blocks every events read until released.
type blockingSource struct {
	*fakeSource
	entered chan struct{}
	release chan struct{}
}

func (b blockingSource) Events(ctx context.Context, since time.Time, page int) ([]apiclient.Event, error) {
	b.entered <- struct{}{}
	<-b.release
	return b.fakeSource.Events(ctx, since, page)
}

func TestOnlyOneFetchInFlight(t *testing.T) {
	clock := &fakeClock{now: novStart}
	bs := blockingSource{fakeSource: newFakeSource(clock, 3000), entered: make(chan struct{}), release: make(chan struct{})}
	p := New(Config{Source: bs, Account: "firma", Now: clock.Now, Loc: prague}, State{})
	var wg sync.WaitGroup
	wg.Add(1)
	var first Result
	go func() {
		defer wg.Done()
		first = p.Run(context.Background(), true)
	}()
	<-bs.entered
	if !p.Snapshot().InFlight {
		t.Fatal("snapshot does not say a fetch is in flight")
	}
	second := p.Run(context.Background(), true)
	if !errors.Is(second.Err, ErrInFlight) || second.Ran {
		t.Fatalf("second run while one is in flight: %+v", second)
	}
	close(bs.release)
	wg.Wait()
	if !first.Ran || first.Err != nil {
		t.Fatalf("first run: %+v", first)
	}
}

func TestHeldEventsStayBounded(t *testing.T) {
	clock := &fakeClock{now: novStart}
	src := newFakeSource(clock, 20000)
	p := New(Config{Source: src, Account: "firma", Now: clock.Now, Loc: prague, EventCap: 50}, State{})
	run(t, p)
	for round := range 5 {
		for i := range 30 {
			src.addEvent(clock.Now().Add(time.Duration(i)*time.Millisecond), "invoice_sent", fmt.Sprintf("r%d i%d", round, i))
		}
		clock.Set(p.Next())
		run(t, p)
	}
	st := p.State()
	if len(st.Events) != 50 {
		t.Fatalf("held %d events, want the cap of 50", len(st.Events))
	}
	if st.Events[0].Text != "r4 i29" {
		t.Fatalf("the newest event is not first: %q", st.Events[0].Text)
	}
}

func TestCountsAndUnpaidTotals(t *testing.T) {
	p, src, _ := newTestPoller(t, 20000, State{})
	inv := func(status, cur, rem string) apiclient.Invoice {
		return apiclient.Invoice{Status: status, Currency: cur, RemainingAmount: apiclient.MustDecimal(rem)}
	}
	src.invoices = []apiclient.Invoice{
		inv("overdue", "CZK", "1000.50"), inv("overdue", "EUR", "20"), inv("open", "CZK", "99.50"),
		inv("sent", "EUR", "5.25"), inv("paid", "CZK", "0"),
	}
	src.invoices[2].ID, src.invoices[2].Number = 41, "2026-0041"
	src.invoices[4].ID, src.invoices[4].Number = 42, "2026-0042"
	for range 45 { // more than a page
		src.invoices = append(src.invoices, inv("overdue", "CZK", "1"))
	}
	src.expenses = []apiclient.Expense{{Status: "overdue"}, {Status: "open"}, {Status: "overdue"}}
	src.low = []apiclient.InventoryItem{{Name: "Kabel"}}
	run(t, p)
	c := p.State().Counts
	want := Counts{Known: true, OverdueInvoices: 47, OverdueExpenses: 2, LowStock: 1,
		Unpaid: []Amount{{"CZK", "1145.00"}, {"EUR", "25.25"}}}
	if c.OverdueInvoices != want.OverdueInvoices || c.OverdueExpenses != want.OverdueExpenses || c.LowStock != want.LowStock ||
		fmt.Sprint(c.Unpaid) != fmt.Sprint(want.Unpaid) || !c.Known {
		t.Fatalf("counts = %+v, want %+v", c, want)
	}
	if c.Cost != 6 {
		t.Fatalf("counts cost %d requests, want 6 (two pages of overdue invoices)", c.Cost)
	}
	// The documents read name events' records: the unpaid ones only.
	if n, ok := c.Number("Invoice", 41); !ok || n != "2026-0041" {
		t.Errorf("invoice 41's number %q %v", n, ok)
	}
	if _, ok := c.Number("Invoice", 42); ok {
		t.Error("a paid invoice, which the counts do not read, has a number")
	}
}

func TestCountsAreNotRereadEveryCycle(t *testing.T) {
	p, src, clock := newTestPoller(t, 10_000_000, State{}) // the floor rules
	run(t, p)
	before, _ := src.stats()
	clock.Set(p.Next())
	run(t, p)
	after, _ := src.stats()
	if after-before != BaseRequests {
		t.Fatalf("a quiet cycle cost %d requests, want %d", after-before, BaseRequests)
	}
	// An invoice event after the counts' minimum period brings a recount.
	clock.Advance(CountsMinPeriod)
	src.addEvent(clock.Now(), "invoice_paid", "Invoice 1 paid")
	at := p.State().Counts.At
	run(t, p) // sees the event
	if !p.State().Counts.At.Equal(at) {
		t.Fatal("counts were reread before any sign of change")
	}
	clock.Set(p.Next())
	run(t, p)
	if !p.State().Counts.At.After(at) {
		t.Fatal("counts not refreshed after an invoice event")
	}
}

func TestToggleKeepsTheTodoUntilReconciled(t *testing.T) {
	p, src, clock := newTestPoller(t, 20000, State{})
	id := src.addTodo(clock.Now().Add(-time.Hour), "email_bounced", "Bounced")
	src.addTodo(clock.Now().Add(-2*time.Hour), "email_bounced", "Other")
	run(t, p)
	if err := p.Toggle(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	st := p.State()
	if st.OpenTodos() != 1 || len(st.Todos) != 2 {
		t.Fatalf("after toggle: %d open of %d held", st.OpenTodos(), len(st.Todos))
	}
	if err := p.Toggle(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	if p.State().OpenTodos() != 2 {
		t.Fatal("a second toggle did not reopen the to-do")
	}
	// Completed elsewhere: the next full read drops it.
	if _, err := src.ToggleTodo(context.Background(), id); err != nil {
		t.Fatal(err)
	}
	p.Run(context.Background(), true)
	if st := p.State(); len(st.Todos) != 1 || st.Todos[0].ID == id {
		t.Fatalf("a to-do completed elsewhere is still held: %+v", st.Todos)
	}
}

func TestANewMonthStartsAFreshBudget(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 10, 31, 23, 0, 0, 0, prague)}
	src := newFakeSource(clock, 1500)
	p := New(Config{Source: src, Account: "firma", Now: clock.Now, Loc: prague}, State{})
	run(t, p)
	st := p.State()
	st.MonitorUsed = int(DefaultShare * 1500) // October's share spent
	p = New(Config{Source: src, Account: "firma", Now: clock.Now, Loc: prague}, st)
	if res := p.Run(context.Background(), false); res.Ran {
		t.Fatal("ran with October's share spent")
	}
	if !p.Next().Equal(time.Date(2026, 11, 1, 0, 0, 0, 0, prague)) {
		t.Fatalf("next = %v, want the start of November", p.Next())
	}
	clock.Set(p.Next())
	res := run(t, p)
	st = p.State()
	if st.Month != "2026-11" || st.MonitorUsed != res.Requests {
		t.Fatalf("month %s, monitor used %d, want November with only this cycle's %d", st.Month, st.MonitorUsed, res.Requests)
	}
}

// The user's `r` costs what a cycle costs: the events and the to-dos, with
// no recount unless an event says the counts changed (it cost 7).
func TestForcedRunCostsACycle(t *testing.T) {
	p, src, clock := newTestPoller(t, 3000, State{})
	run(t, p)
	clock.Advance(time.Minute)
	before, _ := src.stats()
	if res := p.Run(context.Background(), true); !res.Ran || res.Err != nil {
		t.Fatalf("r did not run: %+v", res)
	}
	after, _ := src.stats()
	if got := after - before; got != BaseRequests+1 {
		t.Fatalf("r cost %d requests, want %d (events and to-dos)", got, BaseRequests+1)
	}
}
