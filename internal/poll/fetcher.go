package poll

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/report"
)

// fetcher reads one cycle's data and counts its calls. Each stream (account,
// events, to-dos, counts) is all or nothing: a stream that fails half-way is
// dropped whole, so the next cycle asks again from the same point and no
// record is lost or taken twice.
type fetcher struct {
	src       Source
	copy      func() Copy // nil: no local copy (Config.Copy)
	filled    bool        // the counts' sync filled the copy (a full pass)
	todoPages int
	calls     int
	answered  bool // the service has answered a request of this cycle
}

// pageRetries is how often one request is tried again after a server error
// once the service has answered in this cycle: a flaky service then still
// gets through a long backlog of pages (a cycle is all or nothing, and a
// backlog that always fails half-way would never be read). A service that
// fails the cycle's first request is down, and is not asked again.
const pageRetries = 2

// call runs one request (counted) with the retries above.
func (f *fetcher) call(fn func() error) error {
	for attempt := 0; ; attempt++ {
		f.calls++
		err := fn()
		if err == nil {
			f.answered = true
			return nil
		}
		if !f.answered || attempt >= pageRetries || !serverError(err) {
			return err
		}
	}
}

// serverError is a 5xx answer: worth another try, unlike a 4xx.
func serverError(err error) bool {
	var se *apiclient.ServerError
	var ue *apiclient.UnavailableError
	return errors.As(err, &se) || errors.As(err, &ue)
}

// cycleData is what a cycle read; a stream's data counts only when its done flag is set.
type cycleData struct {
	account                           *apiclient.Account
	events                            []apiclient.Event
	todos                             []apiclient.Todo
	counts                            Counts
	eventsDone, todosDone, countsDone bool
	// baseCalls is what the events cost.
	baseCalls int
}

// cycle reads the parts in order of value to the user (to-dos and events
// first) and stops at the first failure: a failing service is not asked again
// within the same cycle.
func (f *fetcher) cycle(ctx context.Context, c cycleParts) (cycleData, error) {
	var out cycleData
	var err error
	if c.account {
		err = f.call(func() (err error) { out.account, err = f.src.Account(ctx); return err })
		if err != nil {
			return out, fmt.Errorf("read the account: %w", err)
		}
	}
	if c.todos {
		if c.reconcile {
			out.todos, err = f.allTodos(ctx, c.oldestTodo)
		} else {
			out.todos, err = f.todosSince(ctx, c.todosSince)
		}
		if err != nil {
			return out, err
		}
		out.todosDone = true
	}
	// Events last of the two: whatever the service logs while it answers
	// the cycle's first request is in the log by the time it is read.
	baseStart := f.calls
	if out.events, err = f.events(ctx, c); err != nil {
		return out, err
	}
	out.eventsDone = true
	out.baseCalls = f.calls - baseStart
	if c.counts {
		start := f.calls
		if out.counts, err = f.counts(ctx); err != nil {
			return out, err
		}
		out.counts.Cost = f.calls - start
		if f.filled {
			// Filling the copy is a one-off, no refresh's cost: the budget
			// assumes DefaultCountsCost until a refresh is measured. The
			// requests are booked all the same (Run spends f.calls).
			out.counts.Cost = 0
		}
		out.countsDone = true
	}
	return out, nil
}

// events reads every event at or after since, newest first, page after page
// until a short page. A record created between two page reads shifts the
// pages by one; the overlap this makes at the page boundary is removed.
func (f *fetcher) events(ctx context.Context, c cycleParts) ([]apiclient.Event, error) {
	var all []apiclient.Event
	for page := 1; page <= maxEventPages; page++ {
		var got []apiclient.Event
		err := f.call(func() (err error) { got, err = f.src.Events(ctx, c.eventsSince, page); return err })
		if err != nil {
			return nil, fmt.Errorf("read events: %w", err)
		}
		all = appendShifted(all, got)
		if c.firstEvents || len(got) < apiclient.PageSize {
			break
		}
	}
	return all, nil
}

// appendShifted appends page to acc, leaving out the head of page that repeats
// acc's tail (the records pushed over the boundary by newer ones).
func appendShifted(acc, page []apiclient.Event) []apiclient.Event {
	if len(acc) == 0 || len(page) == 0 {
		return append(acc, page...)
	}
	maxK := min(len(acc), len(page))
	for k := maxK; k > 0; k-- {
		match := true
		for i := range k {
			if eventKey(acc[len(acc)-k+i]) != eventKey(page[i]) {
				match = false
				break
			}
		}
		if match {
			return append(acc, page[k:]...)
		}
	}
	return append(acc, page...)
}

// todosSince reads the to-dos created at or after since.
func (f *fetcher) todosSince(ctx context.Context, since time.Time) ([]apiclient.Todo, error) {
	var all []apiclient.Todo
	for page := 1; page <= f.todoPages; page++ {
		var got []apiclient.Todo
		err := f.call(func() (err error) { got, err = f.src.Todos(ctx, since, page); return err })
		if err != nil {
			return nil, fmt.Errorf("read to-dos: %w", err)
		}
		all = append(all, got...)
		if len(got) < apiclient.PageSize {
			break
		}
	}
	return all, nil
}

// allTodos reads the to-dos newest first until it has passed the oldest one
// held (so a to-do completed elsewhere is noticed) or a short page. With
// nothing held (oldest zero) it reads up to its page bound.
func (f *fetcher) allTodos(ctx context.Context, oldest time.Time) ([]apiclient.Todo, error) {
	var all []apiclient.Todo
	for page := 1; page <= f.todoPages; page++ {
		var got []apiclient.Todo
		err := f.call(func() (err error) { got, err = f.src.Todos(ctx, time.Time{}, page); return err })
		if err != nil {
			return nil, fmt.Errorf("read to-dos: %w", err)
		}
		all = append(all, got...)
		if len(got) < apiclient.PageSize || (!oldest.IsZero() && got[len(got)-1].CreatedAt.Before(oldest)) {
			break
		}
	}
	return all, nil
}

// owingStatuses are the invoice statuses the counts read: overdue, and
// with it the others that still owe (report.Owing).
var owingStatuses = [...]string{"overdue", "open", "sent"}

// counts reads the slow figures: from the account's local copy when there
// is one, else with the fewest requests that give them: the status-filtered
// invoice and expense lists and the low-quantity list.
func (f *fetcher) counts(ctx context.Context) (Counts, error) {
	if f.copy != nil {
		if cp := f.copy(); cp.Store != nil {
			if cp.Close != nil {
				defer cp.Close()
			}
			return f.countsFromCopy(ctx, cp)
		}
	}
	var t tally
	for _, status := range owingStatuses {
		for page := 1; ; page++ {
			var got []apiclient.Invoice
			err := f.call(func() (err error) { got, err = f.src.Invoices(ctx, status, page); return err })
			if err != nil {
				return Counts{}, fmt.Errorf("count %s invoices: %w", status, err)
			}
			t.invoices(status, got)
			if len(got) < apiclient.PageSize {
				break
			}
		}
	}
	for page := 1; ; page++ {
		var got []apiclient.Expense
		err := f.call(func() (err error) { got, err = f.src.Expenses(ctx, "overdue", page); return err })
		if err != nil {
			return Counts{}, fmt.Errorf("count overdue expenses: %w", err)
		}
		t.expenses(got)
		if len(got) < apiclient.PageSize {
			break
		}
	}
	for page := 1; ; page++ {
		var got []apiclient.InventoryItem
		err := f.call(func() (err error) { got, err = f.src.LowQuantity(ctx, page); return err })
		if err != nil {
			return Counts{}, fmt.Errorf("count low-stock items: %w", err)
		}
		t.c.LowStock += len(got)
		if len(got) < apiclient.PageSize {
			break
		}
	}
	return t.counts(), nil
}

// tally adds up the counts from the records read, from the service's
// pages or from the local copy alike.
type tally struct {
	c     Counts
	owing []apiclient.Invoice
}

// invoices takes invoices of one of the owing statuses.
func (t *tally) invoices(status string, invs []apiclient.Invoice) {
	if t.c.Numbers == nil {
		t.c.Numbers = map[string]string{}
	}
	t.owing = append(t.owing, invs...)
	for _, inv := range invs {
		t.c.Numbers[numberKey(apiclient.RelatedInvoice, inv.ID)] = inv.Number
		if status == "overdue" {
			t.c.OverdueInvoices++
		}
	}
}

// expenses takes overdue expenses.
func (t *tally) expenses(exps []apiclient.Expense) {
	if t.c.Numbers == nil {
		t.c.Numbers = map[string]string{}
	}
	t.c.OverdueExpenses += len(exps)
	for _, e := range exps {
		t.c.Numbers[numberKey(apiclient.RelatedExpense, e.ID)] = e.Number
	}
}

// counts are the figures taken, the unpaid sums by the one rule of "unpaid"
// (report.Owed), the list's and the overview's; the sum per currency does
// not depend on the day (no ages here).
func (t *tally) counts() Counts {
	c := t.c
	if c.Numbers == nil {
		c.Numbers = map[string]string{}
	}
	u := report.UnpaidOf(t.owing, 0)
	for _, m := range u.ByCurrency {
		if !m.Amount.IsZero() {
			c.Unpaid = append(c.Unpaid, Amount{Currency: m.Currency, Amount: m.Amount.StringFixed(2)})
		}
	}
	if len(c.Unpaid) > 1 && u.NativeCurrency != "" {
		c.UnpaidNative = &Amount{Currency: u.NativeCurrency, Amount: u.Native.StringFixed(2)}
	}
	return c
}
