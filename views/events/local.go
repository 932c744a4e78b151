package events

import (
	"context"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
)

// The event log read from the account's local copy (issue 26): all events,
// by subject and since a day, newest first; the paid events are the
// service's own list and are asked of it.

// localQuery is the log shown now as a query of the copy.
func (p *Page) localQuery() (store.Query, bool) {
	if p.paid {
		return store.Query{}, false
	}
	q := store.Query{Kind: store.Events, Filter: map[string]string{}}
	if p.filter.SubjectID != 0 {
		q.Filter["subject_id"] = strconv.FormatInt(p.filter.SubjectID, 10)
	}
	if since, err := p.filter.SinceTime(p.d.Loc); err == nil && !since.IsZero() {
		q.Filter["since"] = since.Format(time.RFC3339)
	}
	return q, true
}

// decode makes rows of events read from the copy, naming what they relate
// to as a page from the service does (the copy first, common.Names).
func (p *Page) decode(ctx context.Context, c *apiclient.Client, raw [][]byte) []Row {
	evs := mirror.Decode[apiclient.Event](raw)
	if c != nil {
		p.d.Names.Load(ctx, c, relatedRefs(evs)...)
	}
	rows := make([]Row, len(evs))
	for i, ev := range evs {
		rows[i] = rowOf(ev)
	}
	return rows
}

// selectedKey is the key of the event under the cursor ("" for none).
func (p *Page) selectedKey() string {
	r, _ := p.tbl.Selected()
	return r.Key
}
