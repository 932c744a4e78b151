package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"os"
	"time"

	"github.com/charmbracelet/x/term"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/app"
	"github.com/kasa-tui/kasa/internal/export"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/views/common"
)

// runExport writes every record of a list to a file or stdout, for scripts
// and spreadsheets: `kasa export invoices --status overdue --format csv`.
func runExport(ctx context.Context, g globals, args []string, stdin io.Reader, stdout, stderr io.Writer, getenv func(string) string) error {
	fs := flag.NewFlagSet("kasa export", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", export.CSV, "csv or json")
	output := fs.String("output", "", "file to write (default: standard output)")
	var f export.Filters
	var since, until, updSince, updUntil string
	fs.StringVar(&since, "since", "", "created since (YYYY-MM-DD or ISO 8601 time)")
	fs.StringVar(&until, "until", "", "created until")
	fs.StringVar(&updSince, "updated-since", "", "changed since")
	fs.StringVar(&updUntil, "updated-until", "", "changed until")
	fs.Int64Var(&f.SubjectID, "subject-id", 0, "documents of one subject")
	fs.Int64Var(&f.InventoryItemID, "inventory-item-id", 0, "moves of one inventory item")
	fs.StringVar(&f.Status, "status", "", "document status (open, overdue, paid, ...)")
	fs.StringVar(&f.CustomID, "custom-id", "", "your own identifier")
	fs.StringVar(&f.Number, "number", "", "document number")
	fs.StringVar(&f.DocumentType, "document-type", "", "invoice document type (regular, proforma, ...)")
	fs.StringVar(&f.VariableSymbol, "variable-symbol", "", "expense variable symbol")
	fs.StringVar(&f.SKU, "sku", "", "inventory item SKU")
	fs.StringVar(&f.ArticleNumber, "article-number", "", "inventory item article number")
	fs.StringVar(&f.Query, "query", "", "search text (the list's search endpoint)")
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: kasa [--demo] export KIND [flags]")
		fmt.Fprintln(stderr, "KIND is one of:", export.Kinds())
		fs.PrintDefaults()
	}
	// The settings are not read yet: the language of the flags and the environment.
	ul := locale.New(locale.Resolve(stringOr(g.overrides.Locale), getenv))
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fs.Usage()
		return usageError{ul.T("kasa export: name the list to export")}
	}
	kind := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError{err.Error()}
	}
	if err := exportDates(ul, &f, since, until, updSince, updUntil); err != nil {
		return err
	}
	g.script = true
	if g.demo {
		// Not the demo open in another terminal: each --demo is its own.
		fmt.Fprintln(stderr, ul.T("kasa: --demo exports from a fresh demo account started for this command, not from a demo open in another terminal."))
	}
	a, closeApp, err := open(ctx, g, stdin, stdout, stderr, getenv)
	if err != nil {
		return err
	}
	defer closeApp()
	o := export.Options{Kind: kind, Format: *format, Filters: f}
	l := locale.New(locale.Resolve(a.Settings.Locale, getenv))
	if isTerminal(stderr) {
		o.Progress = func(n int) {
			if n%40 == 0 {
				fmt.Fprint(stderr, "\r"+l.Tf("exported %d %s…", n, kind))
			}
		}
	}
	n, err := exportTo(ctx, a, *output, stdout, isTerminal(stdout), o)
	var mistake export.Mistake
	if errors.As(err, &mistake) {
		return usageError{l.Tf("could not export %s", kind) + ": " + l.Tf(mistake.Key, mistake.Args...)}
	}
	if serviceFault(err) {
		// One sentence in the language; the chain in kasa.log.
		a.Logger.Warn("export failed", "kind", kind, "err", err.Error())
		err = fmt.Errorf("%s: %w", l.Tf("could not export %s", kind), common.Explain(l, err, common.Refusal{}))
	}
	if o.Progress != nil {
		fmt.Fprint(stderr, "\r"+l.Tf("exported %d %s", n, kind)+"   \n")
	}
	return err
}

// serviceFault reports whether err came from the service or the way to it
// (an answer, the network, a timeout), not from the command line.
func serviceFault(err error) bool {
	var answer *apiclient.ErrorResponse
	var ne net.Error
	return errors.As(err, &answer) || errors.As(err, &ne) || errors.Is(err, context.DeadlineExceeded) ||
		errors.Is(err, apiclient.ErrOutcomeUnknown)
}

// exportTo writes the export to the file named (replaced only when the
// export is whole: export.WriteFile), or to stdout: exactly to a pipe,
// cleaned to a terminal (tty).
func exportTo(ctx context.Context, a *app.App, path string, stdout io.Writer, tty bool, o export.Options) (int, error) {
	if path != "" {
		return export.WriteFile(ctx, a.Session.Client(), path, o)
	}
	w, done := stdoutTarget(stdout, tty)
	n, err := export.Write(ctx, a.Session.Client(), w, o)
	if cerr := done(); err == nil {
		err = cerr
	}
	return n, err
}

// stdoutTarget is stdout as the export writes to it: a pipe gets the data
// exactly; a terminal gets it cleaned (the service's text is data, never
// terminal control). done flushes what the cleaner holds.
func stdoutTarget(stdout io.Writer, tty bool) (w io.Writer, done func() error) {
	if tty {
		cw := textclean.NewWriter(stdout)
		return cw, cw.Flush
	}
	return stdout, func() error { return nil }
}

// exportDates reads the date flags into f, or says in l which one is not a
// date or a time.
func exportDates(l locale.Locale, f *export.Filters, since, until, updSince, updUntil string) error {
	for _, d := range []struct {
		flag, text string
		dst        *time.Time
	}{{"since", since, &f.Since}, {"until", until, &f.Until}, {"updated-since", updSince, &f.UpdatedSince}, {"updated-until", updUntil, &f.UpdatedUntil}} {
		t, err := parseWhen(d.text)
		if err != nil {
			return usageError{l.Tf("--%s “%s”: write a date as YYYY-MM-DD or a time as ISO 8601 (2026-11-26T14:00:00+01:00)", d.flag, d.text)}
		}
		*d.dst = t
	}
	return nil
}

// parseWhen reads a date (midnight in the local zone) or an ISO 8601 time;
// "" is no filter.
func parseWhen(s string) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.ParseInLocation("2006-01-02", s, time.Local); err == nil {
		return t, nil
	}
	t, err := time.Parse(time.RFC3339, s)
	if err != nil {
		return time.Time{}, errors.New("want YYYY-MM-DD or an ISO 8601 time")
	}
	return t, nil
}

// isTerminal reports whether w is a terminal: the progress line goes only
// there, never into a pipe or a file.
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(f.Fd())
}
