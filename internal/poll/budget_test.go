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

// In working hours the interval is the allowance spread over the month's
// weighted time left; off hours it is longer and wakes for the next
// working day; the projection stays within the allowance.
func TestPlanBudgetIntervalPerQuota(t *testing.T) {
	monday10 := time.Date(2026, 11, 2, 10, 0, 0, 0, prague)
	for _, limit := range []int{1500, 3000, 20000} {
		for _, used := range []int{0, limit / 2} {
			p := PlanBudget(BudgetInput{Now: monday10, Loc: prague, Limit: limit, Used: used})
			_, end := MonthBounds(monday10, prague)
			w := DefaultWork.Weighted(monday10, end, prague)
			pace := time.Duration(w.Seconds() * p.PerCycle / p.Allowance * float64(time.Second))
			if d := float64(p.Interval-pace) / float64(pace); (d > 0.03 || d < -0.03) && p.Interval != MaxWorkInterval {
				t.Errorf("%d used %d: interval %v, want the pace %v", limit, used, p.Interval, pace)
			}
			if p.Interval != p.WorkInterval || p.Exhausted {
				t.Errorf("%d used %d: %+v", limit, used, p)
			}
			if float64(p.Projected) > p.Allowance+p.PerCycle {
				t.Errorf("%d used %d: projected %d exceeds the allowance %.1f", limit, used, p.Projected, p.Allowance)
			}
			night := PlanBudget(BudgetInput{Now: monday10.Add(11 * time.Hour), Loc: prague, Limit: limit, Used: used})
			if night.Interval <= p.Interval && night.Interval < 10*time.Hour {
				t.Errorf("%d used %d: the night's interval %v is not longer than the day's %v", limit, used, night.Interval, p.Interval)
			}
			if wake := monday10.Add(11 * time.Hour).Add(night.Interval); wake.After(time.Date(2026, 11, 3, 7, 0, 0, 0, prague)) {
				t.Errorf("%d used %d: the night's read at %v sleeps past the working day's start", limit, used, wake)
			}
		}
	}
}

func TestPlanBudgetHonoursTheFloor(t *testing.T) {
	monday10 := time.Date(2026, 11, 2, 10, 0, 0, 0, prague)
	p := PlanBudget(BudgetInput{Now: monday10, Loc: prague, Limit: 10_000_000, Share: 0.25, Floor: 30 * time.Second})
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
	p = PlanBudget(BudgetInput{Now: monday10, Loc: prague, Limit: 10_000_000, Share: 0.25, Floor: 2 * time.Minute})
	if p.Interval != 2*time.Minute {
		t.Fatalf("interval = %v, want the 2m floor", p.Interval)
	}
}

// The pacing term of the old budget gave a monitor started on the 26th only
// the month's remaining fraction of its share, spread over nights and
// weekends too: 3 h 21 min between reads on the 3,000 plan. Now a late
// start reads at least every 15 minutes in working hours.
func TestPlanBudgetDoesNotStarveALateStart(t *testing.T) {
	for _, now := range []time.Time{
		time.Date(2026, 11, 26, 9, 0, 0, 0, prague),  // Thursday
		time.Date(2026, 11, 30, 18, 0, 0, 0, prague), // the month's last working hour
		time.Date(2026, 12, 1, 7, 0, 0, 0, prague),   // a month's first working hour
	} {
		p := PlanBudget(BudgetInput{Now: now, Loc: prague, Limit: 3000})
		if p.Interval > MaxWorkInterval || p.Exhausted {
			t.Errorf("%v: interval %v on the 3,000 plan", now, p.Interval)
		}
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
