package auth_test

import (
	"context"
	"io"
	"log/slog"
	"net/http"
	"net/http/httptest"
	"net/url"
	"path/filepath"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/oauth2"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/auth"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
)

const (
	integID     = "integ0000000000000000000000000000000042"
	integSecret = "integ-secret-0000000000000000000000000042"
	callback    = "https://example.com/callback"
	email       = "ucetni@example.com"
)

// counting counts requests to the token and revoke endpoints and keeps the
// headers of the last token request.
type counting struct {
	base      http.RoundTripper
	tokens    atomic.Int64
	revokes   atomic.Int64
	mu        sync.Mutex
	lastToken http.Header
}

func (c *counting) RoundTrip(r *http.Request) (*http.Response, error) {
	switch {
	case strings.HasSuffix(r.URL.Path, "/oauth/token"):
		c.tokens.Add(1)
		c.mu.Lock()
		c.lastToken = r.Header.Clone()
		c.mu.Unlock()
	case strings.HasSuffix(r.URL.Path, "/oauth/revoke"):
		c.revokes.Add(1)
	}
	return c.base.RoundTrip(r)
}

func (c *counting) lastTokenHeader() http.Header {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.lastToken
}

// harness is a sandbox with the account's client-credentials pair and an
// integration, a manual clock shared by server and client, a file store in
// a temporary directory, and a log buffer.
type harness struct {
	t       *testing.T
	srv     *sandbox.Server
	setup   sandbox.TestSetup
	ts      *httptest.Server
	clock   *sandbox.ManualClock
	count   *counting
	store   config.SecretStore
	secrets string // path of the secrets file
	logs    *tuitest.Buffer
	logger  *slog.Logger
}

func newHarness(t *testing.T) *harness {
	t.Helper()
	clock := sandbox.NewManualClock(time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC))
	srv, setup := sandbox.NewWithAccount(sandbox.Options{Clock: clock, Seed: 7}, "testfirma", sandbox.PlanUnlimited)
	srv.AddClient(&sandbox.OAuthClient{ID: integID, Secret: integSecret, UserID: setup.Owner.ID, RedirectURI: callback, Integration: true})
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	path := filepath.Join(t.TempDir(), "state", "secrets.json")
	logs := &tuitest.Buffer{}
	return &harness{
		t: t, srv: srv, setup: setup, ts: ts, clock: clock,
		count:   &counting{base: http.DefaultTransport},
		store:   config.NewFileStore(path, nil),
		secrets: path,
		logs:    logs,
		logger:  slog.New(slog.NewTextHandler(logs, &slog.HandlerOptions{Level: slog.LevelDebug})),
	}
}

// settings for a flow against the harness's sandbox.
func (h *harness) settings(flow config.Flow) config.Settings {
	s := config.Defaults()
	s.BaseURL = h.ts.URL + "/api/v3"
	s.ContactEmail = email
	s.Flow = flow
	if flow == config.FlowAuthorizationCode {
		s.ClientID = integID
		s.RedirectURI = callback
	} else {
		s.ClientID = h.setup.Client.ID
	}
	return s
}

func (h *harness) opts() []auth.Option {
	return []auth.Option{
		auth.WithTransport(h.count),
		auth.WithClock(h.clock.Now),
		auth.WithLogger(h.logger),
		auth.WithAPIOptions(apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond })),
	}
}

// saved is what the store holds for settings.
func (h *harness) saved(s config.Settings) config.Secrets {
	h.t.Helper()
	sec, err := h.store.Load(context.Background(), s.AccountKey())
	if err != nil {
		h.t.Fatalf("load saved secrets: %v", err)
	}
	return sec
}

// signInClientCredentials runs the first sign-in of the client-credentials flow.
func (h *harness) signInClientCredentials() (config.Settings, *auth.Session) {
	h.t.Helper()
	s := h.settings(config.FlowClientCredentials)
	f, err := auth.NewClientCredentials(s, h.setup.Client.Secret, h.store, h.opts()...)
	if err != nil {
		h.t.Fatal(err)
	}
	sess, err := f.SignIn(context.Background())
	if err != nil {
		h.t.Fatalf("sign in: %v", err)
	}
	return s, sess
}

// consent plays the browser: it approves the consent URL and returns the
// address the user is sent to.
func (h *harness) consent(consentURL string) string {
	h.t.Helper()
	req, err := http.NewRequest("GET", consentURL+"&approve=1", nil)
	if err != nil {
		h.t.Fatal(err)
	}
	req.Header.Set("User-Agent", "browser")
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	_, _ = io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		h.t.Fatalf("consent: status %d", resp.StatusCode)
	}
	return resp.Header.Get("Location")
}

// signInAuthorizationCode runs consent, paste and exchange.
func (h *harness) signInAuthorizationCode() (config.Settings, *auth.Session) {
	h.t.Helper()
	s := h.settings(config.FlowAuthorizationCode)
	f, err := auth.NewAuthorizationCode(s, integSecret, h.store, h.opts()...)
	if err != nil {
		h.t.Fatal(err)
	}
	state, err := auth.NewState()
	if err != nil {
		h.t.Fatal(err)
	}
	redirected := h.consent(f.ConsentURL(state))
	code, err := auth.ParsePasted(redirected, state)
	if err != nil {
		h.t.Fatalf("parse pasted: %v", err)
	}
	sess, err := f.Exchange(context.Background(), code)
	if err != nil {
		h.t.Fatalf("exchange: %v", err)
	}
	return s, sess
}

// currentUser calls GET /user.json through a fresh launch (NewClient).
func (h *harness) launch(s config.Settings) (*apiclient.Client, error) {
	return auth.NewClient(context.Background(), s, h.store, h.logger, "", h.opts()...)
}

// launchRenewingOnce starts on the saved sign-in and makes one API call,
// which must succeed with exactly one token request besides the sign-in's.
func (h *harness) launchRenewingOnce(s config.Settings, when string) {
	h.t.Helper()
	c, err := h.launch(s)
	if err != nil {
		h.t.Fatalf("launch %s: %v", when, err)
	}
	if _, _, err := c.Account.Get(context.Background()); err != nil {
		h.t.Fatalf("call %s: %v", when, err)
	}
	if n := h.count.tokens.Load(); n != 2 {
		h.t.Fatalf("token requests %d %s, want 2 (sign-in and renewal)", n, when)
	}
}

// getAccount opens the saved sign-in with the harness's options and extra,
// and reads the account: the error of that one API call.
func (h *harness) getAccount(s config.Settings, extra ...auth.Option) error {
	h.t.Helper()
	sess, err := auth.Open(context.Background(), s, h.store, append(h.opts(), extra...)...)
	if err != nil {
		h.t.Fatal(err)
	}
	c, err := sess.Client("testfirma")
	if err != nil {
		h.t.Fatal(err)
	}
	_, _, err = c.Account.Get(context.Background())
	return err
}

func codeOf(t *testing.T, redirected string) string {
	t.Helper()
	u, err := url.Parse(redirected)
	if err != nil {
		t.Fatal(err)
	}
	return u.Query().Get("code")
}

// revokeToken makes the service forget the session's access token (the
// client-credentials pair's), and returns the token.
func (h *harness) revokeToken(sess *auth.Session) *oauth2.Token {
	h.t.Helper()
	tok, err := sess.Token(context.Background())
	if err != nil {
		h.t.Fatal(err)
	}
	h.revokeAccess(h.setup.Client.ID, h.setup.Client.Secret, tok.AccessToken)
	return tok
}

// revokeAccess makes the service forget a token, behind the session's back.
func (h *harness) revokeAccess(id, secret, token string) {
	h.t.Helper()
	req, err := http.NewRequest("POST", h.ts.URL+"/api/v3/oauth/revoke", strings.NewReader(url.Values{"token": {token}}.Encode()))
	if err != nil {
		h.t.Fatal(err)
	}
	req.Header.Set("User-Agent", "test (t@example.com)")
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(id, secret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		h.t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		h.t.Fatalf("revoke: %d", resp.StatusCode)
	}
}
