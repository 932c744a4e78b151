// Package apiclient is a typed client of the invoicing service's API v3: a service per
// resource (client.Subjects.List(ctx, opts)), typed errors, paging iterators, exact
// decimals, and a transport that keeps under the rate limit and retries only where safe.
package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net"
	"net/http"
	"net/http/httptrace"
	"net/url"
	"strings"
	"sync/atomic"
	"syscall"
	"time"
)

// DefaultBaseURL is the real service.
const DefaultBaseURL = "https://app.fakturoid.cz/api/v3"

// DefaultAppName is the application part of the User-Agent.
const DefaultAppName = "kasa"

// PageSize is the number of records in a full page of every index and search endpoint.
const PageSize = 40

// maxDownload caps a downloaded file held in memory.
const maxDownload = 256 << 20

// ErrNoContactEmail is returned by New without a contact e-mail: the service requires
// one in the User-Agent of every request.
var ErrNoContactEmail = errors.New("a contact e-mail is required for the User-Agent (\"kasa (you@example.com)\")")

// ErrNoAccount is returned by account-scoped calls on a client without an account slug.
var ErrNoAccount = errors.New("no account slug set: pick an account first")

// Client talks to one service (base URL) on behalf of one account.
type Client struct {
	base       *url.URL
	account    string
	appName    string
	email      string
	httpClient *http.Client
	logger     *slog.Logger
	limiter    *limiter
	maxRetries int
	backoff    func(attempt int) time.Duration
	now        func() time.Time
	sleep      func(ctx context.Context, d time.Duration) error
	onRetry    func(RetryEvent)
	writeHook  WriteHook

	Users               *UsersService
	Account             *AccountService
	BankAccounts        *BankAccountsService
	Subjects            *SubjectsService
	Invoices            *InvoicesService
	Expenses            *ExpensesService
	Generators          *GeneratorsService
	RecurringGenerators *RecurringGeneratorsService
	InventoryItems      *InventoryItemsService
	InventoryMoves      *InventoryMovesService
	InboxFiles          *InboxFilesService
	Todos               *TodosService
	Events              *EventsService
	Webhooks            *WebhooksService
	NumberFormats       *NumberFormatsService
}

// Option configures a Client.
type Option func(*Client) error

// WithHTTPClient uses hc for every request; an oauth2-made client works here: its
// transport adds the bearer token and the client's own layers go around it.
func WithHTTPClient(hc *http.Client) Option {
	return func(c *Client) error {
		if hc == nil {
			return errors.New("nil http client")
		}
		cp := *hc
		c.httpClient = &cp
		return nil
	}
}

// WithTransport uses rt as the transport of a fresh http.Client.
func WithTransport(rt http.RoundTripper) Option {
	return func(c *Client) error {
		c.httpClient = &http.Client{Transport: rt}
		return nil
	}
}

// WithAccount sets the account slug of account-scoped calls.
func WithAccount(slug string) Option {
	return func(c *Client) error { c.account = slug; return nil }
}

// WithUserAgent sets the application name and contact e-mail of the User-Agent,
// which reads "<appName> (<email>)".
func WithUserAgent(appName, email string) Option {
	return func(c *Client) error {
		if strings.TrimSpace(appName) != "" {
			c.appName = strings.TrimSpace(appName)
		}
		c.email = strings.TrimSpace(email)
		return nil
	}
}

// WithLogger logs a line per request attempt. Without it nothing is logged.
func WithLogger(l *slog.Logger) Option {
	return func(c *Client) error { c.logger = l; return nil }
}

// WithRetries sets how many times a safe request is retried (default 3).
func WithRetries(n int) Option {
	return func(c *Client) error { c.maxRetries = max(0, n); return nil }
}

// WithBackoff replaces the jittered exponential backoff (tests use a zero wait).
func WithBackoff(f func(attempt int) time.Duration) Option {
	return func(c *Client) error { c.backoff = f; return nil }
}

// WithClock sets the clock used for rate-limit bookkeeping.
func WithClock(now func() time.Time) Option {
	return func(c *Client) error { c.now = now; return nil }
}

// WithSleeper replaces how the client waits (before a retry, for a 429's reset, for
// the rate limiter's reset); sleep must return ctx.Err() when ctx ends first. Tests
// record the waits instead of spending them.
func WithSleeper(sleep func(ctx context.Context, d time.Duration) error) Option {
	return func(c *Client) error {
		if sleep == nil {
			return errors.New("nil sleeper")
		}
		c.sleep = sleep
		return nil
	}
}

// New builds a client. baseURL "" means the real service. A contact e-mail
// (WithUserAgent) is required.
func New(baseURL string, opts ...Option) (*Client, error) {
	if baseURL == "" {
		baseURL = DefaultBaseURL
	}
	u, err := url.Parse(strings.TrimRight(baseURL, "/"))
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
		return nil, fmt.Errorf("new client: base URL %q: want http(s)://host/path", baseURL)
	}
	if err := checkBaseURL(u); err != nil {
		return nil, fmt.Errorf("new client: base URL %q: %w", baseURL, err)
	}
	c := &Client{
		base:       u,
		appName:    DefaultAppName,
		httpClient: &http.Client{Timeout: 60 * time.Second},
		maxRetries: 3,
		backoff:    jitteredBackoff,
		now:        time.Now,
		sleep:      sleepCtx,
	}
	for _, o := range opts {
		if err := o(c); err != nil {
			return nil, fmt.Errorf("new client: %w", err)
		}
	}
	if c.email == "" || !strings.Contains(c.email, "@") {
		return nil, fmt.Errorf("new client: %w", ErrNoContactEmail)
	}
	// The bearer token goes to the API's origin only, whatever client was given.
	c.httpClient.CheckRedirect = redirectPolicy(u)
	c.limiter = newLimiter(c.now, c.sleep)
	c.initServices()
	return c, nil
}

func (c *Client) initServices() {
	c.Users = &UsersService{c}
	c.Account = &AccountService{c}
	c.BankAccounts = &BankAccountsService{c}
	c.Subjects = &SubjectsService{c}
	c.Invoices = &InvoicesService{c}
	c.Expenses = &ExpensesService{c}
	c.Generators = &GeneratorsService{c}
	c.RecurringGenerators = &RecurringGeneratorsService{c}
	c.InventoryItems = &InventoryItemsService{c}
	c.InventoryMoves = &InventoryMovesService{c}
	c.InboxFiles = &InboxFilesService{c}
	c.Todos = &TodosService{c}
	c.Events = &EventsService{c}
	c.Webhooks = &WebhooksService{c}
	c.NumberFormats = &NumberFormatsService{c}
}

// ForAccount returns a client for another account of the same user, sharing the
// HTTP client and the rate limiter (the limit is per user, not per account).
func (c *Client) ForAccount(slug string) *Client {
	cp := *c
	cp.account = slug
	cp.initServices()
	return &cp
}

// AccountSlug is the account of account-scoped calls.
func (c *Client) AccountSlug() string { return c.account }

// BaseURL is the API root.
func (c *Client) BaseURL() string { return c.base.String() }

// UserAgent is the header value sent with every request.
func (c *Client) UserAgent() string { return FormatUserAgent(c.appName, c.email) }

// Rate is the rate-limit state from the last response.
func (c *Client) Rate() Rate { return c.limiter.lastRate() }

// FormatUserAgent builds "<appName> (<email>)".
func FormatUserAgent(appName, email string) string { return appName + " (" + email + ")" }

// Response is what a call reports besides its result.
type Response struct {
	StatusCode int
	// Location is the address of a created record (201).
	Location string
	Rate     Rate
	Header   http.Header
}

func (c *Client) accountPath(format string, args ...any) (string, error) {
	if c.account == "" {
		return "", ErrNoAccount
	}
	return "/accounts/" + url.PathEscape(c.account) + "/" + fmt.Sprintf(format, args...), nil
}

// resolve joins the base URL and an API path whose segments are already escaped
// (accountPath escapes the slug), so they are not escaped a second time.
func (c *Client) resolve(path string, q url.Values) string {
	u := *c.base
	escaped := strings.TrimRight(u.EscapedPath(), "/") + path
	if p, err := url.PathUnescape(escaped); err == nil {
		u.Path, u.RawPath = p, escaped
	} else {
		u.Path, u.RawPath = escaped, ""
	}
	if len(q) > 0 {
		u.RawQuery = q.Encode()
	} else {
		u.RawQuery = ""
	}
	return u.String()
}

// call is one API request: what to send and where the JSON answer goes.
type call struct {
	method string
	path   string
	query  url.Values
	body   any // JSON-encoded when non-nil
	out    any // decoded from a 2xx JSON body when non-nil
}

// do sends a JSON request with retries where they are safe and decodes the answer.
// A write goes through the write hook, when there is one.
func (c *Client) do(ctx context.Context, cl call) (*Response, error) {
	var resp *Response
	var body []byte
	var err error
	if c.writeHook != nil && cl.method != http.MethodGet && cl.method != http.MethodHead {
		w := WriteRequest{Method: cl.method, Path: cl.path}
		if cl.body != nil {
			if w.Body, err = json.Marshal(cl.body); err != nil {
				return nil, fmt.Errorf("%s %s: encode body: %w", cl.method, cl.path, err)
			}
		}
		err = c.writeHook(ctx, c, w, func(ctx context.Context) error {
			var err error
			resp, body, err = c.send(ctx, cl, "application/json")
			return err
		})
	} else {
		resp, body, err = c.send(ctx, cl, "application/json")
	}
	if err != nil {
		return resp, err
	}
	if cl.out != nil && len(bytes.TrimSpace(body)) > 0 {
		if err := decodeResponse(ctx, c.logger, cl.method+" "+cl.path, body, cl.out); err != nil {
			return resp, fmt.Errorf("%s %s: decode response: %w", cl.method, cl.path, err)
		}
	}
	return resp, nil
}

// send performs the request loop and returns the raw body of a 2xx answer.
func (c *Client) send(ctx context.Context, cl call, accept string) (*Response, []byte, error) {
	var payload []byte
	if cl.body != nil {
		b, err := json.Marshal(cl.body)
		if err != nil {
			return nil, nil, fmt.Errorf("%s %s: encode body: %w", cl.method, cl.path, err)
		}
		payload = b
	}
	target := c.resolve(cl.path, cl.query)
	idempotent := cl.method == http.MethodGet || cl.method == http.MethodDelete || cl.method == http.MethodHead
	for attempt := 1; ; attempt++ {
		if err := c.limiter.wait(ctx); err != nil {
			return nil, nil, fmt.Errorf("%s %s: waiting for the rate limit: %w", cl.method, cl.path, err)
		}
		req, wrote, err := c.newAttempt(ctx, cl, target, accept, payload)
		if err != nil {
			return nil, nil, err
		}

		start := c.now()
		hr, err := c.httpClient.Do(req)
		if err != nil {
			if ctxErr := ctx.Err(); ctxErr != nil {
				if !idempotent && wrote.Load() {
					// Cancelled after the request left: it may still have been applied.
					return nil, nil, &OutcomeUnknownError{Method: cl.method, Path: cl.path, Err: ctxErr}
				}
				return nil, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, ctxErr)
			}
			c.logAttempt(ctx, cl, attempt, 0, Rate{}, c.now().Sub(start), err)
			transient := isTransient(err)
			if renew := (*RenewError)(nil); errors.As(err, &renew) {
				// The service answered 401: nothing was done, whatever the method.
				return nil, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, err)
			}
			if !idempotent && wrote.Load() {
				return nil, nil, &OutcomeUnknownError{Method: cl.method, Path: cl.path, Err: err}
			}
			if transient && attempt <= c.maxRetries {
				if err := c.retryWait(ctx, cl, attempt, c.backoff(attempt), err); err != nil {
					return nil, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, err)
				}
				continue
			}
			return nil, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, err)
		}
		body, readErr := io.ReadAll(io.LimitReader(hr.Body, maxDownload))
		hr.Body.Close()
		rt := ParseRate(hr.Header)
		rt.At = c.now()
		c.limiter.observe(rt)
		resp := &Response{StatusCode: hr.StatusCode, Location: hr.Header.Get("Location"), Rate: rt, Header: hr.Header}
		c.logAttempt(ctx, cl, attempt, hr.StatusCode, rt, c.now().Sub(start), readErr)
		if readErr != nil {
			if !idempotent {
				return resp, nil, &OutcomeUnknownError{Method: cl.method, Path: cl.path, Err: readErr}
			}
			if attempt <= c.maxRetries {
				if err := c.retryWait(ctx, cl, attempt, c.backoff(attempt), readErr); err != nil {
					return resp, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, err)
				}
				continue
			}
			return resp, nil, fmt.Errorf("%s %s: read response: %w", cl.method, cl.path, readErr)
		}
		if hr.StatusCode >= 200 && hr.StatusCode < 300 {
			return resp, body, nil
		}
		apiErr := errorFromResponse(cl.method, cl.path, hr.StatusCode, hr.Header, body)
		if wait, again := c.retryAfter(hr.StatusCode, rt, attempt); idempotent && attempt <= c.maxRetries && again {
			if err := c.retryWait(ctx, cl, attempt, wait, apiErr); err != nil {
				return resp, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, err)
			}
			continue
		}
		return resp, nil, apiErr
	}
}

// newAttempt builds one attempt of a call. wrote records whether any of the
// request reached the wire: only a request that provably never left may be
// sent again when it is not idempotent.
func (c *Client) newAttempt(ctx context.Context, cl call, target, accept string, payload []byte) (*http.Request, *atomic.Bool, error) {
	var rdr io.Reader
	if payload != nil {
		rdr = bytes.NewReader(payload)
	}
	req, err := http.NewRequestWithContext(ctx, cl.method, target, rdr)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s: %w", cl.method, cl.path, err)
	}
	req.Header.Set("User-Agent", c.UserAgent())
	req.Header.Set("Accept", accept)
	if payload != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	wrote := &atomic.Bool{}
	trace := &httptrace.ClientTrace{WroteHeaders: func() { wrote.Store(true) }}
	return req.WithContext(httptrace.WithClientTrace(ctx, trace)), wrote, nil
}

// retryAfter says whether an error status is worth another try of an
// idempotent request, and after how long: a 429 when its window resets, a
// gateway or maintenance answer after the backoff.
func (c *Client) retryAfter(status int, rt Rate, attempt int) (time.Duration, bool) {
	switch status {
	case http.StatusTooManyRequests:
		return max(rt.Reset, time.Second), true
	case http.StatusBadGateway, http.StatusServiceUnavailable, http.StatusGatewayTimeout:
		return c.backoff(attempt), true
	}
	return 0, false
}

// RetryEvent tells an observer that a request failed and will be sent again
// after Wait: what a status bar shows as "retrying".
type RetryEvent struct {
	Method, Path string
	Attempt      int // the attempt that failed, from 1
	Wait         time.Duration
	Err          error
}

// WriteRequest is a request that changes the service, as a write hook sees
// it: the method, the path under the API root ("/accounts/<slug>/invoices/12/payments.json")
// and the JSON body (nil when there is none).
type WriteRequest struct {
	Method, Path string
	Body         []byte
}

// WriteHook sees every request that changes the service (any method but GET
// and HEAD) before it is sent: it may record it, read with c first, and
// call send (at most once) to send it. Its error is the call's.
type WriteHook func(ctx context.Context, c *Client, w WriteRequest, send func(ctx context.Context) error) error

// WithWriteHook puts h in front of every write (kasa's journal of writes).
func WithWriteHook(h WriteHook) Option {
	return func(c *Client) error { c.writeHook = h; return nil }
}

// WithRetryObserver calls f before each wait for a retry. f must not block:
// it runs on the request's goroutine.
func WithRetryObserver(f func(RetryEvent)) Option {
	return func(c *Client) error { c.onRetry = f; return nil }
}

// retryWait tells the observer, then waits before the next attempt.
func (c *Client) retryWait(ctx context.Context, cl call, attempt int, wait time.Duration, cause error) error {
	if c.onRetry != nil {
		c.onRetry(RetryEvent{Method: cl.method, Path: cl.path, Attempt: attempt, Wait: wait, Err: cause})
	}
	return c.sleep(ctx, wait)
}

// isTransient reports errors of the network itself, worth another try.
func isTransient(err error) bool {
	// http.Client wraps everything in *url.Error, which is itself a net.Error:
	// look at what it wraps, or every failure (a bad certificate, a token source
	// that cannot refresh) would count as a network hiccup.
	var ue *url.Error
	if errors.As(err, &ue) {
		err = ue.Err
	}
	var ne net.Error
	switch {
	case errors.As(err, &ne):
		return true
	case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
		return true
	case errors.Is(err, syscall.ECONNREFUSED), errors.Is(err, syscall.ECONNRESET), errors.Is(err, syscall.EPIPE):
		return true
	}
	return false
}

// jitteredBackoff is full jitter over 0.5 s * 2^(attempt-1), at most 8 s.
func jitteredBackoff(attempt int) time.Duration {
	ceiling := 500 * time.Millisecond << min(attempt-1, 4)
	ceiling = min(ceiling, 8*time.Second)
	return time.Duration(rand.Int64N(int64(ceiling))) + 50*time.Millisecond
}

// logAttempt writes one line per attempt. Headers are never logged: they carry the
// bearer token; the query carries nothing secret.
func (c *Client) logAttempt(ctx context.Context, cl call, attempt, status int, rt Rate, d time.Duration, err error) {
	if c.logger == nil {
		return
	}
	attrs := []slog.Attr{
		slog.String("method", cl.method),
		slog.String("path", cl.path),
		slog.Int("status", status),
		slog.Int("attempt", attempt),
		slog.Duration("took", d),
	}
	if rt.Known {
		attrs = append(attrs, slog.Int("rate_remaining", rt.Remaining))
	}
	level := slog.LevelInfo
	if err != nil {
		level = slog.LevelWarn
		attrs = append(attrs, slog.String("error", redact(err.Error())))
	} else if status >= 400 {
		level = slog.LevelWarn
	}
	c.logger.LogAttrs(ctx, level, "api request", attrs...)
}

// redact removes anything that looks like a credential from text headed for a log.
func redact(s string) string {
	const mask = "[redacted]"
	for _, marker := range []string{"Bearer ", "Basic ", "access_token=", "refresh_token=", "client_secret="} {
		// from moves past each replacement, so a second credential is found and
		// an already masked one is never matched again.
		for from := 0; from < len(s); {
			i := strings.Index(s[from:], marker)
			if i < 0 {
				break
			}
			j := from + i + len(marker)
			k := j
			for k < len(s) && !strings.ContainsRune(" \t\n\"'&,;", rune(s[k])) {
				k++
			}
			if k > j {
				s = s[:j] + mask + s[k:]
				k = j + len(mask)
			}
			from = k
		}
	}
	return s
}

// UserAgentTransport sets the User-Agent on every request; for the OAuth token
// endpoints, which a client outside this package calls.
type UserAgentTransport struct {
	Base      http.RoundTripper
	UserAgent string
}

// RoundTrip implements http.RoundTripper.
func (t *UserAgentTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.Header.Set("User-Agent", t.UserAgent)
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	return base.RoundTrip(r2)
}
