package sandbox

import (
	"sync"
	"time"
	// The service writes Prague time; the embedded zone database makes
	// Europe/Prague load on systems without one.
	_ "time/tzdata"
)

// zonedClock tells its clock's time in the zone the service writes timestamps
// in (+01:00, +02:00 in summer), so every record the sandbox stamps is
// written as the service writes it.
type zonedClock struct {
	Clock
	loc *time.Location
}

// Now implements Clock.
func (c zonedClock) Now() time.Time { return c.Clock.Now().In(c.loc) }

// serviceZone is loc, or Europe/Prague when loc is nil. Should the zone
// database be missing all the same, a fixed CET (+01:00) is the fallback.
func serviceZone(loc *time.Location) *time.Location {
	if loc != nil {
		return loc
	}
	if prague, err := time.LoadLocation("Europe/Prague"); err == nil {
		return prague
	}
	return time.FixedZone("CET", 3600)
}

// Clock tells the sandbox what time it is. Tests and the soak test use a
// ManualClock; the living demo uses a clock that runs faster than real time.
type Clock interface {
	Now() time.Time
}

// SystemClock is the real time.
type SystemClock struct{}

// Now implements Clock.
func (SystemClock) Now() time.Time { return time.Now() }

// ManualClock moves only when told to.
type ManualClock struct {
	mu  sync.Mutex
	now time.Time
}

// NewManualClock starts at t.
func NewManualClock(t time.Time) *ManualClock { return &ManualClock{now: t} }

// Now implements Clock.
func (c *ManualClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Advance moves the clock forward by d.
func (c *ManualClock) Advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

// Set moves the clock to t.
func (c *ManualClock) Set(t time.Time) {
	c.mu.Lock()
	c.now = t
	c.mu.Unlock()
}

// ScaledClock runs Factor times faster than real time from Start: a living demo
// where an hour of the account's life passes in a few real minutes.
type ScaledClock struct {
	Start  time.Time
	Origin time.Time // real time at Start
	Factor float64
	Real   func() time.Time
}

// Now implements Clock.
func (c ScaledClock) Now() time.Time {
	real := time.Now
	if c.Real != nil {
		real = c.Real
	}
	elapsed := real().Sub(c.Origin)
	return c.Start.Add(time.Duration(float64(elapsed) * c.Factor))
}
