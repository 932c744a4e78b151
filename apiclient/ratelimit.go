package apiclient

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// Rate is what the service said about its rate limit on the last response:
// X-RateLimit-Policy: default;q=400;w=60 and X-RateLimit: default;r=398;t=55.
type Rate struct {
	Limit     int           // q: requests allowed per window (0 = unknown)
	Window    time.Duration // w
	Remaining int           // r
	Reset     time.Duration // t: until the window resets
	Known     bool          // the headers were present
	At        time.Time     // when the response arrived
}

// ParseRate reads the rate-limit headers; missing or malformed parts stay zero.
func ParseRate(h http.Header) Rate {
	var r Rate
	if p := h.Get("X-RateLimit-Policy"); p != "" {
		kv := parseRateParams(p)
		r.Limit = kv["q"]
		r.Window = time.Duration(kv["w"]) * time.Second
	}
	if v := h.Get("X-RateLimit"); v != "" {
		kv := parseRateParams(v)
		if n, ok := kv["r"]; ok {
			r.Remaining = n
			r.Known = true
		}
		r.Reset = time.Duration(kv["t"]) * time.Second
	}
	return r
}

// parseRateParams reads `name;k=v;k=v` into k -> v (ints only).
func parseRateParams(s string) map[string]int {
	out := map[string]int{}
	for _, part := range strings.Split(s, ";") {
		k, v, ok := strings.Cut(strings.TrimSpace(part), "=")
		if !ok {
			continue
		}
		n, err := strconv.Atoi(strings.Trim(strings.TrimSpace(v), `"`))
		if err != nil {
			continue
		}
		out[strings.TrimSpace(k)] = n
	}
	return out
}

// limiter keeps the client under the policy the server advertises: a token bucket
// shaped by X-RateLimit-Policy, and a hard wait until reset when the server says
// nothing remains.
type limiter struct {
	mu      sync.Mutex
	bucket  *rate.Limiter
	policy  Rate
	last    Rate
	blocked time.Time // no request before this instant
	now     func() time.Time
	sleep   func(ctx context.Context, d time.Duration) error
}

func newLimiter(now func() time.Time, sleep func(ctx context.Context, d time.Duration) error) *limiter {
	// Until the first answer, assume the documented default: 400 per 60 s.
	l := &limiter{now: now, sleep: sleep}
	l.bucket = rate.NewLimiter(rate.Limit(400.0/60.0), 40)
	return l
}

// wait blocks until a request may be sent, or ctx ends.
func (l *limiter) wait(ctx context.Context) error {
	l.mu.Lock()
	until := l.blocked
	bucket := l.bucket
	l.mu.Unlock()
	if d := until.Sub(l.now()); d > 0 {
		if err := l.sleep(ctx, d); err != nil {
			return err
		}
	}
	// The bucket on the client's clock and sleeper (WithClock, WithSleeper),
	// not rate.Limiter.Wait's own timer: a test on a sandbox clock then
	// spends no real time keeping to the limit.
	now := l.now()
	r := bucket.ReserveN(now, 1)
	if !r.OK() {
		return errors.New("wait for the rate limit: the bucket cannot grant one request")
	}
	if d := r.DelayFrom(now); d > 0 {
		if err := l.sleep(ctx, d); err != nil {
			r.CancelAt(l.now())
			return err
		}
	}
	return nil
}

// observe records the headers of a response.
func (l *limiter) observe(r Rate) {
	if !r.Known && r.Limit == 0 {
		return
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	l.last = r
	if r.Limit > 0 && r.Window > 0 && (r.Limit != l.policy.Limit || r.Window != l.policy.Window) {
		l.policy = r
		perSec := float64(r.Limit) / r.Window.Seconds()
		burst := max(1, r.Limit/10)
		l.bucket.SetLimit(rate.Limit(perSec))
		l.bucket.SetBurst(burst)
	}
	if r.Known && r.Remaining <= 0 {
		reset := r.Reset
		if reset <= 0 {
			reset = time.Second
		}
		l.blocked = r.At.Add(reset)
	}
}

func (l *limiter) lastRate() Rate {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.last
}

func sleepCtx(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-ctx.Done():
		return ctx.Err()
	case <-t.C:
		return nil
	}
}
