package mirror

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
)

// events reads the event log since the oldest kind's last list read (and
// the Events kind's own), removes what it names as removed, marks the kinds
// it names no change of to skip their list, and keeps the events. A log
// longer than maxEventPages is a gap: every kind of the pass then gets a full
// pass.
func (r *run) events(ctx context.Context, plans []*kindPlan) error {
	var since time.Time
	var wanted bool
	var evPlan *kindPlan
	for _, p := range plans {
		switch {
		case p.kind == store.Events:
			evPlan, wanted = p, true
			s := p.state.Since
			if s.IsZero() {
				s = r.begin.Add(-eventHorizon)
			}
			since = earliest(since, s)
		case !p.full || p.mayskip:
			wanted = true
			since = earliest(since, p.state.Since)
		}
	}
	if !wanted {
		return nil
	}
	evs, complete, err := r.readEvents(ctx, since.Add(-margin))
	if err != nil {
		return err
	}
	if !complete {
		r.m.logger.Info("local copy: the event log since the last sync is long; full passes instead",
			"since", since, "pages", r.m.maxEventPages)
	}
	removed, unnamed := removals(evs)
	latest, latestUnknown := latestChanges(evs)
	due := fellDue(evs)
	for _, p := range plans {
		if p.kind == store.Events {
			continue
		}
		if !complete || unnamed[p.kind] {
			p.full, p.mayskip = true, false
			continue
		}
		changedSince := p.state.Since.Add(-margin)
		p.skip = p.mayskip && latest[p.kind].Before(changedSince) && latestUnknown.Before(changedSince) &&
			r.serviceBegin().Sub(p.state.Since) < r.m.listEvery
		if p.full {
			continue
		}
		p.reread = due[p.kind]
		if ids := removed[p.kind]; len(ids) > 0 {
			if err := r.m.st.Delete(ctx, p.kind, ids...); err != nil {
				return fmt.Errorf("sync: %w", err)
			}
			r.rep.Removed[p.kind] = append(r.rep.Removed[p.kind], ids...)
		}
	}
	return r.keepEvents(ctx, evPlan, evs, complete)
}

func earliest(a, b time.Time) time.Time {
	if a.IsZero() || b.Before(a) {
		return b
	}
	return a
}

// readEvents reads the log since a time, newest first, page by page until a
// short page; complete is false when it stopped at maxEventPages.
func (r *run) readEvents(ctx context.Context, since time.Time) ([]apiclient.Event, bool, error) {
	var all []apiclient.Event
	for page := 1; page <= r.m.maxEventPages; page++ {
		evs, resp, err := r.c.Events.List(ctx, apiclient.EventListOptions{
			ListOptions: apiclient.ListOptions{Page: page}, Since: since})
		r.note(resp)
		if err != nil {
			return nil, false, fmt.Errorf("sync events: %w", err)
		}
		all = append(all, evs...)
		if len(evs) < apiclient.PageSize {
			return all, true, nil
		}
	}
	return all, false, nil
}

// removals are the records the events (newest first) name as removed, by
// kind; a record restored after its removal is not among them. unnamed are
// the kinds with a removal whose related objects name no record of the kind
// (the service names an inventory item's removal by nothing, a move's by its
// document): those kinds need a full pass.
func removals(evs []apiclient.Event) (removed map[store.Kind][]int64, unnamed map[store.Kind]bool) {
	removed, unnamed = map[store.Kind][]int64{}, map[store.Kind]bool{}
	type key struct {
		kind store.Kind
		id   int64
	}
	settled := map[key]bool{} // the newest removal or restore of a record decides
	for _, ev := range evs {
		kind, isRemoval, isRestore := removalOf(ev.Name)
		if !isRemoval && !isRestore {
			continue
		}
		id := int64(0)
		for _, o := range ev.RelatedObjects {
			if k, ok := relatedKind(o.Type); ok && k == kind {
				id = o.ID
			}
		}
		if id == 0 {
			if isRemoval {
				unnamed[kind] = true
			}
			continue
		}
		k := key{kind, id}
		if settled[k] {
			continue
		}
		settled[k] = true
		if isRemoval {
			removed[kind] = append(removed[kind], id)
		}
	}
	return removed, unnamed
}

// fellDue are the records the events name as fallen due (invoice_overdue,
// expense_overdue), by kind. The service changes their status by itself,
// and such a change need not move updated_at (the sandbox's does not), so
// updated_since may not bring them: a pass reads them one by one.
func fellDue(evs []apiclient.Event) map[store.Kind][]int64 {
	out := map[store.Kind][]int64{}
	for _, ev := range evs {
		kind, what := kindOfEvent(ev.Name)
		if what != "overdue" || getterOf(kind) == nil {
			continue
		}
		for _, o := range ev.RelatedObjects {
			if k, ok := relatedKind(o.Type); ok && k == kind && !slices.Contains(out[kind], o.ID) {
				out[kind] = append(out[kind], o.ID)
			}
		}
	}
	return out
}

// latestChanges is the time of the newest event naming each kind, and of the
// newest naming none kasa knows (which may have changed anything).
func latestChanges(evs []apiclient.Event) (map[store.Kind]time.Time, time.Time) {
	latest := map[store.Kind]time.Time{}
	var unknown time.Time
	for _, ev := range evs {
		kinds, known := kindsTouched(ev)
		if !known && ev.CreatedAt.After(unknown) {
			unknown = ev.CreatedAt.Time
		}
		for _, k := range kinds {
			if ev.CreatedAt.After(latest[k]) {
				latest[k] = ev.CreatedAt.Time
			}
		}
	}
	return latest, unknown
}

// keepEvents puts the events read into the copy, also when they were read
// for the removals only; the log is never replaced, only added to. The
// Events kind's state moves on when it was one of the pass's kinds (p).
func (r *run) keepEvents(ctx context.Context, p *kindPlan, evs []apiclient.Event, complete bool) error {
	recs := make([]store.Record, 0, len(evs))
	for i := range evs {
		rec, err := RecordOf(store.Events, &evs[i])
		if err != nil {
			return err
		}
		recs = append(recs, rec)
	}
	if err := r.m.st.Put(ctx, store.Events, recs...); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	ids := make([]int64, len(recs))
	for i, rec := range recs {
		ids[i] = rec.ID
	}
	r.rep.Changed[store.Events] = ids
	if p == nil {
		return nil
	}
	st := store.SyncState{Complete: complete, SyncedAt: r.m.now(), Since: r.serviceBegin()}
	if err := r.m.st.SetState(ctx, store.Events, st); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	return nil
}

// ids are the IDs of a kind's records in the copy (a full pass drops those
// the service no longer lists).
func (m *Mirror) ids(ctx context.Context, kind store.Kind) (map[int64]bool, error) {
	out := map[int64]bool{}
	err := m.st.Each(ctx, store.Query{Kind: kind}, func(b []byte) error {
		var v struct {
			ID int64 `json:"id"`
		}
		if json.Unmarshal(b, &v) == nil && v.ID != 0 {
			out[v.ID] = true
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("sync: %w", err)
	}
	return out, nil
}
