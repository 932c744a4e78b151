package config

import (
	"errors"
	"fmt"
	"strings"
	"time"
)

// Default working week: the request budget is spent mostly then.
const (
	DefaultWorkDays  = "mon-fri"
	DefaultWorkHours = "07:00-19:00"
)

var dayNames = []string{"sun", "mon", "tue", "wed", "thu", "fri", "sat"}

// Work reads [refresh] work_days and work_hours: the working weekdays
// (indexed by time.Weekday) and the working day's start and end from
// midnight, local time.
func (r Refresh) Work() (days [7]bool, start, end time.Duration, err error) {
	if days, err = parseWorkDays(r.WorkDays); err != nil {
		return days, 0, 0, err
	}
	start, end, err = parseWorkHours(r.WorkHours)
	return days, start, end, err
}

// parseWorkDays reads "mon-fri", "mon,wed,fri" or "mon-wed,sat"; a range
// runs from Monday to Sunday.
func parseWorkDays(s string) ([7]bool, error) {
	var days [7]bool
	if strings.TrimSpace(s) == "" {
		return days, errors.New("no days")
	}
	for part := range strings.SplitSeq(strings.ToLower(s), ",") {
		from, to, isRange := strings.Cut(strings.TrimSpace(part), "-")
		a, b := dayIndex(from), dayIndex(to)
		if !isRange {
			b = a
		}
		if a < 0 || b < 0 {
			return days, fmt.Errorf("%q is not a day", part)
		}
		// Monday-first order, so "mon-sun" is the whole week.
		ma, mb := (a+6)%7, (b+6)%7
		if ma > mb {
			return days, fmt.Errorf("%q runs backwards", part)
		}
		for d := ma; d <= mb; d++ {
			days[(d+1)%7] = true
		}
	}
	return days, nil
}

func dayIndex(s string) int {
	s = strings.TrimSpace(s)
	for i, n := range dayNames {
		if s == n {
			return i
		}
	}
	return -1
}

// parseWorkHours reads "07:00-19:00".
func parseWorkHours(s string) (start, end time.Duration, err error) {
	from, to, ok := strings.Cut(s, "-")
	if !ok {
		return 0, 0, errors.New("no range")
	}
	a, err1 := time.Parse("15:04", strings.TrimSpace(from))
	b, err2 := time.Parse("15:04", strings.TrimSpace(to))
	if err1 != nil || err2 != nil {
		return 0, 0, errors.New("not HH:MM-HH:MM")
	}
	start = time.Duration(a.Hour())*time.Hour + time.Duration(a.Minute())*time.Minute
	end = time.Duration(b.Hour())*time.Hour + time.Duration(b.Minute())*time.Minute
	if end <= start {
		return 0, 0, errors.New("ends before it starts")
	}
	return start, end, nil
}
