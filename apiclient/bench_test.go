package apiclient

import (
	"bytes"
	"context"
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

// BenchmarkDecodeResponsePage is the same page through the client's decode path:
// a clean page costs what json.Unmarshal costs; /odd has one record with a
// field of the wrong kind, which sends the page down the per-record path.
func BenchmarkDecodeResponsePage(b *testing.B) {
	one := bytes.TrimSpace(fixture(b, "expense.json"))
	odd := bytes.Replace(one, []byte(`"proportional_vat_deduction": 60`), []byte(`"proportional_vat_deduction": "x"`), 1)
	if bytes.Equal(odd, one) {
		b.Fatal("the fixture changed: no proportional_vat_deduction to spoil")
	}
	for _, tc := range []struct {
		name string
		bad  []byte
	}{{"clean", one}, {"odd", odd}} {
		page := make([][]byte, PageSize)
		for i := range page {
			page[i] = one
		}
		page[PageSize/2] = tc.bad
		body := append(append([]byte("["), bytes.Join(page, []byte(","))...), ']')
		b.Run(tc.name, func(b *testing.B) {
			b.SetBytes(int64(len(body)))
			b.ReportAllocs()
			for b.Loop() {
				var out []Expense
				if err := decodeResponse(context.Background(), nil, "GET /bench", body, &out); err != nil || len(out) != PageSize {
					b.Fatalf("%d expenses, %v", len(out), err)
				}
			}
		})
	}
}
