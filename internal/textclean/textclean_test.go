package textclean_test

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"
)

// Hostile is one payload of each control class a record's text may carry.
var hostile = map[string]string{
	"CSI clear screen":  "a\x1b[2J\x1b[Hb",
	"CSI cursor moves":  "\x1b[5A\x1b[10C999 999,00 Kč",
	"OSC 52 clipboard":  "\x1b]52;c;cm0gLXJmIH4=\x07",
	"OSC 0 title":       "\x1b]0;owned\x1b\\",
	"OSC 8 link":        "\x1b]8;;https://evil.example\x1b\\pay here\x1b]8;;\x1b\\",
	"C1 CSI rune":       "a\u009b2Jb",
	"C1 CSI raw byte":   "a\x9b2Jb",
	"C1 OSC and ST":     "\u009d0;t\u009c",
	"C1 NEL":            "a\u0085b",
	"BEL":               "ding\x07",
	"BS":                "1000\b\b\b\b9999",
	"DEL":               "x\x7fy",
	"NUL":               "a\x00b",
	"CR overwrite":      "paid\rDUE ",
	"RLO":               "invoice\u202Efdp.exe",
	"LRE PDF":           "\u202Aa\u202C",
	"isolates":          "\u2066a\u2067b\u2068c\u2069",
	"invalid UTF-8":     "a\xff\xfeb",
	"line separators":   "a\u2028b\u2029c",
	"tabs and newlines": "a\tb\nc\r\nd\ve\ff",
}

// unsafe reports the first rune of s a terminal could act on, in Line's
// sense (keepBreaks: "\n" is allowed).
func unsafe(s string, keepBreaks bool) (rune, bool) {
	if !utf8.ValidString(s) {
		return utf8.RuneError, true
	}
	for _, r := range s {
		switch {
		case r == '\n' && keepBreaks:
		case r < 0x20, r == 0x7f, r >= 0x80 && r <= 0x9f,
			r >= 0x202a && r <= 0x202e, r >= 0x2066 && r <= 0x2069,
			r == 0x2028, r == 0x2029:
			return r, true
		}
	}
	return 0, false
}

func TestLineLeavesNoControl(t *testing.T) {
	for name, p := range hostile {
		got := textclean.Line(p)
		if r, bad := unsafe(got, false); bad {
			t.Errorf("%s: Line(%q) = %q keeps %U", name, p, got, r)
		}
		got = textclean.Lines(p)
		if r, bad := unsafe(got, true); bad {
			t.Errorf("%s: Lines(%q) = %q keeps %U", name, p, got, r)
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
	for name, p := range hostile {
		once := textclean.Line(p)
		if twice := textclean.Line(once); twice != once {
			t.Errorf("%s: Line twice %q, once %q", name, twice, once)
		}
		once = textclean.Lines(p)
		if twice := textclean.Lines(once); twice != once {
			t.Errorf("%s: Lines twice %q, once %q", name, twice, once)
		}
	}
}

func FuzzLine(f *testing.F) {
	for _, p := range hostile {
		f.Add(p)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if r, bad := unsafe(textclean.Line(s), false); bad {
			t.Fatalf("Line(%q) keeps %U", s, r)
		}
		if r, bad := unsafe(textclean.Lines(s), true); bad {
			t.Fatalf("Lines(%q) keeps %U", s, r)
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
