package sandbox_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// testStart is the sandbox clock's start in tests: a Monday morning in Prague.
var testStart = time.Date(2026, 11, 2, 9, 0, 0, 0, time.FixedZone("CET", 3600))

// env is a running sandbox with one account, its owner's token, and an apiclient on it.
type env struct {
	t      *testing.T
	Srv    *sandbox.Server
	Setup  sandbox.TestSetup
	TS     *httptest.Server
	Clock  *sandbox.ManualClock
	Token  string
	Client *apiclient.Client
	Slug   string
}

// newEnv starts a sandbox on the unlimited plan; opts may change the options.
func newEnv(t *testing.T, opts ...func(*sandbox.Options)) *env {
	return newEnvPlan(t, sandbox.PlanUnlimited, opts...)
}

// newEnvPlan starts a sandbox on the given plan.
func newEnvPlan(t *testing.T, plan sandbox.Plan, opts ...func(*sandbox.Options)) *env {
	t.Helper()
	clock := sandbox.NewManualClock(testStart)
	o := sandbox.Options{Clock: clock, Seed: 1}
	for _, f := range opts {
		f(&o)
	}
	srv, setup := sandbox.NewWithAccount(o, "testfirma", plan)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	token := srv.IssueToken(setup.Owner.ID, setup.Client.ID)
	client, err := apiclient.New(ts.URL+"/api/v3",
		apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithAccount("testfirma"),
		apiclient.WithTransport(&bearer{token: token}),
		apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }),
	)
	if err != nil {
		t.Fatal(err)
	}
	return &env{t: t, Srv: srv, Setup: setup, TS: ts, Clock: clock, Token: token, Client: client, Slug: "testfirma"}
}

// bearer adds the access token to every request.
type bearer struct{ token string }

func (b *bearer) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.Header.Set("Authorization", "Bearer "+b.token)
	return http.DefaultTransport.RoundTrip(r2)
}

// acct is a path under the account: acct("subjects.json").
func (e *env) acct(path string) string { return "/accounts/" + e.Slug + "/" + path }

// do sends a plain HTTP request to the API (path under /api/v3) with the User-Agent
// and the bearer token; body is JSON-encoded unless it is []byte or nil.
func (e *env) do(method, path string, body any) (int, http.Header, []byte) {
	e.t.Helper()
	return e.doWith(method, path, body, map[string]string{
		"User-Agent":    "kasa-test (test@example.com)",
		"Authorization": "Bearer " + e.Token,
	})
}

// doWith sends a request with exactly the given headers (plus Content-Type for a body).
func (e *env) doWith(method, path string, body any, headers map[string]string) (int, http.Header, []byte) {
	e.t.Helper()
	var rdr io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		rdr = bytes.NewReader(b)
	case string:
		rdr = bytes.NewReader([]byte(b))
	default:
		raw, err := json.Marshal(b)
		if err != nil {
			e.t.Fatal(err)
		}
		rdr = bytes.NewReader(raw)
	}
	req, err := http.NewRequest(method, e.TS.URL+"/api/v3"+path, rdr)
	if err != nil {
		e.t.Fatal(err)
	}
	if rdr != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	if _, ok := headers["User-Agent"]; !ok {
		// An empty value stops net/http from adding its own Go-http-client agent.
		req.Header["User-Agent"] = []string{""}
	}
	for k, v := range headers {
		req.Header.Set(k, v)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	out, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, out
}

// decode unmarshals a JSON body into T or fails the test.
func decode[T any](t *testing.T, b []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("decode %T: %v\nbody: %s", v, err, b)
	}
	return v
}

// errorsOf decodes a 422 (or 403 with errors) body.
func errorsOf(t *testing.T, b []byte) map[string][]string {
	t.Helper()
	return decode[struct {
		Errors map[string][]string `json:"errors"`
	}](t, b).Errors
}

// refusalOf decodes an {"error","error_description"} body.
func refusalOf(t *testing.T, b []byte) (code, desc string) {
	t.Helper()
	r := decode[struct {
		Error string `json:"error"`
		Desc  string `json:"error_description"`
	}](t, b)
	return r.Error, r.Desc
}

func TestEnvServesAccountScopedRequests(t *testing.T) {
	e := newEnv(t)
	status, h, body := e.do("GET", e.acct("bank_accounts.json"), nil)
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	if got := decode[[]map[string]any](t, body); len(got) != 1 || got[0]["iban"] != "CZ6520100000002000145399" {
		t.Fatalf("bank accounts %v, want the account's one CZK account", got)
	}
	if h.Get("X-RateLimit-Policy") != "default;q=400;w=60" || h.Get("X-RateLimit") != "default;r=399;t=60" {
		t.Fatalf("rate-limit headers %q %q", h.Get("X-RateLimit-Policy"), h.Get("X-RateLimit"))
	}
}

func TestMissingUserAgentIs400(t *testing.T) {
	e := newEnv(t)
	status, _, body := e.doWith("GET", e.acct("subjects.json"), nil, map[string]string{"Authorization": "Bearer " + e.Token})
	if status != http.StatusBadRequest {
		t.Fatalf("status %d, want 400", status)
	}
	code, desc := refusalOf(t, body)
	if code != "invalid_request" || desc != `Required header "User-Agent" is missing` {
		t.Fatalf("got %q %q", code, desc)
	}
}

func TestMissingOrExpiredTokenIs401(t *testing.T) {
	e := newEnv(t)
	status, _, _ := e.doWith("GET", e.acct("subjects.json"), nil, map[string]string{"User-Agent": "x (a@b.c)"})
	if status != http.StatusUnauthorized {
		t.Fatalf("no token: status %d, want 401", status)
	}
	e.Clock.Advance(7201 * time.Second)
	status, _, _ = e.do("GET", e.acct("subjects.json"), nil)
	if status != http.StatusUnauthorized {
		t.Fatalf("expired token: status %d, want 401", status)
	}
}

func TestRateLimitAnswers429PastTheLimit(t *testing.T) {
	e := newEnv(t, func(o *sandbox.Options) { o.RateLimit = 3; o.RateWindow = 10 * time.Second })
	for i := 0; i < 3; i++ {
		if status, _, _ := e.do("GET", e.acct("subjects.json"), nil); status == http.StatusTooManyRequests {
			t.Fatalf("request %d limited early", i+1)
		}
	}
	status, h, _ := e.do("GET", e.acct("subjects.json"), nil)
	if status != http.StatusTooManyRequests {
		t.Fatalf("4th request: status %d, want 429", status)
	}
	if got := h.Get("X-RateLimit"); got != "default;r=0;t=10" {
		t.Fatalf("X-RateLimit %q", got)
	}
	e.Clock.Advance(10 * time.Second)
	if status, _, _ := e.do("GET", e.acct("subjects.json"), nil); status == http.StatusTooManyRequests {
		t.Fatal("still limited after the window reset")
	}
}

// The Date of an answer is the sandbox's clock, the one its records are
// stamped with: a client that syncs from the Date it was answered at reads
// what changed since, also when the clock is not the machine's.
func TestDateHeaderIsTheSandboxClock(t *testing.T) {
	e := newEnv(t)
	e.Clock.Set(time.Date(2020, 3, 4, 5, 6, 7, 0, time.UTC))
	code, h, _ := e.do(http.MethodGet, e.acct("subjects.json"), nil)
	if code != http.StatusOK || h.Get("Date") != "Wed, 04 Mar 2020 05:06:07 GMT" {
		t.Fatalf("GET subjects: %d, Date %q, want the sandbox's clock", code, h.Get("Date"))
	}
}
