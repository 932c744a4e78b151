package views_test

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// localCopy is an account's local copy in dir for the pages of a harness.
func localCopy(t *testing.T, dir string) func(*common.Deps) {
	t.Helper()
	st, err := store.Open(context.Background(), store.Path(dir, "test"))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = st.Close() })
	m := mirror.New(st, nil, nil)
	return func(d *common.Deps) {
		d.Store = func() *store.Store { return st }
		d.Mirror = func() *mirror.Mirror { return m }
	}
}

// sandboxVia is a sandbox whose clock starts at start, and a client on it
// whose requests go through the transport via makes of the signed one.
func sandboxVia(t *testing.T, start time.Time, via func(base http.RoundTripper) http.RoundTripper) (*tuitest.Sandbox, *apiclient.Client, string) {
	t.Helper()
	env := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start})
	token := env.Server.IssueToken(env.Setup.Owner.ID, env.Setup.Client.ID)
	c := env.ClientWith(t, token, append(fastRetries(), apiclient.WithTransport(via(apiclient.StaticBearer(nil, token))))...)
	return env, c, token
}

// unreachable is a client of account whose service cannot be reached.
func unreachable(t *testing.T, account string) *apiclient.Client {
	t.Helper()
	down, err := apiclient.New("http://127.0.0.1:1/api/v3", append(fastRetries(),
		apiclient.WithAccount(account), apiclient.WithUserAgent("kasa-test", "test@example.com"))...)
	if err != nil {
		t.Fatal(err)
	}
	return down
}

// Issue 26, the local copy: a list shown once fills the account's copy,
// and the next start paints from it. With the service unreachable the rows
// stay readable, saying when they were synced, and the status bar says
// since when it is offline; keys that need the service say they were not
// sent, and a record's page reads the copy. With the service back, a start
// costs one request per list shown (a sync that found nothing new). The copy holds no token and no secret.
func TestListsStartFromTheLocalCopy(t *testing.T) {
	counter := &poll.CountingTransport{}
	env, c, token := sandboxVia(t, sandboxStart, func(base http.RoundTripper) http.RoundTripper { counter.Base = base; return counter })
	seedExpenses(t, c, 45)
	env.Clock.Advance(5 * time.Minute) // the records were made a while before kasa looks
	dir := t.TempDir()
	withCopy := localCopy(t, dir)

	first := newHarnessWith(t, c, 100, 30, withCopy)
	first.keys("3") // the first run: the service's page, then the copy once synced
	if v := first.view(); !strings.Contains(v, "45 of 45, synced just now") {
		t.Fatalf("first start:\n%s", v)
	}

	down := unreachable(t, c.AccountSlug())
	offline := newHarnessWith(t, down, 100, 30, withCopy)
	offline.keys("3")
	v := offline.view()
	for _, want := range []string{"45 of 45, synced just now · cannot refresh, r to retry", "FV-", "offline since"} {
		if !strings.Contains(v, want) {
			t.Fatalf("offline start lacks %q:\n%s", want, v)
		}
	}
	// Offline, a key that needs the service (a new expense) says it was
	// not sent instead of doing nothing; an expense's page opens from the
	// copy.
	offline.keys("n")
	if ts := offline.toasts(); len(ts) == 0 || !strings.Contains(ts[len(ts)-1], "Not sent: the service cannot be reached") {
		t.Errorf("offline, n said %q", ts)
	}
	offline.keys("enter")
	if v := offline.view(); !strings.Contains(v, "N2026-0045") || !strings.Contains(v, "Original number   FV-044") || !strings.Contains(v, "offline since") {
		t.Errorf("offline, an expense's page:\n%s", v)
	}

	before := counter.Count()
	again := newHarnessWith(t, c, 100, 30, withCopy)
	atStart := counter.Count() - before
	again.keys("3")
	if n := counter.Count() - before - atStart; n != syncCost {
		t.Errorf("opening the expenses over a complete copy sent %d requests, want %d (the sync)", n, syncCost)
	}
	if v := again.view(); !strings.Contains(v, "45 of 45, synced just now") {
		t.Errorf("after the sync:\n%s", v)
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

// With a filled copy the lists paint before any request is answered: the
// service hangs, and the expenses are on screen, catching up (issue 26).
func TestListPaintsBeforeTheServiceAnswers(t *testing.T) {
	rt := &tuitest.Transport{}
	_, c, _ := sandboxVia(t, sandboxStart, func(base http.RoundTripper) http.RoundTripper { rt.Base = base; return rt })
	seedExpenses(t, c, 45)
	withCopy := localCopy(t, t.TempDir())
	newHarnessWith(t, c, 100, 30, withCopy).keys("3") // fills the copy

	hangEveryRequest(t, rt)
	h := newHarnessTimed(t, c, 100, 30, withCopy)
	h.keys("3")
	v := h.view()
	for _, want := range []string{"FV-", "45 of 45, catching up…"} {
		if !strings.Contains(v, want) {
			t.Errorf("with the service hanging, the list lacks %q:\n%s", want, v)
		}
	}
	lines := strings.Split(strings.TrimRight(v, "\n"), "\n")
	if bar := lines[len(lines)-1]; !strings.Contains(bar, "catching up") || strings.Contains(bar, "loading") {
		t.Errorf("with the service hanging, the status bar says %q", bar)
	}
}

// Offline, every list the local copy holds is readable from it (issue 26):
// each is opened once online (its first run fills the copy), then on a
// client whose service cannot be reached.
func TestEveryListReadableOffline(t *testing.T) {
	env := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Client: fastRetries()})
	c := env.Client
	seedExpenses(t, c, 3)
	withCopy := localCopy(t, t.TempDir())
	lists := []ui.PageID{{Kind: nav.Subjects}, {Kind: nav.Invoices}, {Kind: nav.Expenses}, {Kind: nav.Inventory},
		{Kind: nav.Inbox}, {Kind: nav.Generators}, {Kind: nav.RecurringGenerators}, {Kind: nav.Events}, {Kind: nav.InventoryMoves}}
	online := newHarnessWith(t, c, 120, 30, withCopy)
	for _, id := range lists {
		online.send(ui.Open{ID: id})
	}
	down := unreachable(t, c.AccountSlug())
	offline := newHarnessWith(t, down, 120, 30, withCopy)
	for _, id := range lists {
		offline.send(ui.Open{ID: id})
		if v := offline.view(); !strings.Contains(v, "synced") || !strings.Contains(v, "cannot refresh, r to retry") {
			t.Errorf("%s offline:\n%s", id.Kind, v)
		}
	}
	online.send(ui.Open{ID: ui.PageID{Kind: nav.Todos}})
	offline.send(ui.Open{ID: ui.PageID{Kind: nav.Todos}})
	if v := offline.view(); !strings.Contains(v, "0 open, 0 completed") || strings.Contains(v, "Could not load") {
		t.Errorf("the to-dos offline:\n%s", v)
	}
	offline.send(ui.Open{ID: ui.PageID{Kind: nav.Expenses}})
	if v := offline.view(); !strings.Contains(v, "3 of 3") || !strings.Contains(v, "Alfa Papír") {
		t.Errorf("the expenses offline:\n%s", v)
	}
}

// hangEveryRequest makes every request through rt wait until it is given
// up or the test ends: a service that hangs.
func hangEveryRequest(t *testing.T, rt *tuitest.Transport) {
	t.Helper()
	hang := make(chan struct{})
	t.Cleanup(func() { close(hang) })
	rt.SetHook(func(r *http.Request) (*http.Response, error) {
		select {
		case <-hang:
		case <-r.Context().Done():
		}
		return nil, context.Canceled
	})
}
