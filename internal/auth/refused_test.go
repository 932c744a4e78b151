package auth_test

import (
	"errors"
	"net"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/auth"
	"github.com/kasa-tui/kasa/sandbox"
)

// restart replaces the harness's sandbox by a fresh one (same seed, same
// clock, same address): it knows the client credentials but no token. It
// hands out the very token strings the first one did.
func (h *harness) restart() {
	h.t.Helper()
	addr := h.ts.Listener.Addr().String()
	h.ts.Close()
	srv, setup := sandbox.NewWithAccount(sandbox.Options{Clock: h.clock, Seed: 7}, "testfirma", sandbox.PlanUnlimited)
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		h.t.Fatalf("restart the sandbox at %s: %v", addr, err)
	}
	h.ts = &httptest.Server{Listener: ln, Config: &http.Server{Handler: srv}}
	h.ts.Start()
	h.t.Cleanup(h.ts.Close)
	h.srv, h.setup = srv, setup
}

// A saved token the restarted service no longer knows is replaced, and
// the request sent again with it, even though the new token is the same
// string (the restarted sandbox issues the same ones; a 401 then ended
// kasa at start, issue 23.6).
func TestRestartedServiceTokenIsReplacedAndTheRequestRetried(t *testing.T) {
	h := newHarness(t)
	s, _ := h.signInClientCredentials()
	h.restart()
	h.launchRenewingOnce(s, "after the service restarted")
}

// refusing answers every API request 401, as a service that refuses even
// a fresh token would.
type refusing struct {
	base http.RoundTripper
	api  atomic.Int64
}

func (r *refusing) RoundTrip(req *http.Request) (*http.Response, error) {
	if strings.Contains(req.URL.Path, "/oauth/") {
		return r.base.RoundTrip(req)
	}
	r.api.Add(1)
	if req.Body != nil {
		req.Body.Close()
	}
	return &http.Response{StatusCode: http.StatusUnauthorized, Header: http.Header{"Content-Type": {"application/json"}},
		Body: http.NoBody, Request: req}, nil
}

// The token is renewed once per refused request, not in a loop, and a
// refusal of the fresh token too is the 401, not "sign in again": the
// client secret was not refused.
func TestRefusedFreshTokenIsNotRenewedAgain(t *testing.T) {
	h := newHarness(t)
	s, _ := h.signInClientCredentials()
	ref := &refusing{base: h.count}
	err := h.getAccount(s, auth.WithTransport(ref))
	var er *apiclient.ErrorResponse
	if !errors.As(err, &er) || er.StatusCode != http.StatusUnauthorized || errors.Is(err, auth.ErrSignInAgain) {
		t.Fatalf("got %v, want the 401", err)
	}
	if n, api := h.count.tokens.Load(), ref.api.Load(); n != 2 || api != 2 {
		t.Errorf("token requests %d and API requests %d, want 2 and 2 (one renewal, one retry)", n, api)
	}
}

// Only a refused client secret sends the user to `kasa login`: the token
// was revoked and the secret kasa holds is no longer the client's.
func TestRefusedClientSecretOnRenewalIsSignInAgain(t *testing.T) {
	h := newHarness(t)
	s, sess := h.signInClientCredentials()
	h.revokeToken(sess)
	const wrong = "a-secret-the-service-does-not-know-0123"
	err := h.getAccount(s, auth.WithClientSecret(wrong))
	if !errors.Is(err, auth.ErrSignInAgain) || !strings.Contains(err.Error(), "kasa login") {
		t.Fatalf("got %v, want sign in again", err)
	}
	if strings.Contains(err.Error(), wrong) {
		t.Error("the secret is in the error")
	}
}
