package poll

import (
	"context"
	"testing"
	"time"
)

// monitorDay runs the monitor on a quota of limit, from the month's start
// when history is set (else started that morning, nothing spent), through
// the whole of day, on the budget's clock. An invoice is paid every two
// hours of the month. It returns what the day cost, the day's share of
// the allowance as the day began, and when the day's reads ran.
func monitorDay(t *testing.T, limit int, day time.Time, history bool) (spent int, share float64, reads []time.Time) {
	t.Helper()
	start, end := MonthBounds(day, prague)
	if !history {
		start = day
	}
	clock := &fakeClock{now: start}
	src := newFakeSource(clock, limit)
	p := New(Config{Source: src, Account: "day", Now: clock.Now, Loc: prague}, State{})
	dayEnd := day.AddDate(0, 0, 1)
	nextPayment := start
	for clock.Now().Before(dayEnd) {
		now := clock.Now()
		for ; !nextPayment.After(now); nextPayment = nextPayment.Add(2 * time.Hour) {
			src.addEvent(nextPayment, "invoice_paid", "Invoice paid")
		}
		if !now.Before(day) && share == 0 {
			// What is left of the month's share (nobody else spends), the
			// day's part of it by weighted time.
			before, _ := src.stats()
			spent = -before
			w := DefaultWork
			share = (DefaultShare*float64(limit) - float64(before)) * w.Weighted(day, dayEnd, prague).Seconds() / w.Weighted(day, end, prague).Seconds()
		}
		res := p.Run(context.Background(), false)
		if res.Err != nil {
			t.Fatalf("a cycle at %v failed: %v", now, res.Err)
		}
		if res.Ran && !now.Before(day) {
			reads = append(reads, now)
		}
		clock.Set(p.Next())
	}
	calls, _ := src.stats()
	return spent + calls, share, reads
}

// A day of the monitor on each plan, on the 1st and on the 26th of a month,
// run since the month began and started late that morning: the day costs no
// more than its share of the allowance (working hours weigh more than the
// night), and on the 3,000 plan it reads at least every 15 minutes in
// working hours (issue 26: it waited 3 h 21 min on the 26th).
func TestMonitorDayOnEachPlan(t *testing.T) {
	days := []time.Time{
		time.Date(2026, 12, 1, 0, 0, 0, 0, prague),  // a Tuesday
		time.Date(2026, 11, 26, 0, 0, 0, 0, prague), // a Thursday
	}
	const oneCycle = BaseRequests + 1 + 1 + DefaultCountsCost // events, to-dos, account, counts
	for _, limit := range []int{1500, 3000, 20000} {
		for _, day := range days {
			for _, history := range []bool{true, false} {
				spent, share, reads := monitorDay(t, limit, day, history)
				if float64(spent) > share+oneCycle {
					t.Errorf("%d on %s (history %v): the day cost %d, its share is %.0f", limit, day.Format("Jan 2"), history, spent, share)
				}
				gap := longestWorkingGap(reads, day)
				if limit == 3000 && gap > MaxWorkInterval {
					t.Errorf("3000 on %s (history %v): %v between two reads in working hours", day.Format("Jan 2"), history, gap)
				}
				t.Logf("%5d on %s, history %-5v: %3d requests (share %4.0f), %3d reads, longest working gap %v",
					limit, day.Format("Jan 2"), history, spent, share, len(reads), gap)
			}
		}
	}
}

// longestWorkingGap is the longest wait for a read within the day's working
// hours (07:00 to 19:00), its start and end included.
func longestWorkingGap(reads []time.Time, day time.Time) time.Duration {
	from, to := day.Add(DefaultWork.Start), day.Add(DefaultWork.End)
	last, gap := from, time.Duration(0)
	for _, r := range reads {
		if r.Before(from) {
			continue
		}
		if r.After(to) {
			break
		}
		gap = max(gap, r.Sub(last))
		last = r
	}
	return max(gap, to.Sub(last))
}

// `kasa monitor --all`: every account of the fleet has its own plan under
// its own quota, so three accounts of 3,000 each read at least every 15
// minutes in working hours, on the 1st and on the 26th, each within its
// own share, whichever member's turn comes first.
func TestFleetReadsEveryAccountOnTheDay(t *testing.T) {
	for _, day := range []time.Time{time.Date(2026, 12, 1, 0, 0, 0, 0, prague), time.Date(2026, 11, 26, 0, 0, 0, 0, prague)} {
		start, _ := MonthBounds(day, prague)
		clock := &fakeClock{now: start}
		fleet := &Fleet{}
		var srcs []*fakeSource
		for _, acct := range []string{"a", "b", "c"} {
			src := newFakeSource(clock, 3000)
			srcs = append(srcs, src)
			fleet.Members = append(fleet.Members, Member{Account: acct, Poller: New(Config{Source: src, Account: acct, Now: clock.Now, Loc: prague}, State{})})
		}
		reads := make([][]time.Time, len(fleet.Members))
		for now := clock.Now(); now.Before(day.AddDate(0, 0, 1)); now = clock.Now() {
			for _, res := range fleet.Run(context.Background(), fleet.Due(now), false) {
				if res.Ran && res.Err == nil && !now.Before(day) {
					reads[res.Member] = append(reads[res.Member], now)
				}
			}
			clock.Set(fleet.Next())
		}
		for i, src := range srcs {
			calls, _ := src.stats()
			if gap := longestWorkingGap(reads[i], day); gap > MaxWorkInterval {
				t.Errorf("%s, account %d: %v between two reads in working hours", day.Format("Jan 2"), i, gap)
			}
			if float64(calls) > DefaultShare*3000 {
				t.Errorf("%s, account %d: %d requests this month, beyond its share", day.Format("Jan 2"), i, calls)
			}
		}
	}
}
