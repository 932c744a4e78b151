package main

import (
	"bytes"
	"context"
	"encoding/xml"
	"errors"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestMain(m *testing.M) {
	setupGlobals() // what main does: colour, dark background, Prague time
	tuitest.Main(m)
}

func testNow() (time.Time, *time.Location) {
	loc := zone()
	return time.Date(2026, 11, 20, 10, 0, 0, 0, loc), loc
}

func subjectsShot() shot {
	return shot{file: "subjects.svg", title: "Subjects", w: 100, h: 30, needs: kinds(nav.Subjects), steps: keys("1"), want: nav.Subjects}
}

func wellFormed(t *testing.T, svg []byte) {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(svg))
	for {
		if _, err := dec.Token(); err == io.EOF {
			return
		} else if err != nil {
			t.Fatalf("not well-formed XML: %v", err)
		}
	}
}

func TestCaptureIsDeterministic(t *testing.T) {
	now, loc := testNow()
	ctx := context.Background()
	a, err := capture(ctx, subjectsShot(), now, loc)
	if err != nil {
		t.Fatal(err)
	}
	b, err := capture(ctx, subjectsShot(), now, loc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(a, b) {
		t.Fatal("two captures of the same screen differ")
	}
	wellFormed(t, a)
	// #6bd68a is the dark-terminal variant of "online" green, in true colour:
	// a 16-colour or light-background profile would give another value.
	for _, want := range []string{"kasa-demo", "Subjects", "online", "#6bd68a"} {
		if !bytes.Contains(a, []byte(want)) {
			t.Errorf("the screenshot lacks %q (the demo's account, the shell, dark true colour)", want)
		}
	}
	if bytes.Contains(a, []byte("loading")) {
		t.Error("the screenshot was taken while the page was still loading")
	}
}

func TestCaptureFollowsTheSteps(t *testing.T) {
	now, loc := testNow()
	sh := shot{file: "subject.svg", title: "Subject", w: 100, h: 30, needs: kinds(nav.Subjects, nav.Subject),
		steps: keys("1", "enter"), want: nav.Subject}
	svg, err := capture(context.Background(), sh, now, loc)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(svg, []byte("›")) {
		t.Error("no breadcrumb: the detail page did not open")
	}
	sh.want = nav.Invoice
	if _, err := capture(context.Background(), sh, now, loc); !errors.Is(err, errMissing) {
		t.Errorf("steps ending on the wrong page: err = %v, want errMissing", err)
	}
}

func TestCaptureSkipsPagesNotBuilt(t *testing.T) {
	now, loc := testNow()
	sh := subjectsShot()
	sh.needs = kinds(nav.Subjects, ui.Kind("no-such-page"))
	if _, err := capture(context.Background(), sh, now, loc); !errors.Is(err, errMissing) {
		t.Errorf("err = %v, want errMissing", err)
	}
}

func TestRunWritesOrSkipsEveryShot(t *testing.T) {
	if testing.Short() {
		t.Skip("captures every screen")
	}
	dir := t.TempDir()
	var report strings.Builder
	written, err := run(context.Background(), dir, &report)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(report.String()), "\n")
	if len(lines) != len(shots()) {
		t.Fatalf("report has %d lines for %d shots:\n%s", len(lines), len(shots()), report.String())
	}
	for i, sh := range shots() {
		path := filepath.Join(dir, sh.file)
		_, err := os.Stat(path)
		switch {
		case strings.HasPrefix(lines[i], "wrote "+path):
			if err != nil {
				t.Errorf("reported %s but it is not there: %v", path, err)
			}
		case strings.HasPrefix(lines[i], "skipped "+sh.file):
			if err == nil {
				t.Errorf("skipped %s but wrote it", sh.file)
			}
		default:
			t.Errorf("line %d = %q, want wrote or skipped %s", i, lines[i], sh.file)
		}
	}
	if !strings.Contains(report.String(), "wrote "+filepath.Join(dir, "01-subjects.svg")) {
		t.Error("the subjects list, which exists, was not written")
	}
	md := markdown("screenshots", written)
	if got := strings.Count(md, "](screenshots/"); got != len(written) {
		t.Errorf("the Markdown snippet shows %d images for %d files:\n%s", got, len(written), md)
	}
}

// TestEveryPageInEachLanguage draws every page, form and help screen of
// the demo at 80x24 and 160x45 in English and in Czech and holds each to
// its golden (testdata/<lang>_<page>.golden, <lang>_<page>_160x45.golden;
// go test -update writes them). Issue 14: the Czech screens have Czech
// words, money and dates; the English ones grouped money.
var demoPort = regexp.MustCompile(`127\.0\.0\.1:[0-9]+`)

func TestEveryPageInEachLanguage(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every screen twice")
	}
	now, loc := testNow()
	for _, lang := range []locale.Tag{locale.English, locale.Czech} {
		for _, size := range []struct {
			w, h   int
			suffix string
		}{{80, 24, ""}, {160, 45, "_160x45"}} {
			for _, sh := range pages() {
				sh.lang, sh.w, sh.h = lang, size.w, size.h
				name := string(lang) + "_" + sh.file + size.suffix
				t.Run(name, func(t *testing.T) {
					view, err := screen(context.Background(), sh, now, loc)
					if err != nil {
						t.Fatal(err)
					}
					// The demo's address changes with each run: its port is masked.
					tuitest.Golden(t, name, demoPort.ReplaceAllString(ansi.Strip(view), "127.0.0.1:PORT"))
				})
			}
		}
	}
}
