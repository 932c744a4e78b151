package views_test

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/report"
	"github.com/kasa-tui/kasa/internal/report/reporttest"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// booksReport is `kasa report`'s JSON of November 2026 on the books: the
// command's own path (report.Fetch, Report, WriteJSON) on the test client.
func booksReport(t *testing.T, sb *tuitest.Sandbox) map[string]any {
	t.Helper()
	books, err := report.Fetch(context.Background(), sb.Client)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := report.ParsePeriod("2026-11")
	var b bytes.Buffer
	if err := books.Report(p, report.DayOf(fixedTime)).WriteJSON(&b); err != nil {
		t.Fatal(err)
	}
	var out map[string]any
	if err := json.Unmarshal(b.Bytes(), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// Unpaid, computed here from the service's JSON (open, sent and overdue
// invoices owe what remains; cancelled and uncollectible owe nothing), is
// the same figure in the invoice list, the overview, the monitor and
// kasa report.
func TestUnpaidIsOneFigureEverywhere(t *testing.T) {
	sb := booksSandbox(t)
	byCur, native := map[string]decimal.Decimal{}, decimal.Zero
	for _, inv := range rawIndex(t, sb, "invoices.json") {
		if !slices.Contains([]string{"open", "sent", "overdue"}, reporttest.Text(inv["status"])) {
			continue
		}
		cur := reporttest.Text(inv["currency"])
		byCur[cur] = byCur[cur].Add(reporttest.Dec(t, inv["remaining_amount"]))
		native = native.Add(reporttest.Dec(t, inv["remaining_native_amount"]))
	}
	if len(byCur) != 2 || native.IsZero() {
		t.Fatalf("the books owe in %d currencies, %s in all", len(byCur), native)
	}
	l := locale.New(locale.English)

	h := newHarness(t, sb.Client, 200, 30)
	h.keys("2")
	for cur, sum := range byCur {
		if want := "unpaid " + l.Number(sum, 2); !strings.Contains(h.view(), want) {
			t.Errorf("the list does not say %q (%s):\n%s", want, cur, h.view())
		}
	}
	h.keys("0")
	if want := l.Money(native, "CZK"); !strings.Contains(h.view(), want) {
		t.Errorf("the overview does not say %s unpaid:\n%s", want, h.view())
	}

	pl := poll.New(poll.Config{Source: poll.NewSource(sb.Client), Account: tuitest.Slug}, poll.State{})
	if res := pl.Run(context.Background(), true); res.Err != nil {
		t.Fatal(res.Err)
	}
	counts := pl.Snapshot().State.Counts
	if n := counts.UnpaidNative; n == nil || n.Currency != "CZK" || n.Amount != native.StringFixed(2) {
		t.Errorf("the monitor's unpaid in the account's currency %+v, want CZK %s", n, native.StringFixed(2))
	}
	got := counts.Unpaid
	if len(got) != len(byCur) {
		t.Errorf("the monitor's unpaid: %+v, want %v", got, byCur)
	}
	for _, a := range got {
		if a.Amount != byCur[a.Currency].StringFixed(2) {
			t.Errorf("the monitor's unpaid %s %s, want %s", a.Currency, a.Amount, byCur[a.Currency].StringFixed(2))
		}
	}

	unpaid := booksReport(t, sb)["unpaid"].(map[string]any)
	if unpaid["total"] != native.StringFixed(2) {
		t.Errorf("kasa report's unpaid %v, want %s", unpaid["total"], native.StringFixed(2))
	}
	for _, m := range unpaid["by_currency"].([]any) {
		m := m.(map[string]any)
		if cur := m["currency"].(string); m["amount"] != byCur[cur].StringFixed(2) {
			t.Errorf("kasa report's unpaid %s %v, want %s", cur, m["amount"], byCur[cur].StringFixed(2))
		}
	}
}

// Output and input VAT by rate over November, computed here from the
// documents' own vat_rates_summary (tax documents only, nothing cancelled,
// by taxable supply date; expenses by received_on, reverse charge apart),
// are the figures of kasa report and the overview; the invoice list's t
// line gives the tax documents' VAT over all it holds.
func TestVatByRateIsOneFigureEverywhere(t *testing.T) {
	sb := booksSandbox(t)
	var month, all, inputs, reverse []map[string]any
	kinds := map[string]bool{}
	for _, inv := range rawIndex(t, sb, "invoices.json") {
		kinds[reporttest.Text(inv["document_type"])+"/"+reporttest.Text(inv["status"])] = true
		if !reporttest.TaxDocument(reporttest.Text(inv["document_type"])) || inv["status"] == "cancelled" {
			continue
		}
		all = append(all, inv)
		if strings.HasPrefix(reporttest.FirstDate(inv, "taxable_fulfillment_due", "issued_on"), "2026-11") {
			month = append(month, inv)
		}
	}
	for _, k := range []string{"proforma/open", "proforma/paid", "final_invoice/paid", "invoice/cancelled", "correction/open"} {
		if !kinds[k] && !(k == "correction/open" && kinds["correction/paid"]) {
			t.Errorf("the books lack a %s document: %v", k, kinds)
		}
	}
	for _, e := range rawIndex(t, sb, "expenses.json") {
		if !strings.HasPrefix(reporttest.FirstDate(e, "received_on", "taxable_fulfillment_due", "issued_on"), "2026-11") {
			continue
		}
		if e["transferred_tax_liability"] == true {
			reverse = append(reverse, e)
		} else {
			inputs = append(inputs, e)
		}
	}
	rep := booksReport(t, sb)
	l := locale.New(locale.English)
	h := newHarness(t, sb.Client, 200, 40)
	h.keys("0")
	overview := h.view()
	check := func(name string, got any, want map[string][2]decimal.Decimal, selfAssess bool) {
		t.Helper()
		rows, _ := got.([]any)
		if len(rows) != len(want) || len(want) == 0 {
			t.Errorf("%s: %v, the documents give %v", name, rows, want)
		}
		for _, r := range rows {
			r := r.(map[string]any)
			w := want[r["vat_rate"].(string)]
			if selfAssess {
				w[1] = reporttest.SelfAssessed(w[0], r["vat_rate"].(string))
			}
			if r["base"] != w[0].StringFixed(2) || r["vat"] != w[1].StringFixed(2) {
				t.Errorf("%s at %v%%: kasa report %v and %v, the documents %s and %s", name, r["vat_rate"], r["base"], r["vat"], w[0].StringFixed(2), w[1].StringFixed(2))
			}
			if text := l.Tf("base %s, VAT %s", l.Number(w[0], 2), l.Money(w[1], "CZK")); !strings.Contains(overview, text) {
				t.Errorf("%s at %v%%: the overview does not say %q:\n%s", name, r["vat_rate"], text, overview)
			}
		}
	}
	check("output VAT", rep["output_vat"], reporttest.RateSums(t, month), false)
	check("input VAT", rep["input_vat"], reporttest.RateSums(t, inputs), false)
	check("reverse charge", rep["reverse_charge_vat"], reporttest.RateSums(t, reverse), true)

	h.keys("2", "t")
	for rate, s := range reporttest.RateSums(t, all) {
		r, _ := decimal.NewFromString(rate)
		if want := l.Tf("%s: %s + VAT %s", l.Percent(r), l.Number(s[0], 2), l.Money(s[1], "CZK")); !strings.Contains(h.view(), want) {
			t.Errorf("the list's VAT by rate lacks %q:\n%s", want, h.view())
		}
	}
}
