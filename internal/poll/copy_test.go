package poll_test

import (
	"context"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/google/go-cmp/cmp/cmpopts"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// copyEnv is a sandbox account, a client on it whose requests are counted,
// and the folder of the account's local copy.
type copyEnv struct {
	sb      *tuitest.Sandbox
	client  *apiclient.Client
	counter *poll.CountingTransport
	dir     string // the cache folder of the account's local copy
	loc     *time.Location
}

func newCopyEnv(t *testing.T) *copyEnv {
	t.Helper()
	prague, err := time.LoadLocation("Europe/Prague")
	if err != nil {
		t.Fatal(err)
	}
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, prague)})
	token := sb.Server.IssueTokenValidFor(sb.Setup.Owner.ID, sb.Setup.Client.ID, 1000*time.Hour)
	e := &copyEnv{sb: sb, loc: prague}
	e.counter = &poll.CountingTransport{Base: apiclient.StaticBearer(nil, token)}
	e.client = sb.ClientWith(t, token, apiclient.WithTransport(e.counter), apiclient.WithClock(sb.Clock.Now))
	e.dir = t.TempDir()
	return e
}

// seed makes what every count reads: overdue, open (two pages) and paid
// invoices, two in euros, an overdue and an open expense, an item below
// its minimum and one above. It returns an overdue invoice.
func (e *copyEnv) seed(t *testing.T) (overdue int64) {
	t.Helper()
	ctx := context.Background()
	sub, _, err := e.client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Kavárna Žížala s.r.o.")})
	if err != nil {
		t.Fatal(err)
	}
	today := e.sb.Clock.Now()
	long := apiclient.DateOf(today.AddDate(0, 0, -40))
	line := []apiclient.LineParams{{Name: apiclient.Ptr("Káva"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100")),
		VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}
	invoice := func(p apiclient.InvoiceParams) int64 {
		p.SubjectID, p.Lines = &sub.ID, line
		inv, _, err := e.client.Invoices.Create(ctx, &p)
		if err != nil {
			t.Fatal(err)
		}
		return inv.ID
	}
	for range 3 {
		overdue = invoice(apiclient.InvoiceParams{IssuedOn: &long, Due: apiclient.NullOf(14)})
	}
	for range 42 {
		invoice(apiclient.InvoiceParams{Due: apiclient.NullOf(14)})
	}
	for range 2 {
		invoice(apiclient.InvoiceParams{Due: apiclient.NullOf(14), Currency: apiclient.Ptr("EUR"),
			ExchangeRate: apiclient.Ptr(apiclient.MustDecimal("25"))})
	}
	e.pay(t, invoice(apiclient.InvoiceParams{Due: apiclient.NullOf(14)}))
	due := apiclient.DateOf(today.AddDate(0, 0, -20))
	for _, p := range []apiclient.ExpenseParams{{IssuedOn: &long, DueOn: &due}, {}} {
		p.SubjectID, p.Lines = &sub.ID, line
		if _, _, err := e.client.Expenses.Create(ctx, &p); err != nil {
			t.Fatal(err)
		}
	}
	for _, qty := range []string{"1", "10"} {
		if _, _, err := e.client.InventoryItems.Create(ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr("Mlýnek " + qty),
			SKU: apiclient.Ptr("MLY-" + qty), NativePurchasePrice: apiclient.Ptr(apiclient.MustDecimal("500")),
			NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("990")), TrackQuantity: apiclient.Ptr(true), Quantity: apiclient.Ptr(apiclient.MustDecimal(qty)),
			MinQuantity: apiclient.Ptr(apiclient.MustDecimal("5"))}); err != nil {
			t.Fatal(err)
		}
	}
	return overdue
}

func (e *copyEnv) pay(t *testing.T, id int64) {
	t.Helper()
	if _, _, err := e.client.Invoices.CreatePayment(context.Background(), id, &apiclient.PaymentParams{}); err != nil {
		t.Fatal(err)
	}
}

// counts runs a new monitor's first cycle (counts included) on the
// account, from the copy when withCopy is set, and says what the counts
// and the whole cycle cost (requests really sent).
func (e *copyEnv) counts(t *testing.T, withCopy bool) (c poll.Counts, res poll.Result, sent int64) {
	t.Helper()
	cfg := poll.Config{Source: poll.NewSource(e.client), Account: tuitest.Slug, Now: e.sb.Clock.Now, Loc: e.loc}
	if withCopy {
		cfg.Copy = poll.OpenCopy(e.dir, e.client, nil) // opened for the refresh, closed after
	}
	before := e.counter.Count()
	p := poll.New(cfg, poll.State{})
	res = p.Run(context.Background(), false)
	if res.Err != nil {
		t.Fatal(res.Err)
	}
	c = p.State().Counts
	if !c.Known {
		t.Fatal("the first cycle took no counts")
	}
	return c, res, e.counter.Count() - before
}

var sameCounts = cmpopts.IgnoreFields(poll.Counts{}, "At", "Cost")

// same checks that the service lists as many overdue invoices as the test
// made, and that the counts from the copy are the lists'.
func (e *copyEnv) same(t *testing.T, when string, overdue int) {
	t.Helper()
	paged, _, _ := e.counts(t, false)
	fromCopy, _, _ := e.counts(t, true)
	if paged.OverdueInvoices != overdue {
		t.Fatalf("%s the service lists %d overdue invoices, want %d", when, paged.OverdueInvoices, overdue)
	}
	if d := cmp.Diff(paged, fromCopy, sameCounts); d != "" {
		t.Errorf("%s the counts from the copy differ from the lists' (-lists +copy):\n%s", when, d)
	}
}

// The counts from the local copy are the counts the service's filtered
// lists give, for the same account, before and after a change; a refresh
// with nothing new costs the copy's sync (one or two requests), not a
// request per page of each status, and the budget books exactly what was
// sent.
func TestCountsFromTheCopy(t *testing.T) {
	e := newCopyEnv(t)
	overdue := e.seed(t)
	e.sb.Clock.Advance(5 * time.Minute) // the records were made a while before the monitor looks

	paged, pagedRes, _ := e.counts(t, false)
	if paged.OverdueInvoices != 3 || paged.OverdueExpenses != 1 || paged.LowStock != 1 || len(paged.Unpaid) != 2 || paged.UnpaidNative == nil {
		t.Fatalf("the seeded account counts %+v: want 3 overdue invoices, 1 overdue expense, 1 item low, unpaid in two currencies", paged)
	}
	fromCopy, first, firstSent := e.counts(t, true) // the first: a full pass fills the copy
	if d := cmp.Diff(paged, fromCopy, sameCounts); d != "" {
		t.Errorf("counts from the copy differ from the service's lists (-lists +copy):\n%s", d)
	}
	if int64(first.Requests) != firstSent || fromCopy.Cost != 0 {
		t.Errorf("filling the copy: %d requests sent, %d booked, counts cost %d: want all booked, and cost 0 (no refresh's cost)",
			firstSent, first.Requests, fromCopy.Cost)
	}

	e.sb.Clock.Advance(time.Minute)
	again, res, sent := e.counts(t, true)
	if d := cmp.Diff(paged, again, sameCounts); d != "" {
		t.Errorf("counts from the copy, nothing new, differ (-lists +copy):\n%s", d)
	}
	if again.Cost < 1 || again.Cost > 2 {
		t.Errorf("counts from the copy with nothing new cost %d requests, want the sync's 1 or 2", again.Cost)
	}
	if again.Cost >= paged.Cost {
		t.Errorf("counts from the copy cost %d, page by page %d: want fewer", again.Cost, paged.Cost)
	}
	t.Logf("counts page by page: %d requests; from the copy: %d (nothing new)", paged.Cost, again.Cost)
	if int64(res.Requests) != sent {
		t.Errorf("the cycle booked %d requests, %d were sent", res.Requests, sent)
	}
	if pagedRes.Requests-paged.Cost != res.Requests-again.Cost {
		t.Errorf("the rest of the cycle cost %d page by page and %d over the copy: want the same",
			pagedRes.Requests-paged.Cost, res.Requests-again.Cost)
	}

	e.pay(t, overdue)
	e.sb.Clock.Advance(5 * time.Minute)
	e.same(t, "after a payment", 2)
	e.sb.Clock.Advance(21 * 24 * time.Hour) // the open invoices fall due
	e.same(t, "three weeks on", 46)
}
