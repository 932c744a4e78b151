package sandbox_test

import (
	"bytes"
	"io"
	"net"
	"net/http"
	"net/http/httptest"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// slowBody yields "{} " at one byte a second (3 s in all), or ends when
// stopped: a client that sends its body slowly.
type slowBody struct {
	sent, stop chan struct{}
	n          int
}

func (b *slowBody) Read(p []byte) (int, error) {
	if b.n > 0 {
		select {
		case <-time.After(time.Second):
		case <-b.stop:
			return 0, io.EOF
		}
	}
	const text = "{} "
	if b.n == len(text) {
		return 0, io.EOF
	}
	if b.n == 0 {
		defer close(b.sent)
	}
	p[0] = text[b.n]
	b.n++
	return 1, nil
}

// request is an API request (path under /api/v3) with a JSON body read from
// body as the caller streams it, the User-Agent and the bearer token, for
// tests that send a body their own way (slowly, chunked, many at once).
func (e *env) request(method, path string, body io.Reader) *http.Request {
	e.t.Helper()
	req, err := http.NewRequest(method, e.TS.URL+"/api/v3"+path, body)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	req.Header.Set("Authorization", "Bearer "+e.Token)
	req.Header.Set("Content-Type", "application/json")
	return req
}

// TestSlowBodyDelaysNoOtherClient: while one client sends a body at a byte a
// second, another client's reads of the same account and of another account
// are answered at once (the body is read before any lock).
func TestSlowBodyDelaysNoOtherClient(t *testing.T) {
	e := newEnv(t)
	e.Srv.AddAccount(sandbox.NewAccount("druha", sandbox.DefaultAccountInfo("druha", "Druhá s.r.o.", sandbox.PlanStandard), sandbox.PlanStandard.Limits))
	e.Srv.Do(func() { e.Setup.Owner.Grants["druha"] = sandbox.Grant{Permission: "owner"} })

	body := &slowBody{sent: make(chan struct{}), stop: make(chan struct{})}
	req := e.request("POST", e.acct("subjects.json"), body)
	slowDone := make(chan struct{})
	go func() {
		defer close(slowDone)
		if resp, err := http.DefaultClient.Do(req); err == nil {
			resp.Body.Close()
		}
	}()
	t.Cleanup(func() { close(body.stop); <-slowDone })
	<-body.sent
	time.Sleep(50 * time.Millisecond) // the server is inside the slow request now

	// Each answer is timed alone; the median must be under 100 ms, and none
	// may wait for the slow body (seconds), so a busy machine's one slow
	// answer does not fail the test.
	var took []time.Duration
	for i := range 6 {
		path := e.acct("subjects.json")
		if i%2 == 1 {
			path = "/accounts/druha/subjects.json"
		}
		start := time.Now()
		status, _, b := e.do("GET", path, nil)
		took = append(took, time.Since(start))
		if status != 200 {
			t.Fatalf("GET %s: %d %s", path, status, b)
		}
	}
	slices.Sort(took)
	if med := took[len(took)/2]; med > 100*time.Millisecond || took[len(took)-1] > 900*time.Millisecond {
		t.Fatalf("answers took %v while a body came at a byte a second; want a median under 100ms", took)
	}
	select {
	case <-slowDone:
		t.Fatal("the slow request ended before its body did")
	default:
	}
}

// TestBodyOverTheLimitIs413: 70 MB is refused with 413 and a JSON error,
// sent with its length or without (chunked).
func TestBodyOverTheLimitIs413(t *testing.T) {
	e := newEnv(t)
	big := bytes.Repeat([]byte(" "), 70<<20)
	for _, chunked := range []bool{false, true} {
		var rdr io.Reader = bytes.NewReader(big)
		if chunked {
			rdr = io.MultiReader(rdr) // no length: sent chunked
		}
		resp, err := http.DefaultClient.Do(e.request("POST", e.acct("subjects.json"), rdr))
		if err != nil {
			t.Fatalf("chunked %v: %v", chunked, err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != http.StatusRequestEntityTooLarge || !strings.Contains(resp.Header.Get("Content-Type"), "application/json") {
			t.Fatalf("chunked %v: %d %s %q", chunked, resp.StatusCode, resp.Header.Get("Content-Type"), b)
		}
		if code, desc := refusalOf(t, b); code != "request_entity_too_large" || desc == "" {
			t.Fatalf("chunked %v: body %s", chunked, b)
		}
	}
	// A body under the limit still works after the refusals.
	if status, _, b := e.do("POST", e.acct("subjects.json"), map[string]any{"name": "Po odmítnutí"}); status != 201 {
		t.Fatalf("create after 413: %d %s", status, b)
	}
}

// fakeListener has only an address, for NewHTTPServer's choice.
type fakeListener struct {
	net.Listener
	addr net.Addr
}

func (l fakeListener) Addr() net.Addr { return l.addr }

// TestNewHTTPServerGuardsBeyondLoopback: on loopback no warning and any Host;
// on 0.0.0.0 a warning, and a Host that names no address of the machine
// (DNS rebinding) is refused.
func TestNewHTTPServerGuardsBeyondLoopback(t *testing.T) {
	srv, _ := sandbox.NewWithAccount(sandbox.Options{}, "firma", sandbox.PlanStandard)
	get := func(h http.Handler, host string) int {
		r := httptest.NewRequest("GET", "/", nil)
		r.Host = host
		w := httptest.NewRecorder()
		h.ServeHTTP(w, r)
		return w.Code
	}

	var warn bytes.Buffer
	hs := sandbox.NewHTTPServer(fakeListener{addr: &net.TCPAddr{IP: net.IPv4(127, 0, 0, 1), Port: 8080}}, srv, &warn)
	if warn.Len() != 0 || get(hs.Handler, "evil.example:8080") != 200 {
		t.Fatalf("loopback: warning %q, or a Host refused", warn.String())
	}
	if hs.ReadHeaderTimeout <= 0 || hs.ReadTimeout <= 0 || hs.IdleTimeout <= 0 {
		t.Fatalf("timeouts: header %v, read %v, idle %v", hs.ReadHeaderTimeout, hs.ReadTimeout, hs.IdleTimeout)
	}

	hs = sandbox.NewHTTPServer(fakeListener{addr: &net.TCPAddr{IP: net.IPv4zero, Port: 8080}}, srv, &warn)
	if !strings.Contains(warn.String(), "warning") || !strings.Contains(warn.String(), "0.0.0.0:8080") {
		t.Fatalf("no warning for 0.0.0.0: %q", warn.String())
	}
	if code := get(hs.Handler, "evil.example:8080"); code != http.StatusMisdirectedRequest {
		t.Fatalf("rebound name: %d, want 421", code)
	}
	for _, host := range []string{"127.0.0.1:8080", "localhost:8080", "LOCALHOST"} {
		if code := get(hs.Handler, host); code != 200 {
			t.Fatalf("Host %s: %d, want 200", host, code)
		}
	}
}
