package store

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"
)

// customers give the fixture's invoices names with diacritics to search.
var customers = []string{"Kavárna Žížala s.r.o.", "Pekařství Čížek", "Řeznictví Šťastný", "Účetní Ťapková",
	"Zahradnictví Ňuňo", "Autoservis Dvořák", "Knihkupectví Ďábel", "Vinotéka Mělník"}

// fixture50k is a copy holding 50,000 invoices, each with about 2 kB of
// JSON as the service sends, built once per benchmark.
func fixture50k(b *testing.B) string {
	b.Helper()
	path := Path(b.TempDir(), "bench")
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	pad := strings.Repeat("x", 1500)
	start := time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)
	batch := make([]Record, 0, 1000)
	for i := range 50_000 {
		name := customers[i%len(customers)]
		number := fmt.Sprintf("2026-%05d", i)
		day := start.Add(time.Duration(i) * 90 * time.Minute)
		batch = append(batch, Record{
			ID: int64(i + 1), Status: []string{"open", "paid", "overdue"}[i%3], DocumentType: "invoice",
			Number: number, VariableSymbol: strings.ReplaceAll(number, "-", ""), SubjectID: int64(i%len(customers) + 1),
			CreatedAt: day, UpdatedAt: day, Date: day.Truncate(24 * time.Hour),
			Text: fmt.Sprintf("%s %s Káva zrnková %d Čaj", number, name, i%97),
			JSON: fmt.Appendf(nil, `{"id":%d,"number":%q,"client_name":%q,"status":"open","note":%q}`, i+1, number, name, pad),
			Tags: []string{fmt.Sprintf("t%d", i%10)},
		})
		if len(batch) == cap(batch) {
			if err := s.Put(ctx, Invoices, batch...); err != nil {
				b.Fatal(err)
			}
			batch = batch[:0]
		}
	}
	return path
}

// BenchmarkFirstWindow50kInvoices is the first frame's read: open a copy
// holding 50,000 invoices and list the first 100 rows, newest first.
func BenchmarkFirstWindow50kInvoices(b *testing.B) {
	path := fixture50k(b)
	ctx := context.Background()
	for b.Loop() {
		s, err := Open(ctx, path)
		if err != nil {
			b.Fatal(err)
		}
		rows, err := s.List(ctx, Query{Kind: Invoices, Limit: 100})
		if err != nil || len(rows) != 100 {
			b.Fatalf("%d rows, %v", len(rows), err)
		}
		s.Close()
	}
}

// BenchmarkSearch50kInvoices searches 50,000 invoices without diacritics:
// the first 100 hits (list) and how many there are (count), as a list's
// search shows them.
func BenchmarkSearch50kInvoices(b *testing.B) {
	path := fixture50k(b)
	ctx := context.Background()
	s, err := Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	for _, search := range []string{"zizala", "kava cizek", "2026-0420", "#t3 cizek"} {
		q := Query{Kind: Invoices, Search: search, Limit: 100}
		b.Run("list/"+strings.ReplaceAll(search, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				if rows, err := s.List(ctx, q); err != nil || len(rows) == 0 {
					b.Fatalf("%d rows, %v", len(rows), err)
				}
			}
		})
		b.Run("count/"+strings.ReplaceAll(search, " ", "_"), func(b *testing.B) {
			for b.Loop() {
				if n, err := s.Count(ctx, q); err != nil || n == 0 {
					b.Fatalf("%d, %v", n, err)
				}
			}
		})
	}
}
