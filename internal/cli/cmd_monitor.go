package cli

import (
	"context"
	"errors"
	"flag"
	"io"
	"os"
	"strings"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/app"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/monitor"
)

// runMonitor runs the side-screen monitor; enter on an item opens the main
// application on that record.
func runMonitor(ctx context.Context, g globals, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("kasa monitor", flag.ContinueOnError)
	fs.SetOutput(stderr)
	bell := fs.Bool("bell", false, "ring the terminal bell when a chosen event arrives")
	notify := fs.String("notify", "off", "desktop notification through the terminal: off, osc9 or osc777")
	events := fs.String("events", "invoice_paid,expense_overdue,invoice_overdue", "comma-separated event names that ring or notify (* for all)")
	all := fs.Bool("all", false, "watch every account you reach (the setting monitor_accounts = \"all\")")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError{err.Error()}
	}
	ns, err := monitor.ParseNotifyStyle(*notify)
	if err != nil {
		return usageError{err.Error()}
	}
	a, closeApp, err := open(ctx, g, stdin, stdout, stderr, getenv)
	if err != nil {
		return err
	}
	defer closeApp()
	if *all {
		a.Settings.MonitorAccounts = config.AccountList{All: true}
	}
	opts := views.MonitorOptions(a.Deps(app.Terminal{Getenv: getenv, Out: os.Stdout}))
	opts.Bell = *bell
	opts.Notify = ns
	for _, e := range strings.Split(*events, ",") {
		if e = strings.TrimSpace(e); e != "" {
			opts.NotifyEvents = append(opts.NotifyEvents, e)
		}
	}
	opened, err := monitor.Run(ctx, opts)
	if err != nil || opened == nil {
		return err
	}
	if opened.Account != a.Session.Client().AccountSlug() {
		a.Session.SwitchTo(opened.Account)
	}
	return runShell(ctx, a, getenv, &opened.Page)
}
