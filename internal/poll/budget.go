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
	// DefaultShare is the share of the monthly quota the monitor may use.
	DefaultShare = 0.25
	// BaseRequests is what every cycle costs: to-dos since + events since.
	BaseRequests = 2
	// DefaultCountsCost is the cost of one counts refresh before one has been
	// measured: overdue invoices, open and sent invoices, overdue expenses, low stock.
	DefaultCountsCost = 5
	// CountsEvery is how many cycles the budget assumes between two counts
	// refreshes (counts are taken at most this often, and less often when
	// nothing suggests they changed).
	CountsEvery = 4
	// CountsMinPeriod: counts (overdue documents, unpaid totals, low stock)
	// change a few times a day in practice; never recount more often.
	CountsMinPeriod = 30 * time.Minute
	// AccountMinPeriod: the service refreshes api_calls_used hourly, so reading
	// it more often tells nothing new.
	AccountMinPeriod = time.Hour
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
	// CycleCost is the measured average cost of reading to-dos and events in
	// a cycle: 2, or more on an account that logs more than a page between
	// two cycles (0: BaseRequests).
	CycleCost float64
	// Floor is the shortest interval (0: DefaultFloor).
	Floor time.Duration
}

// Plan is the budget's answer.
type Plan struct {
	// Interval between two cycles.
	Interval time.Duration
	// CountsEvery and AccountEvery are cycles between counts refreshes and
	// between re-reads of the account.
	CountsEvery, AccountEvery int
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
// this month, O = U − M what everything else used, and φ the fraction of the
// month still ahead, the monitor may still spend
//
//	R = max(0, min(s·L − M,  s·L·φ,  s·(L − O) − M))
//
// The first term keeps the monitor's whole month within its share; the
// second paces it evenly, so a monitor started mid-month does not spend the
// whole month's share in its second half; the third gives it only its share
// of what other traffic leaves, so it slows down when the account is already
// much spent (a month that starts half spent leaves the monitor s·L/2 in all).
// The third term is a fixed budget, not a share of what is left after the
// monitor's own spending, which would let it creep up to the whole remainder.
//
// A cycle costs r = b + c/CountsEvery + 1/AccountEvery on average (b for
// to-dos and events since: 2, or what busy cycles measured; counts costing c,
// amortised; the account re-read, amortised),
// and the interval is
//
//	I = max(floor, T·r/R)
//
// with T the time left in the month: the cycles left, T/I, times r, stay
// within R. When R cannot pay for even one cycle, the next fetch waits for
// the new month.
func PlanBudget(in BudgetInput) Plan {
	floor := in.Floor
	if floor <= 0 {
		floor = DefaultFloor
	}
	share := in.Share
	if share <= 0 || share > 1 {
		share = DefaultShare
	}
	base := max(in.CycleCost, BaseRequests)
	countsCost := float64(in.CountsCost)
	if countsCost <= 0 {
		countsCost = DefaultCountsCost
	}
	start, end := MonthBounds(in.Now, in.Loc)
	left := end.Sub(in.Now)
	whole := end.Sub(start)
	phi := left.Seconds() / whole.Seconds()

	sL := share * float64(in.Limit)
	m := float64(in.MonitorUsed)
	others := math.Max(0, float64(in.Used-in.MonitorUsed))
	allowance := math.Max(0, min(sL-m, sL*phi, share*(float64(in.Limit)-others)-m))

	p := Plan{
		CountsEvery: CountsEvery,
		Allowance:   allowance,
		MonthShare:  int(math.Floor(sL)),
		MonthStart:  start,
		MonthEnd:    end,
	}
	// The account re-read is amortised over at least an hour of cycles; the
	// interval depends on that share and the share on the interval, so settle
	// it in a few rounds (it converges at once in practice).
	p.AccountEvery = CountsEvery
	for range 4 {
		p.PerCycle = base + countsCost/float64(p.CountsEvery) + 1/float64(p.AccountEvery)
		if allowance < p.PerCycle || allowance <= 0 {
			p.Exhausted = true
			p.Interval = left
			p.Projected = in.MonitorUsed
			return p
		}
		p.Interval = max(floor, time.Duration(left.Seconds()*p.PerCycle/allowance*float64(time.Second)))
		p.CountsEvery = max(CountsEvery, ceilDiv(CountsMinPeriod, p.Interval))
		p.AccountEvery = max(p.CountsEvery, ceilDiv(AccountMinPeriod, p.Interval))
	}
	p.PerCycle = base + countsCost/float64(p.CountsEvery) + 1/float64(p.AccountEvery)
	cyclesLeft := math.Floor(left.Seconds() / p.Interval.Seconds())
	p.Projected = in.MonitorUsed + int(math.Ceil(cyclesLeft*p.PerCycle))
	return p
}

func ceilDiv(a, b time.Duration) int {
	if b <= 0 {
		return 1
	}
	return int((a + b - 1) / b)
}
