package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"time"

	"github.com/kasa-tui/kasa/internal/app"
	"github.com/kasa-tui/kasa/internal/export"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/report"
)

// Report formats.
const (
	reportText = "text"
	reportJSON = "json"
	reportCSV  = "csv"
)

// runReport prints a period's figures for scripts and accountants'
// software: `kasa report --period 2026-Q4 --format json`.
func runReport(ctx context.Context, g globals, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("kasa report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	period := fs.String("period", "", "a month (2026-11), a quarter (2026-Q4) or a year (2026); default this month")
	format := fs.String("format", reportText, "text, json or csv")
	output := fs.String("output", "", "file to write (default: standard output)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: kasa [--demo] report [--period 2026-11|2026-Q4|2026] [--format text|json|csv]")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError{err.Error()}
	}
	if fs.NArg() > 0 {
		return usageError{fmt.Sprintf("kasa report: unexpected %q", fs.Arg(0))}
	}
	switch *format {
	case reportText, reportJSON, reportCSV:
	default:
		return usageError{fmt.Sprintf("--format %q: want text, json or csv", *format)}
	}
	today := report.DayOf(time.Now())
	p := report.Month(today)
	if *period != "" {
		var err error
		if p, err = report.ParsePeriod(*period); err != nil {
			return usageError{"--period: " + err.Error()}
		}
	}
	g.script = true
	a, closeApp, err := open(ctx, g, stdin, stdout, stderr, getenv)
	if err != nil {
		return err
	}
	defer closeApp()
	books, err := readBooks(ctx, a)
	var stale *report.StaleError
	switch {
	case errors.As(err, &stale):
		// The figures of the local copy as it was: said, not hidden.
		fmt.Fprintf(stderr, "kasa report: the service could not be reached; the figures are the local copy's, synced %s\n",
			stale.AsOf.Local().Format("2006-01-02 15:04"))
	case err != nil:
		return fmt.Errorf("report: %w", err)
	}
	r := books.Report(p, today)
	l := locale.New(locale.Resolve(a.Settings.Locale, getenv))
	write := func(w io.Writer) error {
		switch *format {
		case reportJSON:
			return r.WriteJSON(w)
		case reportCSV:
			return r.WriteCSV(w)
		default:
			_, err := io.WriteString(w, reportTextOf(r, l))
			return err
		}
	}
	if *output != "" {
		if err := export.ReplaceFile(*output, write); err != nil {
			return fmt.Errorf("report: %w", err)
		}
		return nil
	}
	w, done := stdoutTarget(stdout, isTerminal(stdout))
	err = write(w)
	if cerr := done(); err == nil {
		err = cerr
	}
	return err
}

// readBooks reads the books from the account's local copy, the one the app
// keeps, brought up to date first (two requests when nothing changed); from
// the service page by page when the copy cannot be opened.
func readBooks(ctx context.Context, a *app.App) (report.Books, error) {
	c := a.Session.Client()
	st, m, err := mirror.Open(ctx, a.Paths.CacheDir, c.AccountSlug(), a.Logger)
	if err != nil {
		a.Logger.Warn("report: the local copy not opened; reading the service", "err", err)
		return report.Fetch(ctx, c)
	}
	defer st.Close()
	return report.Read(ctx, c, st, m, a.Logger)
}
