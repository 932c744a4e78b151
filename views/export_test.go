package views_test

import (
	"context"
	"encoding/csv"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
)

// x on a list writes what the list shows, filtered as it is, every page
// (not just the loaded one), to a CSV file in the download folder, at one
// request a page (issue 15: export from every list).
func TestExportKeyWritesTheFilteredListEveryPage(t *testing.T) {
	c, rt, sub := countedSandbox(t)
	ctx := context.Background()
	other, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Zákazník jiný a.s.")})
	if err != nil {
		t.Fatal(err)
	}
	const mine = 45 // two pages of 40
	for i := range mine + 3 {
		who := sub.ID
		if i >= mine {
			who = other.ID
		}
		workInvoice(t, c, who, strconv.Itoa(100+i)+".5")
	}
	h := newHarness(t, c, 120, 40)
	h.keys("2", "f", "tab", "tab")
	h.typeText("Odběr")
	h.keys("enter")
	if v := h.view(); !strings.Contains(v, "Odběratel s.r.o.") {
		t.Fatalf("the list is not filtered by the subject:\n%s", v)
	}
	before := rt.lists.Count()
	h.keys("x")
	if got := rt.lists.Count() - before; got != 2 {
		t.Errorf("the export of %d invoices cost %d list requests, want 2 (one a page)", mine, got)
	}
	files, _ := filepath.Glob(filepath.Join(h.deps.Folders.Last(), "invoices-*.csv"))
	if len(files) != 1 {
		t.Fatalf("export files %v; toasts %v", files, h.toasts())
	}
	f, err := os.Open(files[0])
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != mine+1 {
		t.Fatalf("%d rows, want a header and %d invoices", len(recs), mine)
	}
	col := map[string]int{}
	for i, name := range recs[0] {
		col[name] = i
	}
	for _, r := range recs[1:] {
		if r[col["subject_id"]] != strconv.FormatInt(sub.ID, 10) {
			t.Fatalf("a row of another subject: %v", r)
		}
	}
	if toasts := strings.Join(h.toasts(), "\n"); !strings.Contains(toasts, "Exported 45 records to "+files[0]) {
		t.Errorf("toasts %q", toasts)
	}
}

// x on the event log writes the log as shown, every page: all events, or
// with p the paid ones only.
func TestExportKeyOnTheEventLog(t *testing.T) {
	c, _, sub := countedSandbox(t)
	ctx := context.Background()
	inv := workInvoice(t, c, sub.ID, "100")
	if _, _, err := c.Invoices.CreatePayment(ctx, inv.ID, &apiclient.PaymentParams{}); err != nil {
		t.Fatal(err)
	}
	events := 0
	for _, err := range c.Events.ListAll(ctx, apiclient.EventListOptions{}) {
		if err != nil {
			t.Fatal(err)
		}
		events++
	}
	h := newHarness(t, c, 120, 40)
	h.keys("7", "x", "p", "x")
	for file, want := range map[string]int{"events-*.csv": events, "events_paid-*.csv": 1} {
		files, _ := filepath.Glob(filepath.Join(h.deps.Folders.Last(), file))
		if len(files) != 1 {
			t.Fatalf("%s: files %v; toasts %v", file, files, h.toasts())
		}
		f, err := os.Open(files[0])
		if err != nil {
			t.Fatal(err)
		}
		recs, err := csv.NewReader(f).ReadAll()
		f.Close()
		if err != nil || len(recs) != want+1 {
			t.Errorf("%s: %d rows (%v), want a header and %d events", file, len(recs), err, want)
		}
	}
}
