package views_test

import (
	"context"
	"net/http"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/views"
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

// Watching several accounts, the open one counts from the app's copy and
// each other one from its own file in the cache folder, never from the
// open account's.
func TestMonitorCountsEachAccountFromItsOwnCopy(t *testing.T) {
	_, c, _ := sandboxVia(t, time.Now(), func(base http.RoundTripper) http.RoundTripper { return base })
	dir := t.TempDir()
	d := testDeps(c, &recorder{}, dir)
	localCopy(t, t.TempDir())(d)
	d.CacheDir, d.Watch = dir, []string{"beta-sro"}
	o := views.MonitorOptions(d)
	if len(o.Accounts) != 2 {
		t.Fatalf("%d accounts watched, want 2", len(o.Accounts))
	}
	open := o.Accounts[0].Copy()
	if open.Store != d.Store() || open.Client.AccountSlug() != c.AccountSlug() {
		t.Errorf("the open account counts from another copy than the app's")
	}
	other := o.Accounts[1].Copy()
	if other.Store == nil || other.Close == nil {
		t.Fatal("the other account has no copy of its own")
	}
	defer other.Close()
	if other.Store == d.Store() || other.Client.AccountSlug() != "beta-sro" {
		t.Errorf("the other account counts from the open account's copy, or through its client (%s)", other.Client.AccountSlug())
	}
	if _, err := os.Stat(store.Path(dir, "beta-sro")); err != nil {
		t.Errorf("the other account's copy is not its file in the cache folder: %v", err)
	}
	d.CacheDir = "" // no cache folder: the other account's counts are read page by page
	if o := views.MonitorOptions(d); o.Accounts[1].Copy != nil {
		t.Errorf("without a cache folder the other account counts from a copy")
	}
}
