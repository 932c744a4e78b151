package monitor

import (
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/views/events"
	"github.com/shopspring/decimal"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/textfit"
)

// twoColumnWidth is the width from which to-dos and events stand side by side.
const twoColumnWidth = 100

// Markers carry the meaning without colour.
const (
	markNew    = "•"
	markCursor = "›"
	markAlert  = "!"
)

// SetSize records the space the monitor may use.
func (m *Model) SetSize(w, h int) { m.width, m.height = w, h }

// View renders exactly height lines of width columns.
func (m *Model) View() string {
	w, h := m.width, m.height
	if w <= 0 || h <= 0 {
		return ""
	}
	var lines []string
	if w >= twoColumnWidth {
		lines = m.wideLines(w, h)
	} else {
		lines = m.narrowLines(w, h)
	}
	if len(lines) > h {
		lines = lines[:h]
	}
	for len(lines) < h {
		lines = append(lines, "")
	}
	for i, l := range lines {
		lines[i] = fit(l, w)
	}
	return strings.Join(lines, "\n")
}

// footer is the counts and the status lines.
func (m *Model) footer(w int) []string {
	return append(m.countLines(w), m.statusLines(w)...)
}

func (m *Model) narrowLines(w, h int) []string {
	foot := m.footer(w)
	avail := max(0, h-1-2-len(foot))
	todos, events := m.split()
	tRows, eRows := split(avail, len(todos), len(events))
	out := []string{m.headerLine(w)}
	out = append(out, m.todoBlock(w, tRows, todos)...)
	out = append(out, m.eventBlock(w, eRows, todos, events)...)
	for len(out) < h-len(foot) {
		out = append(out, "")
	}
	return append(out, foot...)
}

func (m *Model) wideLines(w, h int) []string {
	foot := m.footer(w)
	rows := max(0, h-1-1-len(foot))
	lw := (w - 3) / 2
	rw := w - 3 - lw
	todos, events := m.split()
	left := m.todoBlock(lw, rows, todos)
	right := m.eventBlock(rw, rows, todos, events)
	out := []string{m.headerLine(w)}
	sep := m.styles.Muted.Render(" │ ")
	for i := range rows + 1 {
		var l, r string
		if i < len(left) {
			l = left[i]
		}
		if i < len(right) {
			r = right[i]
		}
		out = append(out, fit(l, lw)+sep+r)
	}
	return append(out, foot...)
}

// split shares avail rows between to-dos and events: each list gets what it
// needs when both fit; otherwise to-dos get up to half (they are few and
// each one asks for action) and events the rest. An empty list keeps one
// row for its "none" line.
func split(avail, todos, events int) (int, int) {
	t, e := max(todos, 1), max(events, 1)
	if t+e <= avail {
		return t, avail - t
	}
	tr := min(t, max(avail/2, avail-e))
	return tr, max(0, avail-tr)
}

// split is the rows on the screen: to-dos, then events.
func (m *Model) split() (todos, events []item) {
	its := m.items()
	n := 0
	for n < len(its) && its[n].todo != nil {
		n++
	}
	return its[:n], its[n:]
}

func (m *Model) headerLine(w int) string {
	l := m.opts.Locale
	left := "kasa monitor · " + m.members[0].acct.Slug
	switch {
	case m.several() && m.filter >= 0:
		mem := m.members[m.filter]
		left = "kasa monitor · " + l.Tf("%s · 1 of %d", mem.acct.Slug, len(m.members))
	case m.several():
		left = m.accountsLegend(w)
	}
	if m.opts.Label != "" {
		left += " (" + m.opts.Label + ")"
	}
	right := ""
	switch {
	case m.fetching():
		right = l.T("fetching…")
	case m.flash != "":
		right = m.flash
	}
	// Slugs, labels and a flash (which may quote the service) are cleaned.
	left, right = m.styles.Title.Render(textclean.Line(left)), textclean.Line(right)
	if right == "" {
		return left
	}
	gap := w - ansi.StringWidth(left) - ansi.StringWidth(right)
	if gap < 1 {
		return left
	}
	return left + strings.Repeat(" ", gap) + m.styles.Muted.Render(right)
}

// todoBlock is the to-dos' header and up to rows of them.
func (m *Model) todoBlock(w, rows int, todos []item) []string {
	open, fresh := 0, 0
	for _, st := range m.shownStates() {
		open += st.OpenTodos()
		fresh += st.NewTodos()
	}
	l := m.opts.Locale
	head := l.T("To-dos") + " · " + l.Nf(open, "%d open|%d open", open)
	if fresh > 0 {
		head += ", " + l.Tf("%d new", fresh)
	}
	out := []string{m.styles.Header.Render(head)}
	if len(todos) == 0 {
		if rows > 0 {
			out = append(out, m.styles.Muted.Render(m.emptyText(l.T("no open to-dos"))))
		}
		return out
	}
	off := offset(m.cursor, len(todos), rows)
	for i := off; i < len(todos) && i < off+rows; i++ {
		t := todos[i].todo
		box := "[ ]"
		if t.Completed() {
			box = "[x]"
		}
		text := t.Text
		if text == "" {
			text = t.Name
		}
		out = append(out, m.row(w, i == m.cursor, !t.Seen && !t.Completed(), m.accountMark(todos[i])+box+" "+oneLine(text)))
	}
	return out
}

// eventBlock is the events' header and up to rows of them, newest first.
func (m *Model) eventBlock(w, rows int, todos, events []item) []string {
	fresh := 0
	for _, st := range m.shownStates() {
		fresh += st.NewEvents()
	}
	l := m.opts.Locale
	head := l.T("Events")
	if fresh > 0 {
		head += " · " + l.Tf("%d new", fresh)
	}
	out := []string{m.styles.Header.Render(head)}
	if len(events) == 0 {
		if rows > 0 {
			out = append(out, m.styles.Muted.Render(m.emptyText(l.T("no events yet"))))
		}
		return out
	}
	base := len(todos)
	off := offset(m.cursor-base, len(events), rows)
	now := m.opts.Now()
	for i := off; i < len(events) && i < off+rows; i++ {
		e := events[i].event
		when := m.styles.Muted.Render(m.stamp(e.CreatedAt.Time, now))
		out = append(out, m.row(w, base+i == m.cursor, !e.Seen, m.accountMark(events[i])+when+" "+eventLine(m.opts.Locale, e.Event, m.members[events[i].member].snap.State.Counts)))
	}
	return out
}

// accountMark is the word before a row that says its account, when
// several are on the screen (a word, never colour alone).
func (m *Model) accountMark(it item) string {
	if !m.several() || m.filter >= 0 {
		return ""
	}
	return m.styles.Muted.Render(fmt.Sprintf("%-*s ", m.labelWidth(), textclean.Line(m.members[it.member].acct.Label)))
}

func (m *Model) labelWidth() int {
	w := 0
	for _, mem := range m.members {
		w = max(w, ansi.StringWidth(mem.acct.Label))
	}
	return w
}

// shownStates are the states of the accounts on the screen.
func (m *Model) shownStates() []*poll.State {
	var out []*poll.State
	for i, mem := range m.members {
		if m.shows(i) {
			out = append(out, &mem.snap.State)
		}
	}
	return out
}

// accountNames names each account beside the label its rows carry: "ap
// Pekárna Acme s.r.o. · bs Beta s.r.o." (the slug until the account's
// settings are read).
func (m *Model) accountNames(short bool) string {
	parts := make([]string, len(m.members))
	for i, mem := range m.members {
		name := mem.snap.State.AccountName
		if name == "" {
			name = mem.acct.Slug
		}
		if first, _, ok := strings.Cut(name, " "); short && ok {
			name = first
		}
		parts[i] = mem.acct.Label + " " + name
	}
	return strings.Join(parts, " · ")
}

// accountsLegend names the accounts beside the short codes their rows
// carry, in w cells where it can: without "kasa monitor", then each company
// by its first word, before anything is cut (issue 28: at 40 columns the
// codes were explained nowhere).
func (m *Model) accountsLegend(w int) string {
	l := m.opts.Locale
	count := l.Nf(len(m.members), "%d account|%d accounts", len(m.members)) + ": "
	legend := "kasa monitor · " + count + m.accountNames(false)
	for _, next := range []string{count + m.accountNames(false), count + m.accountNames(true), m.accountNames(true)} {
		if ansi.StringWidth(textclean.Line(legend)) <= w {
			break
		}
		legend = next
	}
	return legend
}

// states are every account's state.
func (m *Model) states() []*poll.State {
	out := make([]*poll.State, len(m.members))
	for i, mem := range m.members {
		out[i] = &mem.snap.State
	}
	return out
}

func (m *Model) emptyText(s string) string {
	if !m.loaded() {
		return "  " + m.opts.Locale.T("loading…")
	}
	for _, st := range m.shownStates() {
		if !st.LastSuccess.IsZero() {
			return "  " + s
		}
	}
	return "  " + m.opts.Locale.T("loading…")
}

// row draws one item: cursor marker, new marker, text.
func (m *Model) row(w int, selected, isNew bool, text string) string {
	cur, mark := " ", " "
	if selected {
		cur = markCursor
	}
	if isNew {
		mark = m.styles.Title.Render(markNew)
	}
	line := fit(cur+mark+" "+text, w)
	if selected {
		return m.styles.Selected.Render(ansi.Strip(line))
	}
	return line
}

// offset scrolls a list so that the cursor (an index into it, or outside
// it) stays in view.
func offset(cursor, n, rows int) int {
	if rows <= 0 || cursor < rows || cursor >= n {
		return 0
	}
	return cursor - rows + 1
}

// stamp is an event's time: "14:05" today, "20 Nov" before.
func (m *Model) stamp(t, now time.Time) string {
	loc := m.opts.Loc
	if loc == nil {
		loc = time.Local
	}
	t, now = t.In(loc), now.In(loc)
	// One width for times and days, so that the texts after them align.
	w := max(6, ansi.StringWidth(m.opts.Locale.DayMonth(time.Date(2026, 12, 31, 0, 0, 0, 0, time.UTC))))
	if t.Year() == now.Year() && t.YearDay() == now.YearDay() {
		return fmt.Sprintf("%-*s", w, t.Format("15:04"))
	}
	return fmt.Sprintf("%-*s", w, m.opts.Locale.DayMonth(t))
}

// eventLine is an event's readable text on one line (the events page's
// sentence), naming its record by the numbers its account's counts read.
func eventLine(l locale.Locale, e apiclient.Event, c poll.Counts) string {
	return oneLine(events.Sentence(l, e, c.Number))
}

// oneLine is the service's text (a to-do, an event's sentence) cleaned,
// on one line with single spaces.
func oneLine(s string) string {
	return strings.Join(strings.Fields(textclean.Line(s)), " ")
}

func (m *Model) countLines(w int) []string {
	if m.several() {
		return m.accountCountLines(w)
	}
	c := m.members[0].snap.State.Counts
	l := m.opts.Locale
	label := func(s string) string { return m.styles.Header.Render(fmt.Sprintf("%-14s", l.T(s))) }
	if !c.Known {
		return []string{label(locale.Key("Overdue")) + m.styles.Muted.Render(l.T("not counted yet")),
			label(locale.Key("Unpaid")) + "–", label(locale.Key("Low stock")) + "–"}
	}
	overdue := l.Nf(c.OverdueInvoices, "%d invoice|%d invoices", c.OverdueInvoices) + " · " + l.Nf(c.OverdueExpenses, "%d expense|%d expenses", c.OverdueExpenses)
	if c.OverdueInvoices+c.OverdueExpenses > 0 {
		overdue = m.styles.Warning.Render(markAlert+" ") + overdue
	}
	unpaid := m.unpaid(c)
	low := l.Nf(c.LowStock, "%d item below minimum|%d items below minimum", c.LowStock)
	if c.LowStock > 0 {
		low = m.styles.Warning.Render(markAlert+" ") + low
	}
	lines := []string{label(locale.Key("Overdue")) + overdue, label(locale.Key("Unpaid")) + strings.Join(unpaid, " · ") + m.unpaidAll(c), label(locale.Key("Low stock")) + low}
	if m.height >= 20 {
		// Counts are taken less often than the lists: say when.
		head := m.styles.Header.Render(l.T("Counts")) + m.styles.Muted.Render(" · "+l.Tf("as of %s", m.clock(c.At, m.opts.Now())))
		lines = append([]string{head}, lines...)
	}
	return lines
}

// statusLines say when data was fetched, when the next fetch is, and the
// projected use of the month's quota.
func (m *Model) statusLines(w int) []string {
	if m.several() {
		return m.accountStatusLines(w)
	}
	l := m.opts.Locale
	mem := m.members[0]
	st := &mem.snap.State
	plan := mem.snap.Plan
	now := m.opts.Now()
	var first string
	switch {
	case !mem.loaded:
		first = l.T("reading the cache…")
	case st.Failures > 0 && !st.LastSuccess.IsZero():
		first = m.styles.Error.Render(markAlert+" "+l.Tf("offline: data from %s (%s old)", m.clock(st.LastSuccess, now), short(now.Sub(st.LastSuccess)))) +
			m.styles.Muted.Render(" · "+l.Tf("retry %s", m.clock(mem.snap.Next, now)))
	case st.Failures > 0:
		first = m.styles.Error.Render(markAlert+" "+failure(l, st.LastStatus)) + m.styles.Muted.Render(" · "+l.Tf("retry %s", m.clock(mem.snap.Next, now)))
	case st.LastSuccess.IsZero():
		first = m.styles.Muted.Render(l.T("not fetched yet"))
	default:
		first = m.styles.Muted.Render(l.Tf("fetched %s · next %s · every %s", m.clock(st.LastSuccess, now), m.clock(mem.snap.Next, now), short(plan.Interval)))
	}
	limit := st.Limit
	var second string
	switch {
	case limit == 0:
		second = l.T("quota: not read yet")
	case plan.Exhausted:
		second = l.Tf("quota: share used (%d of %d) · resumes %s", st.MonitorUsed, plan.MonthShare, l.DayMonth(plan.MonthEnd.In(m.loc())))
	default:
		second = l.Tf("quota: ~%d of %d projected this month · %d used · %s of %s", plan.Projected, plan.MonthShare, st.MonitorUsed, percent(m.opts.SharePercent), m.thousands(limit))
		if ansi.StringWidth(second) > w {
			second = l.Tf("quota ~%d/%d · %d used · %s of %s", plan.Projected, plan.MonthShare, st.MonitorUsed, percent(m.opts.SharePercent), m.thousands(limit))
		}
	}
	return []string{first, m.styles.Muted.Render(second)}
}

func (m *Model) loc() *time.Location {
	if m.opts.Loc != nil {
		return m.opts.Loc
	}
	return time.Local
}

// clock is a time of day, with the date when it is not today.
func (m *Model) clock(t, now time.Time) string {
	t, now = t.In(m.loc()), now.In(m.loc())
	if t.Year() == now.Year() && t.YearDay() == now.YearDay() {
		return t.Format("15:04")
	}
	return m.opts.Locale.DayMonth(t) + " " + t.Format("15:04")
}

// short is a duration as "45s", "30m", "6h43m", "2d3h".
func short(d time.Duration) string {
	switch {
	case d < time.Minute:
		return fmt.Sprintf("%ds", int(d.Seconds()))
	case d < time.Hour:
		return fmt.Sprintf("%dm", int(d.Minutes()))
	case d < 48*time.Hour:
		h := int(d.Hours())
		if mins := int(d.Minutes()) % 60; mins != 0 {
			return fmt.Sprintf("%dh%02dm", h, mins)
		}
		return fmt.Sprintf("%dh", h)
	default:
		return fmt.Sprintf("%dd%dh", int(d.Hours())/24, int(d.Hours())%24)
	}
}

func percent(p float64) string {
	if p <= 0 {
		p = poll.DefaultShare * 100
	}
	return fmt.Sprintf("%g%%", p)
}

// thousands writes 20000 as the locale groups it: "20,000", "20 000".
func (m *Model) thousands(n int) string {
	return m.opts.Locale.Number(decimal.NewFromInt(int64(n)), 0)
}

// money is an unpaid sum as the locale writes money; a sum that is not a
// number is shown as it came.
func (m *Model) money(a poll.Amount) string {
	v, err := decimal.NewFromString(a.Amount)
	if err != nil {
		return a.Amount + " " + a.Currency
	}
	return m.opts.Locale.Money(v, a.Currency)
}

// fit cuts or pads a line to exactly w columns.
func fit(s string, w int) string {
	if ansi.StringWidth(s) > w {
		s = textfit.Cut(s, w)
	}
	if pad := w - ansi.StringWidth(s); pad > 0 {
		s += strings.Repeat(" ", pad)
	}
	return s
}

// unpaid are the unpaid totals, one per currency, or "nothing".
func (m *Model) unpaid(c poll.Counts) []string {
	out := make([]string, 0, len(c.Unpaid))
	for _, a := range c.Unpaid {
		out = append(out, m.money(a))
	}
	if len(out) == 0 {
		return []string{m.opts.Locale.T("nothing")}
	}
	return out
}

// unpaidAll is " · in all CZK …" when the unpaid is owed in several
// currencies: their sum in the account's currency; "" otherwise.
func (m *Model) unpaidAll(c poll.Counts) string {
	if c.UnpaidNative == nil {
		return ""
	}
	return " · " + m.opts.Locale.Tf("in all %s", m.money(*c.UnpaidNative))
}
