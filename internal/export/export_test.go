package export

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

var start = time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)

const rows = 2010 // 50 full pages and a short one: 51 pages

// seedExpenses makes n expenses with a decimal line each, so the export
// has decimal text to keep exact.
func seedExpenses(t *testing.T, sb *tuitest.Sandbox, n int) {
	t.Helper()
	ctx := context.Background()
	// The client keeps under the service's rate limit by waiting: here it
	// waits on the sandbox's clock, so seeding thousands costs no real time.
	c := sb.ClientWith(t, sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID),
		apiclient.WithClock(sb.Clock.Now),
		apiclient.WithSleeper(func(_ context.Context, d time.Duration) error { sb.Clock.Advance(d); return nil }))
	sub, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Beta Supplies")})
	if err != nil {
		t.Fatal(err)
	}
	for i := range n {
		q, p := apiclient.MustDecimal("1.5"), apiclient.MustDecimal(fmt.Sprintf("%d.25", 100+i))
		_, _, err := c.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: &sub.ID,
			OriginalNumber: apiclient.Ptr(fmt.Sprintf("FV-%04d", i)),
			Lines:          []apiclient.LineParams{{Name: apiclient.Ptr("Toner"), Quantity: &q, UnitPrice: &p, VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}})
		if err != nil {
			t.Fatalf("seed expense %d: %v", i, err)
		}
	}
}

// rawPages reads the list as the service writes it, page by page.
func rawPages(t *testing.T, sb *tuitest.Sandbox, token string) []map[string]any {
	t.Helper()
	var all []map[string]any
	for page := 1; ; page++ {
		req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/api/v3/accounts/%s/expenses.json?page=%d", sb.URL, tuitest.Slug, page), nil)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("User-Agent", "kasa-test (test@example.com)")
		res, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var recs []map[string]any
		d := json.NewDecoder(res.Body)
		d.UseNumber()
		if err := d.Decode(&recs); err != nil {
			t.Fatal(err)
		}
		res.Body.Close()
		all = append(all, recs...)
		if len(recs) < apiclient.PageSize {
			return all
		}
	}
}

// sameValue compares null as "" and a JSON number as its text.
var sameValue = cmp.FilterValues(func(a, b any) bool {
	return isScalar(a) && isScalar(b)
}, cmp.Comparer(func(a, b any) bool { return scalarText(a) == scalarText(b) }))

func isScalar(v any) bool {
	switch v.(type) {
	case nil, string, json.Number:
		return true
	}
	return false
}

func scalarText(v any) string {
	switch v := v.(type) {
	case string:
		return v
	case json.Number:
		return v.String()
	}
	return ""
}

// The JSON export of a 2,010-row list holds the records the service holds,
// key for key and decimal for decimal, and costs one request per page.
func TestExportEqualsTheServiceAndCostsOneRequestPerPage(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start})
	seedExpenses(t, sb, rows)
	token := sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID)
	counter := &poll.CountingTransport{Base: apiclient.StaticBearer(nil, token)}
	c := sb.ClientWith(t, token, apiclient.WithTransport(counter), apiclient.WithClock(sb.Clock.Now),
		apiclient.WithSleeper(func(_ context.Context, d time.Duration) error { sb.Clock.Advance(d); return nil }))

	var out bytes.Buffer
	n, err := Write(context.Background(), c, &out, Options{Kind: "expenses", Format: JSON})
	if err != nil || n != rows {
		t.Fatalf("exported %d, %v; want %d", n, err, rows)
	}
	if got, pages := counter.Count(), int64(rows/apiclient.PageSize+1); got != pages {
		t.Errorf("the export spent %d requests on %d pages", got, pages)
	}
	var exported []map[string]any
	d := json.NewDecoder(&out)
	d.UseNumber()
	if err := d.Decode(&exported); err != nil {
		t.Fatal(err)
	}
	// The client reads an unset text as "" and vat_rate's number as text:
	// the same values, compared as such; everything else must be equal.
	if diff := cmp.Diff(rawPages(t, sb, token), exported, sameValue); diff != "" {
		t.Errorf("the export differs from what the service holds (-service +export):\n%.3000s", diff)
	}
}

// The CSV export has one column per field, in the service's names, and
// decimals and dates as the service wrote them.
func TestExportCSV(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start})
	seedExpenses(t, sb, 3)
	var out bytes.Buffer
	var progress []int
	n, err := Write(context.Background(), sb.Client, &out, Options{Kind: "expenses", Format: CSV,
		Progress: func(r int) { progress = append(progress, r) }})
	if err != nil || n != 3 {
		t.Fatalf("exported %d, %v", n, err)
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil || len(recs) != 4 {
		t.Fatalf("csv: %d lines, %v", len(recs), err)
	}
	col := map[string]int{}
	for i, h := range recs[0] {
		col[h] = i
	}
	for _, k := range []string{"id", "number", "original_number", "subtotal", "total", "issued_on", "lines", "created_at"} {
		if _, ok := col[k]; !ok {
			t.Errorf("no column %q in %v", k, recs[0])
		}
	}
	row := recs[3] // the service lists the newest first
	if row[col["original_number"]] != "FV-0000" || row[col["subtotal"]] != "150.38" {
		t.Errorf("first expense: original_number %q subtotal %q, want FV-0000 and 150.38", row[col["original_number"]], row[col["subtotal"]])
	}
	if !strings.Contains(row[col["lines"]], `"unit_price":"100.25"`) {
		t.Errorf("lines cell %q lacks the exact unit price", row[col["lines"]])
	}
	if len(progress) != 3 || progress[2] != 3 {
		t.Errorf("progress %v", progress)
	}
}

func TestExportRefusesWhatTheListCannotDo(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start})
	for _, tc := range []struct {
		o    Options
		want string
	}{
		{Options{Kind: "webhooks", Filters: Filters{Status: "open"}}, "cannot be filtered by status"},
		{Options{Kind: "cheques"}, `no list called “cheques”`},
		{Options{Kind: "subjects", Format: "xlsx"}, "not csv or json"},
	} {
		_, err := Write(context.Background(), sb.Client, io.Discard, tc.o)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%+v: %v, want %q", tc.o, err, tc.want)
		}
	}
}

// The inventory's archived and low-stock views export their own lists
// (the in-app x on those views): each the items of that list only.
func TestExportArchivedAndLowItems(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start})
	c := sb.Client
	ctx := context.Background()
	item := func(name, min, in string) *apiclient.InventoryItem {
		it, _, err := c.InventoryItems.Create(ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr(name), SKU: apiclient.Ptr(name),
			TrackQuantity: apiclient.Ptr(true), Quantity: apiclient.Ptr(apiclient.MustDecimal("0")), MinQuantity: apiclient.Ptr(apiclient.MustDecimal(min)),
			NativePurchasePrice: apiclient.Ptr(apiclient.MustDecimal("10")), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("20"))})
		if err != nil {
			t.Fatal(err)
		}
		if _, _, err := c.InventoryMoves.Create(ctx, it.ID, &apiclient.InventoryMoveParams{Direction: apiclient.Ptr("in"), MovedOn: apiclient.Ptr(apiclient.DateOf(start)),
			QuantityChange: apiclient.Ptr(apiclient.MustDecimal(in)), PurchasePrice: apiclient.Ptr(apiclient.MustDecimal("10"))}); err != nil {
			t.Fatal(err)
		}
		return it
	}
	low := item("Toner", "5", "2")
	old := item("Fax paper", "1", "10")
	item("Paper", "1", "10")
	if _, _, err := c.InventoryItems.Archive(ctx, old.ID); err != nil {
		t.Fatal(err)
	}
	for kind, want := range map[string]string{"inventory_items_low": low.Name, "inventory_items_archived": old.Name} {
		var buf bytes.Buffer
		n, err := Write(ctx, c, &buf, Options{Kind: kind, Format: JSON})
		if err != nil {
			t.Fatalf("%s: %v", kind, err)
		}
		var got []apiclient.InventoryItem
		if err := json.Unmarshal(buf.Bytes(), &got); err != nil || n != 1 || len(got) != 1 || got[0].Name != want {
			t.Errorf("%s: %d records %+v (%v), want %s alone", kind, n, got, err, want)
		}
	}
}
