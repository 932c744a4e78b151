package cli

import (
	"context"
	"errors"
	"fmt"
	"io"

	"github.com/kasa-tui/kasa/internal/textclean"
)

// usageError is a mistake on the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

// ExitCode is the process's exit status for err: 0 for none, 2 for a mistake
// on the command line, 1 for everything else.
func ExitCode(err error) int {
	var ue usageError
	switch {
	case err == nil:
		return 0
	case errors.As(err, &ue):
		return 2
	default:
		return 1
	}
}

const usage = `kasa: a terminal client for the invoicing service (API v3)

Usage:
  kasa [flags]                 open the application on your account
  kasa --demo                  try it on a built-in living demo account (no network)
  kasa --demo --scale 20       the demo with 20 more subjects and their documents
  kasa [--demo] monitor        the side-screen to-do and event monitor
  kasa login                   sign in (client credentials or authorization code)
  kasa logout                  revoke the sign-in and delete stored secrets
  kasa status                  who is signed in, where secrets are kept, API quota
  kasa sandbox [flags]         serve the sandbox API for your own integrations
  kasa [--demo] export KIND    every record of a list as CSV or JSON (--format, --output, filters)
  kasa [--demo] report         a period's figures: VAT by rate, unpaid by age (--period, --format)
  kasa version

Run 'kasa <command> -h' for a command's flags.
`

// Run dispatches to a subcommand. Global flags come before the subcommand;
// version is what `kasa version` prints.
func Run(ctx context.Context, version string, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	if err := run(ctx, version, args, stdin, stdout, stderr, getenv); err != nil {
		return screenError{err}
	}
	return nil
}

// screenError is a command's error with its text cleaned: it is printed to
// the terminal and may quote the service (a refusal naming a record).
// errors.Is and errors.As see the error inside.
type screenError struct{ err error }

func (e screenError) Error() string { return textclean.Lines(e.err.Error()) }
func (e screenError) Unwrap() error { return e.err }

func run(ctx context.Context, version string, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	g, rest, err := parseGlobal(args, stderr)
	if err != nil {
		return err
	}
	cmd := ""
	if g.version {
		cmd = "version"
	}
	if len(rest) > 0 && cmd == "" {
		cmd, rest = rest[0], rest[1:]
	}
	switch cmd {
	case "":
		return runApp(ctx, g, stdin, stdout, stderr, getenv)
	case "monitor":
		return runMonitor(ctx, g, rest, stdin, stdout, stderr, getenv)
	case "sandbox":
		return runSandbox(ctx, rest, stdout, stderr)
	case "login":
		return runLogin(ctx, g, rest, stdin, stdout, stderr, getenv)
	case "logout":
		return runLogout(ctx, g, stdout, getenv)
	case "status":
		return runStatus(ctx, g, stdout, getenv)
	case "export":
		return runExport(ctx, g, rest, stdin, stdout, stderr, getenv)
	case "report":
		return runReport(ctx, g, rest, stdin, stdout, stderr, getenv)
	case "version":
		fmt.Fprintln(stdout, "kasa", version)
		return nil
	case "help":
		fmt.Fprint(stdout, usage)
		return nil
	default:
		return usageError{fmt.Sprintf("unknown command %q\n\n%s", cmd, usage)}
	}
}
