// Package reporttest reads documents as the service (or the sandbox) wrote
// them, plain JSON, and sums them by the rules of internal/report, for the
// tests that hold kasa's figures against the data rather than against
// kasa's own structs.
package reporttest

import (
	"encoding/json"
	"fmt"
	"net/http"
	"testing"

	"github.com/shopspring/decimal"
)

// pageSize is the service's page (api-v3.md: 40 records a page).
const pageSize = 40

// RawIndex reads every page of an index (invoices.json) of account slug at
// baseURL (the server's root) with the bearer token.
func RawIndex(t testing.TB, baseURL, slug, token, path string) []map[string]any {
	t.Helper()
	var all []map[string]any
	for page := 1; ; page++ {
		req, err := http.NewRequest(http.MethodGet, fmt.Sprintf("%s/api/v3/accounts/%s/%s?page=%d", baseURL, slug, path, page), nil)
		if err != nil {
			t.Fatal(err)
		}
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
		if len(got) < pageSize {
			return all
		}
	}
}

// Text is a JSON value as text ("" for null).
func Text(v any) string {
	switch x := v.(type) {
	case nil:
		return ""
	case string:
		return x
	default:
		return fmt.Sprint(x)
	}
}

// Dec is a JSON decimal, string or number (zero for null).
func Dec(t testing.TB, v any) decimal.Decimal {
	t.Helper()
	if Text(v) == "" {
		return decimal.Zero
	}
	d, err := decimal.NewFromString(Text(v))
	if err != nil {
		t.Fatalf("not a decimal: %v", v)
	}
	return d
}

// FirstDate is the date part of the first of the fields that holds one.
func FirstDate(doc map[string]any, fields ...string) string {
	for _, f := range fields {
		if s := Text(doc[f]); len(s) >= 10 {
			return s[:10]
		}
	}
	return ""
}

// RateSums sums the native base and VAT of the documents' own
// vat_rates_summary by rate: "21" -> {base, vat}.
func RateSums(t testing.TB, docs []map[string]any) map[string][2]decimal.Decimal {
	t.Helper()
	out := map[string][2]decimal.Decimal{}
	for _, d := range docs {
		rows, _ := d["vat_rates_summary"].([]any)
		for _, r := range rows {
			row, _ := r.(map[string]any)
			k := Dec(t, row["vat_rate"]).String()
			s := out[k]
			out[k] = [2]decimal.Decimal{s[0].Add(Dec(t, row["native_base"])), s[1].Add(Dec(t, row["native_vat"]))}
		}
	}
	return out
}

// TaxDocument reports whether a document_type counts in tax figures, as the
// issue states the rule (no proformas).
func TaxDocument(docType string) bool {
	switch docType {
	case "invoice", "correction", "tax_document", "final_invoice":
		return true
	}
	return false
}

// SelfAssessed is the VAT of a reverse-charge base at rate, to cents.
func SelfAssessed(base decimal.Decimal, rate string) decimal.Decimal {
	r, _ := decimal.NewFromString(rate)
	return base.Mul(r).Div(decimal.NewFromInt(100)).Round(2)
}
