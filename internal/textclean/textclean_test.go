package textclean_test

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
)

// hostile are the payloads of every control class, and text that is not
// UTF-8 or breaks lines in other ways.
func hostile() []cleantest.Payload {
	return append(slices.Clone(cleantest.Payloads),
		cleantest.Payload{Class: "invalid UTF-8", Text: "a\xff\xfe\x9bb"},
		cleantest.Payload{Class: "line separators", Text: "a\u2028b\u2029c\u0085d"},
		cleantest.Payload{Class: "tabs and breaks", Text: "a\tb\nc\r\nd\ve\ff"},
	)
}

// unsafe says what in s a terminal could act on; keepBreaks allows "\n".
func unsafe(s string, keepBreaks bool) error {
	if !keepBreaks && strings.ContainsAny(s, "\n\u2028\u2029") {
		return fmt.Errorf("a line break in %q", s)
	}
	return cleantest.Control(s)
}

func TestLineLeavesNoControl(t *testing.T) {
	for _, p := range hostile() {
		if err := unsafe(textclean.Line(p.Text), false); err != nil {
			t.Errorf("%s: Line: %v", p.Class, err)
		}
		if err := unsafe(textclean.Lines(p.Text), true); err != nil {
			t.Errorf("%s: Lines: %v", p.Class, err)
		}
	}
}

func TestLinePlaceholders(t *testing.T) {
	for _, c := range []struct{ in, line, lines string }{
		{"a\x1b[2Jb", "a␛[2Jb", "a␛[2Jb"},
		{"ding\x07", "ding␇", "ding␇"},
		{"a\x00b\x7f", "a␀b␡", "a␀b␡"},
		{"1\b2", "1␈2", "1␈2"},
		{"a\u009b2J", "a\uFFFD2J", "a\uFFFD2J"},
		{"a\x9b2J", "a\uFFFD2J", "a\uFFFD2J"},
		{"x\u202Ey\u2066z", "x\uFFFDy\uFFFDz", "x\uFFFDy\uFFFDz"},
		{"a\tb", "a b", "a b"},
		{"a\nb\r\nc\rd", "a b c d", "a\nb\nc\nd"},
		{"a\u2028b\u0085c", "a b c", "a\nb\nc"},
		{"Nováková – 1 500,00 Kč 🔒", "Nováková – 1 500,00 Kč 🔒", "Nováková – 1 500,00 Kč 🔒"},
		{"", "", ""},
	} {
		if got := textclean.Line(c.in); got != c.line {
			t.Errorf("Line(%q) = %q, want %q", c.in, got, c.line)
		}
		if got := textclean.Lines(c.in); got != c.lines {
			t.Errorf("Lines(%q) = %q, want %q", c.in, got, c.lines)
		}
	}
}

// A placeholder takes one cell, as a printable character would: a cleaned
// cell keeps the table's columns aligned.
func TestPlaceholdersAreOneCellWide(t *testing.T) {
	for _, s := range []string{"\x1b", "\x00", "\x7f", "\u009b", "\u202e", "\xff"} {
		if w := ansi.StringWidth(textclean.Line(s)); w != 1 {
			t.Errorf("Line(%q) is %d cells wide, want 1", s, w)
		}
	}
}

func TestCleanTextIsReturnedAsItIs(t *testing.T) {
	for _, s := range []string{"Acme s.r.o.", "Příliš žluťoučký kůň", "日本語 ✓ 🔒", strings.Repeat("x", 500)} {
		allocs := testing.AllocsPerRun(100, func() { _ = textclean.Line(s) })
		if allocs != 0 {
			t.Errorf("Line(%q) allocates %v times", s, allocs)
		}
		if got := textclean.Line(s); got != s {
			t.Errorf("Line(%q) = %q", s, got)
		}
	}
	if got := textclean.Lines("a\nb"); got != "a\nb" {
		t.Errorf("Lines keeps line breaks: got %q", got)
	}
}

// Cleaning twice changes nothing more: a renderer may clean text a page
// already cleaned.
func TestLineIsIdempotent(t *testing.T) {
	for _, p := range hostile() {
		once := textclean.Line(p.Text)
		if twice := textclean.Line(once); twice != once {
			t.Errorf("%s: Line twice %q, once %q", p.Class, twice, once)
		}
		once = textclean.Lines(p.Text)
		if twice := textclean.Lines(once); twice != once {
			t.Errorf("%s: Lines twice %q, once %q", p.Class, twice, once)
		}
	}
}

func FuzzLine(f *testing.F) {
	for _, p := range hostile() {
		f.Add(p.Text)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if err := unsafe(textclean.Line(s), false); err != nil {
			t.Fatalf("Line(%q): %v", s, err)
		}
		if err := unsafe(textclean.Lines(s), true); err != nil {
			t.Fatalf("Lines(%q): %v", s, err)
		}
	})
}

var sink string

func BenchmarkLine(b *testing.B) {
	for _, c := range []struct{ name, s string }{
		{"ascii", "Acme Trading Company Ltd, Dlouha 12"},
		{"czech", "Příliš žluťoučký kůň úpěl ďábelské ódy"},
		{"hostile", "Acme\x1b[2J\x1b]52;c;eA==\x07\u202Eevil"},
	} {
		b.Run(c.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(c.s)))
			for b.Loop() {
				sink = textclean.Line(c.s)
			}
		})
	}
}
