package common

import (
	"fmt"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// Money is an amount as the API gives it (exact decimal text, never through
// float64) followed by the currency: "11000.0 CZK". Put it in a right-aligned
// column.
func Money(d apiclient.Decimal, currency string) string {
	if !d.IsSet() {
		return ""
	}
	if currency == "" {
		return d.String()
	}
	return d.String() + " " + currency
}

// Date is YYYY-MM-DD, or "" when unset.
func Date(d apiclient.Date) string { return d.String() }

// TimeLayout is how instants are shown: minutes, in the local zone.
const TimeLayout = "2006-01-02 15:04"

// Time shows an instant in loc ("2026-11-22 14:05"), or "" when unset.
func Time(t apiclient.DateTime, loc *time.Location) string {
	if t.IsZero() {
		return ""
	}
	if loc == nil {
		loc = time.Local
	}
	return t.In(loc).Format(TimeLayout)
}

// statusSymbols give each status a symbol, so that it never rests on colour.
var statusSymbols = map[string]string{
	"open":          "○",
	"sent":          "→",
	"overdue":       "!",
	"paid":          "●",
	"cancelled":     "✕",
	"uncollectible": "⊘",
}

// Status is a status as symbol plus word: "● paid", "! overdue".
func Status(status string) string {
	if status == "" {
		return ""
	}
	sym, ok := statusSymbols[status]
	if !ok {
		sym = "·"
	}
	return sym + " " + status
}

// Yes is "yes" or "no".
func Yes(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Join joins the non-empty parts with sep.
func Join(sep string, parts ...string) string {
	out := parts[:0:0]
	for _, p := range parts {
		if strings.TrimSpace(p) != "" {
			out = append(out, p)
		}
	}
	return strings.Join(out, sep)
}

// Locked shows a lock state in words: "🔒 locked since 2026-11-22 14:05" or
// "unlocked".
func Locked(at apiclient.DateTime, loc *time.Location) string {
	if at.IsZero() {
		return "unlocked"
	}
	return "🔒 locked since " + Time(at, loc)
}

// DueIn is how far a due date is from today, as a bookkeeper scans it:
// "in 3 d", "today", "12 d overdue"; "" for a settled document or no date.
func DueIn(due apiclient.Date, now time.Time, loc *time.Location, settled bool) string {
	if settled || due.IsZero() {
		return ""
	}
	y, m, d := now.In(loc).Date()
	today := time.Date(y, m, d, 0, 0, 0, 0, time.UTC)
	days := int(due.Time.Sub(today).Hours() / 24)
	switch {
	case days == 0:
		return "today"
	case days > 0:
		return fmt.Sprintf("in %d d", days)
	}
	return fmt.Sprintf("%d d overdue", -days)
}
