package ui

import (
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textfit"
)

// FitLine cuts (textfit.Cut: never right after a figure) or pads the first
// line of s to exactly width cells, so that a resize never leaves stale
// characters or wraps a line. The one way a line is fitted, shell and
// pages alike.
func FitLine(s string, width int) string {
	if width <= 0 {
		return ""
	}
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		s = s[:i]
	}
	w := ansi.StringWidth(s)
	if w > width {
		s = textfit.Cut(s, width)
		w = ansi.StringWidth(s)
	}
	if w < width {
		s += strings.Repeat(" ", width-w)
	}
	return s
}

// fitBlock returns exactly height lines of exactly width cells.
func fitBlock(s string, width, height int) []string {
	if height <= 0 {
		return nil
	}
	out := make([]string, 0, height)
	if s != "" {
		for _, l := range strings.Split(s, "\n") {
			if len(out) == height {
				break
			}
			out = append(out, FitLine(l, width))
		}
	}
	blank := strings.Repeat(" ", max(width, 0))
	for len(out) < height {
		out = append(out, blank)
	}
	return out
}

// JoinRight puts right at the right edge of a line of width cells, after
// left; left is cut first when both do not fit, and a right wider than the
// line is cut with "…" (a toast naming a long record shows its start
// rather than vanishing).
func JoinRight(left, right string, width int) string {
	if right == "" || width < 2 {
		return FitLine(left, width)
	}
	if ansi.StringWidth(right)+1 > width {
		right = textfit.Cut(right, width-1)
	}
	return FitLine(left, width-ansi.StringWidth(right)-1) + " " + right
}
