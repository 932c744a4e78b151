package ui

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/textclean"
)

// View draws exactly height lines of exactly width cells: section bar,
// breadcrumb, page body (or an overlay over it), short help, status bar.
func (m *Model) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	w, bodyH := m.bodySize()
	bar, _ := m.sectionBar()
	lines := make([]string, 0, max(m.height, chromeLines))
	lines = append(lines, FitLine(bar, w))
	if len(m.stacks) > 0 {
		lines = append(lines, FitLine(m.breadcrumb(), w))
	} else {
		lines = append(lines, FitLine("", w))
	}
	body := ""
	switch {
	case len(m.overlays) > 0:
		body = m.placeOverlay(m.overlays[len(m.overlays)-1], w, bodyH)
	case m.Top() != nil:
		body = m.Top().View()
	}
	lines = append(lines, fitBlock(body, w, bodyH)...)
	lines = append(lines, FitLine(m.helpLine(), w), m.statusBar())
	if len(lines) > m.height {
		// Too small for everything: keep the section bar and the status bar.
		lines = append(lines[:m.height-1], lines[len(lines)-1])
		if m.height == 1 {
			lines = lines[len(lines)-1:]
		}
	}
	// Pages clean the service's text where they put it; Screen is the last
	// guard for a path that forgot: it keeps styles and neutralises every
	// other control, so no text can clear, move, retitle or set the
	// clipboard.
	return textclean.Screen(strings.Join(lines, "\n"))
}

// CleanTyped is msg with its typed or pasted text cleaned (a paste carries
// whatever was on the clipboard): a text input shows controls as
// placeholders and keeps them so. keepBreaks is for a text area, where a
// pasted line break stays one.
func CleanTyped(msg tea.KeyMsg, keepBreaks bool) tea.KeyMsg {
	if msg.Type != tea.KeyRunes {
		return msg
	}
	s := string(msg.Runes)
	c := textclean.Line(s)
	if keepBreaks {
		c = textclean.Lines(s)
	}
	if c != s {
		msg.Runes = []rune(c)
	}
	return msg
}
