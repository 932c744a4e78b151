package common

import (
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// RecordOf reads the record a ui.Changed carries, as a value or a pointer of
// type T.
func RecordOf[T any](c ui.Changed) (T, bool) {
	switch r := c.Record.(type) {
	case T:
		return r, true
	case *T:
		if r != nil {
			return *r, true
		}
	}
	var zero T
	return zero, false
}

// changed keeps the list true to a change made through kasa, spending a
// request only when it must: a deleted record's row goes, a row whose record
// came with the news is patched in place (as gh-dash does), and the list
// reloads (keeping the cursor) when a record was created or changed without
// its new state at hand, or while a load that may predate the change is on
// its way. A failed list waits for its retry.
//
// The news goes into the local copy too (KeepCmd), so a list read from it
// does not lag behind the write.
func (p *ListPage[T]) changed(c ui.Changed) tea.Cmd {
	if c.Kind == "" || c.Kind != p.cfg.Kind {
		return nil
	}
	var kept tea.Cmd
	if (c.Op == ui.ChangeDeleted && c.ID != 0) || c.Record != nil {
		kept = KeepCmd(p.d, p.cfg.Local, c.Op, c.ID, c.Record)
	}
	if p.pg.state == stateFailed {
		return kept
	}
	if p.pg.wantList != 0 {
		// A load in flight may have been answered before the change: ask
		// again (the copy once the news is in it).
		if p.pg.FromCopy() {
			return tea.Sequence(kept, p.pg.reread(p.selectedID()))
		}
		return tea.Batch(kept, p.Reload())
	}
	id := strconv.FormatInt(c.ID, 10)
	switch {
	case c.Op == ui.ChangeDeleted && c.ID != 0:
		p.tbl.RemoveID(id)
		return kept
	case c.Op == ui.ChangeUpdated && c.ID != 0:
		if rec, ok := RecordOf[T](c); ok {
			p.tbl.UpdateRow(rec)
			return kept
		}
		if !p.tbl.Has(id) {
			return kept
		}
	}
	return tea.Batch(kept, p.Reload())
}

func (p *ListPage[T]) selectedID() string {
	if sel, ok := p.tbl.Selected(); ok {
		return strconv.FormatInt(p.cfg.ID(sel), 10)
	}
	return ""
}

// changed keeps the detail true to a change of its record: it takes the
// record that came with the news, or reads it again.
func (p *DetailPage[T]) changed(c ui.Changed) tea.Cmd {
	if c.Kind != p.id.Kind || c.ID != p.record || c.Op == ui.ChangeDeleted {
		return nil
	}
	if rec, ok := RecordOf[T](c); ok {
		p.want = 0 // a load in flight would only bring older news
		p.state, p.err, p.rec = stateReady, nil, &rec
		p.Rerender()
		return nil
	}
	return p.load()
}
