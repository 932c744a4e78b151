package common

import (
	"encoding/json"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/pagecache"
)

// The pager's cache (issue 16, start from the last data): a list that
// starts empty paints the rows it showed last time at once, marked with
// their age, while page 1 is asked for; the answer replaces them, so a
// refresh that finds nothing new costs one request per page shown, never
// one per page cached. With the service unreachable the cached rows stay,
// readable, and the list says since when it is offline. The cache is read
// and written in Cmds, never in Update.

// firstWindow is how many cached rows are decoded before the first frame;
// the rest follow in a second Cmd.
const firstWindow = 100

// cacheRead is the start of a cached list: its age and the first rows.
type cacheRead[T any] struct {
	req  int
	at   time.Time
	rows []T
	rest []json.RawMessage
}

// cacheRest is the rest of a cached list, decoded after the first frame.
type cacheRest[T any] struct {
	req  int
	rows []T
}

// cacheTarget says where a pager's rows are kept: the account and the
// page's key ("" keeps none: a search, a filter chosen by the user).
func (g *Pager[T]) cacheTarget() (account, key string) {
	if g.d.Pages == nil || g.CacheKey == nil || g.d.Client() == nil {
		return "", ""
	}
	return g.d.Client().AccountSlug(), g.CacheKey()
}

// readCache reads the cached rows for the load req.
func (g *Pager[T]) readCache(req int) tea.Cmd {
	account, key := g.cacheTarget()
	if key == "" {
		return nil
	}
	store, log := g.d.Pages, g.d.Logger
	return Route(g.page, func() tea.Msg {
		p, err := store.Load(account, key)
		if err != nil {
			log.Warn("cached page not read", "key", key, "err", err)
		}
		if p == nil || len(p.Rows) == 0 {
			return nil
		}
		first := p.Rows[:min(firstWindow, len(p.Rows))]
		rows, _ := pagecache.Decode[T](first)
		return cacheRead[T]{req: req, at: p.At, rows: rows, rest: p.Rows[len(first):]}
	})
}

// cached takes the cached rows while page 1 has not come, or when it
// could not be read (the service unreachable).
func (g *Pager[T]) cached(msg cacheRead[T]) tea.Cmd {
	failed := g.state == stateFailed && msg.req == g.req
	if (msg.req != g.wantList && !failed) || g.tbl.Len() > 0 {
		return nil // the service answered first, or rows are shown
	}
	g.tbl.SetRows(msg.rows)
	g.tbl.SetLoading(false)
	g.cachedAt = msg.at
	if len(msg.rest) == 0 {
		return nil
	}
	req, rest := msg.req, msg.rest
	return Route(g.page, func() tea.Msg {
		rows, _ := pagecache.Decode[T](rest)
		return cacheRest[T]{req: req, rows: rows}
	})
}

// cachedRest adds the rest of the cached rows while they are still shown.
func (g *Pager[T]) cachedRest(msg cacheRest[T]) tea.Cmd {
	if msg.req == g.wantList || (g.state == stateFailed && msg.req == g.req && !g.cachedAt.IsZero()) {
		g.tbl.AppendRows(msg.rows)
	}
	return nil
}

// keep writes a page that arrived into the cache: page 1 replaces what was
// kept, a next page is added to it.
func (g *Pager[T]) keep(rows []T, page int) tea.Cmd {
	account, key := g.cacheTarget()
	if key == "" {
		return nil
	}
	store, log, now := g.d.Pages, g.d.Logger, g.d.Now()
	return func() tea.Msg {
		raws := make([]json.RawMessage, 0, len(rows))
		for _, r := range rows {
			if b, err := json.Marshal(r); err == nil {
				raws = append(raws, b)
			}
		}
		var err error
		if page == 1 {
			err = store.Save(account, key, now, raws)
		} else {
			err = store.Append(account, key, raws)
		}
		if err != nil {
			log.Warn("page not cached", "key", key, "err", err)
		}
		return nil
	}
}

// CachedAt is when the rows shown were read from the service, when they
// come from the cache (zero when they are fresh).
func (g *Pager[T]) CachedAt() time.Time { return g.cachedAt }
