// Command kasa is a terminal application for bookkeepers on the invoicing
// service's API v3: contacts, invoices, expenses, inventory, the inbox, to-dos
// and events, and a side-screen monitor. `kasa --demo` runs it on a built-in
// sandbox; `kasa sandbox` serves that sandbox for your own integrations.
// The commands live in internal/cli; this file only hands over to them.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"

	"github.com/kasa-tui/kasa/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

func main() {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	err := cli.Run(ctx, version, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	stop()
	if errors.Is(err, flag.ErrHelp) {
		return // -h printed the usage: asked for, not an error
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "kasa:", err)
		os.Exit(cli.ExitCode(err))
	}
}
