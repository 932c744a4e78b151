package monitor

import (
	"fmt"

	"github.com/charmbracelet/x/ansi"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/textclean"
	"strings"
)

// The footer when several accounts are watched: a line of counts and a
// line of news for each account on the screen, each led by its label.

// accountCountLines are each shown account's overdue documents, unpaid
// sums and low stock, in one line of w cells; where that would cut them,
// the unpaid sums go to a line of their own under it: money is never cut.
func (m *Model) accountCountLines(w int) []string {
	l := m.opts.Locale
	var out []string
	for i, mem := range m.members {
		if !m.shows(i) {
			continue
		}
		c := mem.snap.State.Counts
		lead := m.styles.Header.Render(fmt.Sprintf("%-*s ", m.labelWidth(), textclean.Line(mem.acct.Label)))
		if !c.Known {
			out = append(out, lead+m.styles.Muted.Render(l.T("not counted yet")))
			continue
		}
		overdue := l.Tf("overdue %d inv. · %d exp.", c.OverdueInvoices, c.OverdueExpenses)
		if c.OverdueInvoices+c.OverdueExpenses > 0 {
			overdue = m.styles.Warning.Render(markAlert+" ") + overdue
		}
		unpaid := l.Tf("unpaid %s", strings.Join(m.unpaid(c), " + ")+m.unpaidAll(c))
		line := overdue
		if c.LowStock > 0 {
			line += " · " + m.styles.Warning.Render(markAlert+" ") + l.Nf(c.LowStock, "%d item low|%d items low", c.LowStock)
		}
		if whole := lead + overdue + " · " + unpaid + strings.TrimPrefix(line, overdue); ansi.StringWidth(whole) <= w {
			out = append(out, whole)
			continue
		}
		out = append(out, lead+line, strings.Repeat(" ", m.labelWidth()+1)+unpaid)
	}
	return out
}

// accountStatusLines say for each shown account when it was read, when it
// will be next, or what keeps it from being read; one account failing
// marks only its own line.
func (m *Model) accountStatusLines(w int) []string {
	l := m.opts.Locale
	now := m.opts.Now()
	var out []string
	for i, mem := range m.members {
		if !m.shows(i) {
			continue
		}
		st, snap := &mem.snap.State, mem.snap
		lead := fmt.Sprintf("%-*s ", m.labelWidth(), textclean.Line(mem.acct.Label))
		var line string
		switch {
		case !mem.loaded:
			line = m.styles.Muted.Render(lead + l.T("reading the cache…"))
		case st.Failures > 0:
			line = m.styles.Error.Render(lead+markAlert+" "+failure(l, st.LastStatus)) + m.styles.Muted.Render(" · "+l.Tf("retry %s", m.clock(snap.Next, now)))
			if !st.LastSuccess.IsZero() {
				line += m.styles.Muted.Render(" · " + l.Tf("data of %s", m.clock(st.LastSuccess, now)))
			}
		case st.LastSuccess.IsZero():
			line = m.styles.Muted.Render(lead + l.T("not fetched yet"))
		default:
			line = m.styles.Muted.Render(lead + l.Tf("read %s · next %s · ~%d of %d this month",
				m.clock(st.LastSuccess, now), m.clock(snap.Next, now), snap.Plan.Projected, snap.Plan.MonthShare))
		}
		out = append(out, fit(line, w))
	}
	return out
}

// failure names what keeps an account from being read, by the HTTP status
// of its last failure.
func failure(l locale.Locale, status int) string {
	switch {
	case status == 401:
		return l.T("access revoked (401): sign in again")
	case status == 402:
		return l.T("account blocked (402): the subscription is unpaid")
	case status == 403:
		return l.T("refused (403)")
	case status == 429:
		return l.T("rate limited (429)")
	case status >= 500:
		return l.Tf("the service is failing (%d)", status)
	}
	return l.T("cannot reach the service")
}
