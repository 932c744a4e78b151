package poll

import (
	"context"
	"fmt"
	"math/rand/v2"
	"slices"
	"sync"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// fakeClock is a clock that moves only when told.
type fakeClock struct {
	mu  sync.Mutex
	now time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *fakeClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

func (c *fakeClock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// errFault is a 503 as the API client reports it.
var errFault error = &apiclient.UnavailableError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 503, Method: "GET", Path: "/fake"}}

// fakeSource behaves like the service for what the poller reads: newest
// first, 40 a page, `since` at or after, a quota counter refreshed hourly.
type fakeSource struct {
	mu    sync.Mutex
	clock *fakeClock

	events   []apiclient.Event // oldest first
	todos    []apiclient.Todo  // oldest first
	invoices []apiclient.Invoice
	expenses []apiclient.Expense
	low      []apiclient.InventoryItem

	limit      int
	used       int // every request, the monitor's and others'
	usedShown  int // what account.json says: refreshed hourly
	usedHour   time.Time
	calls      int
	failures   int
	rng        *rand.Rand
	errorRate  float64
	down       bool
	refusal    error // when set, every request answers it (a 401, a 402)
	failOnPage int   // fail the events read on this page failTimes times (0: never)
	failTimes  int
	// beforeEventsPage runs before a page of events is served (under no lock).
	beforeEventsPage func(page int)
}

func newFakeSource(clock *fakeClock, limit int) *fakeSource {
	return &fakeSource{clock: clock, limit: limit, rng: rand.New(rand.NewPCG(1, 2))}
}

// request books one request and says whether it fails.
func (f *fakeSource) request() error {
	f.calls++
	if f.refusal != nil {
		return f.refusal
	}
	if f.down {
		return fmt.Errorf("dial: connection refused: %w", errFault)
	}
	f.used++
	if f.errorRate > 0 && f.rng.Float64() < f.errorRate {
		f.failures++
		return errFault
	}
	return nil
}

func (f *fakeSource) addEvent(at time.Time, name, text string, related ...apiclient.RelatedObject) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.events = append(f.events, apiclient.Event{Name: name, CreatedAt: apiclient.DateTime{Time: at}, Text: text, RelatedObjects: related})
}

func (f *fakeSource) addTodo(at time.Time, name, text string) int64 {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := int64(len(f.todos) + 1)
	f.todos = append(f.todos, apiclient.Todo{ID: id, Name: name, Text: text, CreatedAt: apiclient.DateTime{Time: at}})
	return id
}

func (f *fakeSource) addOther(n int) {
	f.mu.Lock()
	f.used += n
	f.mu.Unlock()
}

func page[T any](items []T, page int) []T {
	start := (max(page, 1) - 1) * apiclient.PageSize
	if start >= len(items) {
		return []T{}
	}
	return items[start:min(start+apiclient.PageSize, len(items))]
}

func newestFirst[T any](items []T, keep func(*T) bool) []T {
	var out []T
	for i := len(items) - 1; i >= 0; i-- {
		if keep(&items[i]) {
			out = append(out, items[i])
		}
	}
	return out
}

func (f *fakeSource) Events(_ context.Context, since time.Time, p int) ([]apiclient.Event, error) {
	if f.beforeEventsPage != nil {
		f.beforeEventsPage(p)
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(); err != nil {
		return nil, err
	}
	if f.failOnPage != 0 && p == f.failOnPage && f.failTimes > 0 {
		f.failTimes--
		return nil, errFault
	}
	all := newestFirst(f.events, func(e *apiclient.Event) bool { return since.IsZero() || !e.CreatedAt.Before(since) })
	return slices.Clone(page(all, p)), nil
}

func (f *fakeSource) Todos(_ context.Context, since time.Time, p int) ([]apiclient.Todo, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(); err != nil {
		return nil, err
	}
	all := newestFirst(f.todos, func(t *apiclient.Todo) bool { return since.IsZero() || !t.CreatedAt.Before(since) })
	return slices.Clone(page(all, p)), nil
}

func (f *fakeSource) Account(context.Context) (*apiclient.Account, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(); err != nil {
		return nil, err
	}
	now := f.clock.Now()
	if hour := now.Truncate(time.Hour); !hour.Equal(f.usedHour) {
		f.usedHour, f.usedShown = hour, f.used
	}
	return &apiclient.Account{APICallsLimit: f.limit, APICallsUsed: f.usedShown}, nil
}

func (f *fakeSource) Invoices(_ context.Context, status string, p int) ([]apiclient.Invoice, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(); err != nil {
		return nil, err
	}
	all := newestFirst(f.invoices, func(i *apiclient.Invoice) bool { return i.Status == status })
	return page(all, p), nil
}

func (f *fakeSource) Expenses(_ context.Context, status string, p int) ([]apiclient.Expense, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(); err != nil {
		return nil, err
	}
	all := newestFirst(f.expenses, func(e *apiclient.Expense) bool { return e.Status == status })
	return page(all, p), nil
}

func (f *fakeSource) LowQuantity(_ context.Context, p int) ([]apiclient.InventoryItem, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(); err != nil {
		return nil, err
	}
	return page(f.low, p), nil
}

func (f *fakeSource) ToggleTodo(_ context.Context, id int64) (*apiclient.Todo, error) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if err := f.request(); err != nil {
		return nil, err
	}
	for i := range f.todos {
		if f.todos[i].ID == id {
			if f.todos[i].Completed() {
				f.todos[i].CompletedAt = apiclient.DateTime{}
			} else {
				f.todos[i].CompletedAt = apiclient.DateTime{Time: f.clock.Now()}
			}
			t := f.todos[i]
			return &t, nil
		}
	}
	return nil, fmt.Errorf("to-do %d: 404", id)
}

func (f *fakeSource) setDown(down bool) {
	f.mu.Lock()
	f.down = down
	f.mu.Unlock()
}

func (f *fakeSource) stats() (calls, used int) {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.calls, f.used
}
