package ui

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/textclean"
)

// toastState holds the one toast on screen; a newer toast replaces it.
type toastState struct {
	seq  int // id of the last toast shown
	text string
	kind ToastKind
	on   bool
}

// show displays t and returns the Tick that will dismiss it, carrying its id
// so that an older toast's tick cannot dismiss a newer one.
func (s *toastState) show(t Toast, d time.Duration) tea.Cmd {
	s.seq++
	// A toast often names a record ("Invoice 2026-0012 sent"): its text is
	// cleaned once here, not on every frame.
	s.text, s.kind, s.on = textclean.Line(t.Text), t.Kind, true
	id := s.seq
	return tea.Tick(d, func(time.Time) tea.Msg { return toastExpired{id: id} })
}

func (s *toastState) expire(id int) {
	if id == s.seq {
		s.on = false
	}
}

func (s *toastState) view(st Styles) string {
	if !s.on {
		return ""
	}
	switch s.kind {
	case ToastSuccess:
		return st.ToastSuccess.Render("✓ " + s.text)
	case ToastWarn:
		return st.ToastWarn.Render("⚠ " + s.text)
	default:
		return st.ToastInfo.Render("• " + s.text)
	}
}
