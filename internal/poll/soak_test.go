package poll

import (
	"context"
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"os"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
)

// soakWorld is what a soak drives: a service that can write events and
// break, and a clock.
type soakWorld struct {
	now      func() time.Time
	set      func(time.Time)
	write    func(at time.Time, name, text string)
	faults   func(rate float64)
	written  func() []apiclient.Event
	requests func() int64
	limit    int
	// before is how many of written()'s events existed before the monitor
	// started; only the later ones must each be shown once.
	before int
}

// soak runs the monitor for 24 simulated hours, stepping the clock by the
// poller's own interval, with events written at random moments (some at the
// same instant), a restart from the cache, and a two-hour outage. It checks
// that every event written is reported exactly once, that memory stays
// bounded, and that the requests stay within the day's budget.
func soak(t *testing.T, w soakWorld, src Source) {
	t.Helper()
	rng := rand.New(rand.NewPCG(7, 11))
	start := w.now()
	end := start.Add(24 * time.Hour)
	cache := CachePath(t.TempDir(), "soak")
	const eventCap = 200
	cfg := Config{Source: src, Account: "soak", Now: w.now, Loc: prague, Share: 0.25, Requests: w.requests, EventCap: eventCap}
	p := New(cfg, State{})
	reported := map[string]int{}
	restarted, outage := false, false
	var peakHeap uint64
	cycles, failed := 0, 0
	for w.now().Before(end) {
		now := w.now()
		elapsed := now.Sub(start)
		switch {
		case !outage && elapsed >= 10*time.Hour && elapsed < 12*time.Hour:
			w.faults(1)
			outage = true
		case outage && elapsed >= 12*time.Hour:
			w.faults(0.1)
			outage = false
		}
		if !restarted && elapsed >= 16*time.Hour {
			// The user quits and starts the monitor again.
			if err := SaveCache(cache, p.State()); err != nil {
				t.Fatal(err)
			}
			st, err := LoadCache(cache, "soak")
			if err != nil {
				t.Fatal(err)
			}
			p = New(cfg, st)
			restarted = true
		}
		res := p.Run(context.Background(), false)
		if res.Ran {
			cycles++
			if res.Err != nil {
				failed++
				if testing.Verbose() && failed < 5 {
					t.Logf("cycle at %v: %v", now, res.Err)
				}
			}
		}
		for _, e := range res.NewEvents {
			reported[e.Key]++
		}
		if os.Getenv("SOAK_TRACE") != "" && elapsed > 9*time.Hour && elapsed < 15*time.Hour {
			st := p.State()
			t.Logf("run at %s ran=%v err=%v new=%d newest=%s next=%s", now.Format("15:04:05"), res.Ran, res.Err, len(res.NewEvents), st.newestEvent().Format("15:04:05.000"), p.Next().Format("15:04:05"))
		}
		if n := len(p.State().Events); n > eventCap {
			t.Fatalf("holding %d events, cap %d", n, eventCap)
		}
		var ms runtime.MemStats
		runtime.ReadMemStats(&ms)
		peakHeap = max(peakHeap, ms.HeapAlloc)

		next := p.Next()
		// Activity until the next fetch: a few events at random moments,
		// sometimes two at the same instant.
		for gap := next.Sub(now); gap > 0 && rng.Float64() < 0.8; {
			at := now.Add(time.Duration(rng.Int64N(int64(gap)))).Truncate(time.Millisecond)
			w.write(at, "invoice_sent", fmt.Sprintf("Invoice %d was sent", rng.IntN(1000)))
			if rng.Float64() < 0.2 {
				w.write(at, "expense_created", fmt.Sprintf("Expense %d was created", rng.IntN(1000)))
			}
		}
		w.set(next)
	}
	// One last fetch after the writers stopped, when the service works.
	w.faults(0)
	w.set(w.now().Add(time.Hour))
	for _, e := range p.Run(context.Background(), true).NewEvents {
		reported[e.Key]++
	}

	want, old := map[string]int{}, map[string]bool{}
	all := wire(t, w.written())
	for i, e := range all {
		if i < w.before {
			old[eventKey(e)] = true
			continue
		}
		want[eventKey(e)]++
	}
	for k := range reported {
		if old[k] && want[k] == 0 {
			delete(reported, k) // the first fetch's look at the past
		}
	}
	missing, dup := 0, 0
	for k, n := range want {
		if reported[k] < n {
			missing += n - reported[k]
		}
		if reported[k] > n {
			dup += reported[k] - n
		}
	}
	for k, n := range reported {
		if want[k] == 0 {
			dup += n
		}
	}
	if missing != 0 && testing.Verbose() {
		shownMissing := 0
		for i, e := range all {
			if i >= w.before && reported[eventKey(e)] == 0 && shownMissing < 8 {
				shownMissing++
				t.Logf("missing #%d of %d: %s %s %q", i, len(all), e.CreatedAt, e.Name, e.Text)
			}
		}
		for _, e := range all[w.before:min(len(all), w.before+3)] {
			t.Logf("written %s %+v", eventKey(e), e)
		}
		st := p.State()
		for _, e := range st.Events[:min(3, len(st.Events))] {
			t.Logf("held %s %+v", e.Key, e.Event)
		}
	}
	if missing != 0 || dup != 0 {
		t.Fatalf("of %d events written: %d never shown, %d shown twice or invented", len(want), missing, dup)
	}
	if peakHeap > 64<<20 {
		t.Fatalf("heap peaked at %d MiB", peakHeap>>20)
	}
	// The budget: a day's even pace of the share, plus the first cycle
	// (made before the quota was known), the backoff attempts of the
	// outage, the final forced fetch, and 10% for the pages of a backlog read
	// in one go (the planner spends the share by its average cycle cost,
	// paced by working hours, so a day with a heavy event stream runs over
	// by what its pages cost above the average, and the rest of the month
	// pays it back; the month is checked below).
	// The day's pace is its share of the month's time left weighted by
	// working hours (a working day weighs more than a night or a Sunday).
	_, monthEnd := MonthBounds(start, prague)
	weighted := DefaultWork.Weighted(start, monthEnd, prague)
	day := 0.25 * float64(w.limit) * DefaultWork.Weighted(start, start.Add(24*time.Hour), prague).Hours() / weighted.Hours()
	slack := float64(1+BaseRequests+DefaultCountsCost) + float64(failed)*2 + float64(BaseRequests+DefaultCountsCost+2) + 0.1*day
	if got := float64(w.requests()); got > day+slack {
		t.Fatalf("%d requests in 24 h; the day's budget is %.0f (+%.0f slack)", int64(got), day, slack)
	}
	// The month's budget holds: the requests were booked as they went over
	// the wire, and the projection for the whole month stays within the share.
	snap := p.Snapshot()
	if int64(snap.State.MonitorUsed) != w.requests() {
		t.Fatalf("booked %d requests, %d were sent", snap.State.MonitorUsed, w.requests())
	}
	if snap.Plan.Projected > snap.Plan.MonthShare {
		t.Fatalf("projected %d requests this month, share %d", snap.Plan.Projected, snap.Plan.MonthShare)
	}
	t.Logf("%d events, %d cycles (%d failed), %d requests (day budget %.0f), peak heap %d KiB",
		len(want), cycles, failed, w.requests(), day, peakHeap>>10)
}

func TestSoakAgainstFakeService(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 11, 2, 9, 0, 0, 0, prague)}
	src := newFakeSource(clock, 20000)
	src.errorRate = 0.1
	soak(t, soakWorld{
		now: clock.Now, set: clock.Set,
		write: func(at time.Time, name, text string) { src.addEvent(at, name, text) },
		faults: func(rate float64) {
			src.mu.Lock()
			src.errorRate = rate
			src.mu.Unlock()
		},
		written: func() []apiclient.Event {
			src.mu.Lock()
			defer src.mu.Unlock()
			return append([]apiclient.Event(nil), src.events...)
		},
		requests: func() int64 { c, _ := src.stats(); return int64(c) },
		limit:    20000,
	}, src)
}

// hourlyToken is a sandbox token for apiclient.BearerTransport, issued anew
// each simulated hour as an OAuth client would refresh it (tokens live 2 h).
type hourlyToken struct {
	mu     sync.Mutex
	srv    *sandbox.Server
	setup  sandbox.TestSetup
	now    func() time.Time
	token  string
	issued time.Time
}

func (h *hourlyToken) get(context.Context) (string, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.token == "" || h.now().Sub(h.issued) > time.Hour {
		h.token, h.issued = h.srv.IssueToken(h.setup.Owner.ID, h.setup.Client.ID), h.now()
	}
	return h.token, nil
}

// TestSoakAgainstSandbox is the same day against the sandbox with its
// injected faults, through the real API client and HTTP.
func TestSoakAgainstSandbox(t *testing.T) {
	clk := sandbox.NewManualClock(time.Date(2026, 11, 2, 9, 0, 0, 0, prague))
	// A generous per-minute limit: the client paces itself in real time, and
	// this day passes in simulated time.
	srv, setup := sandbox.NewWithAccount(sandbox.Options{Clock: clk, Seed: 1, RateLimit: 1_000_000}, "soak", sandbox.PlanUnlimited)
	ts := httptest.NewServer(srv)
	defer ts.Close()
	counter := &CountingTransport{Base: &apiclient.BearerTransport{Token: (&hourlyToken{srv: srv, setup: setup, now: clk.Now}).get}}
	client, err := apiclient.New(ts.URL+"/api/v3", apiclient.WithAccount("soak"), apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithTransport(counter), apiclient.WithRetries(1), apiclient.WithBackoff(func(int) time.Duration { return 0 }), apiclient.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	// Every route the monitor reads must be served: a missing one fails.
	if _, _, err := client.Events.List(context.Background(), apiclient.EventListOptions{}); err != nil {
		t.Fatalf("the sandbox serves no events.json: %v", err)
	}
	for _, probe := range []func() error{
		func() error {
			_, _, err := client.Todos.List(context.Background(), apiclient.TodoListOptions{})
			return err
		},
		func() error { _, _, err := client.Account.Get(context.Background()); return err },
		func() error {
			_, _, err := client.Invoices.List(context.Background(), apiclient.DocumentListOptions{Status: "overdue"})
			return err
		},
		func() error {
			_, _, err := client.InventoryItems.ListLowQuantity(context.Background(), apiclient.ListOptions{})
			return err
		},
	} {
		if err := probe(); err != nil {
			t.Fatalf("the sandbox lacks a route the monitor reads: %v", err)
		}
	}
	srv.Do(func() { setup.Account.Events = nil })
	srv.SetFaults(sandbox.Faults{ErrorRate: 0.1})
	base := counter.Count()
	soak(t, soakWorld{
		now: clk.Now, set: clk.Set,
		write: func(at time.Time, name, text string) {
			srv.Do(func() { setup.Account.AddEvent(at, name, text, setup.Owner, nil) })
		},
		faults: func(rate float64) { srv.SetFaults(sandbox.Faults{ErrorRate: rate}) },
		written: func() []apiclient.Event {
			var out []sandbox.Event
			srv.Do(func() { out = append(out, setup.Account.Events...) })
			return clientEvents(out)
		},
		requests: func() int64 { return counter.Count() - base },
		limit:    sandbox.PlanUnlimited.APICallsLimit,
	}, NewSource(client))
}

// TestSoakAgainstLivingDemo runs the day against the living demo account,
// which writes its own events (payments, expenses, inbox files) as the
// clock moves, with the sandbox's faults on.
func TestSoakAgainstLivingDemo(t *testing.T) {
	clk := sandbox.NewManualClock(time.Date(2026, 11, 2, 9, 0, 0, 0, prague))
	// The living demo logs an activity every 10 s of its clock, some 8,000
	// events a day, far beyond a real account: reading them takes 200 pages a
	// day whatever the interval. Its plan is sized so that a quarter of it can
	// carry that (the budget then stretches the interval to pay for the pages).
	plan := sandbox.PlanUnlimited
	plan.Name, plan.APICallsLimit = "soak", 100_000
	srv, info := demo.New(demo.Options{Options: sandbox.Options{Clock: clk, Seed: 1, RateLimit: 1_000_000}, Living: true, Plan: plan})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	counter := &CountingTransport{Base: apiclient.StaticBearer(nil, info.OwnerToken)}
	client, err := apiclient.New(ts.URL+"/api/v3", apiclient.WithAccount(info.Slug), apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithTransport(counter), apiclient.WithRetries(1), apiclient.WithBackoff(func(int) time.Duration { return 0 }), apiclient.WithClock(clk.Now))
	if err != nil {
		t.Fatal(err)
	}
	a, ok := srv.Account(info.Slug)
	if !ok {
		t.Fatal("no demo account")
	}
	var before int
	srv.Do(func() { before = len(a.Events) })
	srv.SetFaults(sandbox.Faults{ErrorRate: 0.1})
	soak(t, soakWorld{
		now: clk.Now, set: clk.Set,
		write: func(at time.Time, name, text string) {
			srv.Do(func() { a.AddEvent(at, name, text, info.Owner, nil) })
		},
		faults: func(rate float64) { srv.SetFaults(sandbox.Faults{ErrorRate: rate}) },
		written: func() []apiclient.Event {
			var out []sandbox.Event
			srv.Do(func() { out = append(out, a.Events...) })
			return clientEvents(out)
		},
		requests: counter.Count,
		limit:    plan.APICallsLimit,
		before:   before,
	}, NewSource(client))
}

// wire passes the service's own records through JSON, as a client sees them
// (params with typed values, times to the millisecond).
func wire(t *testing.T, evs []apiclient.Event) []apiclient.Event {
	t.Helper()
	b, err := json.Marshal(evs)
	if err != nil {
		t.Fatal(err)
	}
	var out []apiclient.Event
	if err := json.Unmarshal(b, &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// clientEvents reads the sandbox's own event records as the client's, through
// JSON: the sandbox keeps types of its own.
func clientEvents(evs []sandbox.Event) []apiclient.Event {
	b, err := json.Marshal(evs)
	if err != nil {
		panic(err)
	}
	var out []apiclient.Event
	if err := json.Unmarshal(b, &out); err != nil {
		panic(err)
	}
	return out
}
