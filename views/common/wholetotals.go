package common

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
)

// The totals under a list read from the local copy cover the whole
// filtered list (issue 27), not the rows loaded: the copy's rows are summed
// in a Cmd each time the list's window is read again, and the sums say so.

// wholeTotalsTimeout bounds one pass over a kind's copy.
const wholeTotalsTimeout = time.Minute

// wholeTotals is the totals of every row of the query named key.
type wholeTotals struct {
	key    string
	totals listTotals
}

// queryKey names a query of the copy, so sums are shown only for the list
// they were made for.
func queryKey(q store.Query) string {
	keys := slices.Sorted(maps.Keys(q.Filter))
	var b strings.Builder
	fmt.Fprintf(&b, "%s|%s", q.Kind, q.Search)
	for _, k := range keys {
		fmt.Fprintf(&b, "|%s=%s", k, q.Filter[k])
	}
	return b.String()
}

// copyKey is the key of what the list shows when its rows come from the
// copy ("" when they do not).
func (p *ListPage[T]) copyKey() string {
	q, ok := p.localQuery()
	if !ok || !p.pg.FromCopy() {
		return ""
	}
	return queryKey(q)
}

// wholeTotals sums the whole filtered list in the copy after the list's
// window was read from it again (nil when nothing is to be summed).
func (p *ListPage[T]) wholeTotals() tea.Cmd {
	key := p.copyKey()
	if p.cfg.Amounts == nil || key == "" || p.pg.copy.gen == p.totalsGen {
		return nil
	}
	p.totalsGen = p.pg.copy.gen
	q, _ := p.localQuery()
	amounts, d := p.cfg.Amounts, p.d
	return Route(p.id, func() tea.Msg {
		st, _ := d.Local()
		if st == nil {
			return nil
		}
		ctx, cancel := context.WithTimeout(context.Background(), wholeTotalsTimeout)
		defer cancel()
		var all []Amounts
		err := st.Each(ctx, q, func(raw []byte) error {
			for _, r := range mirror.Decode[T]([][]byte{raw}) {
				all = append(all, amounts(r))
			}
			return nil
		})
		if err != nil {
			d.Logger.Warn("totals not read from the local copy", "kind", q.Kind, "err", err)
			return nil
		}
		var t listTotals
		t.compute(0, len(all), func(i int) Amounts { return all[i] })
		t.local = key
		return wholeTotals{key: key, totals: t}
	})
}

// takeTotals shows sums of the whole list while they are the list's.
func (p *ListPage[T]) takeTotals(w wholeTotals) {
	if w.key != p.copyKey() {
		return
	}
	show := p.totals.showRates
	p.totals = w.totals
	p.totals.showRates = show
	p.wrapped = wrappedTotals{} // wrapped again from these sums
}

// sumLoaded sums the loaded rows unless the sums of the whole list in the
// copy are the list's.
func (p *ListPage[T]) sumLoaded() bool {
	if p.totals.local != "" && p.totals.local == p.copyKey() {
		return false
	}
	if p.totals.local != "" {
		p.totals.local, p.totals.computed = "", false
		p.wrapped = wrappedTotals{}
	}
	return true
}
