package locale

import (
	"fmt"
	"strconv"
	"strings"
	"time"
)

// Date writes a day: "23. 11. 2026" in Czech and Slovak (CLDR's medium date,
// with its spaces), "2026-11-23" in English as kasa always has.
func (l Locale) Date(t time.Time) string {
	if t.IsZero() {
		return ""
	}
	if l.Tag == English {
		return t.Format("2006-01-02")
	}
	return fmt.Sprintf("%d.%s%d.%s%d", t.Day(), nbsp, int(t.Month()), nbsp, t.Year())
}

// DayMonth is a day of this year, short: "20 Nov" in English, "20. 11."
// in Czech and Slovak.
func (l Locale) DayMonth(t time.Time) string {
	if l.Tag == English {
		return t.Format("02 Jan")
	}
	return fmt.Sprintf("%d.%s%d.", t.Day(), nbsp, int(t.Month()))
}

// ParseDate reads a day as any of the three languages' users write it:
// "23. 11. 2026", "23.11.2026", "2026-11-23", and "23. 11." (this year, by
// now). The day is in loc.
func (l Locale) ParseDate(s string, now time.Time, loc *time.Location) (time.Time, error) {
	in := strings.TrimSpace(s)
	if t, err := time.ParseInLocation("2006-01-02", in, loc); err == nil {
		return t, nil
	}
	parts := strings.FieldsFunc(strings.NewReplacer("\u00a0", " ").Replace(in), func(r rune) bool { return r == '.' || r == ' ' })
	if len(parts) == 2 {
		parts = append(parts, strconv.Itoa(now.In(loc).Year()))
	}
	if len(parts) != 3 {
		return time.Time{}, fmt.Errorf("%q is not a date (%s)", in, l.DateHint())
	}
	var n [3]int
	for i, p := range parts {
		v, err := strconv.Atoi(p)
		if err != nil {
			return time.Time{}, fmt.Errorf("%q is not a date (%s)", in, l.DateHint())
		}
		n[i] = v
	}
	day, month, year := n[0], n[1], n[2]
	t := time.Date(year, time.Month(month), day, 0, 0, 0, 0, loc)
	if year < 1000 || t.Day() != day || int(t.Month()) != month {
		return time.Time{}, fmt.Errorf("%q is not a date (%s)", in, l.DateHint())
	}
	return t, nil
}

// DateHint is how the language writes a date, for placeholders and messages.
func (l Locale) DateHint() string {
	switch l.Tag {
	case Czech:
		return "D. M. RRRR"
	case Slovak:
		return "D. M. RRRR"
	}
	return "YYYY-MM-DD"
}

// Days is a count of days with the right plural: "1 den", "2 dny", "5 dní";
// "1 deň", "2 dni", "5 dní"; "1 day", "2 days".
func (l Locale) Days(n int) string {
	words := map[Tag][3]string{
		Czech:   {"den", "dny", "dní"},
		Slovak:  {"deň", "dni", "dní"},
		English: {"day", "days", "days"},
	}[l.Tag]
	return strconv.Itoa(n) + " " + words[plural(l.Tag, n)]
}

// plural is the CLDR plural category of n as an index: one (0), few (1),
// other (2). Czech and Slovak: 1 one, 2-4 few, else other; English: 1 one.
func plural(tag Tag, n int) int {
	if n < 0 {
		n = -n
	}
	switch {
	case n == 1:
		return 0
	case tag != English && n >= 2 && n <= 4:
		return 1
	}
	return 2
}

// Due is the hint beside a due date, days from today: "today", "in 3 days",
// "12 days overdue" / "dnes", "za 3 dny", "12 dní po splatnosti" /
// "dnes", "o 3 dni", "12 dní po splatnosti".
func (l Locale) Due(days int) string {
	switch {
	case days == 0:
		return map[Tag]string{Czech: "dnes", Slovak: "dnes", English: "today"}[l.Tag]
	case days > 0:
		return map[Tag]string{Czech: "za ", Slovak: "o ", English: "in "}[l.Tag] + l.Days(days)
	}
	return l.Days(-days) + map[Tag]string{Czech: " po splatnosti", Slovak: " po splatnosti", English: " overdue"}[l.Tag]
}
