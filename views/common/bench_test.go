package common

import (
	"testing"

	"github.com/kasa-tui/kasa/internal/tuitest"
)

// BenchmarkListMoveAndView is one key press on a list of 10,000 loaded
// records: moving the cursor and drawing the page.
func BenchmarkListMoveAndView(b *testing.B) {
	var qs []Query
	p := fakeList(b, &qs)
	p.SetSize(120, 36)
	p.Init()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(10000)}})
	p.tbl.SetExhausted(true)
	down := tuitest.Key("j")
	up := tuitest.Key("k")
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if i%2000 < 1000 {
			p.Update(down)
		} else {
			p.Update(up)
		}
		_ = p.View()
	}
}
