package tuitest

import (
	"net/http"
	"strings"
	"sync"
)

// Transport is a test's transport: it counts requests by method and path,
// lets a test answer one kind of request itself (a broken network, a
// rewritten answer) through Hook, and sends the rest on to Base.
type Transport struct {
	Base http.RoundTripper
	mu   sync.Mutex
	n    map[string]int
	hook func(r *http.Request) (*http.Response, error)
}

// SetHook makes hook see every request first; an answer or an error it
// gives is the request's (nil, nil sends the request on). nil removes it.
func (t *Transport) SetHook(hook func(r *http.Request) (*http.Response, error)) {
	t.mu.Lock()
	t.hook = hook
	t.mu.Unlock()
}

// RoundTrip implements http.RoundTripper.
func (t *Transport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.mu.Lock()
	if t.n == nil {
		t.n = map[string]int{}
	}
	t.n[r.Method+" "+r.URL.Path]++
	hook := t.hook
	t.mu.Unlock()
	if hook != nil {
		if resp, err := hook(r); resp != nil || err != nil {
			return resp, err
		}
	}
	return t.Base.RoundTrip(r)
}

// Count is how many requests had method and a path ending in suffix.
func (t *Transport) Count(method, suffix string) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for k, v := range t.n {
		m, p, _ := strings.Cut(k, " ")
		if m == method && strings.HasSuffix(p, suffix) {
			n += v
		}
	}
	return n
}
