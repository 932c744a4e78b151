package common

import (
	"context"
	"reflect"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// Pager is the one paging of kasa's lists. A list whose kind the account's
// local copy holds (Local) reads its rows from the copy and pages there as
// the table asks, while a sync of its kind runs behind (see localpager.go);
// otherwise, and until the copy is complete, it asks the service: page 1 on
// a load, the next page of 40 when the table asks (table.NeedMoreMsg),
// exhausted after a short page. It keeps the ids of the requests it waits
// for and drops every other answer (a refresh overtaking a load). A failed
// next page keeps the rows and toasts; the table may ask again. ListPage
// pages with it, and so does a page that draws its list its own way (the
// event log).
type Pager[T any] struct {
	d       *Deps
	page    ui.PageID
	noun    string
	tbl     *table.Model[T]
	request func(page int) Fetch[T]
	// TopWhenGone puts the cursor on the first row when the row to keep is
	// gone after a reload (the event log: news is at the top); otherwise
	// the cursor stays where it was.
	TopWhenGone bool
	// Local is what the list shows now as a query of the local copy; ok
	// false (or nil) reads the service alone.
	Local func() (q store.Query, ok bool)
	// KeepID is the row to keep the cursor on when a sync changed the rows
	// (nil: the top).
	KeepID func() string
	// Decode, when set, makes the rows of records read from the copy
	// (nil: mirror.Decode); it runs in the Cmd that read them, c being the
	// current client (nil when none).
	Decode func(ctx context.Context, c *apiclient.Client, raw [][]byte) []T
	// Seen, when set, is told the rows that arrived, from the service or
	// the copy, in the Cmd that brought them (names for the session).
	Seen func(account string, rows []T)
	copy localState

	state    listState
	err      error
	req      int
	wantList int // request id of the full load in flight, 0 when none
	wantMore int // request id of the next page in flight, 0 when none
	last     int // last page loaded
}

// Fetch is the request for one page, made in Update with what the page
// shows at that moment (search, filters, mode) and run in a Cmd.
type Fetch[T any] func(ctx context.Context, c *apiclient.Client) ([]T, error)

// pageAnswer is one fetched page.
type pageAnswer[T any] struct {
	Rows   []T
	Page   int
	KeepID string // the row to keep the cursor on (refresh)
}

// NewPager pages tbl for the page with id page; request makes the request
// for page n. noun ("events") names the rows in the log and in the toast
// of a failed next page.
func NewPager[T any](d *Deps, page ui.PageID, noun string, tbl *table.Model[T], request func(page int) Fetch[T]) *Pager[T] {
	return &Pager[T]{d: d, page: page, noun: noun, tbl: tbl, request: request}
}

// Loading reports whether a load or a next page is in flight.
func (g *Pager[T]) Loading() bool { return g.wantList != 0 || g.wantMore != 0 }

// Ready reports whether the latest full load arrived.
func (g *Pager[T]) Ready() bool { return g.state == stateReady }

// Err is why the latest full load failed, nil unless it did.
func (g *Pager[T]) Err() error {
	if g.state != stateFailed {
		return nil
	}
	return g.err
}

// Reload asks for the first page again; the rows shown stay until it
// comes, and keep is the row to keep the cursor on ("" for the top).
func (g *Pager[T]) Reload(keep string) tea.Cmd {
	g.req++
	g.wantList, g.wantMore = g.req, 0
	if g.state != stateReady || g.tbl.Len() == 0 {
		g.state = stateLoading
	}
	g.tbl.SetLoading(g.tbl.Len() == 0)
	if q, ok := g.localQuery(); ok {
		return tea.Batch(g.readLocal(g.req, q, 0, max(localWindow, g.tbl.Len()), keep), g.sync())
	}
	return g.fetch(g.req, 1, keep)
}

// Restart empties the table and loads the first page: for a change of what
// the list shows, whose old rows would mislead until the answer.
func (g *Pager[T]) Restart() tea.Cmd {
	g.tbl.SetRows(nil)
	return g.Reload("")
}

func (g *Pager[T]) fetch(req, page int, keep string) tea.Cmd {
	f, seen := g.request(page), g.Seen
	return Call(g.d, g.page, req, func(ctx context.Context, c *apiclient.Client) (pageAnswer[T], error) {
		rows, err := f(ctx, c)
		if seen != nil {
			seen(c.AccountSlug(), rows)
		}
		return pageAnswer[T]{Rows: rows, Page: page, KeepID: keep}, err
	})
}

// Update takes the pager's answers and the table's asking for more; ok is
// false for any other message.
func (g *Pager[T]) Update(msg tea.Msg) (cmd tea.Cmd, ok bool) {
	switch msg := msg.(type) {
	case Result[pageAnswer[T]]:
		return g.answer(msg), true
	case table.NeedMoreMsg:
		return g.more(), true
	case localRows[T]:
		return g.localAnswer(msg), true
	case Result[Synced]:
		return g.synced(msg), true
	}
	return nil, false
}

// answer takes a fetched page, dropping stale ones.
func (g *Pager[T]) answer(r Result[pageAnswer[T]]) tea.Cmd {
	switch r.Req {
	case g.wantList:
		g.wantList = 0
		g.tbl.SetLoading(false)
		if r.Err != nil {
			g.state, g.err = stateFailed, r.Err
			return g.logCmd("load failed", r.Err)
		}
		if g.sameFirstPage(r.Value.Rows) {
			// A refresh that found nothing new: one request, and the
			// pages loaded after the first (all of them after G) stay.
			g.state, g.err = stateReady, nil
			return nil
		}
		g.state, g.err, g.last, g.copy.on = stateReady, nil, 1, false
		g.tbl.SetRows(r.Value.Rows)
		g.tbl.SetExhausted(len(r.Value.Rows) < apiclient.PageSize)
		switch keep := r.Value.KeepID; {
		case keep == "":
			g.tbl.SetCursor(0)
		case !g.tbl.SelectID(keep) && g.TopWhenGone:
			g.tbl.SetCursor(0)
		}
		return Route(g.page, g.tbl.MaybeLoadMore())
	case g.wantMore:
		g.wantMore = 0
		if r.Err != nil {
			g.tbl.SetLoading(false)
			return tea.Batch(g.logCmd("load more failed", r.Err),
				ui.Emit(ui.Toast{Text: g.d.L.Tf("Could not load more %s: %v", g.d.L.T(g.noun), r.Err), Kind: ui.ToastWarn}))
		}
		g.last = r.Value.Page
		g.tbl.AppendRows(r.Value.Rows)
		g.tbl.SetExhausted(len(r.Value.Rows) < apiclient.PageSize)
		return Route(g.page, g.tbl.MaybeLoadMore())
	}
	return nil // an answer nobody waits for any more
}

// sameFirstPage reports whether a reloaded first page is what the list
// shows at its top, read from the service (not the local copy). A list sorted
// by the user compares unequal and is reloaded as before. The first page tells whether a list changed: new
// records come first and a changed or removed one near the top shows
// there; this works for every list, searches and filters included, where
// updated_since is offered only by some endpoints and misses removals.
func (g *Pager[T]) sameFirstPage(rows []T) bool {
	if g.state != stateReady || g.copy.on || g.tbl.Len() < len(rows) ||
		(len(rows) < apiclient.PageSize && g.tbl.Len() != len(rows)) {
		return false
	}
	for i := range rows {
		if !reflect.DeepEqual(*g.tbl.Row(i), rows[i]) {
			return false // changed, or the rows are sorted another way
		}
	}
	return true
}

// more asks for the next page unless a full load is under way.
func (g *Pager[T]) more() tea.Cmd {
	if g.state != stateReady || g.wantList != 0 || g.wantMore != 0 || g.tbl.Exhausted() {
		g.tbl.SetLoading(g.wantMore != 0)
		return nil
	}
	g.req++
	g.wantMore = g.req
	g.tbl.SetLoading(true)
	if q, ok := g.localQuery(); ok && g.copy.on {
		return g.readLocal(g.req, q, g.tbl.Len(), min(max(localWindow, g.tbl.Len()), localChunk), "")
	}
	return g.fetch(g.req, g.last+1, "")
}

func (g *Pager[T]) logCmd(what string, err error) tea.Cmd {
	log, noun := g.d.Logger, g.noun
	return func() tea.Msg {
		log.Warn(what, "list", noun, "err", err)
		return nil
	}
}
