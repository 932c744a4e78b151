package auth_test

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/auth"
)

// flaky answers the first token request with a proxy's HTML 502.
type flaky struct {
	base   http.RoundTripper
	failed atomic.Bool
}

func (f *flaky) RoundTrip(r *http.Request) (*http.Response, error) {
	if strings.HasSuffix(r.URL.Path, "/oauth/token") && f.failed.CompareAndSwap(false, true) {
		if r.Body != nil {
			r.Body.Close()
		}
		return &http.Response{StatusCode: http.StatusBadGateway, Header: http.Header{"Content-Type": {"text/html"}},
			Body: io.NopCloser(strings.NewReader("<html>bad gateway</html>")), Request: r}, nil
	}
	return f.base.RoundTrip(r)
}

// A passing failure (a 502 from a proxy) is reported but does not end the
// sign-in: the next request tries again.
func TestTransientTokenFailureIsRetriedOnNextUse(t *testing.T) {
	h := newHarness(t)
	s, _ := h.signInClientCredentials()
	h.clock.Advance(3 * time.Hour)
	sess, err := auth.Open(ctx, s, h.store, append(h.opts(), auth.WithTransport(&flaky{base: h.count}))...)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sess.Token(ctx)
	var te *auth.TokenError
	if !errors.As(err, &te) || te.Status != http.StatusBadGateway || errors.Is(err, auth.ErrSignInAgain) {
		t.Fatalf("first try: %v", err)
	}
	if !strings.Contains(err.Error(), "502 Bad Gateway") {
		t.Fatalf("message %q", err)
	}
	if _, err := sess.Token(ctx); err != nil {
		t.Fatalf("second try: %v", err)
	}
}
