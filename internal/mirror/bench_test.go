package mirror

import (
	"context"
	"math"
	"testing"
	"time"
)

// BenchmarkSyncNothingChanged is a sync of every kind against the sandbox
// when nothing changed since the last: soon after the last list reads the
// event log alone tells so (the event log and the to-dos, which have no
// events); once listEvery has passed every list is read, with updated_since
// where it has it.
func BenchmarkSyncNothingChanged(b *testing.B) {
	for _, c := range []struct {
		name      string
		listEvery time.Duration
	}{{"soon", math.MaxInt64}, {"every_list", 0}} {
		b.Run(c.name, func(b *testing.B) {
			e := newEnv(b)
			e.seed(b, 45)
			ctx := context.Background()
			e.sb.Clock.Advance(time.Hour)
			if _, err := e.m.Sync(ctx, e.client); err != nil {
				b.Fatal(err)
			}
			e.m.listEvery = c.listEvery
			requests := 0
			for b.Loop() {
				e.sb.Clock.Advance(5 * time.Minute)
				rep, err := e.m.Sync(ctx, e.client)
				if err != nil {
					b.Fatal(err)
				}
				requests += rep.Requests
			}
			b.ReportMetric(float64(requests)/float64(b.N), "requests/op")
		})
	}
}
