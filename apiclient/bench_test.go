package apiclient

import (
	"bytes"
	"encoding/json"
	"testing"
)

// BenchmarkDecodeExpensesPage decodes a full page (40) of fully filled expenses,
// the largest answer a list screen waits for.
func BenchmarkDecodeExpensesPage(b *testing.B) {
	one := bytes.TrimSpace(fixture(b, "expense.json"))
	page := make([][]byte, PageSize)
	for i := range page {
		page[i] = one
	}
	body := append(append([]byte("["), bytes.Join(page, []byte(","))...), ']')
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		var out []Expense
		if err := json.Unmarshal(body, &out); err != nil {
			b.Fatal(err)
		}
		if len(out) != PageSize {
			b.Fatalf("%d expenses", len(out))
		}
	}
}
