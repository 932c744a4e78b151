// Command kasa is a terminal application for bookkeepers on the invoicing
// service's API v3: contacts, invoices, expenses, inventory, the inbox, to-dos
// and events, and a side-screen monitor. `kasa --demo` runs it on a built-in
// sandbox; `kasa sandbox` serves that sandbox for your own integrations.
// The commands live in internal/cli; this file only hands over to them and
// turns signals into the end of the context they run under.
package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/kasa-tui/kasa/internal/cli"
)

// version is set at build time with -ldflags "-X main.version=...".
var version = "dev"

// lastResort is how long kasa may take to end after a signal before it
// exits without its own cleanup; a second signal does the same at once.
// The ordinary path (the program quits, drafts are written, the demo's
// folder removed) takes a small part of it.
const lastResort = 3 * time.Second

func main() {
	ctx, cancel := context.WithCancel(context.Background())
	// kasa handles SIGINT, SIGTERM and SIGHUP itself (Bubble Tea's own
	// handler is off): the first ends ctx, and every command, the terminal
	// program included, ends on that and cleans up behind it.
	sigs := make(chan os.Signal, 2)
	signal.Notify(sigs, os.Interrupt, syscall.SIGTERM, syscall.SIGHUP)
	go onSignals(sigs, cancel, terminalRestorer())
	err := cli.Run(ctx, version, os.Args[1:], os.Stdin, os.Stdout, os.Stderr, os.Getenv)
	signal.Stop(sigs)
	cancel()
	if errors.Is(err, flag.ErrHelp) {
		return // -h printed the usage: asked for, not an error
	}
	if err != nil && !errors.Is(err, context.Canceled) {
		fmt.Fprintln(os.Stderr, "kasa:", err)
		os.Exit(cli.ExitCode(err))
	}
}

// onSignals ends ctx on the first signal; on a second one, or when kasa has
// not ended lastResort after the first, it gives the terminal back as it
// found it and exits.
func onSignals(sigs <-chan os.Signal, cancel context.CancelFunc, restore func()) {
	<-sigs
	cancel()
	select {
	case <-sigs:
	case <-time.After(lastResort):
	}
	restore()
	os.Exit(1)
}

// terminalRestorer returns what gives the terminal back when kasa must exit
// without the program's own shutdown: the terminal's first mode, the main
// screen, the cursor, no mouse reports.
func terminalRestorer() func() {
	fd := os.Stdin.Fd()
	if !term.IsTerminal(fd) {
		return func() {}
	}
	state, err := term.GetState(fd)
	if err != nil {
		return func() {}
	}
	return func() {
		_ = term.Restore(fd, state)
		if term.IsTerminal(os.Stdout.Fd()) {
			fmt.Fprint(os.Stdout, "\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?2004l\x1b[?25h\x1b[?1049l")
		}
	}
}
