package journal

import (
	"context"
	"errors"
	"fmt"
	"slices"

	"github.com/kasa-tui/kasa/apiclient"
)

// Write is a request that changes the service, as a page asks for it.
type Write struct {
	Kind   Kind
	Target string
	Name   string
	// Fields are the values sent, in the API's form ("1200.50",
	// "2026-11-23"); a check matches a record by every one of them.
	Fields map[string]string
	// Send makes the request; its error decides the outcome.
	Send func(ctx context.Context) error
}

// Report is what became of a write or a check.
type Report struct {
	Outcome Outcome
	// Entry is the write's entry: in doubt, its ID is what a draft keeps and
	// a check asks about.
	Entry Entry
	// Err is the send's or the check's error (with Doubt: wrapped so that
	// errors.Is(err, apiclient.ErrOutcomeUnknown) holds, a 5xx included).
	Err error
	// FoundID is the record a check found (0 when the write's answer
	// carried it or nothing was found).
	FoundID int64
	// Earlier, when set, is an earlier write on the same target: still in
	// doubt (then nothing was sent: Outcome is Unsent), or found done with
	// the same fields (then nothing was sent: Outcome is Done, it was that).
	Earlier *Entry
	// Checked is true when Done or NotApplied came from a read.
	Checked bool
}

// ErrEarlierInDoubt is the Err of a write not sent because an earlier write
// on its target is still in doubt and the read that would settle it failed.
var ErrEarlierInDoubt = errors.New("an earlier write on the same record is in doubt")

// Send records w, sends it and files the answer. Before anything is sent,
// the writes still in doubt on w's target are checked: one still in doubt
// stops w (nothing is sent), one found done with the same fields is w's
// own earlier send (nothing is sent, w is done).
func (j *Journal) Send(ctx context.Context, c *apiclient.Client, w Write) Report {
	e := Entry{ID: newID(), Account: c.AccountSlug(), Kind: w.Kind, Target: w.Target, Name: w.Name, Fields: w.Fields}
	if r, stop := j.settleTarget(ctx, c, e); stop {
		return r
	}
	if ck, ok := checkerOf(w.Kind); ok {
		before, err := ck.before(ctx, c, e, j.now())
		if err != nil {
			return Report{Outcome: Unsent, Entry: e, Err: fmt.Errorf("read %s before sending: %w", e.Target, err)}
		}
		e.Before = before
	}
	e.SentAt, e.State = j.now(), StateSending
	if err := j.put(e); err != nil {
		return Report{Outcome: Unsent, Entry: e, Err: err}
	}
	err := w.Send(ctx)
	out := classify(err)
	if out != Doubt || e.Repeatable() {
		// Known, or harmless to send again: nothing to settle later. A
		// failed write leaves an entry a check will settle.
		_ = j.settle(e, out, 0)
		if out == Doubt {
			err = doubtErr(err)
		}
		return Report{Outcome: out, Entry: e, Err: err}
	}
	e.State, e.Problem = StateDoubt, err.Error()
	_ = j.put(e) // "sending" on disk reads as in doubt too
	return Report{Outcome: Doubt, Entry: e, Err: doubtErr(err)}
}

// doubtErr makes a 5xx to a write read as an unknown outcome.
func doubtErr(err error) error {
	if errors.Is(err, apiclient.ErrOutcomeUnknown) {
		return err
	}
	var er *apiclient.ErrorResponse
	if errors.As(err, &er) {
		return &apiclient.OutcomeUnknownError{Method: er.Method, Path: er.Path, Err: err}
	}
	return &apiclient.OutcomeUnknownError{Err: err}
}

// settleTarget checks the writes in doubt on e's target first; stop is true
// when e must not be sent (r says why).
func (j *Journal) settleTarget(ctx context.Context, c *apiclient.Client, e Entry) (r Report, stop bool) {
	pending, err := j.Pending(e.Account)
	if err != nil {
		return Report{Outcome: Unsent, Entry: e, Err: err}, true
	}
	for _, p := range pending {
		if p.Target != e.Target || p.Repeatable() {
			continue
		}
		got := j.check(ctx, c, p)
		switch {
		case got.Outcome == Doubt:
			earlier := got.Entry
			return Report{Outcome: Unsent, Entry: e, Earlier: &earlier, Err: fmt.Errorf("%w: %w", ErrEarlierInDoubt, got.Err)}, true
		case got.Outcome == Done && p.SameWrite(e):
			return Report{Outcome: Done, Entry: p, Earlier: &p, FoundID: got.FoundID, Checked: true}, true
		}
	}
	return Report{}, false
}

// Check reads the service to settle the write id of account: Done when its
// record is there, NotApplied when a read shows it is not, Doubt when the
// read failed (Err says why). A write settled already (by another page, at
// start) answers what it was settled as, without a request.
func (j *Journal) Check(ctx context.Context, c *apiclient.Client, id string) Report {
	e, ok, err := j.Get(c.AccountSlug(), id)
	if err != nil {
		return Report{Outcome: Doubt, Entry: Entry{ID: id}, Err: err}
	}
	if !ok {
		s, found, err := j.settled(c.AccountSlug(), id)
		if err != nil || !found {
			return Report{Outcome: Doubt, Entry: Entry{ID: id}, Err: fmt.Errorf("write %s: %w", id, ErrUnknownWrite)}
		}
		return Report{Outcome: s.Outcome, Entry: s.Entry, FoundID: s.FoundID, Checked: true}
	}
	return j.check(ctx, c, e)
}

// ErrUnknownWrite: the journal has no such write (its file was removed, or
// it was settled long ago): only the user can tell by looking.
var ErrUnknownWrite = errors.New("not in the journal of writes")

func (j *Journal) check(ctx context.Context, c *apiclient.Client, e Entry) Report {
	ck, ok := checkerOf(e.Kind)
	if !ok {
		_ = j.settle(e, NotApplied, 0)
		return Report{Outcome: NotApplied, Entry: e, Checked: true}
	}
	id, found, err := ck.find(ctx, c, e)
	if err != nil {
		e.Checks++
		e.LastCheck, e.Problem, e.State = j.now(), err.Error(), StateDoubt
		_ = j.put(e)
		return Report{Outcome: Doubt, Entry: e, Err: fmt.Errorf("check %s: %w", e.Name, err)}
	}
	out := NotApplied
	if found {
		out = Done
	}
	if err := j.settle(e, out, id); err != nil {
		return Report{Outcome: Doubt, Entry: e, Err: err}
	}
	if found {
		return Report{Outcome: Done, Entry: e, FoundID: id, Checked: true}
	}
	return Report{Outcome: NotApplied, Entry: e, Checked: true}
}

// Settle checks the account's writes in doubt, oldest first, at most max of
// them (each check is a read or a few): what kasa does at start.
func (j *Journal) Settle(ctx context.Context, c *apiclient.Client, max int) ([]Report, error) {
	pending, err := j.Pending(c.AccountSlug())
	if err != nil {
		return nil, err
	}
	slices.SortFunc(pending, func(a, b Entry) int { return a.SentAt.Compare(b.SentAt) })
	var out []Report
	for i, e := range pending {
		if i >= max {
			out = append(out, Report{Outcome: Doubt, Entry: e})
			continue
		}
		out = append(out, j.check(ctx, c, e))
	}
	return out, nil
}
