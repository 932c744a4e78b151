package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/auth"
	"github.com/kasa-tui/kasa/cli"
	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/poll"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// session is an account the application runs on: its client (swapped when the
// user switches account), the user, and what to close at the end.
type session struct {
	client   atomic.Pointer[apiclient.Client]
	counter  *poll.CountingTransport
	user     string
	accounts []ui.AccountChoice
	label    string // "demo" in demo mode
	settings config.Settings
	closers  []func()
	mu       sync.Mutex
	// events carries what the shell should hear from outside: the client's
	// retries, shown as "retrying" in the status bar.
	events chan tea.Msg
}

func newSession() *session { return &session{events: make(chan tea.Msg, 16)} }

// retried tells the status bar that a request is being retried; it never
// blocks the request (a full channel drops the news, the next one comes).
func (s *session) retried(apiclient.RetryEvent) {
	select {
	case s.events <- ui.APIStatus{Conn: ui.ConnRetrying}:
	default:
	}
}

func (s *session) current() *apiclient.Client { return s.client.Load() }

// switchTo rebuilds the client for another account of the same user.
func (s *session) switchTo(slug string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.client.Store(s.current().ForAccount(slug))
}

func (s *session) close() {
	for i := len(s.closers) - 1; i >= 0; i-- {
		s.closers[i]()
	}
}

// bearerTransport adds a fixed access token: the in-process demo's.
type bearerTransport struct {
	base  http.RoundTripper
	token string
}

func (t *bearerTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	r2 := r.Clone(r.Context())
	r2.Header.Set("Authorization", "Bearer "+t.token)
	return t.base.RoundTrip(r2)
}

// openDemo starts the living demo sandbox on a loopback port inside this
// process and returns a session on its demo account. Nothing leaves the machine.
func openDemo(logger *slog.Logger) (*session, error) {
	srv, info := demo.New(demo.Options{
		Options: sandbox.Options{Seed: 1, TokenLifetime: 365 * 24 * time.Hour},
		Living:  true,
	})
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, fmt.Errorf("start the demo sandbox: %w", err)
	}
	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = hs.Serve(ln) }()
	s := newSession()
	counter := &poll.CountingTransport{Base: &bearerTransport{base: http.DefaultTransport, token: info.OwnerToken}}
	c, err := apiclient.New("http://"+ln.Addr().String()+"/api/v3",
		apiclient.WithUserAgent("kasa", "demo@kasa.invalid"),
		apiclient.WithAccount(info.Slug),
		apiclient.WithTransport(counter),
		apiclient.WithLogger(logger),
		apiclient.WithRetryObserver(s.retried),
	)
	if err != nil {
		hs.Close()
		return nil, err
	}
	s.counter, s.label, s.settings = counter, "demo", config.Defaults()
	s.client.Store(c)
	s.closers = append(s.closers, func() { hs.Close() })
	if err := s.loadUser(context.Background()); err != nil {
		s.close()
		return nil, err
	}
	return s, nil
}

// openAccount resumes the saved sign-in. auth.ErrNotSignedIn means there is none.
func openAccount(ctx context.Context, settings config.Settings, paths config.Paths, getenv func(string) string, logger *slog.Logger) (*session, error) {
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
	counter := &poll.CountingTransport{}
	opts := []auth.Option{auth.WithTransport(counter), auth.WithAPIOptions(apiclient.WithRetryObserver(s.retried))}
	if secret := config.EnvClientSecret(getenv); secret != "" {
		opts = append(opts, auth.WithClientSecret(secret))
	}
	c, err := auth.NewClient(ctx, settings, store, logger, settings.Account, opts...)
	if err != nil {
		return nil, err
	}
	s.counter, s.settings = counter, settings
	s.client.Store(c)
	if err := s.loadUser(ctx); err != nil {
		return nil, err
	}
	return s, nil
}

// loadUser reads who is signed in and which accounts they can switch to.
func (s *session) loadUser(ctx context.Context) error {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	u, err := auth.Accounts(ctx, s.current())
	if err != nil {
		return err
	}
	s.user = u.FullName
	for _, a := range u.Accounts {
		s.accounts = append(s.accounts, ui.AccountChoice{Slug: a.Slug, Name: a.Name})
	}
	return nil
}

// appContext is what both the application and the monitor need.
type appContext struct {
	figures  apiFigures
	paths    config.Paths
	settings config.Settings
	logger   *slog.Logger
	sess     *session
}

// open loads settings, opens the log and the session (the demo, or the saved
// sign-in, or the welcome screen when there is none).
func open(ctx context.Context, g globals, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) (*appContext, error) {
	paths, err := kasaPaths(getenv)
	if err != nil {
		return nil, err
	}
	settings, warnings, err := config.Load(paths.ConfigFile, getenv, g.overrides)
	if err != nil {
		return nil, err
	}
	for _, w := range warnings {
		fmt.Fprintln(stderr, "kasa: warning:", w.String())
	}
	logger, closer, err := ui.OpenLog(paths.LogFile(), settings.LogLevel == config.LogDebug)
	if err != nil {
		return nil, err
	}
	ac := &appContext{paths: paths, settings: settings, logger: logger}
	if g.demo {
		ac.sess, err = openDemo(logger)
	} else {
		ac.sess, err = openAccount(ctx, settings, paths, getenv, logger)
		if errors.Is(err, auth.ErrNotSignedIn) || isNotConfigured(err) {
			ac.sess, err = welcome(ctx, g, stdin, stdout, stderr, getenv, paths, logger)
		}
	}
	if err != nil {
		closer.Close()
		return nil, err
	}
	ac.sess.closers = append([]func(){func() { closer.Close() }}, ac.sess.closers...)
	return ac, nil
}

// isNotConfigured reports settings that cannot sign in yet (no client id or e-mail).
func isNotConfigured(err error) bool {
	var se *config.SettingsError
	return errors.As(err, &se)
}

// welcome offers sign-in or the demo when nothing is configured.
func welcome(ctx context.Context, g globals, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string, paths config.Paths, logger *slog.Logger) (*session, error) {
	choice, err := cli.Welcome(ctx, stdin, stdout)
	if err != nil {
		return nil, err
	}
	switch choice {
	case cli.ChoiceDemo:
		return openDemo(logger)
	case cli.ChoiceSignIn:
		if err := runLogin(ctx, g, nil, stdin, stdout, stderr, getenv); err != nil {
			return nil, err
		}
		settings, _, err := config.Load(paths.ConfigFile, getenv, g.overrides)
		if err != nil {
			return nil, err
		}
		return openAccount(ctx, settings, paths, getenv, logger)
	default:
		return nil, context.Canceled
	}
}

// deps builds what every page needs.
func (ac *appContext) deps(getenv func(string) string) *common.Deps {
	styles := ui.StylesFromEnv(getenv)
	ts := table.PlainStyles()
	if !styles.NoColor {
		dark := lipgloss.HasDarkBackground()
		switch ac.settings.Theme {
		case config.ThemeDark:
			dark = true
		case config.ThemeLight:
			dark = false
		}
		ts = table.DefaultStyles(dark)
	}
	dl, err := os.UserHomeDir()
	if err == nil {
		if d := filepath.Join(dl, "Downloads"); dirExists(d) {
			dl = d
		}
	} else {
		dl = "."
	}
	return common.Deps{
		Client:       ac.sess.current,
		Styles:       styles,
		TableStyles:  ts,
		Keys:         ui.DefaultKeyMap(),
		Copy:         common.OSC52Copy(os.Stdout),
		DownloadDir:  dl,
		DraftsDir:    ac.paths.DraftsDir(),
		CacheDir:     ac.paths.CacheDir,
		MonitorShare: ac.settings.MonitorQuotaShare,
		MonitorFloor: ac.settings.Refresh.MonitorFloor.Duration,
		Requests:     ac.sess.counter.Count,
		Label:        ac.sess.label,
		Logger:       ac.logger,
	}.WithDefaults()
}

func dirExists(p string) bool {
	fi, err := os.Stat(p)
	return err == nil && fi.IsDir()
}

// runApp opens the full application.
func runApp(ctx context.Context, g globals, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	ac, err := open(ctx, g, stdin, stdout, stderr, getenv)
	if err != nil {
		return err
	}
	defer ac.sess.close()
	return ac.runShell(ctx, getenv, nil)
}

// accountStatus is the status bar's API figures (ui.StatusSource).
func (ac *appContext) accountStatus(ctx context.Context) (ui.APIStatus, error) {
	c := ac.sess.current()
	return ac.figures.status(ctx, c.AccountSlug(), ac.sess.counter.Count(), time.Now(),
		func(ctx context.Context) (int, int, error) {
			a, _, err := c.Account.Get(ctx)
			if err != nil {
				return 0, 0, err
			}
			return a.APICallsUsed, a.APICallsLimit, nil
		})
}

// runShell runs the shell; start, when set, is opened first.
func (ac *appContext) runShell(ctx context.Context, getenv func(string) string, start *ui.PageID) error {
	d := ac.deps(getenv)
	makers := views.Makers(d)
	return ui.Run(ctx, ui.Options{
		Sections: nav.Sections(),
		Makers:   makers,
		Styles:   d.Styles,
		Account:  ac.sess.current().AccountSlug(),
		User:     ac.sess.user,
		Accounts: ac.sess.accounts,
		OnSwitchAccount: func(slug string) tea.Cmd {
			return func() tea.Msg { ac.sess.switchTo(slug); return nil }
		},
		Logger:      ac.logger,
		Start:       start,
		AutoRefresh: ac.settings.Refresh.Lists.Duration,
		Status:      ac.accountStatus,
		Events:      ac.sess.events,
	})
}
