package cli

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
)

// rawPages reads every page of an index of the demo account as the service
// wrote it: plain JSON objects, not kasa's structs.
func rawPages(t *testing.T, base, token, path string) []map[string]any {
	t.Helper()
	var all []map[string]any
	for page := 1; ; page++ {
		req, _ := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/api/v3/accounts/%s/%s?page=%d", base, demo.Slug, path, page), nil)
		req.Header.Set("Authorization", "Bearer "+token)
		req.Header.Set("User-Agent", "kasa-test (test@kasa.invalid)")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		var got []map[string]any
		err = json.NewDecoder(resp.Body).Decode(&got)
		resp.Body.Close()
		if err != nil {
			t.Fatalf("%s page %d: %v", path, page, err)
		}
		all = append(all, got...)
		if len(got) < 40 {
			return all
		}
	}
}

// str is a JSON value as text ("" for null).
func str(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	default:
		return fmt.Sprint(x)
	}
}

// dec is a JSON decimal (string or number).
func dec(t *testing.T, v any) decimal.Decimal {
	t.Helper()
	if str(v) == "" {
		return decimal.Zero
	}
	d, err := decimal.NewFromString(str(v))
	if err != nil {
		t.Fatalf("not a decimal: %v", v)
	}
	return d
}

// firstDate is the first of the fields that holds a date (its date part).
func firstDate(doc map[string]any, fields ...string) string {
	for _, f := range fields {
		if s := str(doc[f]); len(s) >= 10 {
			return s[:10]
		}
	}
	return ""
}

// sumSummaries sums the native base and VAT of the documents' own
// vat_rates_summary by rate: "21" -> [base, vat].
func sumSummaries(t *testing.T, docs []map[string]any) map[string][2]decimal.Decimal {
	out := map[string][2]decimal.Decimal{}
	for _, d := range docs {
		rows, _ := d["vat_rates_summary"].([]any)
		for _, r := range rows {
			row := r.(map[string]any)
			k := dec(t, row["vat_rate"]).String()
			s := out[k]
			out[k] = [2]decimal.Decimal{s[0].Add(dec(t, row["native_base"])), s[1].Add(dec(t, row["native_vat"]))}
		}
	}
	return out
}

// kasa --demo report --period <this month> --format json gives the output
// and input VAT the documents' own vat_rates_summary give, summed by the
// rules: tax documents only (no proformas, nothing cancelled) by taxable
// supply date; expenses by received_on, reverse charge apart.
func TestDemoReportEqualsTheDocumentsOwnSummaries(t *testing.T) {
	month := time.Now().Format("2006-01")
	home := t.TempDir()
	var out, stderr strings.Builder
	err := Run(context.Background(), "test", []string{"--demo", "report", "--period", month, "--format", "json"},
		strings.NewReader(""), &out, &stderr, func(k string) string { return map[string]string{"HOME": home}[k] })
	if err != nil {
		t.Fatalf("report: %v (%s)", err, stderr.String())
	}
	var got struct {
		Period    string    `json:"period"`
		Currency  string    `json:"currency"`
		OutputVat []rateRow `json:"output_vat"`
		InputVat  []rateRow `json:"input_vat"`
		Reverse   []rateRow `json:"reverse_charge_vat"`
	}
	if err := json.Unmarshal([]byte(out.String()), &got); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out.String())
	}
	if got.Period != month || got.Currency != "CZK" {
		t.Errorf("period %q currency %q", got.Period, got.Currency)
	}

	// The same demo account, read as raw JSON.
	srv, info := demo.New(demo.Options{Options: sandbox.Options{Seed: 1, TokenLifetime: time.Hour}})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	taxTypes := map[string]bool{"invoice": true, "correction": true, "tax_document": true, "final_invoice": true}
	var taxed, proformas, inputs, reverse []map[string]any
	for _, inv := range rawPages(t, ts.URL, info.OwnerToken, "invoices.json") {
		if !strings.HasPrefix(firstDate(inv, "taxable_fulfillment_due", "issued_on"), month) || inv["status"] == "cancelled" {
			continue
		}
		if taxTypes[str(inv["document_type"])] {
			taxed = append(taxed, inv)
		} else {
			proformas = append(proformas, inv)
		}
	}
	for _, e := range rawPages(t, ts.URL, info.OwnerToken, "expenses.json") {
		if !strings.HasPrefix(firstDate(e, "received_on", "taxable_fulfillment_due", "issued_on"), month) {
			continue
		}
		if e["transferred_tax_liability"] == true {
			reverse = append(reverse, e)
		} else {
			inputs = append(inputs, e)
		}
	}
	if len(taxed) == 0 || len(inputs) == 0 || len(proformas) == 0 || len(reverse) == 0 {
		t.Fatalf("the demo month lacks a kind of document: %d taxed, %d proformas, %d expenses, %d reverse charge",
			len(taxed), len(proformas), len(inputs), len(reverse))
	}
	compare := func(name string, rows []rateRow, want map[string][2]decimal.Decimal, selfAssess bool) {
		t.Helper()
		if len(rows) != len(want) {
			t.Errorf("%s: %d rates, the documents give %d: %+v vs %v", name, len(rows), len(want), rows, want)
		}
		for _, r := range rows {
			w, ok := want[r.VatRate]
			if selfAssess {
				w[1] = w[0].Mul(dec(t, r.VatRate)).Div(decimal.NewFromInt(100)).Round(2)
			}
			if !ok || r.Base != w[0].StringFixed(2) || r.Vat != w[1].StringFixed(2) {
				t.Errorf("%s at %s%%: base %s VAT %s, the documents give %s and %s", name, r.VatRate, r.Base, r.Vat, w[0].StringFixed(2), w[1].StringFixed(2))
			}
		}
	}
	compare("output VAT", got.OutputVat, sumSummaries(t, taxed), false)
	compare("input VAT", got.InputVat, sumSummaries(t, inputs), false)
	compare("reverse charge", got.Reverse, sumSummaries(t, reverse), true)
}

// rateRow is one entry of the report's VAT arrays.
type rateRow struct {
	VatRate string `json:"vat_rate"`
	Base    string `json:"base"`
	Vat     string `json:"vat"`
}
