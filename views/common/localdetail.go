package common

import (
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
)

// A detail page whose kind the account's local copy holds shows the
// record from the copy while the service is asked (issue 26): at once, and
// readable when the service cannot be reached (the toolbar then says the
// refresh failed). The service's answer replaces it.

// detailFromCopy is the record as the copy keeps it, for the load req.
type detailFromCopy[T any] struct {
	page ui.PageID
	req  int
	rec  *T
}

// Target implements ui.Routed.
func (m detailFromCopy[T]) Target() ui.PageID { return m.page }

// readCopy reads the record from the copy for the load req (nil when the
// page has no kind in the copy).
func (p *DetailPage[T]) readCopy(req int) tea.Cmd {
	kind, d, id, page := p.cfg.Local, p.d, p.record, p.id
	if kind == "" || d.Store == nil {
		return nil
	}
	return func() tea.Msg {
		st, _ := d.Local()
		if st == nil {
			return nil
		}
		ctx, cancel := d.context()
		defer cancel()
		raw, err := st.Get(ctx, kind, id)
		if err != nil {
			if !errors.Is(err, store.ErrNotFound) {
				d.Logger.Warn("local copy not read", "kind", kind, "id", id, "err", err)
			}
			return nil
		}
		recs := mirror.Decode[T]([][]byte{raw})
		if len(recs) == 0 {
			return nil
		}
		return detailFromCopy[T]{page: page, req: req, rec: &recs[0]}
	}
}

// fromCopy shows the copy's record until the service answers, or when it
// could not (its answer came first and failed).
func (p *DetailPage[T]) fromCopy(m detailFromCopy[T]) {
	if m.req != p.req || p.rec != nil {
		return
	}
	p.rec = m.rec
	p.Rerender()
}
