package sandbox

import (
	"strconv"
	"strings"
)

// routesTodosEvents registers the to-do and event log endpoints.
func (s *Server) routesTodosEvents() {
	s.router.handle("GET", "/accounts/:slug/todos.json", s.todoList)
	s.router.handle("POST", "/accounts/:slug/todos/:id/toggle_completion.json", s.todoToggle)
	s.router.handle("GET", "/accounts/:slug/events.json", s.eventList)
	s.router.handle("GET", "/accounts/:slug/events/paid.json", s.eventListPaid)
}

// todoList is GET todos.json: newest first, `since` on creation time.
func (s *Server) todoList(c *Ctx) {
	f, ok := c.DateFilters("since")
	if !ok {
		return
	}
	todos := c.Account.Todos.pageNewestFirst(c.Page(), func(t *Todo) bool {
		return InTimeRange(t.CreatedAt.Time, f, "since", "")
	})
	out := make([]Todo, 0, len(todos))
	for _, t := range todos {
		out = append(out, *t)
	}
	c.OK(out)
}

// todoToggle flips a to-do between open and completed, both ways.
func (s *Server) todoToggle(c *Ctx) {
	t, ok := find(c, c.Account.Todos, "id")
	if !ok {
		return
	}
	if t.Completed() {
		t.CompletedAt = DateTime{}
	} else {
		t.CompletedAt = DateTime{Time: c.Now}
	}
	c.OK(*t)
}

func (s *Server) eventList(c *Ctx) { s.eventListWhere(c, nil) }

// eventListPaid lists only the paid events of invoices and expenses.
func (s *Server) eventListPaid(c *Ctx) { s.eventListWhere(c, eventIsPaid) }

// eventIsPaid reports whether a log entry says an invoice or an expense was paid
// (invoice_paid, expense_paid, and variants such as invoice_paid_with_thank_you_note).
func eventIsPaid(ev *Event) bool {
	if !strings.HasPrefix(ev.Name, "invoice_") && !strings.HasPrefix(ev.Name, "expense_") {
		return false
	}
	return strings.HasSuffix(ev.Name, "_paid") || strings.Contains(ev.Name, "_paid_with_")
}

// eventListWhere pages the log newest first with `since`, `subject_id` and keep.
// It walks the log from the end and stops once the page is full, so a long log
// stays cheap to page through.
func (s *Server) eventListWhere(c *Ctx, keep func(*Event) bool) {
	f, ok := c.DateFilters("since")
	if !ok {
		return
	}
	a := c.Account
	var subjectID int64
	if v := strings.TrimSpace(c.Query("subject_id")); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			c.OK([]Event{}) // no subject has such an id
			return
		}
		subjectID = n
	}
	since, hasSince := f["since"]
	skip := (c.Page() - 1) * PageSize
	out := make([]Event, 0, PageSize)
	for i := len(a.Events) - 1; i >= 0 && len(out) < PageSize; i-- {
		ev := &a.Events[i]
		if hasSince && ev.CreatedAt.Before(since) {
			continue
		}
		if keep != nil && !keep(ev) {
			continue
		}
		if subjectID != 0 && !eventConcernsSubject(a, ev, subjectID) {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		out = append(out, *ev)
	}
	c.OK(out)
}

// eventConcernsSubject reports whether one of the entry's related objects is the
// subject, or a document of the subject (invoice, expense, generator, recurring
// generator) that still exists.
func eventConcernsSubject(a *Account, ev *Event, subjectID int64) bool {
	for _, r := range ev.RelatedObjects {
		switch r.Type {
		case "Subject":
			if r.ID == subjectID {
				return true
			}
		case "Invoice":
			if v, ok := a.Invoices.Get(r.ID); ok && v.SubjectID == subjectID {
				return true
			}
		case "Expense":
			if v, ok := a.Expenses.Get(r.ID); ok && v.SubjectID == subjectID {
				return true
			}
		case "Generator":
			if v, ok := a.Generators.Get(r.ID); ok && v.SubjectID == subjectID {
				return true
			}
		case "RecurringGenerator":
			if v, ok := a.Recurring.Get(r.ID); ok && v.SubjectID == subjectID {
				return true
			}
		}
	}
	return false
}
