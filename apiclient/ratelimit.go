package apiclient

import (
	"context"
	"net/http"
	"strconv"
	"strings"
	"time"
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
