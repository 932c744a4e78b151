package cli

import (
	"context"
	"encoding/json"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/internal/report/reporttest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
)

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
	var taxed, proformas, inputs, reverse []map[string]any
	for _, inv := range reporttest.RawIndex(t, ts.URL, demo.Slug, info.OwnerToken, "invoices.json") {
		if !strings.HasPrefix(reporttest.FirstDate(inv, "taxable_fulfillment_due", "issued_on"), month) || inv["status"] == "cancelled" {
			continue
		}
		if reporttest.TaxDocument(reporttest.Text(inv["document_type"])) {
			taxed = append(taxed, inv)
		} else {
			proformas = append(proformas, inv)
		}
	}
	for _, e := range reporttest.RawIndex(t, ts.URL, demo.Slug, info.OwnerToken, "expenses.json") {
		if !strings.HasPrefix(reporttest.FirstDate(e, "received_on", "taxable_fulfillment_due", "issued_on"), month) {
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
				w[1] = reporttest.SelfAssessed(w[0], r.VatRate)
			}
			if !ok || r.Base != w[0].StringFixed(2) || r.Vat != w[1].StringFixed(2) {
				t.Errorf("%s at %s%%: base %s VAT %s, the documents give %s and %s", name, r.VatRate, r.Base, r.Vat, w[0].StringFixed(2), w[1].StringFixed(2))
			}
		}
	}
	compare("output VAT", got.OutputVat, reporttest.RateSums(t, taxed), false)
	compare("input VAT", got.InputVat, reporttest.RateSums(t, inputs), false)
	compare("reverse charge", got.Reverse, reporttest.RateSums(t, reverse), true)
}

// rateRow is one entry of the report's VAT arrays.
type rateRow struct {
	VatRate string `json:"vat_rate"`
	Base    string `json:"base"`
	Vat     string `json:"vat"`
}
