package common

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/textfit"
)

// padLeft right-aligns s in w cells (cutting it when too long).
func padLeft(s string, w int) string {
	sw := ansi.StringWidth(s)
	if sw > w {
		return textfit.Cut(s, w)
	}
	return strings.Repeat(" ", w-sw) + s
}

func ansiWidth(s string) int { return ansi.StringWidth(s) }

// LoadFailed is the body of a page whose load failed: "✕ Could not load
// <what>: <reason>. Press r to retry.", wrapped to w.
func LoadFailed(d *Deps, what string, err error, w int) string {
	// The reason may quote the service: cleaned before it is styled.
	return lipgloss.NewStyle().Width(w).Render(
		d.Styles.Error.Render("✕ "+textclean.Line(d.L.Tf("Could not load %s: %s.", what, FaultReason(d.L, err)))) + " " + d.L.T("Press r to retry."))
}
