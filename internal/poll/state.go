package poll

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"slices"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// DefaultEventCap bounds the events held (and cached): memory stays flat
// however long the monitor runs.
const DefaultEventCap = 500

// DefaultTodoCap bounds the open to-dos held.
const DefaultTodoCap = 500

// stateVersion is bumped when the cache's shape changes; an older cache is
// ignored rather than misread.
const stateVersion = 1

// HeldEvent is an event the monitor shows. Events have no id: Key is a hash
// of everything the service returns for one.
type HeldEvent struct {
	apiclient.Event
	Key     string    `json:"key"`
	Arrived time.Time `json:"arrived"`
	Seen    bool      `json:"seen"`
}

// HeldTodo is an open to-do the monitor shows (or one the user has just
// completed here; it stays, ticked, until the next reconcile so that a second
// `space` can reopen it).
type HeldTodo struct {
	apiclient.Todo
	Arrived time.Time `json:"arrived"`
	Seen    bool      `json:"seen"`
}

// Amount is a sum in one currency, as exact text.
type Amount struct {
	Currency string `json:"currency"`
	Amount   string `json:"amount"`
}

// Counts are the figures refreshed on the slow cadence.
type Counts struct {
	Known           bool     `json:"known"`
	OverdueInvoices int      `json:"overdue_invoices"`
	OverdueExpenses int      `json:"overdue_expenses"`
	LowStock        int      `json:"low_stock"`
	Unpaid          []Amount `json:"unpaid"`
	// UnpaidNative is Unpaid summed in the account's currency, when it is
	// owed in more than one currency.
	UnpaidNative *Amount   `json:"unpaid_native,omitempty"`
	At           time.Time `json:"at"`
	// Cost is the number of requests the last refresh took; 0 when it
	// filled the local copy (a full pass: not what a refresh costs).
	Cost int `json:"cost"`
	// Numbers are the numbers of the documents the counts read (the unpaid
	// invoices, the overdue expenses) by "Invoice:41": the monitor names an
	// event's record with them without a request of its own.
	Numbers map[string]string `json:"numbers,omitempty"`
}

// Number is the number of the record of the service's type ("Invoice",
// "Expense") and id, when the counts read it.
func (c Counts) Number(typ string, id int64) (string, bool) {
	n, ok := c.Numbers[numberKey(typ, id)]
	return n, ok
}

func numberKey(typ string, id int64) string { return typ + ":" + strconv.FormatInt(id, 10) }

// State is what the monitor knows: shown on screen, kept in the cache.
type State struct {
	Version int    `json:"version"`
	Account string `json:"account"`
	// AccountName is the account's company name, as its settings read
	// last: the monitor names each account it watches beside its label.
	AccountName string `json:"account_name,omitempty"`

	Todos  []HeldTodo  `json:"todos"`  // newest first
	Events []HeldEvent `json:"events"` // newest first
	Counts Counts      `json:"counts"`

	// Baseline is true once a first fetch has filled the state: what arrives
	// before it is the starting point, not news.
	Baseline bool `json:"baseline"`

	LastAttempt time.Time `json:"last_attempt"`
	LastSuccess time.Time `json:"last_success"`
	LastError   string    `json:"last_error,omitempty"`
	// LastStatus is the HTTP status of the last failure (401 revoked, 402
	// blocked, 5xx down; 0 without one), for the screen to name it.
	LastStatus int `json:"last_status,omitempty"`
	Failures   int `json:"failures"`
	// TodosReconciled is when the open to-dos were last checked in full.
	TodosReconciled time.Time `json:"todos_reconciled"`
	// TodosRead is when the to-dos were last read (in full or since).
	TodosRead time.Time `json:"todos_read,omitzero"`

	// Quota bookkeeping.
	Limit       int       `json:"limit"`
	UsedAtRead  int       `json:"used_at_read"`
	AccountRead time.Time `json:"account_read"`
	OwnSince    int       `json:"own_since_read"` // monitor requests since AccountRead
	Month       string    `json:"month"`
	MonitorUsed int       `json:"monitor_used"` // this Month
	Cycles      int       `json:"cycles"`
	// CycleCost is the running average of what reading to-dos and events costs.
	CycleCost float64 `json:"cycle_cost"`
}

// eventKey identifies an event by its content.
func eventKey(e apiclient.Event) string {
	type keyed struct {
		At      string                    `json:"a"`
		Name    string                    `json:"n"`
		Text    string                    `json:"t"`
		Related []apiclient.RelatedObject `json:"r"`
		User    int64                     `json:"u"`
		Params  map[string]any            `json:"p"`
	}
	k := keyed{At: e.CreatedAt.UTC().Format(time.RFC3339Nano), Name: e.Name, Text: e.Text, Related: e.RelatedObjects, Params: e.Params}
	if e.User != nil {
		k.User = e.User.ID
	}
	b, _ := json.Marshal(k) // maps marshal with sorted keys: stable
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:12])
}

// newestEvent is the creation time of the newest event held.
func (s *State) newestEvent() time.Time {
	var t time.Time
	for _, e := range s.Events {
		if e.CreatedAt.After(t) {
			t = e.CreatedAt.Time
		}
	}
	return t
}

// newestTodo is the creation time of the newest to-do held.
func (s *State) newestTodo() time.Time {
	var t time.Time
	for _, e := range s.Todos {
		if e.CreatedAt.After(t) {
			t = e.CreatedAt.Time
		}
	}
	return t
}

// mergeEvents adds the fetched events that are not held yet and returns them.
// fetched is every event at or after since, as one cycle read it. Identical
// events (same instant, name, text, objects, user, params) are counted, not
// merely matched: if the service holds two, the monitor shows two.
func (s *State) mergeEvents(fetched []apiclient.Event, since time.Time, now time.Time, seen bool, limit int) []HeldEvent {
	held := map[string]int{}
	for _, e := range s.Events {
		if !e.CreatedAt.Before(since) {
			held[e.Key]++
		}
	}
	got := map[string]int{}
	var added []HeldEvent
	for _, e := range fetched {
		if e.CreatedAt.Before(since) {
			continue
		}
		k := eventKey(e)
		got[k]++
		if got[k] > held[k] {
			added = append(added, HeldEvent{Event: e, Key: k, Arrived: now, Seen: seen})
		}
	}
	if len(added) == 0 {
		return nil
	}
	s.Events = append(added, s.Events...)
	// Newest first; stable so that events of one instant keep the service's order.
	slices.SortStableFunc(s.Events, func(a, b HeldEvent) int { return b.CreatedAt.Compare(a.CreatedAt.Time) })
	if limit > 0 && len(s.Events) > limit {
		s.Events = slices.Clip(s.Events[:limit])
	}
	return added
}

// mergeTodos adds to-dos not held yet (by id) and updates held ones.
func (s *State) mergeTodos(fetched []apiclient.Todo, now time.Time, seen bool, limit int) []HeldTodo {
	idx := map[int64]int{}
	for i, t := range s.Todos {
		idx[t.ID] = i
	}
	var added []HeldTodo
	for _, t := range fetched {
		if i, ok := idx[t.ID]; ok {
			s.Todos[i].Todo = t
			continue
		}
		if t.Completed() {
			continue
		}
		idx[t.ID] = -1
		added = append(added, HeldTodo{Todo: t, Arrived: now, Seen: seen})
	}
	if len(added) > 0 {
		s.Todos = append(added, s.Todos...)
		slices.SortStableFunc(s.Todos, func(a, b HeldTodo) int { return b.CreatedAt.Compare(a.CreatedAt.Time) })
	}
	if limit > 0 && len(s.Todos) > limit {
		s.Todos = slices.Clip(s.Todos[:limit])
	}
	return added
}

// reconcileTodos replaces the held to-dos with the open ones of a full read
// (down to the oldest to-do held), keeping the seen marks.
func (s *State) reconcileTodos(open []apiclient.Todo, now time.Time, seen bool) []HeldTodo {
	old := map[int64]HeldTodo{}
	for _, t := range s.Todos {
		old[t.ID] = t
	}
	next := make([]HeldTodo, 0, len(open))
	var added []HeldTodo
	for _, t := range open {
		if t.Completed() {
			continue
		}
		if h, ok := old[t.ID]; ok {
			h.Todo = t
			next = append(next, h)
			continue
		}
		h := HeldTodo{Todo: t, Arrived: now, Seen: seen}
		next = append(next, h)
		added = append(added, h)
	}
	slices.SortStableFunc(next, func(a, b HeldTodo) int { return b.CreatedAt.Compare(a.CreatedAt.Time) })
	s.Todos = next
	return added
}

// OpenTodos counts the to-dos not completed.
func (s State) OpenTodos() int {
	n := 0
	for _, t := range s.Todos {
		if !t.Completed() {
			n++
		}
	}
	return n
}

// NewEvents counts the events not seen yet.
func (s State) NewEvents() int {
	n := 0
	for _, e := range s.Events {
		if !e.Seen {
			n++
		}
	}
	return n
}

// NewTodos counts the open to-dos not seen yet.
func (s State) NewTodos() int {
	n := 0
	for _, t := range s.Todos {
		if !t.Seen && !t.Completed() {
			n++
		}
	}
	return n
}

// clone copies the state deeply enough for a reader on another goroutine:
// the slices are copied; the records in them are never changed in place
// after they are held (merges replace whole elements).
func (s *State) clone() State {
	c := *s
	c.Todos = slices.Clone(s.Todos)
	c.Events = slices.Clone(s.Events)
	c.Counts.Unpaid = slices.Clone(s.Counts.Unpaid)
	if n := s.Counts.UnpaidNative; n != nil {
		native := *n
		c.Counts.UnpaidNative = &native
	}
	return c
}
