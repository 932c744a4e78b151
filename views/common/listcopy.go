package common

import (
	"maps"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
)

// The list page's side of the local copy (issue 26); the reading and the
// syncs are the pager's (localpager.go), the totals wholetotals.go's.

// localQuery is what the list shows now as a query of the local copy: the
// search, or else the filters (a search pauses them, as the service's
// search endpoint does).
func (p *ListPage[T]) localQuery() (store.Query, bool) {
	if p.cfg.Local == "" {
		return store.Query{}, false
	}
	q := store.Query{Kind: p.cfg.Local, Search: p.query, Filter: mergeFilters(p.preset, p.filter)}
	if p.query != "" {
		q.Filter = maps.Clone(p.preset)
	}
	maps.Copy(q.Filter, p.cfg.LocalFilter)
	return q, true
}

// CatchingUp reports whether the list's kind is being brought up to date
// behind the rows shown (the status bar says so).
func (p *ListPage[T]) CatchingUp() bool { return p.pg.CatchingUp() }

// refusedOffline says why a key that needs the service does nothing while
// the list shows rows it could not refresh: the user reads them, and a
// write or an opened record waits for the service (never a silent no-op).
func (p *ListPage[T]) refusedOffline(msg tea.KeyMsg) tea.Cmd {
	if p.tbl.Len() == 0 || !p.pg.offline() {
		return nil
	}
	// A record's page reads the copy too when the rows come from it.
	needs := key.Matches(msg, p.keys.Open) && !p.pg.FromCopy()
	for _, a := range p.cfg.Marks {
		needs = needs || key.Matches(msg, a.Key)
	}
	for _, a := range p.cfg.Actions {
		needs = needs || (key.Matches(msg, a.Key) && a.Key.Enabled())
	}
	if !needs {
		return nil
	}
	return ui.Emit(ui.Toast{Text: p.d.L.T("Not sent: the service cannot be reached and this list shows the local copy. r tries again."), Kind: ui.ToastWarn})
}
