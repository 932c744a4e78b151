package common

import (
	"context"
	"errors"
	"slices"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
)

// The pager's local copy (issue 26): a list whose kind the account's copy
// holds paints its first window from the copy at once, pages further there
// as the table asks, and starts a sync of its kind behind; when the sync
// brings changes the window is read again, the cursor kept on its record.
// Until the kind's copy is complete (the first run) the list asks the
// service as before, and the sync's full pass fills the copy. The copy is
// read and the sync run in Cmds, never in Update.

// localWindow is how many rows one read of the copy brings: three of the
// service's pages, so a fallback to the service pages on from there.
const localWindow = 3 * apiclient.PageSize

// localChunk is the most rows one further read brings: G on 50,000
// records reads them a chunk at a time, so the JSON read and the rows
// decoded never sit in memory all at once.
const localChunk = 2000

// syncTimeout bounds one sync: a first full pass of thousands of records
// takes many requests, each bounded by the client's own timeout.
const syncTimeout = 10 * time.Minute

// localState is what the pager knows of the copy behind its rows.
type localState struct {
	on       bool      // the rows shown come from the copy
	total    int       // rows of the query in the copy
	syncedAt time.Time // when the kind was last brought up to date
	syncing  int       // request id of the sync in flight, 0 when none
	syncErr  error     // why the latest sync failed, nil when it did not
	gen      int       // counts reads of the whole window (totals follow it)
}

// localRows is one read of the copy. miss says the copy cannot answer
// (none open, the kind not complete, a filter it does not know): the
// service is asked instead.
type localRows[T any] struct {
	req, offset, limit int
	keep               string
	rows               []T
	total              int
	state              store.SyncState
	miss               bool
}

// Synced is what a sync of one kind brought (SyncCmd).
type Synced struct {
	Kind   store.Kind
	Report mirror.Report
}

// Completed reports whether the sync made the kind's copy whole (a full
// pass): a page that read the service may read the copy now.
func (s Synced) Completed() bool { return slices.Contains(s.Report.Full, s.Kind) }

// Changed reports whether the sync changed the kind's copy.
func (s Synced) Changed() bool {
	return s.Completed() || len(s.Report.Changed[s.Kind]) > 0 || len(s.Report.Removed[s.Kind]) > 0
}

// localQuery is the list's query of the copy, when it has one.
func (g *Pager[T]) localQuery() (store.Query, bool) {
	if g.Local == nil || g.d.Store == nil {
		return store.Query{}, false
	}
	return g.Local()
}

// readLocal reads rows [offset, offset+limit) of q from the copy for req.
func (g *Pager[T]) readLocal(req int, q store.Query, offset, limit int, keep string) tea.Cmd {
	d, seen, decode := g.d, g.Seen, g.Decode
	return Route(g.page, func() tea.Msg {
		msg := localRows[T]{req: req, offset: offset, limit: limit, keep: keep, miss: true}
		st, _ := d.Local()
		if st == nil {
			return msg
		}
		ctx, cancel := d.context()
		defer cancel()
		state, err := st.State(ctx, q.Kind)
		if err != nil || !state.Complete {
			return msg
		}
		q.Offset, q.Limit = offset, limit
		raw, err := st.List(ctx, q)
		if err == nil && offset == 0 {
			msg.total, err = st.Count(ctx, q)
		}
		if err != nil {
			d.Logger.Warn("local copy not read", "kind", q.Kind, "err", err)
			return msg
		}
		c := d.client()
		if decode != nil {
			msg.rows = decode(ctx, c, raw)
		} else {
			msg.rows = mirror.Decode[T](raw)
		}
		msg.state, msg.miss = state, false
		if c != nil && seen != nil {
			seen(c.AccountSlug(), msg.rows)
		}
		return msg
	})
}

// localAnswer takes a read of the copy, dropping stale ones; a miss asks
// the service.
func (g *Pager[T]) localAnswer(m localRows[T]) tea.Cmd {
	switch m.req {
	case g.wantList:
		if m.miss {
			g.copy.on = false
			return g.fetch(m.req, 1, m.keep)
		}
		g.wantList = 0
		g.tbl.SetLoading(false)
		g.state, g.err, g.copy.on = stateReady, nil, true
		g.copy.total, g.copy.syncedAt = m.total, m.state.SyncedAt
		g.copy.gen++
		g.tbl.SetRows(m.rows)
		g.tbl.SetExhausted(len(m.rows) < m.limit)
		switch {
		case m.keep == "":
			g.tbl.SetCursor(0)
		case !g.tbl.SelectID(m.keep) && g.TopWhenGone:
			g.tbl.SetCursor(0)
		}
		return Route(g.page, g.tbl.MaybeLoadMore())
	case g.wantMore:
		if m.miss {
			// The copy went away under the list (an account switch): the
			// service pages on from the rows shown.
			g.copy.on = false
			g.last = g.tbl.Len() / apiclient.PageSize
			return g.fetch(m.req, g.last+1, "")
		}
		g.wantMore = 0
		g.tbl.SetLoading(false)
		g.tbl.AppendRows(m.rows)
		g.tbl.SetExhausted(len(m.rows) < m.limit)
		return Route(g.page, g.tbl.MaybeLoadMore())
	}
	return nil
}

// sync brings the list's kind up to date in a Cmd, unless a sync of it is
// under way: one request when nothing changed (mirror.Sync).
func (g *Pager[T]) sync() tea.Cmd {
	q, ok := g.localQuery()
	if !ok || g.copy.syncing != 0 {
		return nil
	}
	g.req++
	g.copy.syncing = g.req
	return SyncCmd(g.d, g.page, g.req, q.Kind)
}

// SyncCmd brings kind's copy up to date in a Cmd and answers page with a
// Result[Synced] for req, carrying the connection's status.
func SyncCmd(d *Deps, page ui.PageID, req int, kind store.Kind) tea.Cmd {
	return func() tea.Msg {
		c := d.client()
		st, m := d.Local()
		var rep mirror.Report
		var err error
		switch {
		case c == nil:
			err = ErrNoClient
		case st == nil || m == nil:
			err = errNoCopy
		default:
			ctx, cancel := context.WithTimeout(context.Background(), syncTimeout)
			rep, err = m.Sync(ctx, c, kind)
			cancel()
		}
		if err != nil && !errors.Is(err, errNoCopy) {
			d.Logger.Warn("sync failed", "kind", kind, "err", err.Error())
		}
		return Result[Synced]{Page: page, Req: req, Value: Synced{Kind: kind, Report: rep}, Err: err,
			Status: ConnStatus(c, err, d.Now())}
	}
}

// ReadCopy is every record of kind in the local copy, newest first, when
// the kind's copy is complete (ok false otherwise: the service is asked).
// Call it in a Cmd.
func ReadCopy[T any](ctx context.Context, d *Deps, kind store.Kind) (rows []T, ok bool) {
	st, _ := d.Local()
	if st == nil {
		return nil, false
	}
	state, err := st.State(ctx, kind)
	if err != nil || !state.Complete {
		return nil, false
	}
	raw, err := st.List(ctx, store.Query{Kind: kind})
	if err != nil {
		d.Logger.Warn("local copy not read", "kind", kind, "err", err)
		return nil, false
	}
	return mirror.Decode[T](raw), true
}

// errNoCopy is a sync asked for with no local copy open.
var errNoCopy = errors.New("no local copy open")

// synced takes a finished sync: rows from the copy are read again when it
// changed them, or when the copy became complete under rows from the
// service (the first run).
func (g *Pager[T]) synced(r Result[Synced]) tea.Cmd {
	if r.Req != g.copy.syncing {
		return nil
	}
	g.copy.syncing, g.copy.syncErr = 0, r.Err
	if r.Err != nil {
		return nil
	}
	g.copy.syncedAt = g.d.Now()
	if (g.copy.on && !r.Value.Changed()) || (!g.copy.on && !r.Value.Completed()) {
		return nil
	}
	// A read in flight, of the copy or the service, may predate the sync:
	// the copy is read again and its answer dropped.
	keep := ""
	if g.KeepID != nil {
		keep = g.KeepID()
	}
	return g.reread(keep)
}

// reread reads the list's window from the copy again, keep being the row
// to keep the cursor on.
func (g *Pager[T]) reread(keep string) tea.Cmd {
	q, ok := g.localQuery()
	if !ok {
		return nil
	}
	g.req++
	g.wantList, g.wantMore = g.req, 0
	return g.readLocal(g.req, q, 0, max(localWindow, g.tbl.Len()), keep)
}

// FromCopy reports whether the rows shown come from the local copy.
func (g *Pager[T]) FromCopy() bool { return g.copy.on }

// CatchingUp reports whether a sync of the list's kind is under way.
func (g *Pager[T]) CatchingUp() bool { return g.copy.syncing != 0 }

// Sync is a refresh of the list's kind alone (r, the shell's timer) when
// its rows come from the copy; otherwise a reload, as before.
func (g *Pager[T]) Sync(keep string) tea.Cmd {
	if !g.copy.on {
		return g.Reload(keep)
	}
	return g.sync()
}

// offline reports whether the list cannot reach the service: its load, or
// the sync behind rows from the copy, found it unreachable.
func (g *Pager[T]) offline() bool {
	return (g.state == stateFailed && isTransport(g.err)) ||
		(g.copy.on && g.copy.syncErr != nil && isTransport(g.copy.syncErr))
}

// CopyStatus is the list's counts and freshness when its rows come from
// the copy ("" otherwise).
func (g *Pager[T]) CopyStatus(d *Deps) string {
	if !g.copy.on {
		return ""
	}
	l, n := d.L, g.tbl.Len()
	switch {
	case g.copy.syncing != 0:
		return l.Tf("%d of %d, catching up…", n, g.copy.total)
	case g.copy.syncErr != nil && isTransport(g.copy.syncErr):
		return l.Tf("%d of %d, synced %s · cannot refresh, r to retry", n, g.copy.total, Ago(l, g.copy.syncedAt, d.Now()))
	case g.copy.syncErr != nil && !errors.Is(g.copy.syncErr, errNoCopy):
		return l.Tf("%d of %d, synced %s · refresh failed, r to retry", n, g.copy.total, Ago(l, g.copy.syncedAt, d.Now()))
	case g.copy.syncedAt.IsZero():
		return l.Tf("%d of %d", n, g.copy.total)
	}
	return l.Tf("%d of %d, synced %s", n, g.copy.total, Ago(l, g.copy.syncedAt, d.Now()))
}

// KeepCmd puts a record a write answered with into the copy (or drops a
// deleted one), so the list read from it does not lag behind the service.
func KeepCmd(d *Deps, kind store.Kind, op ui.ChangeOp, id int64, rec any) tea.Cmd {
	if kind == "" || d.Store == nil {
		return nil
	}
	return func() tea.Msg {
		_, m := d.Local()
		if m == nil {
			return nil
		}
		ctx, cancel := d.context()
		defer cancel()
		var err error
		if op == ui.ChangeDeleted {
			err = m.Forget(ctx, kind, id)
		} else {
			err = m.Keep(ctx, kind, rec)
		}
		if err != nil {
			d.Logger.Warn("local copy not updated", "kind", kind, "id", id, "err", err)
		}
		return nil
	}
}
