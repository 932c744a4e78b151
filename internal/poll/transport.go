package poll

import (
	"net/http"
	"sync/atomic"
)

// CountingTransport counts the HTTP requests that pass through it, retries
// included, so the budget books what the service will count. Build the
// monitor's API client with apiclient.WithTransport(t) and hand t.Count to
// Config.Requests.
type CountingTransport struct {
	Base http.RoundTripper // nil means http.DefaultTransport
	n    atomic.Int64
}

// RoundTrip implements http.RoundTripper.
func (t *CountingTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.n.Add(1)
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	return base.RoundTrip(r)
}

// Count is the number of requests sent so far.
func (t *CountingTransport) Count() int64 { return t.n.Load() }
