package views_test

import (
	"context"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/views/common"
)

// The monitor in the application (key 9) takes its counts from the open
// account's local copy, the one the lists use: its first read brings the
// copy's invoices, expenses and stock up to date with one sync, and reads
// none of the status-filtered lists the counts cost without a copy.
func TestMonitorCountsFromTheLocalCopy(t *testing.T) {
	var mu sync.Mutex
	var sent []string
	env, c, _ := sandboxVia(t, time.Now().Add(-time.Hour), func(base http.RoundTripper) http.RoundTripper {
		rt := &tuitest.Transport{Base: base}
		rt.SetHook(func(r *http.Request) (*http.Response, error) {
			mu.Lock()
			sent = append(sent, r.URL.Path+"?"+r.URL.RawQuery)
			mu.Unlock()
			return nil, nil
		})
		return rt
	})
	seedExpenses(t, c, 3)
	env.Clock.Advance(5 * time.Minute) // the records were made a while before kasa looks
	with := localCopy(t, t.TempDir())
	var d common.Deps
	with(&d)
	st := d.Store()

	h := newHarnessWith(t, c, 80, 24, with)
	h.keys("9")
	for _, k := range []store.Kind{store.Invoices, store.Expenses, store.InventoryItems} {
		s, err := st.State(context.Background(), k)
		if err != nil {
			t.Fatal(err)
		}
		if !s.Complete {
			t.Errorf("after the monitor's first read the copy's %s are not synced", k)
		}
	}
	if n, err := st.Count(context.Background(), store.Query{Kind: store.Expenses}); err != nil || n != 3 {
		t.Errorf("the copy holds %d expenses (%v), want the 3 made", n, err)
	}
	mu.Lock()
	defer mu.Unlock()
	for _, q := range sent {
		if strings.Contains(q, "status=") || strings.Contains(q, "low_quantity") {
			t.Errorf("the monitor read a filtered list for its counts: %s", q)
		}
	}
}
