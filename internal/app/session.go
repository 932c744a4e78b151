// Package app is the application's wiring: the session an account runs on
// (the in-process demo or a saved sign-in), the request counter and quota
// meter behind the status bar, and the dependencies and shell options the
// pages get. Package main keeps the flags, the commands and the terminal;
// tools/screenshots opens the demo here too, so both run the same wiring.
package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/auth"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
	"github.com/kasa-tui/kasa/ui"
)

// Session is an account the application runs on: its client (swapped when
// the user switches account), the user, the count of requests really sent,
// and what to close at the end.
type Session struct {
	client   atomic.Pointer[apiclient.Client]
	counter  *poll.CountingTransport
	user     string
	accounts []ui.AccountChoice
	label    string // "demo" in demo mode
	// cacheDir keeps who signed in, for a start without the service.
	cacheDir string
	mu       sync.Mutex
	closers  []func()
	// events carries what the shell should hear from outside: the client's
	// retries, shown as "retrying" in the status bar.
	events chan tea.Msg
	// journal records every write of the session's clients before it is
	// sent (their write hook); settleOnce checks what an earlier run left
	// in doubt.
	journal    *journal.Journal
	settleOnce sync.Once
}

func newSession() *Session { return &Session{events: make(chan tea.Msg, 16)} }

// retried tells the status bar that a request is being retried; it never
// blocks the request (a full channel drops the news, the next one comes).
func (s *Session) retried(apiclient.RetryEvent) {
	select {
	case s.events <- ui.APIStatus{Conn: ui.ConnRetrying}:
	default:
	}
}

// Client is the current account's client.
func (s *Session) Client() *apiclient.Client { return s.client.Load() }

// SwitchTo rebuilds the client for another account of the same user.
func (s *Session) SwitchTo(slug string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.client.Store(s.Client().ForAccount(slug))
}

// Requests is how many requests the session has really sent (retries
// included): the monitor's budget and the quota meter count them.
func (s *Session) Requests() int64 { return s.counter.Count() }

// User is the signed-in user's name.
func (s *Session) User() string { return s.user }

// Accounts are the accounts the user can switch to.
func (s *Session) Accounts() []ui.AccountChoice { return s.accounts }

// Label names the session on screen: "demo" for the demo, else "".
func (s *Session) Label() string { return s.label }

// onClose runs f when the session closes, before everything added earlier.
func (s *Session) onClose(f func()) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.closers = append(s.closers, f)
}

// OnClose runs f when the session closes, before everything added earlier.
func (s *Session) OnClose(f func()) { s.onClose(f) }

// Close ends the session, last opened first.
func (s *Session) Close() {
	s.mu.Lock()
	closers := s.closers
	s.closers = nil
	s.mu.Unlock()
	for i := len(closers) - 1; i >= 0; i-- {
		closers[i]()
	}
}

// DemoOptions shape the in-process demo.
type DemoOptions struct {
	// Clock is the sandbox's time (nil: the system clock); the screenshots
	// stop it so the same code draws the same pictures.
	Clock sandbox.Clock
	// Living makes the account live: payments arrive, OCR finishes.
	Living bool
	// Logger logs the client's requests (nil: nothing).
	Logger *slog.Logger
	// Scale, when > 0, adds Scale generated subjects and their documents, so
	// the demo shows lists of many pages (kasa --demo --scale N).
	Scale int
}

// OpenDemo starts the demo sandbox on a loopback port inside this process
// and returns a session on its demo account. Nothing leaves the machine.
func OpenDemo(ctx context.Context, o DemoOptions) (*Session, error) {
	srv, info := demo.New(demo.Options{
		Options: sandbox.Options{Clock: o.Clock, Seed: 1, TokenLifetime: 365 * 24 * time.Hour},
		Living:  o.Living,
		Scale:   o.Scale,
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	// The same server kasa sandbox runs: read, header and idle timeouts.
	hs := sandbox.NewHTTPServer(ln, srv, io.Discard)
	go func() { _ = hs.Serve(ln) }()
	s := newSession()
	// The demo's records are made anew at each start: its journal is the run's.
	s.journal = journal.Open("", nil)
	s.counter = &poll.CountingTransport{Base: apiclient.StaticBearer(http.DefaultTransport, info.OwnerToken)}
	opts := []apiclient.Option{
		apiclient.WithUserAgent("kasa", "demo@kasa.invalid"),
		apiclient.WithAccount(info.Slug),
		apiclient.WithTransport(s.counter),
		apiclient.WithRetryObserver(s.retried),
		apiclient.WithLogger(o.Logger),
		apiclient.WithWriteHook(s.journal.Hook),
	}
	c, err := apiclient.New("http://"+ln.Addr().String()+"/api/v3", opts...)
	if err != nil {
		hs.Close()
		return nil, fmt.Errorf("make the demo client: %w", err)
	}
	s.label = "demo"
	s.client.Store(c)
	s.onClose(func() { hs.Close() })
	// The demo delivers webhooks as kasa sandbox does: a hook the user adds
	// gets its events, and one that points nowhere shows failed deliveries.
	deliveries, stop := context.WithCancel(context.Background())
	srv.StartWebhookDelivery(deliveries, &http.Client{Timeout: 10 * time.Second})
	s.onClose(stop)
	if err := s.loadUser(ctx); err != nil {
		s.Close()
		return nil, err
	}
	return s, nil
}

// OpenAccount resumes the saved sign-in. auth.ErrNotSignedIn means there is
// none. getenv supplies a client secret kept only in the environment.
func OpenAccount(ctx context.Context, settings config.Settings, paths config.Paths, getenv func(string) string, logger *slog.Logger) (*Session, error) {
	store, notice, err := config.OpenStore(ctx, config.StoreOptions{
		InsecureStorage: settings.InsecureStorage, SecretsFile: paths.SecretsFile(), Logger: logger,
	})
	if err != nil {
		return nil, err
	}
	if notice != "" {
		logger.Warn(string(notice))
	}
	s := newSession()
	s.cacheDir = paths.CacheDir
	s.journal = journal.Open(JournalDir(paths), nil)
	s.counter = &poll.CountingTransport{}
	opts := []auth.Option{auth.WithTransport(s.counter),
		auth.WithAPIOptions(apiclient.WithRetryObserver(s.retried), apiclient.WithWriteHook(s.journal.Hook))}
	if secret := config.EnvClientSecret(getenv); secret != "" {
		opts = append(opts, auth.WithClientSecret(secret))
	}
	slug := settings.Account
	if known, ok := loadKnownUser(s.cacheDir); ok && slug == "" {
		slug = known.Default // spares the /user.json that finds it
	}
	c, err := auth.NewClient(ctx, settings, store, logger, slug, opts...)
	if err != nil {
		return nil, err
	}
	s.client.Store(c)
	if known, ok := loadKnownUser(s.cacheDir); ok {
		// An instant start (issue 26): the first frame is painted from the
		// saved user and the page cache, whatever the service does; who is
		// signed in is read again behind it, for the next start.
		s.user, s.accounts = known.Name, known.Accounts
		s.refreshUserBehind(ctx, logger)
		return s, nil
	}
	if err := s.loadUser(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// refreshUserBehind reads /user.json off the start's path and keeps it for
// the next start; the running session keeps the names it started with (a
// new account shows after a restart). It ends with the session.
func (s *Session) refreshUserBehind(ctx context.Context, logger *slog.Logger) {
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), 30*time.Second)
	done := make(chan struct{})
	s.onClose(func() { cancel(); <-done })
	c := s.Client()
	go func() {
		defer close(done)
		defer cancel()
		u, err := auth.Accounts(ctx, c)
		if err != nil {
			logger.Info("the saved user was not refreshed", "err", err)
			return
		}
		saveUser(s.cacheDir, knownUserOf(u))
	}()
}

// loadUser reads who is signed in and which accounts they can switch to.
func (s *Session) loadUser(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	u, err := auth.Accounts(ctx, s.Client())
	if err != nil {
		// The service cannot be reached: start on what the last start knew,
		// so the cached pages can be read (they say they are cached).
		if known, ok := loadKnownUser(s.cacheDir); ok && unreachable(err) {
			s.user, s.accounts = known.Name, known.Accounts
			return nil
		}
		return err
	}
	known := knownUserOf(u)
	s.user, s.accounts = known.Name, known.Accounts
	saveUser(s.cacheDir, known)
	return nil
}

// knownUserOf is what a start keeps of /user.json.
func knownUserOf(u *apiclient.CurrentUser) knownUser {
	k := knownUser{Name: u.FullName, Default: u.DefaultAccount.String()}
	for _, a := range u.Accounts {
		k.Accounts = append(k.Accounts, ui.AccountChoice{Slug: a.Slug, Name: a.Name})
	}
	return k
}
