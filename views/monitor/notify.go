package monitor

import (
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"io"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/textclean"
)

// NotifyStyle is the terminal's own desktop-notification escape sequence.
type NotifyStyle int

// Notification sequences: OSC 9 (iTerm2, Windows Terminal, WezTerm, kitty,
// foot, Ghostty) and OSC 777 (urxvt, foot, Ghostty, VTE terminals).
const (
	NotifyOff NotifyStyle = iota
	NotifyOSC9
	NotifyOSC777
)

// ParseNotifyStyle reads a setting: "", "off", "osc9" or "osc777".
func ParseNotifyStyle(s string) (NotifyStyle, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "off", "none":
		return NotifyOff, nil
	case "osc9", "9":
		return NotifyOSC9, nil
	case "osc777", "777":
		return NotifyOSC777, nil
	}
	return NotifyOff, fmt.Errorf("notification style %q: want off, osc9 or osc777", s)
}

// maxNotifications per fetch: a burst after a long gap gives one summary line.
const maxNotifications = 3

// alerts builds the bell and notification bytes for newly arrived events
// chosen in names. Events already seen (the first fetch's baseline) are
// not news.
func alerts(l locale.Locale, evs []poll.HeldEvent, c poll.Counts, names []string, bell bool, style NotifyStyle) string {
	var chosen []poll.HeldEvent
	for _, e := range evs {
		if !e.Seen && wantsAlert(names, e.Name) {
			chosen = append(chosen, e)
		}
	}
	if len(chosen) == 0 {
		return ""
	}
	var b strings.Builder
	if bell {
		b.WriteByte('\a')
	}
	if style == NotifyOff {
		return b.String()
	}
	for i, e := range chosen {
		if i == maxNotifications {
			writeNotification(&b, style, l.Nf(len(chosen)-i, "%d more event|%d more events", len(chosen)-i))
			break
		}
		writeNotification(&b, style, eventLine(l, e.Event, c))
	}
	return b.String()
}

func writeNotification(b *strings.Builder, style NotifyStyle, body string) {
	body = clean(body)
	switch style {
	case NotifyOSC9:
		fmt.Fprintf(b, "\x1b]9;kasa: %s\x07", body)
	case NotifyOSC777:
		fmt.Fprintf(b, "\x1b]777;notify;kasa;%s\x07", strings.ReplaceAll(body, ";", ","))
	}
}

// clean makes the text safe inside the sequence: textclean.Line shows
// every control (which could end the sequence early or smuggle another one
// in) and bidirectional override as a placeholder; the text is kept short.
func clean(s string) string {
	s = textclean.Line(s)
	if r := []rune(s); len(r) > 200 {
		s = string(r[:200]) + "…"
	}
	return s
}

// alert writes the sequences for new events of an account (c its counts)
// in a Cmd (I/O stays out of Update).
func (m *Model) alert(evs []poll.HeldEvent, c poll.Counts) tea.Cmd {
	if m.opts.Alerts == nil || (!m.opts.Bell && m.opts.Notify == NotifyOff) {
		return nil
	}
	s := alerts(m.opts.Locale, evs, c, m.opts.NotifyEvents, m.opts.Bell, m.opts.Notify)
	if s == "" {
		return nil
	}
	w := m.opts.Alerts
	return func() tea.Msg {
		_, _ = io.WriteString(w, s)
		return nil
	}
}

// windowTitle is "kasa: 3 to-dos, 2 new events", summed over the accounts.
func windowTitle(l locale.Locale, states []*poll.State) string {
	open, fresh := 0, 0
	for _, st := range states {
		open += st.OpenTodos()
		fresh += st.NewEvents()
	}
	parts := []string{l.Nf(open, "%d to-do|%d to-dos", open)}
	if fresh > 0 {
		parts = append(parts, l.Nf(fresh, "%d new event|%d new events", fresh))
	}
	return "kasa: " + strings.Join(parts, ", ")
}
