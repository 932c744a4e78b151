// Package report computes the figures over documents that a bookkeeper
// files: what remains unpaid and how old it is, the output and input VAT by
// rate over a period, what was invoiced, received and spent. The invoice
// list's totals, the overview, the monitor and `kasa report` all take their
// figures from here, so that one figure means one thing everywhere.
package report

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Day is a calendar date as a sortable number: 20261126.
type Day int

// DayOf is t's calendar date; the zero time is day 0 (no date).
func DayOf(t time.Time) Day {
	if t.IsZero() {
		return 0
	}
	y, m, d := t.Date()
	return Day(y*10000 + int(m)*100 + d)
}

// Time is the day at midnight UTC.
func (d Day) Time() time.Time {
	return time.Date(int(d)/10000, time.Month(int(d)/100%100), int(d)%100, 0, 0, 0, 0, time.UTC)
}

// Period is a month, a quarter or a year: the days From up to To inclusive.
type Period struct {
	// Name is how the period is written: 2026-11, 2026-Q4, 2026.
	Name     string
	From, To Day
}

// Contains reports whether day d falls in the period.
func (p Period) Contains(d Day) bool { return d >= p.From && d <= p.To }

// Month, Quarter and Year are the period of that kind holding day d.
func Month(d Day) Period {
	t := d.Time()
	return span(fmt.Sprintf("%04d-%02d", t.Year(), t.Month()), t.Year(), t.Month(), 1)
}

// Quarter is the calendar quarter holding d.
func Quarter(d Day) Period {
	t := d.Time()
	q := (int(t.Month()) - 1) / 3
	return span(fmt.Sprintf("%04d-Q%d", t.Year(), q+1), t.Year(), time.Month(q*3+1), 3)
}

// Year is the calendar year holding d.
func Year(d Day) Period {
	t := d.Time()
	return span(fmt.Sprintf("%04d", t.Year()), t.Year(), time.January, 12)
}

// span is months months from the first of month m.
func span(name string, y int, m time.Month, months int) Period {
	start := time.Date(y, m, 1, 0, 0, 0, 0, time.UTC)
	return Period{Name: name, From: DayOf(start), To: DayOf(start.AddDate(0, months, -1))}
}

// Shift is the period of the same kind n periods later (earlier for n < 0).
func (p Period) Shift(n int) Period {
	t := p.From.Time()
	switch {
	case strings.Contains(p.Name, "Q"):
		return Quarter(DayOf(t.AddDate(0, 3*n, 0)))
	case len(p.Name) == 4:
		return Year(DayOf(t.AddDate(n, 0, 0)))
	}
	return Month(DayOf(t.AddDate(0, n, 0)))
}

// ErrPeriod is a period that is none of YYYY-MM, YYYY-Qn, YYYY.
var ErrPeriod = errors.New("want a month (2026-11), a quarter (2026-Q4) or a year (2026)")

// ParsePeriod reads 2026-11, 2026-Q4 or 2026.
func ParsePeriod(s string) (Period, error) {
	s = strings.TrimSpace(s)
	year, rest, _ := strings.Cut(s, "-")
	y, err := strconv.Atoi(year)
	if err != nil || len(year) != 4 || y < 1900 {
		return Period{}, fmt.Errorf("period %q: %w", s, ErrPeriod)
	}
	switch {
	case rest == "" && !strings.Contains(s, "-"):
		return Year(Day(y*10000 + 101)), nil
	case len(rest) == 2 && (rest[0] == 'Q' || rest[0] == 'q') && rest[1] >= '1' && rest[1] <= '4':
		return Quarter(Day(y*10000 + (int(rest[1]-'1')*3+1)*100 + 1)), nil
	}
	m, err := strconv.Atoi(rest)
	if err != nil || len(rest) != 2 || m < 1 || m > 12 {
		return Period{}, fmt.Errorf("period %q: %w", s, ErrPeriod)
	}
	return Month(Day(y*10000 + m*100 + 1)), nil
}
