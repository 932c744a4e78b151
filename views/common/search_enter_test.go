package common

import (
	"testing"

	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
)

// The first enter in a search does what the user means (issue 28: it only
// confirmed): typed faster than the pause, it searches at once and opens
// nothing; once the rows shown are that search's, it opens the selected one.
func TestFirstEnterInSearchSearchesThenOpens(t *testing.T) {
	var qs []Query
	p := fakeList(t, &qs)
	p.cfg.Open = func(r rec) ui.PageID { return ui.PageID{Kind: "rec", ID: r.Name} }
	p.Init()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(3)}})
	p.Update(tuitest.Key("/"))
	for _, k := range tuitest.Typed("r2") {
		p.Update(k) // the pause has not ended: no search yet
	}
	req := p.pg.req
	out := tuitest.Collect(p.Update(tuitest.Key("enter")))
	if p.pg.req != req+1 || p.query != "r2" || p.Capturing() {
		t.Fatalf("enter before the pause did not search r2: req %d→%d, query %q, capturing %v", req, p.pg.req, p.query, p.Capturing())
	}
	for _, m := range out {
		if o, ok := m.(ui.Open); ok {
			t.Fatalf("enter opened %v before the search answered", o.ID)
		}
	}
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: []rec{{ID: 2, Name: "r2"}}}})

	p.Update(tuitest.Key("/")) // the search in force, shown: enter opens
	var opened []ui.PageID
	for _, m := range tuitest.Collect(p.Update(tuitest.Key("enter"))) {
		if o, ok := m.(ui.Open); ok {
			opened = append(opened, o.ID)
		}
	}
	if len(opened) != 1 || opened[0].ID != "r2" || p.pg.req != req+1 {
		t.Errorf("enter on the search shown opened %v (requests %d), want r2 and no new search", opened, p.pg.req-req)
	}
	if p.Capturing() {
		t.Error("the search input keeps the focus after opening")
	}

	p.Update(tuitest.Key("esc")) // esc in the table clears the search
	p.Update(tuitest.Key("/"))
	for _, m := range tuitest.Collect(p.Update(tuitest.Key("enter"))) {
		if _, ok := m.(ui.Open); ok {
			t.Error("enter on an empty search opened a record")
		}
	}
}
