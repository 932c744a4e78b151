package views_test

import (
	"bytes"
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/tuitest"

	"github.com/charmbracelet/x/exp/teatest"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/nav"
)

// sandboxStart is the sandbox clock's start: a Monday morning in Prague.
var sandboxStart = time.Date(2026, 11, 2, 9, 0, 0, 0, time.FixedZone("CET", 3600))

// fastRetries keep the client's retries but not their waits.
func fastRetries() []apiclient.Option {
	return []apiclient.Option{apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond })}
}

// seededSandbox runs a sandbox with two suppliers and n expenses (every
// third one from Beta), seeded through the API, and returns a client on it.
func seededSandbox(t *testing.T, n int) *apiclient.Client {
	t.Helper()
	c := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Client: fastRetries()}).Client
	seedExpenses(t, c, n)
	return c
}

// seedExpenses adds two suppliers and n expenses (every third one from
// Beta) through the API.
func seedExpenses(t *testing.T, c *apiclient.Client, n int) {
	t.Helper()
	ctx := context.Background()
	var ids []int64
	for _, name := range []string{"Alfa Papír s.r.o.", "Beta Supplies GmbH"} {
		s, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(name), Type: apiclient.Ptr("supplier")})
		if err != nil {
			t.Fatalf("seed subject: %v", err)
		}
		ids = append(ids, s.ID)
	}
	for i := range n {
		sub := ids[0]
		if i%3 == 0 {
			sub = ids[1]
		}
		_, _, err := c.Expenses.Create(ctx, &apiclient.ExpenseParams{
			SubjectID:      apiclient.Ptr(sub),
			OriginalNumber: apiclient.Ptr(fmt.Sprintf("FV-%03d", i)),
			Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Paper"), Quantity: apiclient.Ptr(apiclient.MustDecimal("1")),
				UnitPrice: apiclient.Ptr(apiclient.MustDecimal(fmt.Sprintf("%d.50", 100+i))), VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}},
		})
		if err != nil {
			t.Fatalf("seed expense %d: %v", i, err)
		}
	}
}

// TestSandboxExpensesSearchOpenBack goes through Update against the sandbox:
// the list pages through 45 expenses, a search narrows it, enter opens the
// detail, esc comes back to the same row.
func TestSandboxExpensesSearchOpenBack(t *testing.T) {
	c := seededSandbox(t, 45)
	h := newHarness(t, c, 80, 24)
	h.keys("3")
	p := expenseList(t, h)
	if p.Table().Len() != 40 {
		t.Fatalf("first page %d rows, want 40", p.Table().Len())
	}
	h.keys("G")
	if p.Table().Len() != 45 || !p.Table().Exhausted() {
		t.Fatalf("after G %d rows (exhausted %v), want all 45", p.Table().Len(), p.Table().Exhausted())
	}
	h.keys("/")
	h.typeText("Beta")
	first := selectedExpense(t, h)
	h.keys("enter") // the search shown is the one typed: enter opens the first found
	if h.topID() != nav.Record(nav.Expense, first) {
		t.Fatalf("the first enter in the search opened %v, want expense %d", h.topID(), first)
	}
	h.keys("esc")
	if n := p.Table().Len(); n != 15 {
		t.Fatalf("search Beta: %d rows, want 15", n)
	}
	h.keys("j", "j")
	want := selectedExpense(t, h)
	h.keys("enter")
	if h.topID() != nav.Record(nav.Expense, want) {
		t.Fatalf("enter opened %v, want expense %d", h.topID(), want)
	}
	if !strings.Contains(h.view(), "Beta Supplies GmbH") {
		t.Errorf("detail lacks the supplier:\n%s", h.view())
	}
	h.keys("esc")
	if got := selectedExpense(t, h); got != want {
		t.Errorf("back on the list selected %d, want %d", got, want)
	}
	if !strings.Contains(h.view(), "search: Beta") {
		t.Errorf("the search was lost on the way back:\n%s", h.view())
	}
}

// TestSandboxFlowTeatest runs the whole program: open the app, go to
// expenses (3), search, open one (enter), go back (esc) to the same row.
func TestSandboxFlowTeatest(t *testing.T) {
	c := seededSandbox(t, 6)
	rec := &recorder{}
	d := testDeps(c, rec, t.TempDir())
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: views.Makers(d), Styles: d.Styles,
		Account: "testfirma", User: "tester@example.com", Width: 100, Height: 30})
	tm := teatest.NewTestModel(t, m, teatest.WithInitialTermSize(100, 30))
	waitFor := func(what string) {
		t.Helper()
		teatest.WaitFor(t, tm.Output(), func(b []byte) bool { return bytes.Contains(b, []byte(what)) },
			teatest.WithDuration(30*time.Second), teatest.WithCheckInterval(5*time.Millisecond))
	}
	waitFor("Subjects")
	tm.Send(tuitest.Key("3"))
	waitFor("6 loaded")
	tm.Send(tuitest.Key("/"))
	tm.Type("FV-004")
	waitFor("1 loaded")
	tm.Send(tuitest.Key("enter")) // the search shown: the first enter opens the one found
	waitFor("Original number")
	tm.Send(tuitest.Key("esc"))
	waitFor("search: FV-004")
	tm.Send(tuitest.Key("q"))
	fm := tm.FinalModel(t, teatest.WithFinalTimeout(10*time.Second)).(*ui.Model)
	list := fm.Top()
	sel, ok := list.(interface {
		Selected() (apiclient.Expense, bool)
	}).Selected()
	if !ok || sel.OriginalNumber != "FV-004" {
		t.Errorf("after the flow the selected expense is %+v (ok %v), want FV-004", sel.OriginalNumber, ok)
	}
	if id, _ := fm.TopID(); id != (ui.PageID{Kind: nav.Expenses}) {
		t.Errorf("top %v, want the expense list", id)
	}
}

// TestSandboxSubjectToItsInvoices opens a subject from the sandbox, then its
// invoices with I: only that subject's invoice is listed, and opens.
func TestSandboxSubjectToItsInvoices(t *testing.T) {
	c := seededSandbox(t, 0)
	ctx := context.Background()
	subs, _, err := c.Subjects.List(ctx, apiclient.SubjectListOptions{})
	if err != nil || len(subs) != 2 {
		t.Fatalf("subjects: %v %d", err, len(subs))
	}
	line := []apiclient.LineParams{{Name: apiclient.Ptr("Work"), Quantity: apiclient.Ptr(apiclient.MustDecimal("2")),
		UnitPrice: apiclient.Ptr(apiclient.MustDecimal("500")), VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}
	var mine *apiclient.Invoice
	for _, s := range subs {
		inv, _, err := c.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(s.ID), Lines: line})
		if err != nil {
			t.Fatalf("seed invoice: %v", err)
		}
		if s.Name == "Beta Supplies GmbH" {
			mine = inv
		}
	}
	h := newHarness(t, c, 80, 24)
	h.keys("1")
	for range 2 { // the list is newest first; find Beta
		if s, ok := h.m.Top().(interface {
			Selected() (apiclient.Subject, bool)
		}).Selected(); ok && s.Name == "Beta Supplies GmbH" {
			break
		}
		h.keys("j")
	}
	h.keys("enter")
	if !strings.Contains(h.view(), "Beta Supplies GmbH") || !strings.Contains(h.view(), "supplier") {
		t.Fatalf("subject detail:\n%s", h.view())
	}
	h.keys("I")
	if !strings.Contains(h.view(), "1 loaded, all loaded") || !strings.Contains(h.view(), mine.Number) {
		t.Fatalf("the subject's invoices:\n%s", h.view())
	}
	h.keys("enter")
	if h.topID() != nav.Record(nav.Invoice, mine.ID) {
		t.Fatalf("enter opened %v, want invoice %d", h.topID(), mine.ID)
	}
	h.keys("G")
	if !strings.Contains(h.view(), "1,000") {
		t.Errorf("invoice detail lacks its amounts:\n%s", h.view())
	}
}

// Every list of records sorts (issue 15): the subjects by name both ways,
// and 45 expenses loaded in two pages by total, in the order the numbers
// give, kept after a page arrives.
func TestSandboxListsSort(t *testing.T) {
	c := seededSandbox(t, 45)
	h := newHarness(t, c, 100, 30)
	h.keys("1", ">")
	v := h.view()
	if !strings.Contains(v, "sorted by name ↑") || strings.Index(v, "Alfa Papír") > strings.Index(v, "Beta Supplies") {
		t.Fatalf("subjects by name:\n%s", v)
	}
	h.keys("<")
	if v := h.view(); strings.Index(v, "Alfa Papír") < strings.Index(v, "Beta Supplies") {
		t.Fatalf("subjects by name, reversed:\n%s", v)
	}
	h.keys("3", ">", ">", ">", ">", ">") // number, supplier, issued, due, total
	p := expenseList(t, h)
	h.keys("G") // the second page arrives and is sorted in
	if p.Table().Len() != 45 || !strings.Contains(h.view(), "sorted by total ↑") {
		t.Fatalf("%d rows, header:\n%s", p.Table().Len(), h.view())
	}
	var totals []decimal.Decimal
	for i := range p.Table().Len() {
		totals = append(totals, p.Table().Row(i).Total.Dec())
	}
	if !slices.IsSortedFunc(totals, decimal.Decimal.Cmp) {
		t.Errorf("expenses by total are not in order: %v", totals)
	}
}
