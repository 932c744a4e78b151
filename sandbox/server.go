// Package sandbox is an in-memory server that behaves like the invoicing service's
// API v3: `kasa sandbox`, the demo, and every test that needs a server. It
// follows api-v3.md and api-facts.md, not whatever a client happens to send.
//
// Accounts are prepared through the seeding API (seed.go): package
// sandbox/demo builds the demo data set with it, and a test of an integration
// can build its own. This package knows nothing of the demo.
package sandbox

import (
	"bufio"
	"fmt"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// apiRoot is the path the API is served under, as on the real service.
const apiRoot = "/api/v3"

// Options configure a Server. The zero value is a quiet, empty, deterministic server.
type Options struct {
	// Clock is the sandbox's time (default: the system clock).
	Clock Clock
	// Location is the zone of the timestamps it writes (default: Europe/Prague).
	Location *time.Location
	// Seed makes random choices (faults, living activity) repeatable.
	Seed uint64
	// RateLimit requests per RateWindow per user (default 400 per 60 s).
	RateLimit  int
	RateWindow time.Duration
	// TokenLifetime of access tokens (default 7200 s).
	TokenLifetime time.Duration
	// Faults, off by default.
	Faults Faults
	// Blocked makes every account-scoped request answer 402 with the unpaid
	// subscription invoices, as for an account blocked for an overdue one.
	Blocked bool
	// Maintenance is the service's read-only mode: reads work, every change
	// answers 503.
	Maintenance bool
}

// Faults are failures the sandbox injects on purpose.
type Faults struct {
	// Latency is added to every answer.
	Latency time.Duration
	// ErrorRate is the share (0..1) of API requests answered 500, 502 or 503
	// before the handler runs (nothing is committed).
	ErrorRate float64
	// DropAfterCreate is the share (0..1) of committed creates (201) whose
	// connection is closed before the answer is written: the client cannot know
	// the record exists. Use DropNextCreates for an exact count in tests.
	DropAfterCreate float64
}

// Server is the sandbox. It is an http.Handler, safe for concurrent use.
//
// Locks, outermost first (a goroutine takes them only in this order):
//   - world: every request holds it shared; Do holds it alone, so seeding and
//     tests see no request half done.
//   - Account.mu: one account's requests run one at a time; another
//     account's traffic never waits for them.
//   - mu: the server-wide state (users, clients, tokens, rate windows, the
//     random source, options). It is the innermost lock: nothing else is
//     taken while it is held, so a handler may take it briefly.
//
// Bodies are read before any lock (ServeHTTP), so a slow client holds no one.
type Server struct {
	world  sync.RWMutex
	mu     sync.Mutex
	opts   Options
	clock  Clock
	rng    *rand.Rand
	router router

	accounts map[string]*Account
	users    map[int64]*User
	clients  map[string]*OAuthClient
	tokens   map[string]*accessToken
	refresh  map[string]*refreshToken
	codes    map[string]*authCode
	rates    map[string]*rateWindow
	nextUser int64

	dropCreates int
	// transitions run at the start of each account-scoped request (routes.go);
	// dailyTransitions only when the sandbox's calendar day changed since the
	// account's last request: due dates pass by days, and creates, updates and
	// payments refresh their own record's status, so a scan of every document
	// per request (costly at 50,000 expenses) would find nothing new.
	transitions      []func(a *Account, now time.Time)
	dailyTransitions []func(a *Account, now time.Time)
}

// New builds a server with no accounts: add them with AddAccount and AddUser
// (or use NewWithAccount, or demo.New of package sandbox/demo).
func New(opts Options) *Server {
	if opts.Clock == nil {
		opts.Clock = SystemClock{}
	}
	opts.Clock = zonedClock{opts.Clock, serviceZone(opts.Location)}
	if opts.RateLimit <= 0 {
		opts.RateLimit = 400
	}
	if opts.RateWindow <= 0 {
		opts.RateWindow = 60 * time.Second
	}
	if opts.TokenLifetime <= 0 {
		opts.TokenLifetime = 7200 * time.Second
	}
	s := &Server{
		opts:     opts,
		clock:    opts.Clock,
		rng:      rand.New(rand.NewPCG(opts.Seed, opts.Seed^0x9e3779b97f4a7c15)),
		accounts: map[string]*Account{},
		users:    map[int64]*User{},
		clients:  map[string]*OAuthClient{},
		tokens:   map[string]*accessToken{},
		refresh:  map[string]*refreshToken{},
		codes:    map[string]*authCode{},
		rates:    map[string]*rateWindow{},
	}
	s.routes()
	return s
}

// Now is the sandbox clock.
func (s *Server) Now() time.Time { return s.clock.Now() }

// SetFaults changes fault injection while serving.
func (s *Server) SetFaults(f Faults) {
	s.mu.Lock()
	s.opts.Faults = f
	s.mu.Unlock()
}

// DropNextCreates makes the next n committed creates drop their connection
// instead of answering: the record exists, the client does not hear of it.
func (s *Server) DropNextCreates(n int) {
	s.mu.Lock()
	s.dropCreates = n
	s.mu.Unlock()
}

// AddAccount registers an account.
func (s *Server) AddAccount(a *Account) {
	s.mu.Lock()
	s.accounts[a.Slug] = a
	s.mu.Unlock()
}

// Account returns an account by slug. Callers that change it must hold Lock.
func (s *Server) Account(slug string) (*Account, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	a, ok := s.accounts[slug]
	return a, ok
}

// Do runs f while no request runs: for tests and seeding that read or change state.
func (s *Server) Do(f func()) {
	s.world.Lock()
	defer s.world.Unlock()
	s.mu.Lock()
	defer s.mu.Unlock()
	f()
}

// AddUser registers a user and returns it with its id set.
func (s *Server) AddUser(u *User) *User {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.nextUser++
	u.ID = s.nextUser
	if u.Grants == nil {
		u.Grants = map[string]Grant{}
	}
	s.users[u.ID] = u
	return u
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.mu.Lock()
	latency := s.opts.Faults.Latency
	s.mu.Unlock()
	if latency > 0 {
		select {
		case <-time.After(latency):
		case <-r.Context().Done():
			return
		}
	}
	path := r.URL.Path
	if path == "/" || path == "" {
		s.serveIndex(w, r)
		return
	}
	if !strings.HasPrefix(path, apiRoot+"/") && path != apiRoot {
		s.serveWeb(w, r)
		return
	}
	path = strings.TrimPrefix(path, apiRoot)

	// The whole body is read here, before any lock: a client that sends it
	// slowly keeps only its own goroutine waiting.
	body, ok := s.readBody(w, r)
	if !ok {
		return
	}
	bw := newBufferedWriter()
	c := &Ctx{S: s, R: r, W: bw, Base: baseURL(r), body: body}
	drop := s.handle(c, path)
	if bw.Header().Get("Date") == "" && !c.Now.IsZero() {
		// The service's clock, as the records are stamped with it: a client
		// that asks updated_since from the Date of an answer (kasa's local
		// copy) must read the same time its records carry.
		bw.Header().Set("Date", c.Now.UTC().Format(http.TimeFormat))
	}
	if drop {
		if hj, ok := w.(http.Hijacker); ok {
			if conn, _, err := hj.Hijack(); err == nil {
				conn.Close()
				return
			}
		}
		// Without hijacking (an in-process test recorder) the best we can do is
		// answer nothing useful: a 0-length 500 the client must treat as unknown.
		panic(http.ErrAbortHandler)
	}
	bw.writeTo(w)
}

// handle runs the middleware under the server's lock and the handler under
// its account's lock (the server's for routes of no account); it reports
// whether the connection should be dropped (a committed create, by fault
// injection).
func (s *Server) handle(c *Ctx, path string) (drop bool) {
	s.world.RLock()
	defer s.world.RUnlock()

	s.mu.Lock()
	c.Now = s.clock.Now()
	rt := s.admit(c, path)
	step := stepAnswered
	switch {
	case rt == nil:
	case rt.public:
		rt.handler(c)
	default:
		step = s.authorize(c)
		if step == stepRun && c.Account == nil {
			// /user.json reads the server's users and accounts.
			rt.handler(c)
			step = stepRan
		}
	}
	s.mu.Unlock()

	if c.Account != nil && step != stepAnswered {
		a := c.Account
		a.mu.Lock()
		a.Info.APICallsUsed++
		s.advance(a, c.Now)
		if step == stepRun {
			rt.handler(c)
			step = stepRan
		}
		a.mu.Unlock()
	}

	s.mu.Lock()
	defer s.mu.Unlock()
	s.rateFallback(c)
	return step == stepRan && s.dropAfterCreate(c)
}

// authStep is how far authorize let a request go.
type authStep int

const (
	// stepAnswered: refused before its account was reached (answered).
	stepAnswered authStep = iota
	// stepCounted: refused after the account was reached; the request counts
	// in the account's use and lets it catch up with the clock (answered).
	stepCounted
	// stepRun: the handler may run.
	stepRun
	// stepRan: the handler ran.
	stepRan
)

// authorize runs what stands between an admitted request and its handler: the
// token, the user's rate limit, the account, the modes, injected faults and a
// read-only grant. It runs under the server's lock and says how far the
// request got.
func (s *Server) authorize(c *Ctx) authStep {
	tok, ok := s.bearer(c)
	if !ok {
		return stepAnswered
	}
	c.User = s.users[tok.UserID]
	c.ClientID = tok.ClientID
	c.client = s.clients[tok.ClientID]

	// Rate limit per user, with the headers on every answer.
	if !s.rateCheck(c, fmt.Sprintf("user:%d", tok.UserID)) {
		return stepAnswered
	}

	if slug, ok := c.Params["slug"]; ok {
		acct, found := s.accounts[slug]
		if _, granted := c.User.Grants[slug]; !found || !granted {
			c.NotFound()
			return stepAnswered
		}
		c.Account = acct
	}
	if s.modeRefusal(c) {
		c.Account = nil
		return stepAnswered
	}

	// Faults before the handler: nothing is committed.
	if f := s.opts.Faults.ErrorRate; f > 0 && s.rng.Float64() < f {
		codes := []int{http.StatusInternalServerError, http.StatusBadGateway, http.StatusServiceUnavailable}
		code := codes[s.rng.IntN(len(codes))]
		c.Error(code, "sandbox_fault", "Injected fault: "+strconv.Itoa(code))
		return stepCounted
	}

	if c.Account != nil && !isRead(c.R.Method) && c.User.Grants[c.Account.Slug].Permission == "read" {
		c.Refuse("forbidden", "Your permission on this account is read-only")
		return stepCounted
	}
	return stepRun
}

// dropAfterCreate reports whether a committed create's connection is to be
// dropped (DropNextCreates, Faults.DropAfterCreate).
func (s *Server) dropAfterCreate(c *Ctx) bool {
	if !c.created {
		return false
	}
	if s.dropCreates > 0 {
		s.dropCreates--
		return true
	}
	f := s.opts.Faults.DropAfterCreate
	return f > 0 && s.rng.Float64() < f
}

func acceptsJSON(accept string) bool {
	if accept == "" {
		return true
	}
	for _, part := range strings.Split(accept, ",") {
		mt := strings.TrimSpace(strings.Split(part, ";")[0])
		switch mt {
		case "*/*", "application/*", "application/json":
			return true
		}
	}
	return false
}

// baseURL is the API root as the caller reached it.
func baseURL(r *http.Request) string {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := r.Host
	if host == "" {
		host = "sandbox.invalid"
	}
	return scheme + "://" + host + apiRoot
}

// advance lets automatic transitions catch up with the clock: expenses and
// invoices falling overdue, OCR progressing, and the activity (SetActivity)
// of an account that lives, such as the living demo. It runs under a's lock.
func (s *Server) advance(a *Account, now time.Time) {
	// The living demo acts first, so that what it creates (an inbox file sent to
	// OCR) is moved on by the transitions of the same request: an event logged
	// later but stamped earlier than one already served would be missed by a
	// client that reads with since.
	if a.activity != nil {
		a.activity(now)
	}
	if a.lastAdvance.IsZero() || a.lastAdvance.Format("2006-01-02") != now.Format("2006-01-02") {
		for _, f := range s.dailyTransitions {
			f(a, now)
		}
	}
	for _, f := range s.transitions {
		f(a, now)
	}
	a.lastAdvance = now
}

// serveIndex is a small page that tells a person what this is.
func (s *Server) serveIndex(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	fmt.Fprintf(w, "kasa sandbox: an in-memory invoicing API v3.\nAPI root: %s\n", baseURL(r))
}

// serveWeb answers the html_url pages of records with a plain page.
func (s *Server) serveWeb(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "<!doctype html><title>kasa sandbox</title><p>This is the sandbox's web page for <code>%s</code>. The sandbox has no web interface; use the API under <code>%s</code>.</p>", htmlEscape(r.URL.Path), apiRoot)
	bw.Flush()
}

func htmlEscape(s string) string {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&quot;").Replace(s)
}
