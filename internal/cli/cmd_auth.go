package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"

	"github.com/kasa-tui/kasa/config"
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
	return Status(ctx, stdout, paths, g.overrides, getenv)
}
