package poll

import (
	"context"
	"fmt"
	"testing"
	"time"
)

var prague = mustZone("Europe/Prague")

func mustZone(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.FixedZone("CET", 3600)
	}
	return loc
}

// November 2026 has 30 days: 720 hours.
var novStart = time.Date(2026, 11, 1, 0, 0, 0, 0, prague)

func TestPlanBudgetIntervalPerQuota(t *testing.T) {
	// A cycle costs 2 + 5/4 + 1/4 = 3.5 requests on average while the
	// interval is long enough that counts and account are every 4th cycle.
	const perCycle = 3.5
	hours := func(h float64) time.Duration { return time.Duration(h * float64(time.Hour)) }
	cases := []struct {
		name        string
		limit, used int
		now         time.Time
		want        time.Duration
	}{
		// Start of month: the whole share, 25% of L, over 720 h.
		{"1500 start", 1500, 0, novStart, hours(720 * perCycle / 375)},
		{"3000 start", 3000, 0, novStart, hours(720 * perCycle / 750)},
		{"20000 start", 20000, 0, novStart, hours(720 * perCycle / 5000)},
		// Mid-month, nothing spent: half the share over half the month: the same pace.
		{"1500 mid", 1500, 0, novStart.AddDate(0, 0, 15), hours(360 * perCycle / 187.5)},
		{"20000 mid", 20000, 0, novStart.AddDate(0, 0, 15), hours(360 * perCycle / 2500)},
		// A month that starts half spent: a fair share of the half left, over the whole month.
		{"1500 half spent", 1500, 750, novStart, hours(720 * perCycle / 187.5)},
		{"3000 half spent", 3000, 1500, novStart, hours(720 * perCycle / 375)},
		{"20000 half spent", 20000, 10000, novStart, hours(720 * perCycle / 2500)},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p := PlanBudget(BudgetInput{Now: c.now, Loc: prague, Limit: c.limit, Used: c.used, Share: 0.25})
			if d := p.Interval - c.want; d < -time.Second || d > time.Second {
				t.Fatalf("interval = %v, want %v", p.Interval, c.want)
			}
			if p.Exhausted {
				t.Fatal("exhausted with allowance left")
			}
			if float64(p.Projected) > p.Allowance+perCycle {
				t.Fatalf("projected %d exceeds the allowance %.1f", p.Projected, p.Allowance)
			}
		})
	}
}

func TestPlanBudgetHonoursTheFloor(t *testing.T) {
	p := PlanBudget(BudgetInput{Now: novStart, Loc: prague, Limit: 10_000_000, Share: 0.25, Floor: 30 * time.Second})
	if p.Interval != 30*time.Second {
		t.Fatalf("interval = %v, want the 30s floor", p.Interval)
	}
	// Counts stay at most every 30 minutes, the account at most hourly.
	if got := time.Duration(p.CountsEvery) * p.Interval; got < CountsMinPeriod {
		t.Fatalf("counts every %v, want >= %v", got, CountsMinPeriod)
	}
	if got := time.Duration(p.AccountEvery) * p.Interval; got < AccountMinPeriod {
		t.Fatalf("account every %v, want >= %v", got, AccountMinPeriod)
	}
	p = PlanBudget(BudgetInput{Now: novStart, Loc: prague, Limit: 10_000_000, Share: 0.25, Floor: 2 * time.Minute})
	if p.Interval != 2*time.Minute {
		t.Fatalf("interval = %v, want the 2m floor", p.Interval)
	}
}

func TestPlanBudgetExhaustedWaitsForTheNewMonth(t *testing.T) {
	now := novStart.AddDate(0, 0, 10)
	for _, in := range []BudgetInput{
		{Now: now, Loc: prague, Limit: 1500, MonitorUsed: 375, Share: 0.25}, // own share spent
		{Now: now, Loc: prague, Limit: 1500, Used: 1500, Share: 0.25},       // whole quota spent by others
	} {
		p := PlanBudget(in)
		if !p.Exhausted || !p.MonthStart.Add(p.Interval+10*24*time.Hour).Equal(p.MonthEnd) {
			t.Fatalf("%+v: exhausted=%v interval=%v, want to wait until %v", in, p.Exhausted, p.Interval, p.MonthEnd)
		}
	}
}

func TestMonthBoundsFollowTheZone(t *testing.T) {
	// 23:30 UTC on 30 November is already December in Prague.
	now := time.Date(2026, 11, 30, 23, 30, 0, 0, time.UTC)
	if got := MonthKey(now, prague); got != "2026-12" {
		t.Fatalf("month = %s, want 2026-12", got)
	}
	s, e := MonthBounds(time.Date(2026, 2, 10, 0, 0, 0, 0, prague), prague)
	if e.Sub(s) != 28*24*time.Hour {
		t.Fatalf("February 2026 = %v", e.Sub(s))
	}
}

// simulateMonth steps the clock from start to the month's end, cycle by
// cycle, with other traffic of otherPerHour requests an hour, and returns
// what the monitor spent and how many cycles it ran.
func simulateMonth(t *testing.T, limit, startUsed, otherPerHour int, start time.Time) (spent, cycles int, src *fakeSource) {
	t.Helper()
	clock := &fakeClock{now: start}
	src = newFakeSource(clock, limit)
	src.used = startUsed
	src.usedShown = startUsed
	src.usedHour = start.Truncate(time.Hour)
	p := New(Config{Source: src, Account: "sim", Now: clock.Now, Loc: prague, Share: 0.25}, State{})
	_, end := MonthBounds(start, prague)
	lastHour := start
	for {
		now := clock.Now()
		if !now.Before(end) {
			break
		}
		for ; now.Sub(lastHour) >= time.Hour; lastHour = lastHour.Add(time.Hour) {
			src.addOther(otherPerHour)
		}
		if p.Due(now) {
			res := p.Run(context.Background(), false)
			if res.Err != nil {
				t.Fatalf("cycle at %v: %v", now, res.Err)
			}
			if res.Ran {
				cycles++
			}
		}
		next := p.Next()
		if !next.After(now) {
			t.Fatalf("next %v not after now %v", next, now)
		}
		if next.After(end) {
			next = end
		}
		clock.Set(next)
	}
	calls, _ := src.stats()
	return calls, cycles, src
}

func TestMonthSimulationStaysWithinTheShare(t *testing.T) {
	cases := []struct {
		limit, startUsed, otherPerHour int
		startDay                       int
	}{
		{1500, 0, 0, 1},
		{3000, 0, 0, 1},
		{20000, 0, 0, 1},
		{1500, 0, 1, 1},      // other traffic eats most of the small quota
		{20000, 0, 15, 1},    // busy integration next to the monitor
		{1500, 750, 0, 1},    // the month starts half spent
		{3000, 1500, 0, 1},   // the month starts half spent
		{20000, 10000, 0, 1}, // the month starts half spent
		{3000, 1500, 0, 16},  // started mid-month with half the quota gone
	}
	for _, c := range cases {
		t.Run(fmt.Sprintf("L%d_used%d_other%d_day%d", c.limit, c.startUsed, c.otherPerHour, c.startDay), func(t *testing.T) {
			start := novStart.AddDate(0, 0, c.startDay-1)
			spent, cycles, src := simulateMonth(t, c.limit, c.startUsed, c.otherPerHour, start)
			share := 0.25 * float64(c.limit)
			fair := 0.25 * float64(c.limit-c.startUsed)
			// The share is a hard bound. The fair share of what others left
			// may be passed by what the service's hourly counter had not
			// shown yet: less than a cycle.
			if float64(spent) > share || float64(spent) > fair+BaseRequests {
				t.Fatalf("monitor spent %d, share %.0f, fair share of what was left %.0f", spent, share, fair)
			}
			// Not needlessly slow: without other traffic it uses most of what it may.
			if c.otherPerHour == 0 {
				_, end := MonthBounds(start, prague)
				allowance := min(share*end.Sub(start).Hours()/(30*24), fair)
				if float64(spent) < 0.6*allowance {
					t.Fatalf("monitor spent only %d of %.0f (%d cycles)", spent, allowance, cycles)
				}
			}
			if _, used := src.stats(); used > c.limit && c.otherPerHour == 0 {
				t.Fatalf("account used %d of %d", used, c.limit)
			}
			t.Logf("%d cycles, %d requests of a %.0f share", cycles, spent, share)
		})
	}
}
