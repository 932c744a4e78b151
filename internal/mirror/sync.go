package mirror

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
)

const (
	// margin is taken off Since at the next incremental read: the Date header
	// has whole seconds, clocks drift, and a change committed while the last
	// pass read may carry an earlier updated_at. Records seen again are simply
	// put again.
	margin = 2 * time.Minute
	// maxAge: a kind last synced longer ago than this gets a full pass. How far
	// back the service keeps its event log is not documented; 30 days is
	// assumed, so a removal older than that could be missing from the log.
	maxAge = 30 * 24 * time.Hour
	// maxEventPages: when the events since the last sync fill more pages than
	// this, the copy counts as having a gap and the kinds get a full pass
	// rather than reading on through the log.
	maxEventPages = 10
	// listEvery: a kind whose list was read less than this ago is not read
	// again while the event log names no change of it; at most this late, a
	// change the log does not tell of (if the service has any) is read.
	listEvery = 15 * time.Minute
	// eventHorizon is how far back the first read of the event log goes.
	eventHorizon = 30 * 24 * time.Hour
)

// pass is one Sync's work in progress; concurrent Syncs of its kinds wait for
// it and share its outcome.
type pass struct {
	done chan struct{}
	rep  Report
	err  error
}

// Sync brings the kinds (all when none are named) up to date: updated_since
// per list where the endpoint offers it (one request when nothing changed), a
// full pass where it does not (to-dos, inbox files) or when the copy cannot be
// sure (first run, schema change, a gap), and the event log for what was
// removed. The event log is read first; a kind whose list was read less than
// listEvery (15 minutes) ago and that the log names no change of is not read
// again, so a sync of one kind with nothing new costs the one request of the
// event log, of every kind two (the log and the to-dos, which have no
// events). Concurrent calls for the same kind share one pass; the Report then
// tells what that pass did. Every kind is tried; the errors are joined.
func (m *Mirror) Sync(ctx context.Context, c *apiclient.Client, kinds ...store.Kind) (Report, error) {
	if len(kinds) == 0 {
		kinds = allKinds()
	}
	var waits []*pass
	var mine []store.Kind
	m.mu.Lock()
	for _, k := range kinds {
		if p := m.passes[k]; p != nil {
			if !slices.Contains(waits, p) {
				waits = append(waits, p)
			}
		} else if !slices.Contains(mine, k) {
			mine = append(mine, k)
		}
	}
	var own *pass
	if len(mine) > 0 {
		own = &pass{done: make(chan struct{})}
		for _, k := range mine {
			m.passes[k] = own
		}
	}
	m.mu.Unlock()

	rep := newReport()
	var errs []error
	if own != nil {
		m.runShared(ctx, c, own, mine)
		rep.add(own.rep)
		errs = append(errs, own.err)
	}
	for _, p := range waits {
		select {
		case <-p.done:
			rep.add(p.rep)
			errs = append(errs, p.err)
		case <-ctx.Done():
			return rep, fmt.Errorf("sync: %w", ctx.Err())
		}
	}
	return rep, errors.Join(errs...)
}

// runShared runs the pass the concurrent Syncs of kinds wait for, and lets
// them go however it ends.
func (m *Mirror) runShared(ctx context.Context, c *apiclient.Client, p *pass, kinds []store.Kind) {
	defer func() {
		m.mu.Lock()
		for _, k := range kinds {
			delete(m.passes, k)
		}
		m.mu.Unlock()
		close(p.done)
	}()
	p.rep, p.err = m.run(ctx, c, kinds)
}

func newReport() Report {
	return Report{Changed: map[store.Kind][]int64{}, Removed: map[store.Kind][]int64{}}
}

func (r *Report) add(o Report) {
	for k, ids := range o.Changed {
		r.Changed[k] = append(r.Changed[k], ids...)
	}
	for k, ids := range o.Removed {
		r.Removed[k] = append(r.Removed[k], ids...)
	}
	r.Full = append(r.Full, o.Full...)
	r.Requests += o.Requests
}

// run is one pass over kinds.
type run struct {
	m      *Mirror
	c      *apiclient.Client
	rep    Report
	begin  time.Time     // local clock
	offset time.Duration // service clock minus local clock, from the first Date header
	dated  bool
}

// kindPlan is what a pass does for one kind.
type kindPlan struct {
	kind  store.Kind
	state store.SyncState
	full  bool
	// mayskip: the copy is complete and its list was read lately, so the
	// list is skipped (skip) when the event log names no change of the kind.
	mayskip, skip bool
	// reread are records an incremental pass reads one by one when its
	// list did not bring them (fellDue).
	reread []int64
}

func (m *Mirror) run(ctx context.Context, c *apiclient.Client, kinds []store.Kind) (Report, error) {
	r := &run{m: m, c: c, rep: newReport(), begin: m.now()}
	plans, err := r.plan(ctx, kinds)
	if err != nil {
		return r.rep, err
	}
	if err := r.events(ctx, plans); err != nil {
		return r.rep, err
	}
	var errs []error
	for _, p := range plans {
		if p.kind == store.Events {
			continue
		}
		if err := r.syncKind(ctx, p); err != nil {
			errs = append(errs, err)
		}
	}
	return r.rep, errors.Join(errs...)
}

// plan reads each kind's state and decides between an incremental and a full pass.
func (r *run) plan(ctx context.Context, kinds []store.Kind) ([]*kindPlan, error) {
	plans := make([]*kindPlan, 0, len(kinds))
	for _, k := range kinds {
		if k != store.Events && listerOf(k) == nil {
			return nil, fmt.Errorf("sync: no such kind %q", k)
		}
		st, err := r.m.st.State(ctx, k)
		if err != nil {
			return nil, fmt.Errorf("sync: %w", err)
		}
		sure := st.Complete && !st.Since.IsZero() && r.begin.Sub(st.SyncedAt) <= r.m.maxAge
		plans = append(plans, &kindPlan{kind: k, state: st, full: !sure || !incremental(k), mayskip: sure && evented(k)})
	}
	return plans, nil
}

// note learns the service's clock from an answer's Date header.
func (r *run) note(resp *apiclient.Response) {
	r.rep.Requests++
	if r.dated || resp == nil || resp.Header == nil {
		return
	}
	if t, err := http.ParseTime(resp.Header.Get("Date")); err == nil {
		r.offset, r.dated = t.Sub(r.m.now()), true
	}
}

// serviceBegin is when the pass began by the service's clock: the next
// incremental pass asks for what changed since then.
func (r *run) serviceBegin() time.Time { return r.begin.Add(r.offset) }

// syncKind lists one kind, changed since its last pass or all of it, or
// only records it fresh when the event log named no change of it.
func (r *run) syncKind(ctx context.Context, p *kindPlan) error {
	if p.skip {
		// Since stays: the next list read asks from the last one.
		st := store.SyncState{Complete: true, SyncedAt: r.m.now(), Since: p.state.Since}
		if err := r.m.st.SetState(ctx, p.kind, st); err != nil {
			return fmt.Errorf("sync: %w", err)
		}
		return nil
	}
	list := listerOf(p.kind)
	var since time.Time
	if !p.full {
		since = p.state.Since.Add(-margin)
	}
	var before map[int64]bool
	if p.full {
		var err error
		if before, err = r.m.ids(ctx, p.kind); err != nil {
			return err
		}
	}
	var all []store.Record // kinds without updated_since are small: replaced at once
	var changed []int64
	for page := 1; ; page++ {
		recs, resp, err := list(ctx, r.c, page, since)
		r.note(resp)
		if err != nil {
			return fmt.Errorf("sync %s: %w", p.kind, err)
		}
		if incremental(p.kind) {
			// Page by page, so a full pass of 50,000 records never holds them all.
			if err := r.m.st.Put(ctx, p.kind, recs...); err != nil {
				return fmt.Errorf("sync: %w", err)
			}
		} else {
			all = append(all, recs...)
		}
		for _, rec := range recs {
			changed = append(changed, rec.ID)
			delete(before, rec.ID)
		}
		if len(recs) < apiclient.PageSize {
			break
		}
	}
	got, err := r.reread(ctx, p, changed)
	if err != nil {
		return err
	}
	changed = append(changed, got...)
	if err := r.finish(ctx, p, all, before); err != nil {
		return err
	}
	r.rep.Changed[p.kind] = changed
	return nil
}

// reread reads the records of p.reread its list did not bring (listed)
// one by one and keeps them; one that is gone is left to the event log's
// removal.
func (r *run) reread(ctx context.Context, p *kindPlan, listed []int64) ([]int64, error) {
	var got []int64
	for _, id := range p.reread {
		if slices.Contains(listed, id) {
			continue
		}
		rec, resp, err := getterOf(p.kind)(ctx, r.c, id)
		r.note(resp)
		var nf *apiclient.NotFoundError
		if errors.As(err, &nf) {
			continue
		}
		if err != nil {
			return nil, fmt.Errorf("sync %s %d: %w", p.kind, id, err)
		}
		if err := r.m.st.Put(ctx, p.kind, rec); err != nil {
			return nil, fmt.Errorf("sync: %w", err)
		}
		got = append(got, id)
	}
	return got, nil
}

// finish ends a kind's pass: a full pass drops what the service no longer
// lists, and the state moves on.
func (r *run) finish(ctx context.Context, p *kindPlan, all []store.Record, stale map[int64]bool) error {
	if p.full {
		if !incremental(p.kind) {
			if err := r.m.st.ReplaceAll(ctx, p.kind, all); err != nil {
				return fmt.Errorf("sync: %w", err)
			}
		} else if err := r.m.st.Delete(ctx, p.kind, slices.Sorted(maps.Keys(stale))...); err != nil {
			return fmt.Errorf("sync: %w", err)
		}
		r.rep.Removed[p.kind] = append(r.rep.Removed[p.kind], slices.Sorted(maps.Keys(stale))...)
		r.rep.Full = append(r.rep.Full, p.kind)
	}
	st := store.SyncState{Complete: true, SyncedAt: r.m.now(), Since: r.serviceBegin()}
	if err := r.m.st.SetState(ctx, p.kind, st); err != nil {
		return fmt.Errorf("sync: %w", err)
	}
	return nil
}
