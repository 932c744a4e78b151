package app

import (
	"context"
	"sync"
	"time"

	"github.com/kasa-tui/kasa/ui"
)

// quotaMeter is the status bar's "API used/limit", kept cheap. The service
// refreshes api_calls_used only hourly, and reading account.json is itself a
// request from the monthly quota, so the account is read when the session or
// the account changes, and again only when an hour has passed AND kasa has
// made requests since (an application left open all day reads nothing). In
// between, kasa's own requests are added to the last figure.
type quotaMeter struct {
	mu      sync.Mutex
	slug    string
	readAt  time.Time
	used    int
	limit   int
	counted int64 // kasa's request count when the account was read
}

// rereadAfter is how old a reading may get before a used application reads again.
const rereadAfter = time.Hour

// status returns the figures, reading the account through read only when needed.
// requests is kasa's count of requests sent so far.
func (f *quotaMeter) status(ctx context.Context, slug string, requests int64, now time.Time,
	read func(ctx context.Context) (used, limit int, err error)) (ui.APIStatus, error) {
	f.mu.Lock()
	stale := slug != f.slug || f.readAt.IsZero() ||
		(now.Sub(f.readAt) >= rereadAfter && requests > f.counted)
	f.mu.Unlock()
	if stale {
		used, limit, err := read(ctx)
		if err != nil {
			return ui.APIStatus{}, err
		}
		f.mu.Lock()
		// The read itself is one of kasa's requests and is in used already.
		f.slug, f.readAt, f.used, f.limit, f.counted = slug, now, used, limit, requests+1
		f.mu.Unlock()
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	return ui.APIStatus{
		CallsUsed:   f.used + int(max(0, requests-f.counted)),
		CallsLimit:  f.limit,
		LastRefresh: now,
	}, nil
}

// figures are the account's last read limit and use (kasa's requests since
// added); 0, 0 before the account of slug has been read.
func (f *quotaMeter) figures(slug string, requests int64) (used, limit int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.slug != slug || f.readAt.IsZero() {
		return 0, 0
	}
	return f.used + int(max(0, requests-f.counted)), f.limit
}
