package ui

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/textfit"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// span is the columns [from, to) of one section in the section bar, for
// mouse clicks.
type span struct{ from, to int }

// sectionBar renders "1 Subjects [2 Invoices] 3 Expenses ..." in the room
// there is: full titles with wide gaps, then narrow gaps, then ever shorter
// titles. The current section is marked by brackets as well as by style.
func (m *Model) sectionBar() (string, []span) {
	// Full titles first, then the sections' own short titles (words a person
	// reads), and only then titles cut to fewer letters.
	for _, short := range []bool{false, true} {
		for _, gap := range []int{2, 1} {
			if s, spans, ok := m.sectionBarWith(gap, -1, short); ok {
				return s, spans
			}
		}
	}
	for _, maxTitle := range []int{8, 5, 3, 1, 0} {
		for _, gap := range []int{2, 1} {
			if s, spans, ok := m.sectionBarWith(gap, maxTitle, true); ok {
				return s, spans
			}
		}
	}
	s, spans, _ := m.sectionBarWith(1, 0, true)
	return FitLine(s, m.width), spans
}

func (m *Model) sectionBarWith(gap, maxTitle int, short bool) (string, []span, bool) {
	var b strings.Builder
	spans := make([]span, 0, len(m.opts.Sections))
	x := 0
	for i, sec := range m.opts.Sections {
		if i > 0 {
			b.WriteString(strings.Repeat(" ", gap))
			x += gap
		}
		label := sec.Key
		l := m.opts.Locale
		full := l.T(sec.Title)
		if short && sec.Short != "" {
			full = l.T(sec.Short)
		}
		if abbr, ok := l.InContext("short", sec.Title); short && ok {
			full = abbr // the language's own short form ("Fakt.")
		}
		if title := abbreviate(full, maxTitle); title != "" {
			label += " " + title
		}
		style := m.styles.SectionInactive
		if i == m.section {
			label = "[" + label + "]"
			style = m.styles.SectionActive
		}
		w := ansi.StringWidth(label)
		spans = append(spans, span{from: x, to: x + w})
		x += w
		b.WriteString(style.Render(label))
	}
	return b.String(), spans, x <= m.width
}

// abbreviate keeps the first n runes of s; n < 0 keeps all.
func abbreviate(s string, n int) string {
	r := []rune(s)
	if n < 0 || len(r) <= n {
		return s
	}
	return string(r[:n])
}

// breadcrumb renders "Subjects › Acme s.r.o." and the toast at the right.
func (m *Model) breadcrumb() string {
	var parts []string
	for i, id := range m.stacks[m.section] {
		c, ok := m.cache[id]
		if !ok {
			continue
		}
		t := textclean.Line(c.page.Title()) // a record's name
		if i == len(m.stacks[m.section])-1 {
			t = m.styles.BreadcrumbTop.Render(t)
		} else {
			t = m.styles.Breadcrumb.Render(t)
		}
		parts = append(parts, t)
	}
	toast := m.toast.view(m.styles)
	if ansi.StringWidth(toast) >= m.width {
		// A toast naming a long record is cut, not dropped (as JoinRight
		// cuts it, so the breadcrumb's room below is what is left).
		toast = textfit.Cut(toast, max(m.width-1, 0))
	}
	room := m.width
	if toast != "" {
		room -= ansi.StringWidth(toast) + 1
	}
	sep := m.styles.Breadcrumb.Render(" › ")
	line := strings.Join(parts, sep)
	for len(parts) > 1 && ansi.StringWidth(line) > room {
		parts = parts[1:]
		line = m.styles.Breadcrumb.Render("…") + sep + strings.Join(parts, sep)
	}
	return JoinRight(line, toast, m.width)
}

// shellKeys is the shell's key map as it applies right now: esc is only
// shown when there is a page to go back to.
func (m *Model) shellKeys() KeyMap {
	k := m.keys
	k.Back.SetEnabled(m.depth() > 1)
	return k
}

// helpLine is the short help: ? first (so it survives truncation), the
// page's keys, then esc and q. While the page captures keys (a search input,
// a form) the shell's keys do not apply, so only the page's keys are listed,
// and ctrl+c, which always quits.
func (m *Model) helpLine() string {
	k := m.shellKeys()
	p := m.Top()
	capturing := false
	if c, ok := p.(Capturing); ok && c.Capturing() {
		capturing = true
	}
	var bindings []key.Binding
	if !capturing {
		bindings = append(bindings, k.Help)
	}
	if p != nil && p.KeyMap() != nil {
		bindings = append(bindings, p.KeyMap().ShortHelp()...)
	}
	if capturing {
		bindings = append(bindings, k.ForceQuit)
	} else {
		bindings = append(bindings, k.Back, k.Quit)
	}
	h := m.help
	h.Width = m.width
	return h.ShortHelpView(TranslateHelp(m.opts.Locale, bindings))
}

// TranslateHelp is bindings with their help in l's language: a page's key
// help is a catalog key, translated where it is shown (help line, help
// screen, toolbars). Text already in the language passes unchanged.
func TranslateHelp(l locale.Locale, bindings []key.Binding) []key.Binding {
	out := make([]key.Binding, len(bindings))
	for i, b := range bindings {
		h := b.Help()
		b.SetHelp(h.Key, l.T(h.Desc))
		out[i] = b
	}
	return out
}

// statusSegment has a long and a short form; narrow screens use short forms,
// then drop segments, least important first.
type statusSegment struct {
	long, short string
	rank        int // lower is dropped later
}

func (m *Model) statusBar() string {
	st := m.styles
	s := m.status
	// The account's and the user's names come from the service.
	account := textclean.Line(m.account)
	user := account
	if m.opts.User != "" {
		user += " · " + textclean.Line(m.opts.User)
	}
	segs := []statusSegment{{long: st.StatusBar.Render(user), short: st.StatusBar.Render(account), rank: 4}}
	switch {
	case m.anyLoading():
		segs = append(segs, statusSegment{long: m.spin.View() + st.StatusBar.Render(" "+m.opts.Locale.T("loading")), short: m.spin.View(), rank: 0})
	case m.anyCatchingUp():
		segs = append(segs, statusSegment{long: m.spin.View() + st.StatusBar.Render(" "+m.opts.Locale.T("catching up")), short: m.spin.View(), rank: 0})
	}
	l := m.opts.Locale
	conn := st.StatusMuted.Render(l.T("conn –"))
	switch s.Conn {
	case ConnOnline:
		conn = st.ConnOnline.Render("● " + l.T("online"))
	case ConnRetrying:
		conn = st.ConnRetrying.Render("◐ " + l.T("retrying"))
	case ConnOffline:
		conn = st.ConnOffline.Render("○ " + l.T("offline"))
	}
	connLong := conn
	if s.Conn == ConnOffline && !s.OfflineSince.IsZero() {
		connLong = st.ConnOffline.Render("○ " + l.Tf("offline since %s", s.OfflineSince.Local().Format("15:04")))
	}
	segs = append(segs, statusSegment{long: connLong, short: conn, rank: 0})
	rate := "–"
	if s.RateLimit > 0 {
		rate = strconv.Itoa(s.RateRemaining) + "/" + strconv.Itoa(s.RateLimit)
	}
	segs = append(segs, statusSegment{long: st.StatusBar.Render(l.Tf("rate %s", rate)), short: st.StatusBar.Render("r " + rate), rank: 2})
	calls, callsShort := "–", "–"
	if s.CallsLimit > 0 {
		calls = groupThousands(s.CallsUsed) + "/" + groupThousands(s.CallsLimit)
		callsShort = strconv.Itoa(s.CallsUsed) + "/" + strconv.Itoa(s.CallsLimit)
	}
	segs = append(segs, statusSegment{long: st.StatusBar.Render(l.Tf("API %s", calls)), short: st.StatusBar.Render(l.Tf("API %s", callsShort)), rank: 1})
	refreshed := "–"
	if !s.LastRefresh.IsZero() {
		refreshed = s.LastRefresh.Local().Format("15:04")
	}
	segs = append(segs, statusSegment{long: st.StatusBar.Render(l.Tf("refreshed %s", refreshed)), short: st.StatusBar.Render("↻ " + refreshed), rank: 3})
	return m.fitStatus(segs)
}

// fitStatus joins the segments, shortening and then dropping the least
// important until the bar fits, and fills the line with the bar's style.
func (m *Model) fitStatus(segs []statusSegment) string {
	sep := m.styles.StatusMuted.Render(" │ ")
	short := make([]bool, len(segs))
	drop := make([]bool, len(segs))
	render := func() string {
		var parts []string
		for i, sg := range segs {
			switch {
			case drop[i]:
			case short[i]:
				parts = append(parts, sg.short)
			default:
				parts = append(parts, sg.long)
			}
		}
		return m.styles.StatusBar.Render(" ") + strings.Join(parts, sep)
	}
	line := render()
	for _, stage := range []*[]bool{&short, &drop} {
		for rank := 4; rank >= 0 && ansi.StringWidth(line) > m.width; rank-- {
			for i := range segs {
				if segs[i].rank == rank {
					(*stage)[i] = true
				}
			}
			line = render()
		}
	}
	if w := ansi.StringWidth(line); w < m.width {
		line += m.styles.StatusBar.Render(strings.Repeat(" ", m.width-w))
	}
	return FitLine(line, m.width)
}

// groupThousands writes 20000 as "20 000", as Czech bookkeepers read it.
func groupThousands(n int) string {
	s := strconv.Itoa(n)
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	var b strings.Builder
	for i, r := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	if neg {
		return "-" + b.String()
	}
	return b.String()
}
