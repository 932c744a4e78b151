// Package textfit cuts text to a width the one way kasa does: with an
// ellipsis, and never right after a figure, which a reader would take for
// another amount, date or number ("paid (7…").
package textfit

import (
	"strings"
	"unicode"

	"github.com/charmbracelet/x/ansi"
)

// Ellipsis marks where text was cut.
const Ellipsis = "…"

// Cut shortens s to at most w cells ending in Ellipsis (s itself when it
// fits). A word with a digit in it (an amount, a date, "N2026-0043") that
// the cut would end with goes whole when a word comes before it ("paid
// …"); a text of one word loses its trailing figure ("N…"). Styled text
// is cut as it comes.
func Cut(s string, w int) string {
	if w <= 0 {
		return ""
	}
	if ansi.StringWidth(s) <= w {
		return s
	}
	kept := ansi.Truncate(s, w-1, "")
	if !strings.HasPrefix(s, kept) || strings.Contains(s, "\x1b") {
		return ansi.Truncate(s, w, Ellipsis)
	}
	if word := strings.LastIndexByte(kept, ' ') + 1; word > 0 && strings.ContainsAny(kept[word:], "0123456789") {
		kept = kept[:word]
	}
	return strings.TrimRightFunc(kept, inFigure) + Ellipsis
}

// inFigure reports whether r may be part of a number, a date or a time.
func inFigure(r rune) bool {
	return unicode.IsDigit(r) || strings.ContainsRune(".,:/-\u00a0", r)
}
