package apiclient

import (
	"context"
	"sync"
	"time"
)

// The documented policy (X-RateLimit-Policy: default;q=400;w=60), assumed
// until the service says otherwise.
const (
	defaultWindowQuota = 400
	defaultWindow      = time.Minute
)

// limiter keeps the client within the service's own window: every answer
// says how many requests remain (X-RateLimit r) and when the window resets
// (t), and requests go out at once while some remain. When none remain,
// the next request waits for the reset. There is no burst or pace of kasa's
// own: loading 126 pages of expenses is bound by the service's window, not
// by a guess of it. Before the first answer, and against a service that
// sends no headers, the limiter counts the documented window itself.
//
// Requests in flight at once are counted here as they leave; an answer's r
// only ever lowers the count within a window (it may predate requests sent
// since), and a new window starts from the service's word or the policy's q.
type limiter struct {
	mu        sync.Mutex
	quota     int           // q: requests per window
	window    time.Duration // w
	remaining int           // requests left in the current window
	resetAt   time.Time     // when the current window ends (zero: none yet)
	heard     bool          // the current window's count came from the service
	last      Rate
	now       func() time.Time
	sleep     func(ctx context.Context, d time.Duration) error
}

func newLimiter(now func() time.Time, sleep func(ctx context.Context, d time.Duration) error) *limiter {
	return &limiter{quota: defaultWindowQuota, window: defaultWindow, now: now, sleep: sleep}
}

// wait blocks until a request may be sent, or ctx ends. The wait runs on
// the client's clock and sleeper (WithClock, WithSleeper): a test on a
// sandbox clock spends no real time keeping to the limit.
func (l *limiter) wait(ctx context.Context) error {
	until, ok := l.take()
	if ok {
		return nil
	}
	if err := l.sleep(ctx, until.Sub(l.now())); err != nil {
		return err
	}
	l.waited(until)
	return nil
}

// take grants one request of the current window, or says when the window
// resets.
func (l *limiter) take() (time.Time, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.now()
	if l.resetAt.IsZero() || !now.Before(l.resetAt) {
		l.remaining, l.resetAt, l.heard = l.quota, now.Add(l.window), false
	}
	if l.remaining > 0 {
		l.remaining--
		return time.Time{}, true
	}
	return l.resetAt, false
}

// waited grants the request that waited for the window ending at until: it
// is the first of the next window (unless another took that window first).
func (l *limiter) waited(until time.Time) {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.resetAt.Equal(until) {
		l.remaining, l.resetAt, l.heard = l.quota-1, until.Add(l.window), false
	} else {
		l.remaining = max(0, l.remaining-1)
	}
}

// observe records the headers of a response.
func (l *limiter) observe(r Rate) {
	if !r.Known && r.Limit == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.last = r
	if r.Limit > 0 && r.Window > 0 {
		l.quota, l.window = r.Limit, r.Window
	}
	if !r.Known {
		return
	}
	reset := r.Reset
	if reset <= 0 && r.Remaining <= 0 {
		reset = time.Second // "none left, resets now": give the service its second
	}
	sameWindow := l.heard && r.At.Before(l.resetAt)
	if sameWindow {
		// Requests sent after this answer left the service are not in its r.
		l.remaining = min(l.remaining, r.Remaining)
	} else {
		l.remaining = r.Remaining
	}
	l.remaining = max(0, l.remaining)
	l.resetAt, l.heard = r.At.Add(reset), true
}

func (l *limiter) lastRate() Rate {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last
}
