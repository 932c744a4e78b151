package common

import (
	"context"
	"encoding/json"
	"fmt"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// openCopy is a local copy in a temporary folder holding recs of kind,
// complete (as after a full pass), with Deps reading from it.
func openCopy(tb testing.TB, kind store.Kind, recs []store.Record) *Deps {
	tb.Helper()
	ctx := context.Background()
	st, err := store.Open(ctx, filepath.Join(tb.TempDir(), "acme.db"))
	if err != nil {
		tb.Fatal(err)
	}
	tb.Cleanup(func() { _ = st.Close() })
	if err := st.Put(ctx, kind, recs...); err != nil {
		tb.Fatal(err)
	}
	synced := time.Date(2026, 11, 26, 9, 0, 0, 0, time.UTC)
	if err := st.SetState(ctx, kind, store.SyncState{Complete: true, SyncedAt: synced, Since: synced}); err != nil {
		tb.Fatal(err)
	}
	m := mirror.New(st, nil, nil)
	c, err := apiclient.New("http://127.0.0.1:1/api/v3", apiclient.WithAccount("acme"), apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }))
	if err != nil {
		tb.Fatal(err)
	}
	return Deps{Client: func() *apiclient.Client { return c }, TableStyles: table.PlainStyles(), Styles: ui.NewStyles(true),
		Store: func() *store.Store { return st }, Mirror: func() *mirror.Mirror { return m },
		Now: func() time.Time { return synced.Add(5 * time.Minute) }}.WithDefaults()
}

// invoiceRecords are n open invoices of 12,100 CZK as the copy keeps them,
// the newest (the highest number) first in the copy's order.
func invoiceRecords(tb testing.TB, n int) []store.Record {
	out := make([]store.Record, n)
	day := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	for i := range out {
		inv := apiclient.Invoice{ID: int64(i + 1), Number: fmt.Sprintf("2026-%05d", i), ClientName: "Pekárna U Mlýna s.r.o.",
			Status: "open", Currency: "CZK", Total: apiclient.MustDecimal("12100.0"), RemainingAmount: apiclient.MustDecimal("12100.0"),
			Lines: []apiclient.Line{{Name: "Grafické práce", Quantity: apiclient.MustDecimal("10"), UnitPrice: apiclient.MustDecimal("1000")}}}
		if i%2 == 1 {
			inv.Status, inv.RemainingAmount = "paid", apiclient.MustDecimal("0.0")
		}
		b, err := json.Marshal(inv)
		if err != nil {
			tb.Fatal(err)
		}
		at := day.Add(time.Duration(i) * time.Hour)
		out[i] = store.Record{ID: inv.ID, JSON: b, Status: inv.Status, Number: inv.Number, CreatedAt: at, UpdatedAt: at, Date: at,
			Text: strings.Join([]string{inv.Number, inv.ClientName, inv.Lines[0].Name}, " ")}
	}
	return out
}

// invoiceConfig is a plain invoice list read from the copy, with totals.
func invoiceConfig(d *Deps, fetched *int) ListConfig[apiclient.Invoice] {
	return ListConfig[apiclient.Invoice]{
		Title: "Invoices", Noun: "invoices", Kind: "invoice", Local: store.Invoices,
		Columns: []table.Column{{Title: "Number", Width: 10}, {Title: "Client", Width: 20}, {Title: "Total", Width: 16}},
		Cells: func(i apiclient.Invoice) []string {
			return []string{i.Number, i.ClientName, d.MoneyCell(i.Total, i.Currency)}
		},
		ID: func(i apiclient.Invoice) int64 { return i.ID },
		Fetch: func(context.Context, *apiclient.Client, Query) ([]apiclient.Invoice, error) {
			*fetched++
			return nil, nil
		},
		SearchHint: "number",
		Filters:    []FilterField{{Name: "status", Label: "Status", Kind: FieldChoice, Choices: []string{"open", "paid"}}},
		Amounts: func(i apiclient.Invoice) Amounts {
			return Amounts{Currency: i.Currency, Total: i.Total.Dec(), Remaining: i.RemainingAmount.Dec()}
		},
		Sorts: []Sort[apiclient.Invoice]{ByDecimal("total", func(i *apiclient.Invoice) apiclient.Decimal { return i.Total })},
	}
}

// A list over a complete copy paints from it without a request, pages,
// searches and filters there, sums the whole filtered list, and reads its
// window again after a sync that changed it, keeping the cursor on the
// selected record. An incomplete copy leaves the list to the service.
func TestListReadsTheLocalCopy(t *testing.T) {
	d := openCopy(t, store.Invoices, invoiceRecords(t, 500))
	d.Mirror = nil // the syncs are played by the test
	var fetched int
	p, err := NewList(d, ui.PageID{Kind: "invoices"}, invoiceConfig(d, &fetched))
	if err != nil {
		t.Fatal(err)
	}
	p.SetSize(100, 20)
	loop := tuitest.Loop{Update: p.Update}
	loop.Run(p.Init())
	if fetched != 0 || p.tbl.Len() != localWindow || p.tbl.Row(0).Number != "2026-00499" {
		t.Fatalf("first window: %d rows, first %q, %d requests", p.tbl.Len(), p.tbl.Row(0).Number, fetched)
	}
	v := p.View()
	for _, want := range []string{"120 of 500, synced 5 min ago", "Σ all 500 in the local copy", "6,050,000.00", "unpaid 3,025,000.00"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	loop.Send(table.NeedMoreMsg{})
	if p.tbl.Len() != 2*localWindow || p.tbl.Row(localWindow).Number != "2026-00379" {
		t.Fatalf("next window: %d rows", p.tbl.Len())
	}

	// The table's cursor on a record; a sync brings a newer invoice and
	// changes the selected one: the window is read again, the cursor stays.
	p.tbl.SetCursor(5)
	sel, _ := p.Selected()
	if sel.Status != "open" {
		t.Fatalf("the selected invoice %d is %s already", sel.ID, sel.Status)
	}
	ctx := context.Background()
	st := d.Store()
	news := invoiceRecords(t, 501)[500]
	recs := []store.Record{news, invoiceRecords(t, 500)[sel.ID-1]}
	recs[1].Status = "paid"
	recs[1].JSON = []byte(strings.Replace(string(recs[1].JSON), `"status":"open"`, `"status":"paid"`, 1))

	if err := st.Put(ctx, store.Invoices, recs...); err != nil {
		t.Fatal(err)
	}
	p.pg.sync() // under way; its answer is played below
	if !p.CatchingUp() || !strings.Contains(p.View(), "catching up") {
		t.Errorf("a sync under way is not told:\n%s", p.View())
	}
	loop.Send(Result[Synced]{Page: p.ID(), Req: p.pg.copy.syncing, Value: Synced{Kind: store.Invoices,
		Report: mirror.Report{Changed: map[store.Kind][]int64{store.Invoices: {news.ID, sel.ID}}}}})
	now, _ := p.Selected()
	if p.tbl.Row(0).Number != "2026-00500" || now.ID != sel.ID || now.Status != "paid" || fetched != 0 {
		t.Errorf("after the sync: top %q, selected %d %q (was %d), %d requests", p.tbl.Row(0).Number, now.ID, now.Status, sel.ID, fetched)
	}
	if v := p.View(); !strings.Contains(v, "Σ all 501 in the local copy") {
		t.Errorf("the totals did not follow the sync:\n%s", v)
	}

	// A search and a filter are answered by the copy.
	p.query = "00042"
	loop.Run(p.pg.Reload(""))
	if p.tbl.Len() != 1 || p.tbl.Row(0).Number != "2026-00042" || fetched != 0 {
		t.Errorf("search: %d rows, %d requests", p.tbl.Len(), fetched)
	}
	p.query, p.filter = "", map[string]string{"status": "paid"}
	loop.Run(p.pg.Reload(""))
	if v := p.View(); !strings.Contains(v, "of 251") || !strings.Contains(v, "Σ all 251 in the local copy") || fetched != 0 {
		t.Errorf("filter (%d requests):\n%s", fetched, v)
	}

	// An incomplete copy (the first run) is not trusted: the service answers.
	if err := st.SetState(ctx, store.Invoices, store.SyncState{}); err != nil {
		t.Fatal(err)
	}
	loop.Run(p.pg.Reload(""))
	if fetched != 1 || p.pg.FromCopy() {
		t.Errorf("an incomplete copy: %d requests, from the copy %v", fetched, p.pg.FromCopy())
	}
}

// A record the local copy holds is named from it, without a request (the
// client's service cannot be reached here); the rest stay unknown.
func TestNamesComeFromTheLocalCopy(t *testing.T) {
	d := openCopy(t, store.Invoices, invoiceRecords(t, 3))
	c := d.Client()
	d.Names.Load(context.Background(), c, Ref{Kind: NameInvoice, ID: 2}, Ref{Kind: NameInvoice, ID: 99}, Ref{Kind: NameSubject, ID: 1})
	if name, ok := d.Names.Get(c.AccountSlug(), NameInvoice, 2); !ok || name != "2026-00001" {
		t.Errorf("invoice 2 named %q (%v), want its number from the copy", name, ok)
	}
	for _, r := range []Ref{{Kind: NameInvoice, ID: 99}, {Kind: NameSubject, ID: 1}} {
		if name, ok := d.Names.Get(c.AccountSlug(), r.Kind, r.ID); ok {
			t.Errorf("%v named %q with neither the copy nor the service", r, name)
		}
	}
}
