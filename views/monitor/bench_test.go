package monitor

import (
	"testing"
)

// BenchmarkIdleWake is what an idle monitor does at each of its timer's
// wake-ups (at most every five minutes): a tick that is not due re-arms the
// timer, and the screen is drawn again.
func BenchmarkIdleWake(b *testing.B) {
	f := newFixture(b, Options{})
	f.m.SetSize(100, 30)
	b.ReportAllocs()
	for b.Loop() {
		f.m.Update(tickMsg{gen: f.m.members[0].gen})
		_ = f.m.View()
	}
}

// BenchmarkView100x30 is one full redraw of a wide monitor.
func BenchmarkView100x30(b *testing.B) {
	f := newFixture(b, Options{})
	f.m.SetSize(100, 30)
	b.ReportAllocs()
	for b.Loop() {
		_ = f.m.View()
	}
}
