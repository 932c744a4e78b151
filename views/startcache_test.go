package views_test

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/pagecache"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/views/common"
)

// Issue 16, start from the last data: a list shown once paints its rows
// from the cache at the next start. With the service unreachable they stay
// readable, marked with their age, and the status bar says since when it
// is offline; with the service back, refreshing costs one request per page
// shown (not one per page cached). The cache holds no token and no secret.
func TestListsStartFromTheCache(t *testing.T) {
	env := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart})
	token := env.Server.IssueToken(env.Setup.Owner.ID, env.Setup.Client.ID)
	counter := &poll.CountingTransport{Base: apiclient.StaticBearer(nil, token)}
	c := env.ClientWith(t, token, append(fastRetries(), apiclient.WithTransport(counter))...)
	seedExpenses(t, c, 45)
	dir := t.TempDir()
	store := pagecache.Open(dir, 0)
	withCache := func(d *common.Deps) { d.Pages = store }

	first := newHarnessWith(t, c, 100, 30, withCache)
	first.keys("3", "G") // both pages of expenses, each kept
	if !strings.Contains(first.view(), "45 loaded, all loaded") {
		t.Fatalf("first start:\n%s", first.view())
	}

	down, err := apiclient.New("http://127.0.0.1:1/api/v3", append(fastRetries(),
		apiclient.WithAccount(c.AccountSlug()), apiclient.WithUserAgent("kasa-test", "test@example.com"))...)
	if err != nil {
		t.Fatal(err)
	}
	offline := newHarnessWith(t, down, 100, 30, withCache)
	offline.keys("3")
	v := offline.view()
	for _, want := range []string{"45 cached just now · cannot refresh, r to retry", "FV-", "offline since"} {
		if !strings.Contains(v, want) {
			t.Fatalf("offline start lacks %q:\n%s", want, v)
		}
	}
	// Offline, a key that needs the service (a new expense, opening one)
	// says it was not sent instead of doing nothing (issue 26).
	for _, k := range []string{"n", "enter"} {
		offline.keys(k)
		if ts := offline.toasts(); len(ts) == 0 || !strings.Contains(ts[len(ts)-1], "Not sent: the service cannot be reached") {
			t.Errorf("offline, %s said %q", k, ts)
		}
	}

	before := counter.Count()
	again := newHarnessWith(t, c, 100, 30, withCache)
	again.keys("3")
	if n := counter.Count() - before; n != 2 {
		t.Errorf("a start showing two pages (subjects, expenses) sent %d requests, want 2", n)
	}
	if v := again.view(); !strings.Contains(v, "40 loaded, more available") {
		t.Errorf("after the refresh:\n%s", v)
	}

	_ = filepath.Walk(dir, func(p string, fi os.FileInfo, err error) error {
		if err != nil || fi.IsDir() {
			return err
		}
		b, _ := os.ReadFile(p)
		for _, secret := range []string{token, env.Setup.Client.Secret} {
			if secret != "" && bytes.Contains(b, []byte(secret)) {
				t.Errorf("%s holds a secret", p)
			}
		}
		return nil
	})
}
