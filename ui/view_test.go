package ui

import (
	"errors"
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
	"github.com/muesli/termenv"

	"github.com/kasa-tui/kasa/internal/tuitest"
)

func checkSize(t *testing.T, label, view string, w, h int) {
	t.Helper()
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("%s: %d lines, want %d", label, len(lines), h)
	}
	for i, l := range lines {
		if got := ansi.StringWidth(l); got != w {
			t.Errorf("%s: line %d is %d wide, want %d: %q", label, i, got, w, l)
		}
	}
}

func TestViewFillsScreenExactly(t *testing.T) {
	states := map[string]func(f *fixture){
		"plain":  func(*fixture) {},
		"detail": func(f *fixture) { f.key("enter") },
		"help":   func(f *fixture) { f.key("?") },
		"error": func(f *fixture) {
			f.send(ShowError{What: "load invoices", Err: errors.New(strings.Repeat("very long error ", 20)), Retry: Emit(nil)})
		},
		"confirm": func(f *fixture) { f.send(Confirm{Question: "Delete?"}) },
		"toast":   func(f *fixture) { f.send(Toast{Text: strings.Repeat("done ", 40), Kind: ToastWarn}) },
		"loading": func(f *fixture) {
			f.m.Top().(*fakePage).loading = true
			f.send(APIStatus{Conn: ConnOnline, RateRemaining: 1, RateLimit: 400, CallsUsed: 19999, CallsLimit: 20000, LastRefresh: time.Now()})
		},
	}
	// Render colours as a 256-colour terminal would, so that escape codes
	// are part of what must fit.
	before := lipgloss.ColorProfile()
	lipgloss.SetColorProfile(termenv.ANSI256)
	t.Cleanup(func() { lipgloss.SetColorProfile(before) })
	colored := false
	for _, color := range []bool{false, true} {
		for name, setup := range states {
			for _, size := range [][2]int{{80, 24}, {120, 40}, {40, 12}, {20, 5}, {200, 60}} {
				f := newFixture(t, func(o *Options) { o.Styles = NewStyles(!color) })
				setup(f)
				f.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
				v := f.m.View()
				colored = colored || strings.Contains(v, "\x1b[")
				if !color && strings.Contains(v, "\x1b[") {
					t.Errorf("%s %dx%d: escape codes under NO_COLOR styles: %q", name, size[0], size[1], v)
				}
				checkSize(t, fmt.Sprintf("%s color=%v %dx%d", name, color, size[0], size[1]), v, size[0], size[1])
			}
		}
	}
	if !colored {
		t.Error("no colour was rendered: the coloured cases test nothing")
	}
}

func TestViewTinyScreensDoNotPanic(t *testing.T) {
	f := newFixture(t, nil)
	for _, size := range [][2]int{{1, 1}, {5, 2}, {10, 3}, {80, 4}} {
		f.send(tea.WindowSizeMsg{Width: size[0], Height: size[1]})
		checkSize(t, fmt.Sprintf("%dx%d", size[0], size[1]), f.m.View(), size[0], size[1])
	}
}

func TestSectionBarMarksCurrentAndFits(t *testing.T) {
	f := newFixture(t, nil)
	f.key("2")
	for _, w := range []int{80, 60, 40, 24} {
		f.send(tea.WindowSizeMsg{Width: w, Height: 24})
		bar := strings.Split(f.m.View(), "\n")[0]
		if !strings.Contains(bar, "[2") {
			t.Errorf("width %d: current section not bracketed: %q", w, bar)
		}
		if strings.Contains(bar, "…") {
			t.Errorf("width %d: section bar cut instead of abbreviated: %q", w, bar)
		}
	}
	f.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	if bar := strings.Split(f.m.View(), "\n")[0]; !strings.Contains(bar, "[2 Invoices]") || !strings.Contains(bar, "8 More") {
		t.Errorf("at 80 columns the full titles should fit: %q", bar)
	}
}

func goldenFixture(t *testing.T, w, h int) *fixture {
	f := newFixture(t, nil)
	f.key("j", "enter")
	f.send(APIStatus{
		Conn: ConnOnline, RateRemaining: 398, RateLimit: 400, CallsUsed: 1234, CallsLimit: 20000,
		LastRefresh: time.Date(2026, 11, 22, 14, 5, 0, 0, time.Local),
	})
	f.send(tea.WindowSizeMsg{Width: w, Height: h})
	return f
}

func TestGoldenShell(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		f := goldenFixture(t, size[0], size[1])
		tuitest.Golden(t, fmt.Sprintf("shell_%dx%d", size[0], size[1]), f.m.View())
	}
	f := goldenFixture(t, 80, 24)
	f.send(Confirm{Question: "Delete subject Acme s.r.o.? This cannot be undone."})
	tuitest.Golden(t, "confirm_80x24", f.m.View())
	f = goldenFixture(t, 80, 24)
	f.key("?")
	tuitest.Golden(t, "help_80x24", f.m.View())
}

func BenchmarkView120x40(b *testing.B) {
	f := newFixture(b, func(o *Options) { o.Styles = NewStyles(false) })
	f.send(tea.WindowSizeMsg{Width: 120, Height: 40})
	f.send(APIStatus{Conn: ConnOnline, RateRemaining: 398, RateLimit: 400, CallsUsed: 1234, CallsLimit: 20000, LastRefresh: time.Now()})
	b.ResetTimer()
	for b.Loop() {
		_ = f.m.View()
	}
}
