package poll

import (
	"context"
	"errors"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// sinceOverlap re-reads a short window before the newest record held: the
// service's `since` may be strict or inclusive, and a record may become
// visible a moment after its created_at. The merge drops what is held already.
const sinceOverlap = 2 * time.Second

// DefaultTodoScanPages bounds a full to-do read (newest first): to-dos older
// than that many pages are not looked for.
const DefaultTodoScanPages = 10

// maxEventPages bounds one cycle's event read after a very long gap; what
// lies beyond would be trimmed from the held list anyway.
const maxEventPages = 100

// ErrInFlight is reported by a Run that was dropped because another runs.
var ErrInFlight = errors.New("a fetch is already running")

// Config configures a Poller.
type Config struct {
	Source Source
	// Copy gives the account's local copy for a counts refresh (called in
	// the cycle, never on the UI loop; it may open the file): the counts
	// then cost one sync of it. nil, or a Copy without a Store, reads the
	// counts page by page from Source.
	Copy    func() Copy
	Account string
	// Now is the clock (tests inject one); nil means time.Now.
	Now func() time.Time
	// Loc is the zone of the quota month; nil means time.Local.
	Loc *time.Location
	// Share of the monthly quota (0..1); 0 means DefaultShare.
	Share float64
	// Floor is the shortest interval; 0 means DefaultFloor.
	Floor time.Duration
	// Work is when the plan is mostly spent; zero means DefaultWork.
	Work WorkHours
	// EventCap and TodoCap bound what is held; 0 means the defaults.
	EventCap, TodoCap int
	// TodoScanPages bounds a full to-do read; 0 means DefaultTodoScanPages.
	TodoScanPages int
	// Requests, when set, reads a counter of the HTTP requests really sent
	// (retries included; see CountingTransport); without it each call counts one.
	Requests func() int64
}

// Result is what one Run did.
type Result struct {
	// Ran is false when the run was dropped (another in flight) or skipped
	// (the month's allowance is spent and the run was not forced).
	Ran       bool
	Err       error
	NewEvents []HeldEvent
	NewTodos  []HeldTodo
	// Requests the run cost.
	Requests int
	Next     time.Time
}

// Snapshot is a copy of the poller's state for the screen.
type Snapshot struct {
	State    State
	Plan     Plan
	Next     time.Time
	InFlight bool
}

// Poller runs fetch cycles. Run, Toggle, Snapshot and the seen marks may be
// called from different goroutines; only one Run is ever in flight.
type Poller struct {
	cfg  Config
	busy atomic.Bool

	mu          sync.Mutex
	st          State
	plan        Plan
	next        time.Time
	countsDirty bool
	lastCounter int64
}

// New makes a poller that starts from st (an empty State, or one loaded
// from the cache).
func New(cfg Config, st State) *Poller {
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	if cfg.Loc == nil {
		cfg.Loc = time.Local
	}
	if cfg.Share <= 0 || cfg.Share > 1 {
		cfg.Share = DefaultShare
	}
	if cfg.Floor <= 0 {
		cfg.Floor = DefaultFloor
	}
	if cfg.EventCap <= 0 {
		cfg.EventCap = DefaultEventCap
	}
	if cfg.TodoCap <= 0 {
		cfg.TodoCap = DefaultTodoCap
	}
	if cfg.TodoScanPages <= 0 {
		cfg.TodoScanPages = DefaultTodoScanPages
	}
	st.Version = stateVersion
	st.Account = cfg.Account
	p := &Poller{cfg: cfg, st: st}
	if cfg.Requests != nil {
		p.lastCounter = cfg.Requests()
	}
	now := cfg.Now()
	p.rollMonth(now)
	p.plan = p.planAt(now)
	// A cache younger than one interval is current: wait for the rest of it.
	p.next = now
	if !st.LastSuccess.IsZero() && st.Failures == 0 {
		if due := st.LastSuccess.Add(p.plan.Interval); due.After(now) {
			p.next = due
		}
	}
	return p
}

// Next is when the next cycle is due.
func (p *Poller) Next() time.Time {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.next
}

// Snapshot copies the state for a reader.
func (p *Poller) Snapshot() Snapshot {
	p.mu.Lock()
	defer p.mu.Unlock()
	return Snapshot{State: p.st.clone(), Plan: p.plan, Next: p.next, InFlight: p.busy.Load()}
}

// State copies the state for the cache.
func (p *Poller) State() State {
	p.mu.Lock()
	defer p.mu.Unlock()
	return p.st.clone()
}

// rollMonth starts a new quota month: the monitor's spend restarts and the
// account's counter is assumed reset until it is read again. Holds p.mu or
// runs before the poller is shared.
func (p *Poller) rollMonth(now time.Time) {
	key := MonthKey(now, p.cfg.Loc)
	if p.st.Month == key {
		return
	}
	p.st.Month = key
	p.st.MonitorUsed = 0
	start, _ := MonthBounds(now, p.cfg.Loc)
	if p.st.AccountRead.Before(start) {
		p.st.UsedAtRead = 0
		p.st.OwnSince = 0
		p.st.AccountRead = time.Time{}
	}
}

// planAt is the budget for now. Holds p.mu.
func (p *Poller) planAt(now time.Time) Plan {
	limit := p.st.Limit
	if limit <= 0 {
		// Not read yet: assume the smallest plan until the account says more.
		limit = 1500
	}
	return PlanBudget(BudgetInput{
		Now: now, Loc: p.cfg.Loc,
		Limit: limit, Used: p.st.UsedAtRead + p.st.OwnSince,
		MonitorUsed: p.st.MonitorUsed, Share: p.cfg.Share,
		CountsCost: p.st.Counts.Cost, CycleCost: p.st.CycleCost, Floor: p.cfg.Floor, Work: p.cfg.Work,
	})
}

// cycleParts says what a cycle reads besides the events.
type cycleParts struct {
	account, counts, todos, reconcile bool
	eventsSince, todosSince           time.Time
	firstEvents                       bool
	oldestTodo                        time.Time
}

// partsAt decides what this cycle reads. Holds p.mu.
func (p *Poller) partsAt(now time.Time, force bool) cycleParts {
	st := &p.st
	var c cycleParts
	every := func(n int, min time.Duration) time.Duration {
		return max(min, time.Duration(n)*p.plan.Interval)
	}
	c.account = st.AccountRead.IsZero() || now.Sub(st.AccountRead) >= every(p.plan.AccountEvery, AccountMinPeriod)
	countsAge := now.Sub(st.Counts.At)
	dayChanged := !sameDay(st.Counts.At, now, p.cfg.Loc)
	// The user's `r` reads what a cycle reads, to-dos included: counts only
	// when they may have changed, like any cycle (issue 26: `r` cost 7).
	c.counts = !st.Counts.Known ||
		(countsAge >= every(p.plan.CountsEvery, CountsMinPeriod) && (p.countsDirty || dayChanged))
	c.todos = !st.Baseline || force || st.TodosRead.IsZero() || now.Sub(st.TodosRead) >= TodosPeriod
	c.reconcile = c.todos && (!st.Baseline || force || now.Sub(st.TodosReconciled) >= every(p.plan.CountsEvery, CountsMinPeriod))
	if !st.Baseline && len(st.Events) == 0 {
		c.firstEvents = true
	} else if t := st.newestEvent(); !t.IsZero() {
		c.eventsSince = t.Add(-sinceOverlap)
	} else {
		c.eventsSince = st.LastSuccess.Add(-sinceOverlap)
	}
	if t := st.newestTodo(); !t.IsZero() {
		c.todosSince = t.Add(-sinceOverlap)
	} else {
		c.todosSince = st.TodosReconciled.Add(-sinceOverlap)
	}
	for _, t := range st.Todos {
		if c.oldestTodo.IsZero() || t.CreatedAt.Before(c.oldestTodo) {
			c.oldestTodo = t.CreatedAt.Time
		}
	}
	// What cannot be paid for is left out; a forced run (the user's `r`) pays anyway.
	if !force {
		cost := func() float64 {
			n := float64(BaseRequests)
			if c.account {
				n++
			}
			if c.todos {
				n++
			}
			if c.counts {
				n += float64(max(st.Counts.Cost, DefaultCountsCost))
			}
			return n
		}
		if cost() > p.plan.Allowance {
			c.counts, c.todos, c.reconcile = false, false, false
		}
		if cost() > p.plan.Allowance {
			c.account = false
		}
	}
	return c
}

func sameDay(a, b time.Time, loc *time.Location) bool {
	ya, ma, da := a.In(loc).Date()
	yb, mb, db := b.In(loc).Date()
	return ya == yb && ma == mb && da == db
}

// Due reports whether a cycle is due at now.
func (p *Poller) Due(now time.Time) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	return !now.Before(p.next)
}

// Run performs one cycle. A run while another is in flight is dropped
// (Result.Err is ErrInFlight). Unless force is set, a run whose month's
// allowance is spent does nothing and moves Next to the new month.
func (p *Poller) Run(ctx context.Context, force bool) Result {
	if !p.busy.CompareAndSwap(false, true) {
		return Result{Err: ErrInFlight}
	}
	defer p.busy.Store(false)

	now := p.cfg.Now()
	p.mu.Lock()
	p.rollMonth(now)
	p.plan = p.planAt(now)
	// A monitor with nothing to show fetches once whatever the budget says:
	// the screen would otherwise stay empty until the next month.
	force = force || !p.st.Baseline
	if p.plan.Exhausted && !force {
		p.next = p.plan.MonthEnd
		res := Result{Next: p.next}
		p.mu.Unlock()
		return res
	}
	parts := p.partsAt(now, force)
	p.mu.Unlock()

	f := fetcher{src: p.cfg.Source, copy: p.cfg.Copy, todoPages: p.cfg.TodoScanPages}
	out, err := f.cycle(ctx, parts)

	p.mu.Lock()
	defer p.mu.Unlock()
	res := Result{Ran: true, Err: err, Requests: p.spend(f.calls)}
	p.absorb(&res, out, parts, now)
	p.plan = p.planAt(now)
	p.settle(err, out.baseCalls, now)
	res.Next = p.next
	return res
}

// absorb takes what a cycle fetched into the state and the result; p.mu is held.
func (p *Poller) absorb(res *Result, out cycleData, parts cycleParts, now time.Time) {
	st := &p.st
	st.LastAttempt = now
	seen := !st.Baseline
	if out.account != nil {
		st.Limit = out.account.APICallsLimit
		st.UsedAtRead = out.account.APICallsUsed
		st.AccountName = out.account.Name
		st.AccountRead = now
		st.OwnSince = 0
	}
	if out.eventsDone {
		res.NewEvents = st.mergeEvents(out.events, parts.eventsSince, now, seen, p.cfg.EventCap)
		for _, e := range res.NewEvents {
			if countsRelevant(e.Name) {
				p.countsDirty = true
			}
		}
	}
	if out.todosDone {
		st.TodosRead = now
		if parts.reconcile {
			res.NewTodos = st.reconcileTodos(out.todos, now, seen)
			st.TodosReconciled = now
		} else {
			res.NewTodos = st.mergeTodos(out.todos, now, seen, p.cfg.TodoCap)
		}
	}
	if out.countsDone {
		out.counts.Known = true
		out.counts.At = now
		st.Counts = out.counts
		p.countsDirty = false
	}
}

// settle records a cycle's outcome and schedules the next one; p.mu is held.
func (p *Poller) settle(err error, baseCalls int, now time.Time) {
	st := &p.st
	if err != nil {
		st.Failures++
		st.LastError = err.Error()
		st.LastStatus = 0
		if er := (*apiclient.ErrorResponse)(nil); errors.As(err, &er) {
			st.LastStatus = er.StatusCode
		}
		p.next = now.Add(p.backoff())
		return
	}
	st.Failures = 0
	st.LastError = ""
	st.LastStatus = 0
	st.LastSuccess = now
	if st.Baseline {
		// A running average of the events' cost, so that a busy account's
		// paging is paid for by a longer interval (the first cycle's look
		// at the past is not typical).
		if st.CycleCost == 0 {
			st.CycleCost = float64(baseCalls)
		} else {
			st.CycleCost = 0.7*st.CycleCost + 0.3*float64(baseCalls)
		}
	}
	st.Baseline = true
	st.Cycles++
	p.next = now.Add(p.plan.Interval)
	if p.plan.Exhausted {
		p.next = p.plan.MonthEnd
	}
}

// backoff doubles from the floor with each failure in a row, up to the
// normal interval: a failing service is retried soon at first, and never
// more often than the budget would poll a working one once it keeps failing.
// Holds p.mu.
func (p *Poller) backoff() time.Duration {
	ceiling := max(p.cfg.Floor, p.plan.Interval)
	d := p.cfg.Floor
	for i := 1; i < p.st.Failures && d < ceiling; i++ {
		d *= 2
	}
	return min(d, ceiling)
}

// spend books the requests of a run or a toggle: calls counted by the
// fetcher, or the real counter's growth when there is one. Holds p.mu.
func (p *Poller) spend(calls int) int {
	n := calls
	if p.cfg.Requests != nil {
		c := p.cfg.Requests()
		n = int(c - p.lastCounter)
		p.lastCounter = c
	}
	p.st.MonitorUsed += n
	p.st.OwnSince += n
	return n
}

// countsRelevant says whether an event may have changed the counts (a
// document paid, overdue, created or removed; stock moved).
func countsRelevant(name string) bool {
	for _, p := range []string{"invoice_", "expense_", "inventory_"} {
		if strings.HasPrefix(name, p) {
			return true
		}
	}
	return false
}

// MarkSeen marks events (by key) and to-dos (by id) as seen.
func (p *Poller) MarkSeen(eventKeys []string, todoIDs []int64) {
	p.mu.Lock()
	defer p.mu.Unlock()
	keys := map[string]bool{}
	for _, k := range eventKeys {
		keys[k] = true
	}
	ids := map[int64]bool{}
	for _, id := range todoIDs {
		ids[id] = true
	}
	for i := range p.st.Events {
		if keys[p.st.Events[i].Key] {
			p.st.Events[i].Seen = true
		}
	}
	for i := range p.st.Todos {
		if ids[p.st.Todos[i].ID] {
			p.st.Todos[i].Seen = true
		}
	}
}

// MarkAllSeen marks everything held as seen.
func (p *Poller) MarkAllSeen() {
	p.mu.Lock()
	defer p.mu.Unlock()
	for i := range p.st.Events {
		p.st.Events[i].Seen = true
	}
	for i := range p.st.Todos {
		p.st.Todos[i].Seen = true
	}
}

// Toggle completes or reopens a to-do and keeps it in the list with its new
// state, so that a second toggle can undo the first.
func (p *Poller) Toggle(ctx context.Context, id int64) error {
	t, err := p.cfg.Source.ToggleTodo(ctx, id)
	p.mu.Lock()
	defer p.mu.Unlock()
	p.spend(1)
	if err != nil {
		return err
	}
	for i := range p.st.Todos {
		if p.st.Todos[i].ID == id {
			p.st.Todos[i].Todo = *t
			p.st.Todos[i].Seen = true
		}
	}
	return nil
}
