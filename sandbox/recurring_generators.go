package sandbox

import (
	"fmt"
	"time"
)

// Recurring generators: a generator with a schedule (start, period, end) that
// issues invoices by itself; paused and activated again.

func (s *Server) listRecurring(c *Ctx) {
	f, subject, ok := genFilters(c)
	if !ok {
		return
	}
	recs := c.Account.Recurring.pageNewestFirst(c.Page(), func(r *RecurringGenerator) bool {
		return genPasses(&r.Generator, f, subject)
	})
	c.OK(presentAll(c, recs, presentRecurring))
}

func (s *Server) recurringByID(c *Ctx) (*RecurringGenerator, bool) {
	return find(c, c.Account.Recurring, "id")
}

func (s *Server) getRecurring(c *Ctx) { show(c, c.Account.Recurring, presentRecurring) }

func (s *Server) createRecurring(c *Ctx) {
	a := c.Account
	if genRefuseWithoutBankAccount(c) {
		return
	}
	if lim := a.Limits.RecurringGenerators; lim > 0 && a.Recurring.Len() >= lim {
		c.Refuse("forbidden", fmt.Sprintf(msgRecurringLimit, lim))
		return
	}
	var p RecurringGeneratorParams
	r := RecurringGenerator{Generator: a.newGenerator(c.Now), Active: true}
	apply := func(body []byte, errs Errors) {
		r.RoundTotal = a.applyGeneratorParams(&r.Generator, p.GeneratorParams, body, errs)
		applyRecurringParams(&r, p, body, errs)
	}
	if !genApply(c, &p, &r.Generator, &r.RoundTotal, apply) {
		return
	}
	a.Recurring.Add(&r)
	logGenerator(c, &r.Generator, true, "created", "created")
	c.Created(c.AccountURL("recurring_generators/%d.json", r.ID), presentRecurring(c, &r))
}

func (s *Server) updateRecurring(c *Ctx) {
	a := c.Account
	cur, ok := s.recurringByID(c)
	if !ok {
		return
	}
	var p RecurringGeneratorParams
	r := *cur
	r.Tags = append([]string(nil), cur.Tags...)
	apply := func(body []byte, errs Errors) {
		if rt := a.applyGeneratorParams(&r.Generator, p.GeneratorParams, body, errs); p.RoundTotal != nil {
			r.RoundTotal = rt
		}
		applyRecurringParams(&r, p, body, errs)
	}
	if !genApply(c, &p, &r.Generator, &r.RoundTotal, apply) {
		return
	}
	r.UpdatedAt = DateTime{Time: c.Now}
	*cur = r
	logGenerator(c, &cur.Generator, true, "updated", "updated")
	c.OK(presentRecurring(c, cur))
}

func (s *Server) deleteRecurring(c *Ctx) {
	if r, ok := s.recurringByID(c); ok {
		c.Account.Recurring.del(r.ID)
		logGenerator(c, &r.Generator, true, "removed", "removed")
		c.NoContent()
	}
}

func (s *Server) pauseRecurring(c *Ctx) {
	r, ok := s.recurringByID(c)
	if !ok {
		return
	}
	if refuseRecurringSwitch(c, r, false) {
		return
	}
	r.Active = false
	r.UpdatedAt = DateTime{Time: c.Now}
	logGenerator(c, &r.Generator, true, "paused", "paused")
	c.OK(presentRecurring(c, r))
}

func (s *Server) activateRecurring(c *Ctx) {
	r, ok := s.recurringByID(c)
	if !ok {
		return
	}
	body := c.Body()
	var p struct {
		NextOccurrenceOn *Date `json:"next_occurrence_on"`
	}
	if errs := DecodeBody(body, &p); errs.Any() {
		c.Invalid(errs)
		return
	}
	if refuseRecurringSwitch(c, r, true) {
		return
	}
	today := DateOf(c.Now)
	switch {
	case p.NextOccurrenceOn != nil && !p.NextOccurrenceOn.IsZero():
		r.NextOccurrenceOn = *p.NextOccurrenceOn
	case r.NextOccurrenceOn.IsZero():
		r.NextOccurrenceOn = today
	case r.MonthsPeriod > 0:
		for r.NextOccurrenceOn.Before(today.Time) {
			r.NextOccurrenceOn = genAddMonths(r.NextOccurrenceOn, r.MonthsPeriod, r.LastDayInMonth)
		}
	}
	r.Active = true
	r.UpdatedAt = DateTime{Time: c.Now}
	// The reference: recurring_generator_created "also fires when ... a recurring
	// generator is activated again".
	logGenerator(c, &r.Generator, true, "created", "activated")
	c.OK(presentRecurring(c, r))
}

// applyRecurringParams copies the schedule attributes and checks them, and
// that the generator has lines: a recurring one issues invoices by itself.
func applyRecurringParams(r *RecurringGenerator, p RecurringGeneratorParams, body []byte, errs Errors) {
	startChanged := p.StartDate != nil && !p.StartDate.Equal(r.StartDate.Time)
	sentInto(&r.Active, p.Active)
	sentInto(&r.StartDate, p.StartDate)
	sentInto(&r.EndDate, p.EndDate)
	sentInto(&r.MonthsPeriod, p.MonthsPeriod)
	sentInto(&r.LastDayInMonth, p.LastDayInMonth)
	sentInto(&r.SendEmail, p.SendEmail)
	if genNullKeys(body)["end_date"] {
		r.EndDate = Date{}
	}
	switch {
	case p.NextOccurrenceOn != nil && !p.NextOccurrenceOn.IsZero():
		r.NextOccurrenceOn = *p.NextOccurrenceOn
	case startChanged || r.NextOccurrenceOn.IsZero():
		// The first invoice is issued on the start date.
		r.NextOccurrenceOn = r.StartDate
		if r.LastDayInMonth && !r.StartDate.IsZero() {
			r.NextOccurrenceOn = genAddMonths(r.StartDate, 0, true)
		}
	}
	if r.StartDate.IsZero() {
		errs.Add("start_date", MsgBlank)
	}
	if p.MonthsPeriod == nil && r.MonthsPeriod == 0 {
		errs.Add("months_period", MsgBlank)
	} else if r.MonthsPeriod <= 0 {
		errs.Add("months_period", msgInvPositive)
	}
	if !r.EndDate.IsZero() && !r.StartDate.IsZero() && r.EndDate.Before(r.StartDate.Time) {
		errs.Add("end_date", msgRecurringEndBeforeStart)
	}
	if len(r.Lines) == 0 && len(errs["lines"]) == 0 {
		errs.Add("lines", MsgEmpty)
	}
}

// genAddMonths moves d by n months, keeping the day of month where the target month
// has it (31 Jan + 1 month = 28/29 Feb) or, with lastDay, on the month's last day.
func genAddMonths(d Date, n int, lastDay bool) Date {
	y, m, day := d.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	if lastDay || day > last {
		day = last
	}
	return NewDate(first.Year(), first.Month(), day)
}
