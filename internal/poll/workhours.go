package poll

import "time"

// OffHoursWeight is how much an hour outside working hours weighs against a
// working hour in the budget's pace: off hours are read 8 times less often.
const OffHoursWeight = 0.125

// WorkHours are when the bookkeeper works, in the quota month's zone: the
// request budget is spent mostly then (settings: [budget] work_days,
// work_start, work_end).
type WorkHours struct {
	// Days are the working weekdays.
	Days [7]bool
	// Start and End bound the working day, from midnight (End > Start).
	Start, End time.Duration
}

// DefaultWork is Monday to Friday, 07:00 to 19:00.
var DefaultWork = WorkHours{
	Days:  [7]bool{time.Monday: true, time.Tuesday: true, time.Wednesday: true, time.Thursday: true, time.Friday: true},
	Start: 7 * time.Hour, End: 19 * time.Hour,
}

func (w WorkHours) orDefault() WorkHours {
	if w.End <= w.Start || w.Days == [7]bool{} {
		return DefaultWork
	}
	return w
}

// Working reports whether t is within working hours.
func (w WorkHours) Working(t time.Time, loc *time.Location) bool {
	w = w.orDefault()
	t = t.In(zone(loc))
	if !w.Days[t.Weekday()] {
		return false
	}
	since := t.Sub(midnight(t))
	return since >= w.Start && since < w.End
}

// NextStart is the start of the next working period at or after t (t
// itself within working hours).
func (w WorkHours) NextStart(t time.Time, loc *time.Location) time.Time {
	w = w.orDefault()
	if w.Working(t, loc) {
		return t
	}
	t = t.In(zone(loc))
	for d := 0; d <= 7; d++ {
		day := midnight(t).AddDate(0, 0, d)
		start := day.Add(w.Start)
		if w.Days[day.Weekday()] && start.After(t) {
			return start
		}
	}
	return t
}

// Weighted is the time from..to with each hour outside working hours
// counted as OffHoursWeight of an hour.
func (w WorkHours) Weighted(from, to time.Time, loc *time.Location) time.Duration {
	w = w.orDefault()
	var work time.Duration
	for day := midnight(from.In(zone(loc))); day.Before(to); day = day.AddDate(0, 0, 1) {
		if !w.Days[day.Weekday()] {
			continue
		}
		s, e := day.Add(w.Start), day.Add(w.End)
		s, e = later(s, from), earlier(e, to)
		if e.After(s) {
			work += e.Sub(s)
		}
	}
	total := to.Sub(from)
	return work + time.Duration(float64(total-work)*OffHoursWeight)
}

func zone(loc *time.Location) *time.Location {
	if loc == nil {
		return time.Local
	}
	return loc
}

func midnight(t time.Time) time.Time {
	return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, t.Location())
}

func later(a, b time.Time) time.Time {
	if a.After(b) {
		return a
	}
	return b
}

func earlier(a, b time.Time) time.Time {
	if a.Before(b) {
		return a
	}
	return b
}
