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
	"github.com/kasa-tui/kasa/internal/export"
	"github.com/kasa-tui/kasa/internal/locale"
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
	if len(args) == 0 || args[0] == "-h" || args[0] == "--help" {
		fs.Usage()
		return usageError{"kasa export: name the list to export"}
	}
	kind := args[0]
	if err := fs.Parse(args[1:]); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError{err.Error()}
	}
	for _, d := range []struct {
		flag, text string
		dst        *time.Time
	}{{"since", since, &f.Since}, {"until", until, &f.Until}, {"updated-since", updSince, &f.UpdatedSince}, {"updated-until", updUntil, &f.UpdatedUntil}} {
		t, err := parseWhen(d.text)
		if err != nil {
			return usageError{fmt.Sprintf("--%s %q: %v", d.flag, d.text, err)}
		}
		*d.dst = t
	}
	g.script = true
	if g.demo {
		// Not the demo open in another terminal: each --demo is its own.
		l := locale.New(locale.Resolve(stringOr(g.overrides.Locale), getenv))
		fmt.Fprintln(stderr, l.T("kasa: --demo exports from a fresh demo account started for this command, not from a demo open in another terminal."))
	}
	a, closeApp, err := open(ctx, g, stdin, stdout, stderr, getenv)
	if err != nil {
		return err
	}
	defer closeApp()
	w, done, err := exportTarget(*output, stdout)
	if err != nil {
		return err
	}
	o := export.Options{Kind: kind, Format: *format, Filters: f}
	l := locale.New(locale.Resolve(a.Settings.Locale, getenv))
	if isTerminal(stderr) {
		o.Progress = func(n int) {
			if n%40 == 0 {
				fmt.Fprint(stderr, "\r"+l.Tf("exported %d %s…", n, kind))
			}
		}
	}
	n, err := export.Write(ctx, a.Session.Client(), w, o)
	if serviceFault(err) {
		// One sentence in the language; the chain in kasa.log.
		a.Logger.Warn("export failed", "kind", kind, "err", err.Error())
		err = fmt.Errorf("%s: %w", l.Tf("could not export %s", kind), common.Explain(l, err, common.Refusal{}))
	}
	if o.Progress != nil {
		fmt.Fprint(stderr, "\r"+l.Tf("exported %d %s", n, kind)+"   \n")
	}
	if cerr := done(); err == nil {
		err = cerr
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

// exportTarget is the file named, or stdout; done closes the file.
func exportTarget(path string, stdout io.Writer) (io.Writer, func() error, error) {
	if path == "" {
		return stdout, func() error { return nil }, nil
	}
	f, err := os.OpenFile(path, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, 0o600)
	if err != nil {
		return nil, nil, fmt.Errorf("export: %w", err)
	}
	return f, f.Close, nil
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
