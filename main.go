// Command kasa is a terminal application for bookkeepers on the invoicing
// service's API v3: contacts, invoices, expenses, inventory, the inbox, to-dos
// and events, and a side-screen monitor. `kasa --demo` runs it on a built-in
// sandbox; `kasa sandbox` serves that sandbox for your own integrations.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := run(ctx, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	if errors.Is(err, flag.ErrHelp) {
		return // -h printed the usage: asked for, not an error
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "kasa:", err)
		var ue usageError
		if errors.As(err, &ue) {
			os.Exit(2)
		}
		os.Exit(1)
	}
}

// usageError is a mistake on the command line.
type usageError struct{ msg string }

func (e usageError) Error() string { return e.msg }

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
  kasa version

Run 'kasa <command> -h' for a command's flags.
`

// run dispatches to a subcommand. Global flags come before the subcommand.
func run(ctx context.Context, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	g, rest, err := parseGlobal(args, stderr)
	if err != nil {
		return err
	}
	cmd := ""
	if len(rest) > 0 {
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
