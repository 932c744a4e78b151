package sandbox

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"
	"time"
)

// iso8601 is a date or date-time in the forms Ruby's ISO 8601 parsers
// (Time.iso8601, Time.zone.iso8601) accept: extended (2026-11-22T10:00:00)
// or basic (20261122T100000), with or without seconds and a fraction, with
// an offset (Z, +01:00, +0100, +01) or none.
var iso8601 = regexp.MustCompile(`^(\d{4})-?(\d{2})-?(\d{2})` +
	`(?:T(\d{2}):?(\d{2})(?::?(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)?)?$`)

// parseISO8601 reads a date filter. A date-time without an offset is in
// loc, the service's zone, as Rails reads one (Time.zone); a plain date is
// its midnight there.
func parseISO8601(s string, loc *time.Location) (time.Time, error) {
	m := iso8601.FindStringSubmatch(strings.TrimSpace(s))
	if m == nil {
		return time.Time{}, fmt.Errorf("not ISO 8601: %q", s)
	}
	n := func(i int) int { v, _ := strconv.Atoi(m[i]); return v }
	nanos := 0
	if m[7] != "" {
		nanos, _ = strconv.Atoi((m[7] + "000000000")[:9])
	}
	zone := loc
	if off := m[8]; off != "" {
		zone = time.UTC
		if off != "Z" {
			digits := strings.ReplaceAll(off[1:], ":", "")
			h, _ := strconv.Atoi(digits[:2])
			mins := 0
			if len(digits) == 4 {
				mins, _ = strconv.Atoi(digits[2:])
			}
			secs := (h*60 + mins) * 60
			if off[0] == '-' {
				secs = -secs
			}
			zone = time.FixedZone("", secs)
		}
	}
	t := time.Date(n(1), time.Month(n(2)), n(3), n(4), n(5), n(6), nanos, zone)
	// time.Date normalises 2026-02-30 to March; the service's parser refuses it.
	if t.Month() != time.Month(n(2)) || t.Day() != n(3) || n(4) > 23 || n(5) > 59 || n(6) > 59 {
		return time.Time{}, fmt.Errorf("not a date: %q", s)
	}
	return t, nil
}
