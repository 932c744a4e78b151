package app

import (
	"context"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/poll"
)

func TestQuotaMeterReadsTheAccountOnlyWhenNeeded(t *testing.T) {
	var f quotaMeter
	reads := 0
	serviceUsed := 100
	read := func(context.Context) (int, int, error) { reads++; serviceUsed++; return serviceUsed, 1500, nil }
	t0 := time.Date(2026, 11, 22, 9, 0, 0, 0, time.UTC)
	ctx := context.Background()

	st, _ := f.status(ctx, "acme", 10, t0, read)
	if reads != 1 || st.CallsUsed != 101 || st.CallsLimit != 1500 {
		t.Fatalf("first status: %d reads, %+v", reads, st)
	}
	// Kasa sends 5 more requests: counted locally, no read.
	st, _ = f.status(ctx, "acme", 16, t0.Add(10*time.Minute), read)
	if reads != 1 || st.CallsUsed != 106 {
		t.Fatalf("within the hour: %d reads, used %d; want 1 read and 101+5", reads, st.CallsUsed)
	}
	// An hour later with no requests since: still no read (left alone all day).
	var idle quotaMeter
	idle.status(ctx, "acme", 10, t0, read)
	reads = 0
	idle.status(ctx, "acme", 11, t0.Add(5*time.Hour), read)
	if reads != 0 {
		t.Fatalf("an unused application read the account %d times", reads)
	}
	// An hour later after use: read again.
	f.status(ctx, "acme", 30, t0.Add(61*time.Minute), read)
	if reads != 1 {
		t.Fatalf("a used application did not read again after an hour (%d reads)", reads)
	}
	// Another account: read at once.
	reads = 0
	f.status(ctx, "other", 31, t0.Add(62*time.Minute), read)
	if reads != 1 {
		t.Fatal("switching account did not read the new account's figures")
	}
}

// The list on screen reloads on the account's plan: in working hours on a
// 3,000 plan every 15 minutes at most (at the month's start exactly that;
// later, with the plan's allowance left for fewer days, more often), at
// night much less often, never more often than [refresh] lists.
func TestListRefreshFollowsThePlan(t *testing.T) {
	s := config.Defaults()
	monday := time.Date(2026, 11, 2, 10, 0, 0, 0, time.Local) // the plan's hours are local
	if got := refreshPace(monday, 0, 3000, s, poll.DefaultWork); got != 15*time.Minute {
		t.Errorf("3,000 plan on the 2nd in working hours: every %v, want 15m", got)
	}
	thursday := time.Date(2026, 11, 26, 10, 0, 0, 0, time.Local)
	day := refreshPace(thursday, 1800, 3000, s, poll.DefaultWork)
	if day < s.Refresh.Lists.Duration || day > 15*time.Minute {
		t.Errorf("3,000 plan on the 26th in working hours: every %v, want 5m to 15m", day)
	}
	if got := refreshPace(thursday.Add(12*time.Hour), 1800, 3000, s, poll.DefaultWork); got <= day {
		t.Errorf("3,000 plan at night: every %v, want less often than by day (%v)", got, day)
	}
	if got := refreshPace(monday, 100, 20000, s, poll.DefaultWork); got != s.Refresh.Lists.Duration {
		t.Errorf("20,000 plan: every %v, want the setting's %v", got, s.Refresh.Lists.Duration)
	}
}
