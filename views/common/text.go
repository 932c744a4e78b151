package common

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/textfit"
)

// FitLine cuts (never after a figure: textfit.Cut) or pads s to exactly w
// cells.
func FitLine(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = textfit.Cut(s, w)
		sw = ansi.StringWidth(s)
	}
	return s + strings.Repeat(" ", max(0, w-sw))
}

// padLeft right-aligns s in w cells (cutting it when too long).
func padLeft(s string, w int) string {
	sw := ansi.StringWidth(s)
	if sw > w {
		return textfit.Cut(s, w)
	}
	return strings.Repeat(" ", w-sw) + s
}

// joinRight puts right at the right edge of a w-cell line after left; left
// is cut first.
func JoinRight(left, right string, w int) string {
	rw := ansi.StringWidth(right)
	if right == "" || rw+1 > w {
		return FitLine(left, w)
	}
	return FitLine(left, w-rw-1) + " " + right
}

func ansiWidth(s string) int { return ansi.StringWidth(s) }

// LoadFailed is the body of a page whose load failed: "✕ Could not load
// <what>: <reason>. Press r to retry.", wrapped to w.
func LoadFailed(d *Deps, what string, err error, w int) string {
	// The reason may quote the service: cleaned before it is styled.
	return lipgloss.NewStyle().Width(w).Render(
		d.Styles.Error.Render("✕ "+textclean.Line(d.L.Tf("Could not load %s: %s.", what, FaultReason(d.L, err)))) + " " + d.L.T("Press r to retry."))
}
