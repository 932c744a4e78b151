// Package mirror brings an account's local copy (internal/store) up to date
// from the service: updated_since per list, the event log for removals, and a
// full pass where the copy cannot be sure.
package mirror

import (
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"sync"
	"time"

	"github.com/kasa-tui/kasa/internal/store"
)

// Mirror syncs one account's store.
type Mirror struct {
	st     *store.Store
	logger *slog.Logger
	now    func() time.Time

	// maxAge and maxEventPages decide when the copy has a gap, listEvery
	// when a list is read though the event log names no change (sync.go);
	// tests change them.
	maxAge        time.Duration
	maxEventPages int
	listEvery     time.Duration

	mu     sync.Mutex
	passes map[store.Kind]*pass // the pass of each kind now running, shared by concurrent Syncs
}

// New makes the mirror of a store. now is the clock (time.Now when nil).
func New(st *store.Store, logger *slog.Logger, now func() time.Time) *Mirror {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	if now == nil {
		now = time.Now
	}
	return &Mirror{st: st, logger: logger, now: now, maxAge: maxAge, maxEventPages: maxEventPages, listEvery: listEvery,
		passes: map[store.Kind]*pass{}}
}

// Report says what a Sync did.
type Report struct {
	Changed  map[store.Kind][]int64 // put by this pass
	Removed  map[store.Kind][]int64
	Full     []store.Kind // kinds that had a full pass
	Requests int
}

// Keep puts records the app already holds (a write's answer, a page fetched
// another way) into the store, so a list shows them without a sync. recs is a
// record of the kind, a pointer to one, or a slice of either.
func (m *Mirror) Keep(ctx context.Context, kind store.Kind, recs any) error {
	rs, err := recordsOf(kind, recs)
	if err != nil {
		return fmt.Errorf("keep %s: %w", kind, err)
	}
	return m.st.Put(ctx, kind, rs...)
}

// Forget removes records from the store (a delete the app made).
func (m *Mirror) Forget(ctx context.Context, kind store.Kind, ids ...int64) error {
	return m.st.Delete(ctx, kind, ids...)
}

// Decode decodes the store's JSON rows; a row that does not decode is skipped
// and logged, never costing the rest.
func Decode[T any](rows [][]byte) []T {
	out := make([]T, 0, len(rows))
	for _, row := range rows {
		var v T
		if err := json.Unmarshal(row, &v); err != nil {
			slog.Default().Warn("local copy: a row does not decode; skipped",
				"type", fmt.Sprintf("%T", v), "err", err)
			continue
		}
		out = append(out, v)
	}
	return out
}
