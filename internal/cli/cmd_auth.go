package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/locale"
)

// kasaPaths are the settings, state and cache locations for this environment.
func kasaPaths(getenv func(string) string) (config.Paths, error) {
	return config.PathsFromEnv(getenv)
}

func runLogin(ctx context.Context, g globals, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("kasa login", flag.ContinueOnError)
	fs.SetOutput(stderr)
	nonInteractive := fs.Bool("non-interactive", false, "sign in from KASA_CLIENT_ID, KASA_CLIENT_SECRET and KASA_CONTACT_EMAIL without asking (client credentials)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError{err.Error()}
	}
	paths, err := kasaPaths(getenv)
	if err != nil {
		return err
	}
	lio := LoginIO{In: stdin, Out: stdout, NonInteractive: *nonInteractive}
	if f, ok := stdin.(*os.File); !ok || !IsTerminal(f) {
		lio.Accessible = true
	}
	return Login(ctx, lio, paths, g.overrides, getenv)
}

func runLogout(ctx context.Context, g globals, stdout io.Writer, getenv func(string) string) error {
	paths, err := kasaPaths(getenv)
	if err != nil {
		return err
	}
	return Logout(ctx, stdout, paths, g.overrides, getenv)
}

func runStatus(ctx context.Context, g globals, stdout io.Writer, getenv func(string) string) error {
	paths, err := kasaPaths(getenv)
	if err != nil {
		return err
	}
	if g.demo {
		// The demo is no sign-in: say what it is rather than "not signed in".
		l := locale.New(locale.Resolve(stringOr(g.overrides.Locale), getenv))
		fmt.Fprintln(stdout, l.T("The demo: each kasa --demo starts a fresh living demo account (Modrá Hora s.r.o., with a Slovak second account) inside its own process, on the built-in sandbox. Nothing is signed in and nothing leaves this machine; `kasa login` signs in to your own account."))
		return nil
	}
	return Status(ctx, stdout, paths, g.overrides, getenv)
}

// stringOr is a flag's value, or "" when it was not given.
func stringOr(s *string) string {
	if s == nil {
		return ""
	}
	return *s
}
