package mirror

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// env is a sandbox account, a client on it whose requests are counted, and
// an empty local copy with its mirror.
type env struct {
	sb     *tuitest.Sandbox
	rt     *tuitest.Transport
	client *apiclient.Client
	st     *store.Store
	m      *Mirror

	mu      sync.Mutex
	queries []string // "path?query" of every request
}

func newEnv(t testing.TB) *env {
	t.Helper()
	prague, err := time.LoadLocation("Europe/Prague")
	if err != nil {
		t.Fatal(err)
	}
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, prague)})
	token := sb.Server.IssueTokenValidFor(sb.Setup.Owner.ID, sb.Setup.Client.ID, 1000*time.Hour)
	e := &env{sb: sb}
	e.rt = &tuitest.Transport{Base: apiclient.StaticBearer(nil, token)}
	e.rt.SetHook(func(r *http.Request) (*http.Response, error) {
		e.mu.Lock()
		e.queries = append(e.queries, r.Method+" "+r.URL.Path+"?"+r.URL.RawQuery)
		e.mu.Unlock()
		return nil, nil
	})
	e.client = sb.ClientWith(t, token, apiclient.WithTransport(e.rt), apiclient.WithClock(sb.Clock.Now))
	e.st, err = store.Open(context.Background(), store.Path(t.TempDir(), tuitest.Slug))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { e.st.Close() })
	e.m = New(e.st, nil, sb.Clock.Now)
	return e
}

// requests are the requests sent since the mark, and a new mark.
func (e *env) requests(mark int) ([]string, int) {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]string(nil), e.queries[mark:]...), len(e.queries)
}

// seed makes a customer with invoices (more than one page), an expense, and
// an inventory item.
func (e *env) seed(t testing.TB, invoices int) (subject int64, invoiceIDs []int64, item int64) {
	t.Helper()
	ctx := context.Background()
	sub, _, err := e.client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Kavárna Žížala s.r.o.")})
	if err != nil {
		t.Fatal(err)
	}
	for i := range invoices {
		inv, _, err := e.client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: &sub.ID,
			Lines: []apiclient.LineParams{{Name: apiclient.Ptr(fmt.Sprintf("Káva zrnková %d", i)),
				UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100")), VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}})
		if err != nil {
			t.Fatal(err)
		}
		invoiceIDs = append(invoiceIDs, inv.ID)
	}
	if _, _, err := e.client.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: &sub.ID,
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Nájem"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("5000"))}}}); err != nil {
		t.Fatal(err)
	}
	it, _, err := e.client.InventoryItems.Create(ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr("Mlýnek"), SKU: apiclient.Ptr("MLY-1"),
		NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("990"))})
	if err != nil {
		t.Fatal(err)
	}
	return sub.ID, invoiceIDs, it.ID
}

func count(t *testing.T, st *store.Store, q store.Query) int {
	t.Helper()
	n, err := st.Count(context.Background(), q)
	if err != nil {
		t.Fatal(err)
	}
	return n
}

func TestSyncAgainstSandbox(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	_, invoices, item := e.seed(t, 45) // two pages
	e.sb.Clock.Advance(time.Hour)

	// The first sync is a full pass of every kind.
	rep, err := e.m.Sync(ctx, e.client)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Full) != len(allKinds())-1 { // the event log is read, never replaced
		t.Errorf("first sync: full passes of %v, want every kind but events", rep.Full)
	}
	if n := count(t, e.st, store.Query{Kind: store.Invoices}); n != 45 {
		t.Errorf("first sync kept %d invoices, want 45", n)
	}
	if n := count(t, e.st, store.Query{Kind: store.Invoices, Search: "kavarna zizala"}); n != 45 {
		t.Errorf("search without diacritics found %d invoices, want 45", n)
	}
	for _, k := range []store.Kind{store.Subjects, store.Expenses, store.InventoryItems} {
		if n := count(t, e.st, store.Query{Kind: k}); n != 1 {
			t.Errorf("first sync kept %d %s, want 1", n, k)
		}
	}

	// Nothing changed: one request per list, updated_since where the list has it.
	e.sb.Clock.Advance(time.Hour)
	_, mark := e.requests(0)
	rep, err = e.m.Sync(ctx, e.client)
	if err != nil {
		t.Fatal(err)
	}
	sent, mark := e.requests(mark)
	if len(sent) != len(allKinds()) || rep.Requests != len(allKinds()) {
		t.Errorf("a sync with nothing changed sent %d requests (report: %d), want %d, one per list:\n%s",
			len(sent), rep.Requests, len(allKinds()), strings.Join(sent, "\n"))
	}
	for _, q := range sent {
		incr := !strings.Contains(q, "/todos.json") && !strings.Contains(q, "/inbox_files.json") && !strings.Contains(q, "/events.json")
		if incr != strings.Contains(q, "updated_since=") {
			t.Errorf("request %s: updated_since %v, want %v", q, !incr, incr)
		}
	}
	if got := fmt.Sprint(rep.Full); got != "[inbox_files todos]" {
		t.Errorf("full passes %s, want only the lists without updated_since", got)
	}

	// Soon after, the event log alone tells that nothing changed: the lists
	// it tells of are not read (to-dos have no events).
	e.sb.Clock.Advance(time.Minute)
	if rep, err = e.m.Sync(ctx, e.client); err != nil {
		t.Fatal(err)
	}
	sent, mark = e.requests(mark)
	if len(sent) != 2 || !strings.Contains(sent[0], "/events.json") || !strings.Contains(sent[1], "/todos.json") {
		t.Errorf("a sync soon after, nothing changed: %d requests, want the event log and the to-dos:\n%s",
			len(sent), strings.Join(sent, "\n"))
	}
	e.sb.Clock.Advance(time.Minute)
	if _, err = e.m.Sync(ctx, e.client, store.Invoices); err != nil {
		t.Fatal(err)
	}
	if sent, mark = e.requests(mark); len(sent) != 1 {
		t.Errorf("a refresh of invoices, nothing changed: %d requests, want 1 (the event log):\n%s",
			len(sent), strings.Join(sent, "\n"))
	}
	if st, _ := e.st.State(ctx, store.Invoices); !st.SyncedAt.Equal(e.sb.Clock.Now()) {
		t.Errorf("a pass that read only the event log: SyncedAt %v, want now %v", st.SyncedAt, e.sb.Clock.Now())
	}

	// A removal at the service disappears, a change appears.
	if _, err := e.client.Invoices.Delete(ctx, invoices[3]); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.client.Invoices.Update(ctx, invoices[7], &apiclient.InvoiceParams{Note: apiclient.Ptr("Čokoláda navíc")}); err != nil {
		t.Fatal(err)
	}
	e.sb.Clock.Advance(5 * time.Minute)
	_, mark = e.requests(mark)
	rep, err = e.m.Sync(ctx, e.client, store.Invoices)
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Full) != 0 {
		t.Errorf("a removal named by the event log made full passes of %v", rep.Full)
	}
	if _, err := e.st.Get(ctx, store.Invoices, invoices[3]); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("the removed invoice is still in the copy (%v)", err)
	}
	if got := fmt.Sprint(rep.Removed[store.Invoices]); got != fmt.Sprint([]int64{invoices[3]}) {
		t.Errorf("removed %s, want [%d]", got, invoices[3])
	}
	rows, err := e.st.List(ctx, store.Query{Kind: store.Invoices, Search: "cokolada"})
	if err != nil {
		t.Fatal(err)
	}
	if got := Decode[apiclient.Invoice](rows); len(got) != 1 || got[0].ID != invoices[7] {
		t.Errorf("search for the changed note found %d invoices, want invoice %d", len(got), invoices[7])
	}
	if sent, _ = e.requests(mark); len(sent) != 2 {
		t.Errorf("a sync of invoices sent %d requests, want 2 (the event log and the list):\n%s", len(sent), strings.Join(sent, "\n"))
	}

	// The service names an inventory item's removal by nothing: that kind gets a full pass.
	if _, err := e.client.InventoryItems.Delete(ctx, item); err != nil {
		t.Fatal(err)
	}
	e.sb.Clock.Advance(time.Minute)
	rep, err = e.m.Sync(ctx, e.client, store.InventoryItems)
	if err != nil {
		t.Fatal(err)
	}
	if n := count(t, e.st, store.Query{Kind: store.InventoryItems}); n != 0 {
		t.Errorf("the removed item is still in the copy")
	}
	if fmt.Sprint(rep.Full) != "[inventory_items]" || fmt.Sprint(rep.Removed[store.InventoryItems]) != fmt.Sprint([]int64{item}) {
		t.Errorf("an unnamed removal: full %v removed %v, want a full pass removing %d", rep.Full, rep.Removed, item)
	}
	if n := count(t, e.st, store.Query{Kind: store.Events, Filter: map[string]string{"status": "invoice_removed"}}); n != 1 {
		t.Errorf("the copy keeps %d invoice_removed events, want 1", n)
	}
}

// Concurrent Syncs of one kind share one pass.
func TestConcurrentSyncsShareAPass(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	e.seed(t, 1)
	release := make(chan struct{})
	started := make(chan struct{}, 1)
	e.rt.SetHook(func(r *http.Request) (*http.Response, error) {
		if strings.HasSuffix(r.URL.Path, "/invoices.json") {
			select {
			case started <- struct{}{}:
				<-release
			default:
			}
		}
		return nil, nil
	})
	var wg sync.WaitGroup
	reps := make([]Report, 2)
	errs := make([]error, 2)
	wg.Add(1)
	go func() {
		defer wg.Done()
		reps[0], errs[0] = e.m.Sync(ctx, e.client, store.Invoices)
	}()
	<-started // the first pass is reading invoices
	wg.Add(1)
	go func() {
		defer wg.Done()
		reps[1], errs[1] = e.m.Sync(ctx, e.client, store.Invoices)
	}()
	// The second Sync finds the pass running as soon as it starts; give it that moment.
	time.Sleep(50 * time.Millisecond)
	close(release)
	wg.Wait()
	for i, err := range errs {
		if err != nil {
			t.Fatalf("Sync %d: %v", i, err)
		}
	}
	if n := e.rt.Count("GET", "/invoices.json"); n != 1 {
		t.Errorf("two concurrent Syncs of invoices read the list %d times, want 1", n)
	}
	if len(reps[1].Changed[store.Invoices]) != 1 {
		t.Errorf("the joining Sync's report: %+v, want the shared pass's", reps[1])
	}
}

// The copy cannot be sure of what was removed when the event log since the
// last pass is longer than one read takes, or the last pass is too old: the
// kinds then get a full pass.
func TestAGapMakesAFullPass(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	_, invoices, _ := e.seed(t, 3)
	e.m.maxEventPages = 1
	e.sb.Clock.Advance(time.Hour)
	if _, err := e.m.Sync(ctx, e.client, store.Invoices); err != nil {
		t.Fatal(err)
	}
	e.sb.Clock.Advance(time.Hour)
	for i := range apiclient.PageSize + 1 { // more events than one page
		if _, _, err := e.client.Invoices.Update(ctx, invoices[0], &apiclient.InvoiceParams{Note: apiclient.Ptr(fmt.Sprint(i))}); err != nil {
			t.Fatal(err)
		}
	}
	e.sb.Clock.Advance(5 * time.Minute) // beyond the margin: the next read starts after the updates
	rep, err := e.m.Sync(ctx, e.client, store.Invoices)
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(rep.Full) != "[invoices]" {
		t.Errorf("after more events than a read takes: full passes %v, want [invoices]", rep.Full)
	}
	e.sb.Clock.Advance(time.Minute)
	if rep, err = e.m.Sync(ctx, e.client, store.Invoices); err != nil || len(rep.Full) != 0 {
		t.Errorf("the sync after: full passes %v (%v), want none", rep.Full, err)
	}
	e.sb.Clock.Advance(e.m.maxAge + time.Hour)
	if rep, err = e.m.Sync(ctx, e.client, store.Invoices); err != nil || fmt.Sprint(rep.Full) != "[invoices]" {
		t.Errorf("after %v without a sync: full passes %v (%v), want [invoices]", e.m.maxAge, rep.Full, err)
	}
}

// Invoices and expenses the service marks overdue by itself keep their
// updated_at (the sandbox's do), so updated_since does not bring them: a
// sync reads the records the log names as fallen due one by one, and the
// copy's statuses are the service's.
func TestSyncTakesWhatFellDue(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	_, invoices, _ := e.seed(t, 3) // due in 14 days
	e.sb.Clock.Advance(time.Hour)
	if _, err := e.m.Sync(ctx, e.client, store.Invoices); err != nil {
		t.Fatal(err)
	}
	e.sb.Clock.Advance(21 * 24 * time.Hour)
	_, mark := e.requests(0)
	rep, err := e.m.Sync(ctx, e.client, store.Invoices)
	if err != nil {
		t.Fatal(err)
	}
	if n := count(t, e.st, store.Query{Kind: store.Invoices, Filter: map[string]string{"status": "overdue"}}); n != len(invoices) {
		t.Errorf("after they fell due the copy holds %d overdue invoices, want %d", n, len(invoices))
	}
	sent, _ := e.requests(mark)
	if want := 2 + len(invoices); len(sent) != want || rep.Requests != want { // the log, the list, each invoice
		t.Errorf("the sync sent %d requests (reported %d), want %d: %v", len(sent), rep.Requests, want, sent)
	}
}
