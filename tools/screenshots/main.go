// Command screenshots draws kasa's screens as SVG images for the README:
// the real shell with the real pages, on the demo account of an in-process
// sandbox whose clock stands still, so the same code gives the same files.
//
//	go run ./tools/screenshots             # writes screenshots/*.svg
//	go run ./tools/screenshots -out DIR    # somewhere else
//	go run ./tools/screenshots -markdown   # also prints a README snippet
//
// Run it from the repository's root. Pages whose makers do not exist yet are
// skipped, and said so; a screen that fails is reported and the others are
// still written.
package main

import (
	"bytes"
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/kasa-tui/kasa/internal/app"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/svgterm"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
)

func main() {
	out := flag.String("out", "screenshots", "folder the SVG files are written to")
	md := flag.Bool("markdown", false, "print a Markdown snippet showing the files written")
	flag.Parse()
	setupGlobals()
	written, err := run(context.Background(), *out, os.Stdout)
	if *md {
		fmt.Print(markdown(*out, written))
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "screenshots:", err)
		os.Exit(1)
	}
}

// setupGlobals fixes what lipgloss and the time package read from the
// environment: full colour on a dark terminal, and Prague time (the status
// bar shows times in time.Local). Global state, acceptable in a tool's main.
func setupGlobals() {
	lipgloss.SetColorProfile(termenv.TrueColor)
	lipgloss.SetHasDarkBackground(true)
	time.Local = zone()
}

// zone is Europe/Prague, or a fixed +01:00 where the zone database is missing.
func zone() *time.Location {
	if loc, err := time.LoadLocation("Europe/Prague"); err == nil {
		return loc
	}
	return time.FixedZone("CET", 3600)
}

// run writes every screenshot whose pages exist into dir, reports each file
// (and each skipped one) to report, and returns the shots written. A screen
// that fails does not stop the others; the failures are returned together.
func run(ctx context.Context, dir string, report io.Writer) ([]shot, error) {
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return nil, fmt.Errorf("create %s: %w", dir, err)
	}
	loc := zone()
	now := time.Date(2026, 11, 20, 10, 0, 0, 0, loc)
	var written []shot
	var errs []error
	for _, sh := range shots() {
		svg, err := capture(ctx, sh, now, loc)
		if errors.Is(err, errMissing) {
			fmt.Fprintf(report, "skipped %s: %v\n", sh.file, err)
			continue
		}
		if err == nil {
			path := filepath.Join(dir, sh.file)
			if err = os.WriteFile(path, svg, 0o644); err == nil {
				fmt.Fprintf(report, "wrote %s (%d×%d, %d bytes)\n", path, sh.w, sh.h, len(svg))
				written = append(written, sh)
				continue
			}
		}
		fmt.Fprintf(report, "FAILED %s: %v\n", sh.file, err)
		errs = append(errs, fmt.Errorf("capture %s: %w", sh.file, err))
	}
	return written, errors.Join(errs...)
}

// markdown is a README snippet showing the written screenshots.
func markdown(dir string, written []shot) string {
	var b strings.Builder
	b.WriteString("\n## Screenshots\n\n")
	b.WriteString("Drawn from the real screens on the demo account by `go run ./tools/screenshots`.\n\n")
	for _, sh := range written {
		fmt.Fprintf(&b, "**%s**\n\n![%s](%s)\n\n", sh.caption, sh.caption, filepath.ToSlash(filepath.Join(dir, sh.file)))
	}
	return b.String()
}

// cmdTimeout bounds one Cmd: a timer the loop did not recognise, say.
const cmdTimeout = 2 * time.Second

// errMissing marks a screen whose page is not built (yet).
var errMissing = errors.New("page not built")

// capture runs a fresh demo and shell, plays the shot's steps and draws the screen.
func capture(ctx context.Context, sh shot, now time.Time, loc *time.Location) ([]byte, error) {
	view, err := screen(ctx, sh, now, loc)
	if err != nil {
		return nil, err
	}
	var buf bytes.Buffer
	title := fmt.Sprintf("kasa --demo · %s · %d×%d", sh.title, sh.w, sh.h)
	if err := svgterm.RenderANSI(&buf, view, sh.w, svgterm.Options{Title: title}); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
}

// screen runs a fresh demo and shell in the shot's language, plays the
// shot's steps and returns the screen as the terminal gets it.
func screen(ctx context.Context, sh shot, now time.Time, loc *time.Location) (string, error) {
	sess, err := app.OpenDemo(ctx, app.DemoOptions{Clock: sandbox.NewManualClock(now)})
	if err != nil {
		return "", err
	}
	defer sess.Close()
	if sh.setup != nil {
		if err := sh.setup(ctx, sess.Client()); err != nil {
			return "", fmt.Errorf("set up %s: %w", sh.file, err)
		}
	}
	lang := sh.lang
	if lang == "" {
		lang = locale.English
	}
	// The pages' own dependencies, not the terminal's: a fixed clock and
	// zone, dark true colour, and nothing that opens or copies.
	deps := common.Deps{
		Client:      sess.Client,
		Styles:      ui.NewStyles(false),
		TableStyles: table.DefaultStyles(true),
		Now:         func() time.Time { return now },
		Loc:         loc,
		L:           locale.New(lang),
		OpenURL:     func(string) tea.Cmd { return nil },
		Copy:        func(string) tea.Cmd { return nil },
		DownloadDir: os.TempDir(),
		Logger:      slog.New(slog.DiscardHandler),
	}.WithDefaults()
	opts := sess.ShellOptions(deps)
	for _, k := range sh.needs {
		if opts.Makers[k] == nil {
			return "", fmt.Errorf("%w: no maker for %q", errMissing, k)
		}
	}
	opts.Width, opts.Height = sh.w, sh.h
	opts.ToastDuration = time.Hour
	m := ui.New(opts)
	// Every Cmd runs to its message, fed back until nothing is left; one
	// that takes longer than cmdTimeout is dropped so the screen settles.
	loop := tuitest.ModelLoop(m)
	loop.Timeout = cmdTimeout
	loop.Run(m.Init())
	loop.Send(tea.WindowSizeMsg{Width: sh.w, Height: sh.h})
	for _, msg := range sh.steps {
		loop.Send(msg)
	}
	if id, _ := m.TopID(); id.Kind != sh.want {
		return "", fmt.Errorf("%w: the steps ended on %q, not %q", errMissing, id.Kind, sh.want)
	}
	if p := m.Top(); p != nil && p.Loading() {
		return "", fmt.Errorf("page %q still loading after the steps (a Cmd took longer than %v?)", sh.want, cmdTimeout)
	}
	return m.View(), nil
}
