package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/app"
	"github.com/kasa-tui/kasa/internal/auth"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
)

// open loads settings, opens the log and the session (the demo, or the saved
// sign-in, or the welcome screen when there is none). closeApp ends the session
// and then the log, which the session's closing may still write to.
func open(ctx context.Context, g globals, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) (a *app.App, closeApp func(), err error) {
	paths, err := kasaPaths(getenv)
	if err != nil {
		return nil, nil, err
	}
	settings, warnings, err := config.Load(paths.ConfigFile, getenv, g.overrides)
	if err != nil {
		return nil, nil, err
	}
	for _, w := range warnings {
		fmt.Fprintln(stderr, "kasa: warning:", w.String())
	}
	logger, closer, err := ui.OpenLog(paths.LogFile(), settings.LogLevel == config.LogDebug)
	if err != nil {
		return nil, nil, err
	}
	a = &app.App{Paths: paths, Settings: settings, Logger: logger}
	if g.demo {
		a.Session, err = openDemo(ctx, g, a)
	} else {
		a.Session, err = app.OpenAccount(ctx, settings, paths, getenv, logger)
		if (errors.Is(err, auth.ErrNotSignedIn) || isNotConfigured(err)) && !g.script {
			a.Session, err = welcome(ctx, g, stdin, stdout, stderr, getenv, a)
		}
	}
	if err != nil {
		closer.Close()
		return nil, nil, err
	}
	return a, func() { a.Session.Close(); closer.Close() }, nil
}

// openDemo opens the living demo; the user's settings (theme, refresh)
// still apply to it. Its cache and drafts belong to this run only, and go
// when the session closes. Its monitor watches both demo accounts, unless
// the settings name others.
func openDemo(ctx context.Context, g globals, a *app.App) (*app.Session, error) {
	paths, remove, err := app.DemoRunPaths(a.Paths)
	if err != nil {
		return nil, err
	}
	s, err := app.OpenDemo(ctx, app.DemoOptions{Living: true, Logger: a.Logger, Scale: g.scale})
	if err != nil {
		remove()
		return nil, err
	}
	a.Paths = paths
	if !a.Settings.MonitorAccounts.All && len(a.Settings.MonitorAccounts.Slugs) == 0 {
		a.Settings.MonitorAccounts = config.AccountList{All: true}
	}
	s.OnClose(remove)
	return s, nil
}

// isNotConfigured reports settings that cannot sign in yet (no client id or e-mail).
func isNotConfigured(err error) bool {
	var se *config.SettingsError
	return errors.As(err, &se)
}

// welcome offers sign-in or the demo when nothing is configured.
func welcome(ctx context.Context, g globals, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string, a *app.App) (*app.Session, error) {
	choice, err := Welcome(ctx, locale.New(locale.Resolve(a.Settings.Locale, getenv)), stdin, stdout)
	if err != nil {
		return nil, err
	}
	switch choice {
	case ChoiceDemo:
		return openDemo(ctx, g, a)
	case ChoiceSignIn:
		if err := runLogin(ctx, g, nil, stdin, stdout, stderr, getenv); err != nil {
			return nil, err
		}
		settings, _, err := config.Load(a.Paths.ConfigFile, getenv, g.overrides)
		if err != nil {
			return nil, err
		}
		return app.OpenAccount(ctx, settings, a.Paths, getenv, a.Logger)
	default:
		return nil, context.Canceled
	}
}

// runApp opens the full application.
func runApp(ctx context.Context, g globals, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	a, closeApp, err := open(ctx, g, stdin, stdout, stderr, getenv)
	if err != nil {
		return err
	}
	defer closeApp()
	return runShell(ctx, a, getenv, nil)
}

// runShell runs the shell on the terminal; start, when set, is opened first.
// A panic ends it with one line naming the log that holds the details (the
// shell has restored the terminal and kept the drafts by then).
func runShell(ctx context.Context, a *app.App, getenv func(string) string, start *ui.PageID) error {
	d := a.Deps(app.Terminal{Getenv: getenv, Out: os.Stdout})
	err := ui.Run(ctx, a.ShellOptions(d, start))
	var pe *ui.PanicError
	if errors.As(err, &pe) {
		return crashed(d.L, pe, a.Paths.LogFile())
	}
	return err
}

// crashed is the one line kasa leaves after a panic.
func crashed(l locale.Locale, pe *ui.PanicError, logFile string) error {
	what := strings.Join(strings.Fields(fmt.Sprint(pe.Value)), " ")
	return errors.New(l.Tf("stopped by an internal error (%s); what you typed is kept as drafts, the details are in %s", what, logFile))
}
