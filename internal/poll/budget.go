// Package poll keeps the monitor current for a small, fixed share of the
// account's monthly API quota: a budget that turns the quota into a polling
// interval, an incremental fetcher (to-dos and events since the newest record
// held, counts on a slower cadence) and an on-disk cache so the monitor paints
// at once after a restart and knows what is new.
package poll

import (
	"math"
	"time"
)

// Cadence defaults. The budget may make every one of them slower, never faster.
const (
	// DefaultFloor is the shortest interval between two polls.
	DefaultFloor = 30 * time.Second
	// DefaultShare is the share of the monthly quota kasa's own reads of an
	// account may use: the monitor's cycles and the app's list refreshes.
	DefaultShare = 0.75
	// BaseRequests is what every cycle costs: the events since the last read.
	BaseRequests = 1
	// TodosPeriod: to-dos are reminders, read at most this often (and with
	// the user's `r`); the events say at every read what happened.
	TodosPeriod = time.Hour
	// DefaultCountsCost is the cost of one counts refresh before one has been
	// measured: overdue invoices, open and sent invoices, overdue expenses, low stock.
	DefaultCountsCost = 5
	// CountsEvery is how many cycles the budget assumes at least between two
	// counts refreshes (counts are taken only when an event says they may
	// have changed, or on a new day).
	CountsEvery = 4
	// CountsMinPeriod: counts (overdue documents, unpaid totals, low stock)
	// change a few times a day in practice; never recount more often.
	CountsMinPeriod = 30 * time.Minute
	// AccountMinPeriod: the service refreshes api_calls_used hourly, so reading
	// it more often tells nothing new.
	AccountMinPeriod = time.Hour
	// MaxWorkInterval is the longest wait between two reads in working hours
	// whenever the month's allowance can pay for reads this often until its
	// end: a monitor started late in the month is never starved.
	MaxWorkInterval = 15 * time.Minute
)

// BudgetInput is everything the interval depends on. All of it is plain data,
// so the interval can be tested for any quota and any moment of the month.
type BudgetInput struct {
	Now time.Time
	// Loc is the zone whose calendar month the quota follows.
	Loc *time.Location
	// Limit is api_calls_limit; Used is the account's api_calls_used as last
	// read plus the monitor's own requests counted since.
	Limit, Used int
	// MonitorUsed is what the monitor itself spent this month.
	MonitorUsed int
	// Share of the monthly quota the monitor may use (0..1).
	Share float64
	// CountsCost is the measured cost of a counts refresh (0: DefaultCountsCost).
	CountsCost int
	// CycleCost is the measured average cost of reading the events in a
	// cycle: 1, or more on an account that logs more than a page between
	// two cycles (0: BaseRequests).
	CycleCost float64
	// Floor is the shortest interval (0: DefaultFloor).
	Floor time.Duration
	// Work is when the allowance is mostly spent (zero: DefaultWork).
	Work WorkHours
}

// Plan is the budget's answer.
type Plan struct {
	// Interval between two cycles.
	Interval time.Duration
	// WorkInterval is the interval in working hours (Interval is longer off hours).
	WorkInterval time.Duration
	// TodosEvery, CountsEvery and AccountEvery are cycles between reads of
	// the to-dos, counts refreshes and re-reads of the account.
	TodosEvery, CountsEvery, AccountEvery int
	// PerCycle is the average cost of a cycle, counts and account amortised.
	PerCycle float64
	// Allowance is what the monitor may still spend this month.
	Allowance float64
	// MonthShare is Share × Limit: the monitor's whole monthly allowance.
	MonthShare int
	// Projected is the monitor's projected use over the whole month: what it
	// spent plus the cycles left at PerCycle each.
	Projected int
	// MonthStart and MonthEnd bound the quota month.
	MonthStart, MonthEnd time.Time
	// Exhausted means the allowance cannot pay for another cycle: the next
	// fetch waits for the new month (or for the user's `r`).
	Exhausted bool
}

// MonthBounds returns the start of the calendar month holding now in loc and
// the start of the next one.
func MonthBounds(now time.Time, loc *time.Location) (start, end time.Time) {
	if loc == nil {
		loc = time.Local
	}
	t := now.In(loc)
	start = time.Date(t.Year(), t.Month(), 1, 0, 0, 0, 0, loc)
	return start, start.AddDate(0, 1, 0)
}

// MonthKey names the quota month holding now ("2026-11").
func MonthKey(now time.Time, loc *time.Location) string {
	s, _ := MonthBounds(now, loc)
	return s.Format("2006-01")
}

// PlanBudget turns the quota into an interval.
//
// With s the share, L the limit, U the account's use so far (api_calls_used
// as last read plus the monitor's requests since), M the monitor's own use
// this month and O = U − M what everything else used (the app's list
// refreshes and the user's own work among it), the monitor may still spend
//
//	R = max(0, min(s·L − M,  s·(L − O) − M))
//
// The first term keeps the month within the share; the second gives the
// monitor only its share of what other traffic leaves, so it slows down when
// the account is already much spent. The allowance is spread over the time
// left in the month weighted by working hours: W = working hours left +
// OffHoursWeight × the other hours left. A cycle costs on average
//
//	r = b + 1/t + c/k + 1/a
//
// (b for the events since the last read: 1, or what busy cycles measured;
// the to-dos every t cycles, at most hourly; counts costing c every k
// cycles; the account every a cycles), and in working hours the interval is
//
//	I = max(floor, W·r/R)
//
// and off hours I/OffHoursWeight, never past the next working day's start.
// A late start is never starved: while R pays for a read every
// MaxWorkInterval in working hours until the month's end (each at
// b + 1/t + 1/a), I is at most MaxWorkInterval and the counts take what is
// left. When R cannot pay for one cycle, the next fetch waits for the new month.
func PlanBudget(in BudgetInput) Plan {
	floor, share, base, countsCost := budgetDefaults(in)
	start, end := MonthBounds(in.Now, in.Loc)
	work := in.Work.orDefault()
	weighted := work.Weighted(in.Now, end, in.Loc)
	sL := share * float64(in.Limit)
	m := float64(in.MonitorUsed)
	others := math.Max(0, float64(in.Used-in.MonitorUsed))
	allowance := math.Max(0, min(sL-m, share*(float64(in.Limit)-others)-m))
	p := Plan{Allowance: allowance, MonthShare: int(math.Floor(sL)), MonthStart: start, MonthEnd: end}

	// Counts may be taken every CountsEvery cycles, when an event says they
	// changed; the cost assumes they are (a busy account).
	var countsShare float64
	cadence := func(iv time.Duration) {
		p.TodosEvery = max(1, ceilDiv(TodosPeriod, iv))
		p.CountsEvery = max(CountsEvery, ceilDiv(CountsMinPeriod, iv))
		p.AccountEvery = max(p.TodosEvery, ceilDiv(AccountMinPeriod, iv))
		countsShare = countsCost / float64(p.CountsEvery)
		p.PerCycle = base + 1/float64(p.TodosEvery) + countsShare + 1/float64(p.AccountEvery)
	}
	// The interval and the amortised cost depend on each other: settle them
	// in a few rounds (it converges at once in practice).
	iv := MaxWorkInterval
	for range 4 {
		cadence(iv)
		iv = max(floor, seconds(weighted.Seconds()*p.PerCycle/math.Max(allowance, 1e-9)))
	}
	cadence(iv)
	if iv > MaxWorkInterval {
		cadence(MaxWorkInterval)
		cycles := weighted.Seconds() / MaxWorkInterval.Seconds()
		essential := p.PerCycle - countsShare
		if left := allowance - cycles*essential; left >= 0 {
			// The counts take what the reads leave.
			iv = MaxWorkInterval
			p.CountsEvery = max(p.CountsEvery, int(math.Ceil(cycles*countsCost/math.Max(left, 1e-9))))
			p.PerCycle = essential + countsCost/float64(p.CountsEvery)
		} else {
			cadence(iv)
		}
	}
	if allowance < p.PerCycle || allowance <= 0 {
		p.Exhausted, p.Interval, p.Projected = true, end.Sub(in.Now), in.MonitorUsed
		return p
	}
	p.WorkInterval, p.Interval = iv, iv
	p.Projected = in.MonitorUsed + int(math.Ceil(math.Floor(weighted.Seconds()/iv.Seconds())*p.PerCycle))
	if !work.Working(in.Now, in.Loc) {
		// Off hours an hour spends OffHoursWeight of a working hour's
		// requests: cycles further apart, each reading what is due by then.
		rw := p.PerCycle
		off := seconds(iv.Seconds() / OffHoursWeight)
		for range 4 {
			cadence(off)
			off = max(floor, seconds(iv.Seconds()*p.PerCycle/(rw*OffHoursWeight)))
		}
		cadence(off)
		// Awake for the working day's first read.
		if next := work.NextStart(in.Now, in.Loc); next.After(in.Now) {
			off = max(floor, min(off, next.Sub(in.Now)))
		}
		p.Interval = off
	}
	return p
}

// budgetDefaults are the input's floor, share, cycle cost and counts cost,
// each defaulted.
func budgetDefaults(in BudgetInput) (floor time.Duration, share, base, countsCost float64) {
	floor, share = in.Floor, in.Share
	if floor <= 0 {
		floor = DefaultFloor
	}
	if share <= 0 || share > 1 {
		share = DefaultShare
	}
	countsCost = float64(in.CountsCost)
	if countsCost <= 0 {
		countsCost = DefaultCountsCost
	}
	return floor, share, max(in.CycleCost, BaseRequests), countsCost
}

// seconds is s seconds, at most a year (a budget with nothing left would
// otherwise overflow).
func seconds(s float64) time.Duration {
	return time.Duration(math.Min(s, 365*24*3600) * float64(time.Second))
}

func ceilDiv(a, b time.Duration) int {
	if b <= 0 {
		return 1
	}
	return int((a + b - 1) / b)
}
