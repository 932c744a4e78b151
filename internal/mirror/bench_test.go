package mirror

import (
	"context"
	"testing"
	"time"
)

// BenchmarkSyncNothingChanged is a sync of every kind against the sandbox
// when nothing changed since the last: one request per list, updated_since
// where the list has it, and the event log.
func BenchmarkSyncNothingChanged(b *testing.B) {
	e := newEnv(b)
	e.seed(b, 45)
	ctx := context.Background()
	e.sb.Clock.Advance(time.Hour)
	if _, err := e.m.Sync(ctx, e.client); err != nil {
		b.Fatal(err)
	}
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
}
