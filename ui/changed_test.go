package ui

import (
	"strings"
	"testing"
)

// carrier is a routed page message that also reports the connection, like
// the answers of views/common.
type carrier struct {
	to     PageID
	status APIStatus
}

func (c carrier) Target() PageID       { return c.to }
func (c carrier) APIStatus() APIStatus { return c.status }
func changedOf(p *fakePage) (n int) {
	for _, m := range p.got {
		if _, ok := m.(Changed); ok {
			n++
		}
	}
	return n
}

func TestChangedReachesEveryCachedPage(t *testing.T) {
	f := newFixture(t, nil)
	f.key("enter")      // subjects > detail 0
	f.key("2", "enter") // invoices > detail 0 (the same cached detail page)
	f.key("3")
	f.send(Changed{Kind: "invoice", ID: 7})
	for id, p := range f.pages {
		if changedOf(p) != 1 {
			t.Errorf("page %v got %d Changed, want 1 (on top or not)", id, changedOf(p))
		}
	}
	if len(f.pages) < 4 {
		t.Fatalf("fixture made %d pages, want at least subjects, invoices, expenses and a detail", len(f.pages))
	}
}

func TestStatusComesFromAnyCarrier(t *testing.T) {
	f := newFixture(t, nil)
	status := func() string { v := strings.Split(f.m.View(), "\n"); return v[len(v)-1] }
	root := f.pages[PageID{Kind: "subjects"}]
	f.send(carrier{to: root.id, status: APIStatus{Conn: ConnOffline}})
	if s := status(); !strings.Contains(s, "offline") {
		t.Errorf("a routed answer that carried 'offline' left the status bar at %q", s)
	}
	if _, ok := root.got[len(root.got)-1].(carrier); !ok {
		t.Error("the carrier did not reach its page after its status was taken")
	}
}
