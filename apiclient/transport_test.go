package apiclient

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"golang.org/x/oauth2"
)

func TestNewRefusesBadSetup(t *testing.T) {
	if _, err := New(""); !errors.Is(err, ErrNoContactEmail) {
		t.Errorf("no e-mail: %v", err)
	}
	if _, err := New("", WithUserAgent("kasa", "not-an-address")); !errors.Is(err, ErrNoContactEmail) {
		t.Errorf("bad e-mail: %v", err)
	}
	for _, u := range []string{"ftp://example.com/api/v3", "app.fakturoid.cz/api/v3", "https://", "http://[::1", "://x"} {
		if _, err := New(u, WithUserAgent("kasa", testEmail)); err == nil || errors.Is(err, ErrNoContactEmail) {
			t.Errorf("base URL %q: %v, want a base URL error", u, err)
		}
	}
	if _, err := New("", WithUserAgent("kasa", testEmail), WithHTTPClient(nil)); err == nil {
		t.Error("nil http client accepted")
	}
	if _, err := New("", WithUserAgent("kasa", testEmail), WithSleeper(nil)); err == nil {
		t.Error("nil sleeper accepted")
	}
	c, err := New("", WithUserAgent("  ", " me@example.com "))
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL() != DefaultBaseURL || c.UserAgent() != "kasa (me@example.com)" {
		t.Errorf("defaults: %q %q", c.BaseURL(), c.UserAgent())
	}
	c, err = New("https://example.com/api/v3/", WithUserAgent("MyApp", "me@example.com"), WithTransport(http.DefaultTransport), WithRetries(-4), WithClock(time.Now))
	if err != nil {
		t.Fatal(err)
	}
	if c.BaseURL() != "https://example.com/api/v3" || c.UserAgent() != "MyApp (me@example.com)" || c.maxRetries != 0 {
		t.Errorf("options: %q %q %d", c.BaseURL(), c.UserAgent(), c.maxRetries)
	}
}

// recordSleeps returns a sleeper that records each wait and returns at once.
func recordSleeps() (func(context.Context, time.Duration) error, func() []time.Duration) {
	var mu sync.Mutex
	var waits []time.Duration
	return func(ctx context.Context, d time.Duration) error {
			mu.Lock()
			waits = append(waits, d)
			mu.Unlock()
			return ctx.Err()
		}, func() []time.Duration {
			mu.Lock()
			defer mu.Unlock()
			return append([]time.Duration(nil), waits...)
		}
}

// sequence answers the n-th request with steps[n] (the last one repeats).
func sequence(steps ...http.HandlerFunc) http.HandlerFunc {
	var n atomic.Int32
	return func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		steps[min(i, len(steps)-1)](w, r)
	}
}

// dropConnection reads the request and closes the connection without answering.
func dropConnection(w http.ResponseWriter, r *http.Request) {
	_, _ = io.Copy(io.Discard, r.Body)
	conn, _, err := w.(http.Hijacker).Hijack()
	if err != nil {
		panic(err)
	}
	_ = conn.Close()
}

// shortBody promises 100 bytes, sends 5 and closes.
func shortBody(w http.ResponseWriter, r *http.Request) {
	conn, buf, err := w.(http.Hijacker).Hijack()
	if err != nil {
		panic(err)
	}
	_, _ = buf.WriteString("HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{\"id\"")
	_ = buf.Flush()
	_ = conn.Close()
}

func TestGetRetriedWhereSafe(t *testing.T) {
	ok := answer(200, `{"id":101,"name":"Dodavatel a.s."}`)
	cases := []struct {
		name  string
		first http.HandlerFunc
	}{
		{"503", answer(503, `{"error":"maintenance"}`)},
		{"502", answer(502, `bad gateway`)},
		{"504", answer(504, ``)},
		{"dropped connection", dropConnection},
		{"short body", shortBody},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, sequence(tc.first, ok))
			s, _, err := api.client(t).Subjects.Get(context.Background(), 101)
			if err != nil {
				t.Fatalf("GET after %s: %v", tc.name, err)
			}
			if s.ID != 101 || api.count() != 2 {
				t.Errorf("got %+v after %d requests, want the record after 2", s, api.count())
			}
			for i, r := range api.requests() {
				if r.Header.Get("User-Agent") != "kasa-test (dev@example.com)" || r.Header.Get("Authorization") != "Bearer "+testToken {
					t.Errorf("attempt %d headers %v", i+1, r.Header)
				}
			}
		})
	}
	t.Run("DELETE after 503", func(t *testing.T) {
		api := newFakeAPI(t, sequence(answer(503, ""), answer(204, "")))
		if _, err := api.client(t).Subjects.Delete(context.Background(), 1); err != nil || api.count() != 2 {
			t.Fatalf("%v after %d requests", err, api.count())
		}
	})
}

func TestRetriesGiveUp(t *testing.T) {
	api := newFakeAPI(t, answer(503, `{"error":"maintenance","error_description":"back soon"}`))
	_, _, err := api.client(t, WithRetries(2)).Subjects.Get(context.Background(), 1)
	var ue *UnavailableError
	if !errors.As(err, &ue) || api.count() != 3 {
		t.Fatalf("%v after %d requests, want UnavailableError after 3", err, api.count())
	}
	// Statuses that another try cannot fix are not retried, GET or not.
	for _, st := range []int{400, 401, 403, 404, 422, 500} {
		api := newFakeAPI(t, answer(st, `{}`))
		if _, _, err := api.client(t).Subjects.Get(context.Background(), 1); err == nil || api.count() != 1 {
			t.Errorf("%d: %v after %d requests, want 1", st, err, api.count())
		}
	}
	// A GET whose connection keeps dropping fails with the transport error.
	api = newFakeAPI(t, dropConnection)
	if _, _, err := api.client(t, WithRetries(1)).Subjects.Get(context.Background(), 1); err == nil || api.count() != 2 || errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("%v after %d requests", err, api.count())
	}
	api = newFakeAPI(t, shortBody)
	if _, _, err := api.client(t, WithRetries(1)).Subjects.Get(context.Background(), 1); err == nil || api.count() != 2 {
		t.Fatalf("%v after %d requests", err, api.count())
	}
}

func TestWritesNotRetriedOnceSent(t *testing.T) {
	for _, st := range []int{429, 502, 503, 504} {
		api := newFakeAPI(t, answer(st, `{}`, "X-RateLimit", "default;r=0;t=0"))
		sleep, waits := recordSleeps()
		_, _, err := api.client(t, WithSleeper(sleep)).Subjects.Create(context.Background(), &SubjectParams{Name: Ptr("X")})
		if err == nil || api.count() != 1 {
			t.Errorf("POST answered %d: %v after %d requests, want 1", st, err, api.count())
		}
		if len(waits()) > 0 && st != 429 {
			t.Errorf("POST %d waited %v", st, waits())
		}
	}
	for name, h := range map[string]http.HandlerFunc{"dropped connection": dropConnection, "short body": shortBody} {
		t.Run(name, func(t *testing.T) {
			api := newFakeAPI(t, h)
			c := api.client(t)
			_, _, err := c.Expenses.CreatePayment(context.Background(), 201, &PaymentParams{Amount: Ptr(MustDecimal("10"))})
			if !errors.Is(err, ErrOutcomeUnknown) {
				t.Fatalf("POST: %v, want ErrOutcomeUnknown", err)
			}
			var ou *OutcomeUnknownError
			if !errors.As(err, &ou) || ou.Method != "POST" || !strings.Contains(err.Error(), "check before sending again") {
				t.Errorf("%#v", ou)
			}
			_, _, err = c.Subjects.Update(context.Background(), 1, &SubjectParams{Phone: Ptr("1")})
			if !errors.Is(err, ErrOutcomeUnknown) {
				t.Fatalf("PATCH: %v, want ErrOutcomeUnknown", err)
			}
			if n := api.count(); n != 2 {
				t.Errorf("server saw %d requests for one POST and one PATCH, want 2", n)
			}
		})
	}
}

// A POST to a port with nothing listening never left: it is retried, and the
// final error says the change did not happen (not ErrOutcomeUnknown).
func TestPostRetriedWhenConnectionRefused(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	_ = ln.Close()
	var tries atomic.Int32
	c, err := New("http://"+addr+"/api/v3", WithUserAgent("kasa", testEmail), WithAccount(testSlug), WithRetries(2),
		WithBackoff(func(int) time.Duration { tries.Add(1); return 0 }))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.Subjects.Create(context.Background(), &SubjectParams{Name: Ptr("X")})
	if err == nil || errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("%v: want a plain connection error", err)
	}
	if tries.Load() != 2 {
		t.Errorf("retried %d times, want 2", tries.Load())
	}
}

// Errors that are not the network's (here a token source that fails) are not
// retried, and a write that never left is not an unknown outcome.
func TestNonNetworkErrorsNotRetried(t *testing.T) {
	api := newFakeAPI(t, nil)
	var tries atomic.Int32
	hc := oauth2.NewClient(context.Background(), failingTokenSource{})
	c, err := New(api.baseURL(), WithHTTPClient(hc), WithUserAgent("kasa", testEmail), WithAccount(testSlug),
		WithBackoff(func(int) time.Duration { tries.Add(1); return 0 }))
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Subjects.Get(context.Background(), 1); err == nil || !strings.Contains(err.Error(), "no token today") {
		t.Fatalf("GET: %v", err)
	}
	if _, _, err := c.Subjects.Create(context.Background(), &SubjectParams{}); err == nil || errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("POST: %v", err)
	}
	if tries.Load() != 0 || api.count() != 0 {
		t.Errorf("%d retries, %d requests; want none", tries.Load(), api.count())
	}
}

type failingTokenSource struct{}

func (failingTokenSource) Token() (*oauth2.Token, error) { return nil, errors.New("no token today") }

func TestRateLimitedGetWaitsReset(t *testing.T) {
	api := newFakeAPI(t, sequence(
		answer(429, `{}`, "X-RateLimit", "default;r=0;t=3", "X-RateLimit-Policy", "default;q=400;w=60"),
		answer(200, `[]`, "X-RateLimit", "default;r=399;t=60", "X-RateLimit-Policy", "default;q=400;w=60"),
	))
	sleep, waits := recordSleeps()
	c := api.client(t, WithSleeper(sleep))
	if _, _, err := c.Subjects.List(context.Background(), SubjectListOptions{}); err != nil {
		t.Fatal(err)
	}
	if api.count() != 2 {
		t.Fatalf("%d requests", api.count())
	}
	var total time.Duration
	for _, w := range waits() {
		total = max(total, w)
	}
	if total < 2900*time.Millisecond || total > 3*time.Second {
		t.Errorf("waits %v: want one of t=3s", waits())
	}
	if c.Rate().Remaining != 399 {
		t.Errorf("rate %+v", c.Rate())
	}
}

func TestRateLimitRealWait(t *testing.T) {
	var first, gap atomic.Int64
	var n atomic.Int32
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			w.Header().Set("X-RateLimit", "default;r=0;t=1")
			first.Store(time.Now().UnixNano())
			w.WriteHeader(429)
			return
		}
		gap.Store(time.Now().UnixNano() - first.Load())
		_, _ = w.Write([]byte(`[]`))
	})
	if _, _, err := api.client(t).Subjects.List(context.Background(), SubjectListOptions{}); err != nil {
		t.Fatal(err)
	}
	// The server, not the client's clock, says the retry came after the reset.
	if g := time.Duration(gap.Load()); g < 900*time.Millisecond {
		t.Errorf("retry came %v after the 429 with t=1", g)
	}
}

// After a response with r=0 the next request waits for the reset: a context
// that ends sooner proves the wait, and no request is spent.
func TestLimiterWaitsWhenNothingRemains(t *testing.T) {
	api := newFakeAPI(t, answer(200, `[]`, "X-RateLimit", "default;r=0;t=30", "X-RateLimit-Policy", "default;q=400;w=60"))
	c := api.client(t)
	if _, _, err := c.Subjects.List(context.Background(), SubjectListOptions{}); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, _, err := c.Subjects.List(ctx, SubjectListOptions{})
	if !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "rate limit") {
		t.Fatalf("%v: want the deadline to expire while waiting for the reset", err)
	}
	if api.count() != 1 {
		t.Errorf("server saw %d requests, want 1", api.count())
	}
	// With a recording sleeper the wait is the reset.
	sleep, waits := recordSleeps()
	c2 := api.client(t, WithSleeper(sleep))
	_, _, _ = c2.Subjects.List(context.Background(), SubjectListOptions{})
	_, _, _ = c2.Subjects.List(context.Background(), SubjectListOptions{})
	if w := waits(); len(w) != 1 || w[0] < 29*time.Second || w[0] > 30*time.Second {
		t.Errorf("waits %v, want one of ~30s", w)
	}
}

func TestParseRate(t *testing.T) {
	r := ParseRate(http.Header{"X-Ratelimit-Policy": {`default;q=400;w=60`}, "X-Ratelimit": {`default;r=398;t=55`}})
	if r.Limit != 400 || r.Window != time.Minute || r.Remaining != 398 || r.Reset != 55*time.Second || !r.Known {
		t.Errorf("%+v", r)
	}
	r = ParseRate(http.Header{"X-Ratelimit": {`default; r="7" ;t=x;junk;=;q`}})
	if !r.Known || r.Remaining != 7 || r.Reset != 0 {
		t.Errorf("%+v", r)
	}
	if r := ParseRate(http.Header{"X-Ratelimit": {`default;t=5`}}); r.Known {
		t.Errorf("no r but Known: %+v", r)
	}
}

func TestCancellationStopsRetryWait(t *testing.T) {
	api := newFakeAPI(t, answer(503, `{}`))
	c := api.client(t, WithBackoff(func(int) time.Duration { return time.Hour }))
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, _, err := c.Subjects.Get(ctx, 1)
		done <- err
	}()
	for api.count() == 0 {
		time.Sleep(time.Millisecond)
	}
	cancel()
	select {
	case err := <-done:
		if !errors.Is(err, context.Canceled) {
			t.Errorf("%v, want context.Canceled", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("cancel did not stop the retry wait")
	}
	if api.count() != 1 {
		t.Errorf("%d requests", api.count())
	}
}

// A write cancelled after it left may still have been applied.
func TestCancelledWriteIsUnknownOutcome(t *testing.T) {
	// cancelOnArrival makes a client whose call is cancelled once the server has it.
	cancelOnArrival := func(t *testing.T) (*Client, context.Context) {
		arrived := make(chan struct{})
		var once sync.Once
		api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
			once.Do(func() { close(arrived) })
			<-r.Context().Done()
		})
		ctx, cancel := context.WithCancel(context.Background())
		t.Cleanup(cancel)
		go func() { <-arrived; cancel() }()
		return api.client(t), ctx
	}
	c, ctx := cancelOnArrival(t)
	_, _, err := c.Expenses.CreatePayment(ctx, 1, nil)
	if !errors.Is(err, ErrOutcomeUnknown) || !errors.Is(err, context.Canceled) {
		t.Fatalf("%v: want ErrOutcomeUnknown and context.Canceled", err)
	}
	// A GET cancelled the same way is just cancelled.
	c, ctx = cancelOnArrival(t)
	_, _, err = c.Subjects.Get(ctx, 1)
	if errors.Is(err, ErrOutcomeUnknown) || !errors.Is(err, context.Canceled) {
		t.Fatalf("GET: %v", err)
	}
}

func TestDownloadNotReady(t *testing.T) {
	api := newFakeAPI(t, answer(204, ""))
	_, resp, err := api.client(t).Invoices.DownloadPDF(context.Background(), 301)
	if !errors.Is(err, ErrNotReady) || resp == nil || resp.StatusCode != 204 {
		t.Fatalf("%v %+v", err, resp)
	}
	if api.requests()[0].Header.Get("Accept") != "*/*" {
		t.Errorf("download Accept %q", api.requests()[0].Header.Get("Accept"))
	}
	_, _, err = api.client(t).Expenses.DownloadAttachment(context.Background(), 1, 2)
	if !errors.Is(err, ErrNotReady) {
		t.Fatal(err)
	}
	api = newFakeAPI(t, answer(404, `{"error":"not_found"}`))
	if _, _, err := api.client(t).InboxFiles.Download(context.Background(), 9); err == nil {
		t.Fatal("404 download gave no error")
	}
}

func TestCreateFromMissingFile(t *testing.T) {
	api := newFakeAPI(t, nil)
	_, _, err := api.client(t).InboxFiles.CreateFromFile(context.Background(), t.TempDir()+"/nope.pdf", false)
	if err == nil || api.count() != 0 {
		t.Fatalf("%v, %d requests", err, api.count())
	}
	uri, name, err := FileDataURI("testdata/user.json")
	if err != nil || name != "user.json" || !strings.HasPrefix(uri, "data:application/json;base64,") {
		t.Errorf("%q %q %v", uri[:40], name, err)
	}
}

func TestUserAgentTransport(t *testing.T) {
	api := newFakeAPI(t, nil)
	hc := &http.Client{Transport: &UserAgentTransport{UserAgent: FormatUserAgent("kasa", testEmail)}}
	resp, err := hc.Get(api.srv.URL + "/oauth/token")
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if ua := api.requests()[0].Header.Get("User-Agent"); ua != "kasa (dev@example.com)" {
		t.Errorf("User-Agent %q", ua)
	}
}

// One log line per attempt with method, path, status, attempt and the rate
// remaining; the bearer token never appears.
func TestLoggingHasNoSecrets(t *testing.T) {
	var buf bytes.Buffer
	logger := slog.New(slog.NewJSONHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	api := newFakeAPI(t, sequence(
		answer(503, `{"error":"busy"}`, "X-RateLimit", "default;r=10;t=5"),
		answer(200, `{"id":1}`, "X-RateLimit", "default;r=9;t=5"),
		dropConnection,
	))
	c := api.client(t, WithLogger(logger))
	if _, _, err := c.Subjects.Get(context.Background(), 1); err != nil {
		t.Fatal(err)
	}
	_, _, _ = c.Subjects.Update(context.Background(), 1, &SubjectParams{Name: Ptr("Bearer " + testToken)})
	out := buf.String()
	if strings.Contains(out, testToken) {
		t.Fatalf("the token reached the log:\n%s", out)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("%d log lines, want 3:\n%s", len(lines), out)
	}
	for _, want := range []string{`"method":"GET"`, `"path":"/accounts/acme/subjects/1.json"`, `"status":503`, `"attempt":1`, `"rate_remaining":10`} {
		if !strings.Contains(lines[0], want) {
			t.Errorf("first line lacks %s: %s", want, lines[0])
		}
	}
	for _, want := range []string{`"status":200`, `"attempt":2`, `"rate_remaining":9`} {
		if !strings.Contains(lines[1], want) {
			t.Errorf("second line lacks %s: %s", want, lines[1])
		}
	}
	if !strings.Contains(lines[2], `"method":"PATCH"`) || !strings.Contains(lines[2], `"error"`) {
		t.Errorf("failed attempt line: %s", lines[2])
	}
}

func TestRedact(t *testing.T) {
	cases := map[string]string{
		"Authorization: Bearer abc.def-123":                "Authorization: Bearer [redacted]",
		"Bearer one and Bearer two":                        "Bearer [redacted] and Bearer [redacted]",
		`{"h":"Bearer x1"} Bearer x2`:                      `{"h":"Bearer [redacted]"} Bearer [redacted]`,
		"Basic Zm9vOmJhcg==, then":                         "Basic [redacted], then",
		"access_token=aaa&refresh_token=bbb&x=1":           "access_token=[redacted]&refresh_token=[redacted]&x=1",
		"client_secret=shh;next":                           "client_secret=[redacted];next",
		"nothing to hide":                                  "nothing to hide",
		"Bearer ":                                          "Bearer ",
		"Bearer  double space Bearer z":                    "Bearer  double space Bearer [redacted]",
		"Bearer [redacted] already":                        "Bearer [redacted] already",
		"post http://h/x?access_token=t0k&y=2: EOF":        "post http://h/x?access_token=[redacted]&y=2: EOF",
		"Bearer a Bearer b Bearer c Basic d access_token=": "Bearer [redacted] Bearer [redacted] Bearer [redacted] Basic [redacted] access_token=",
	}
	for in, want := range cases {
		if got := redact(in); got != want {
			t.Errorf("redact(%q) = %q, want %q", in, got, want)
		}
	}
}

// The client works with an http.Client made by oauth2: the bearer header arrives.
func TestOAuth2ClientCarriesBearer(t *testing.T) {
	api := newFakeAPI(t, answer(200, `[]`))
	if _, _, err := api.client(t).Webhooks.List(context.Background(), ListOptions{}); err != nil {
		t.Fatal(err)
	}
	r := api.requests()[0]
	if r.Header.Get("Authorization") != "Bearer "+testToken || r.Header.Get("User-Agent") != "kasa-test (dev@example.com)" {
		t.Errorf("headers %v", r.Header)
	}
}

func TestJitteredBackoffGrowsAndIsCapped(t *testing.T) {
	for attempt := 1; attempt <= 10; attempt++ {
		ceiling := min(500*time.Millisecond<<min(attempt-1, 4), 8*time.Second)
		for range 50 {
			d := jitteredBackoff(attempt)
			if d < 50*time.Millisecond || d > ceiling+50*time.Millisecond {
				t.Fatalf("attempt %d: %v outside [50ms, %v]", attempt, d, ceiling+50*time.Millisecond)
			}
		}
	}
	// Full jitter: the waits of one attempt are not all the same.
	seen := map[time.Duration]bool{}
	for range 20 {
		seen[jitteredBackoff(3)] = true
	}
	if len(seen) < 2 {
		t.Error("backoff has no jitter")
	}
}

// One client serves many commands at once (each tea.Cmd calls it).
func TestConcurrentUse(t *testing.T) {
	api := newFakeAPI(t, answer(200, `{"id":7}`, "X-RateLimit", "default;r=300;t=30", "X-RateLimit-Policy", "default;q=400;w=60"))
	c := api.client(t)
	var wg sync.WaitGroup
	errs := make(chan error, 16)
	for i := range 16 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			cc := c
			if i%2 == 1 {
				cc = c.ForAccount("other")
			}
			if _, _, err := cc.Subjects.Get(context.Background(), 7); err != nil {
				errs <- err
			}
			_ = cc.Rate()
		}()
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Error(err)
	}
	if api.count() != 16 || c.Rate().Remaining != 300 {
		t.Errorf("%d requests, rate %+v", api.count(), c.Rate())
	}
}

func TestRetryObserverSeesEachRetry(t *testing.T) {
	api := newFakeAPI(t, sequence(answer(503, `{"error":"maintenance"}`), answer(502, ``), answer(200, `{"id":7}`)))
	var seen []RetryEvent
	c := api.client(t, WithRetryObserver(func(e RetryEvent) { seen = append(seen, e) }))
	if _, _, err := c.Subjects.Get(context.Background(), 7); err != nil {
		t.Fatal(err)
	}
	if len(seen) != 2 || seen[0].Attempt != 1 || seen[1].Attempt != 2 {
		t.Fatalf("observer saw %+v, want attempts 1 and 2", seen)
	}
	var ue *UnavailableError
	if !errors.As(seen[0].Err, &ue) || seen[0].Method != "GET" || !strings.HasSuffix(seen[0].Path, "subjects/7.json") {
		t.Fatalf("first event %+v", seen[0])
	}
	// A write that failed after it left is not retried, so nothing is observed.
	seen = nil
	api2 := newFakeAPI(t, dropConnection)
	c2 := api2.client(t, WithRetryObserver(func(e RetryEvent) { seen = append(seen, e) }))
	if _, _, err := c2.Subjects.Create(context.Background(), &SubjectParams{Name: Ptr("Acme")}); !errors.Is(err, ErrOutcomeUnknown) {
		t.Fatalf("create: %v", err)
	}
	if len(seen) != 0 {
		t.Fatalf("a write was retried: %+v", seen)
	}
}
