package apiclient

import (
	"context"
	"fmt"
	"net/http"
	"sync"
	"testing"
	"time"
)

// windowAPI answers like the service: q requests per window of w, each
// answer saying how many remain and when the window resets, 429 past it.
func windowAPI(t *testing.T, q int, w time.Duration, now func() time.Time) *fakeAPI {
	var mu sync.Mutex
	var start time.Time
	n := 0
	return newFakeAPI(t, func(rw http.ResponseWriter, r *http.Request) {
		mu.Lock()
		defer mu.Unlock()
		if start.IsZero() || !now().Before(start.Add(w)) {
			start, n = now(), 0
		}
		n++
		reset := int((start.Add(w).Sub(now()) + time.Second - 1) / time.Second)
		rw.Header().Set("X-RateLimit-Policy", fmt.Sprintf("default;q=%d;w=%d", q, int(w/time.Second)))
		rw.Header().Set("X-RateLimit", fmt.Sprintf("default;r=%d;t=%d", max(0, q-n), reset))
		if n > q {
			rw.WriteHeader(http.StatusTooManyRequests)
			_, _ = rw.Write([]byte(`{"error":"too_many_requests"}`))
			return
		}
		_, _ = rw.Write([]byte(`[]`))
	})
}

// fakeClock is a clock the client's sleeper advances.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *fakeClock) sleep(ctx context.Context, d time.Duration) error {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
	return ctx.Err()
}

// Loading all (G) on 5,040 expenses is 126 pages: the service's window
// allows them all at once, and kasa adds no wait of its own (the fixed
// burst of 40 it had made the rest wait 13 s).
func TestLimiterLetsThroughWhatTheServiceAllows(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	api := windowAPI(t, 400, time.Minute, clk.now)
	sleep, waits := recordSleeps()
	c := api.client(t, WithClock(clk.now), WithSleeper(sleep))
	for range 126 {
		if _, _, err := c.Expenses.List(context.Background(), DocumentListOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if w := waits(); len(w) != 0 {
		t.Errorf("kasa waited %v within a window the service still had room in", w)
	}
	if r := c.Rate(); r.Remaining != 400-126 {
		t.Errorf("rate %+v, want 274 remaining", r)
	}
}

// When the window is spent the next request waits for its reset, and the
// service never sees a request past its limit.
func TestLimiterWaitsForTheServicesReset(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	api := windowAPI(t, 10, 30*time.Second, clk.now)
	c := api.client(t, WithClock(clk.now), WithSleeper(clk.sleep))
	start := clk.now()
	for range 25 {
		if _, _, err := c.Subjects.List(context.Background(), SubjectListOptions{}); err != nil {
			t.Fatal(err)
		}
	}
	if api.count() != 25 {
		t.Errorf("the service saw %d requests for 25 (a 429 was retried)", api.count())
	}
	// 25 requests at 10 per 30 s: two resets waited, not more.
	if d := clk.now().Sub(start); d < 60*time.Second || d > 62*time.Second {
		t.Errorf("25 requests took %v of the clock, want two windows of 30 s", d)
	}
}

// Without the headers (a proxy that drops them) the limiter keeps to the
// documented window itself: 400 requests a minute.
func TestLimiterCountsTheDocumentedWindowWithoutHeaders(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	l := newLimiter(clk.now, clk.sleep)
	for range 400 {
		if err := l.wait(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	if !clk.now().Equal(time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)) {
		t.Fatalf("the first 400 waited until %v", clk.now())
	}
	if err := l.wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if d := clk.now().Sub(time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)); d != time.Minute {
		t.Errorf("the 401st waited %v, want the minute's end", d)
	}
}

// Requests in flight at once: an answer's r counts none sent after it left,
// so within a window it only lowers what kasa counted; a new window takes
// the service's word.
func TestLimiterAnswerOnlyLowersTheCountWithinAWindow(t *testing.T) {
	clk := &fakeClock{t: time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)}
	l := newLimiter(clk.now, clk.sleep)
	rate := func(r, reset int) Rate {
		return Rate{Limit: 400, Window: time.Minute, Remaining: r, Reset: time.Duration(reset) * time.Second, Known: true, At: clk.now()}
	}
	l.observe(rate(12, 50))
	for range 10 { // ten sent at once
		_ = l.wait(context.Background())
	}
	l.observe(rate(11, 50)) // the answer to the first of them
	if l.remaining != 2 {
		t.Errorf("remaining %d after 10 sent of 12, want 2", l.remaining)
	}
	l.observe(rate(0, 50)) // another client of the same user took the rest
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := l.wait(ctx); err == nil {
		t.Error("a request went out with nothing left in the window")
	}
	clk.t = clk.t.Add(51 * time.Second)
	l.observe(rate(399, 60)) // a new window
	if l.remaining != 399 {
		t.Errorf("remaining %d in a new window, want the service's 399", l.remaining)
	}
}
