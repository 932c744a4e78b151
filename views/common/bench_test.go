package common

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	btable "github.com/charmbracelet/bubbles/table"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// BenchmarkListMoveAndView is one key press on a list of 10,000 loaded
// records: moving the cursor and drawing the page.
func BenchmarkListMoveAndView(b *testing.B) {
	var qs []Query
	p := fakeList(b, &qs)
	p.SetSize(120, 36)
	p.Init()
	p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(10000)}})
	p.tbl.SetExhausted(true)
	down := tuitest.Key("j")
	up := tuitest.Key("k")
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if i%2000 < 1000 {
			p.Update(down)
		} else {
			p.Update(up)
		}
		_ = p.View()
	}
}

// BenchmarkListWithTotals50k is one key press and its frame on a list of
// 50,000 loaded documents with the totals under it (issue 15: under 2 ms).
// The totals are summed once per change of the rows, not per frame.
func BenchmarkListWithTotals50k(b *testing.B) {
	type doc struct {
		ID       int64
		Currency string
		Total    decimal.Decimal
	}
	d := Deps{TableStyles: table.PlainStyles(), Styles: ui.NewStyles(true)}.WithDefaults()
	p, err := NewList(d, ui.PageID{Kind: "docs"}, ListConfig[doc]{
		Title: "Docs", Noun: "docs", Kind: "doc",
		Columns: []table.Column{{Title: "Id", Width: 10}, {Title: "Total", Width: 14}},
		Cells:   func(r doc) []string { return []string{fmt.Sprint(r.ID), r.Total.String() + " " + r.Currency} },
		ID:      func(r doc) int64 { return r.ID },
		Fetch:   func(context.Context, *apiclient.Client, Query) ([]doc, error) { return nil, nil },
		Sorts:   []Sort[doc]{ByDec("total", func(r *doc) decimal.Decimal { return r.Total })},
		Amounts: func(r doc) Amounts {
			return Amounts{Currency: r.Currency, Total: r.Total, Remaining: r.Total,
				Rates: []RateAmount{{Rate: decimal.NewFromInt(21), Base: r.Total, Vat: r.Total}}}
		},
	})
	if err != nil {
		b.Fatal(err)
	}
	docs := make([]doc, 50000)
	for i := range docs {
		docs[i] = doc{ID: int64(i + 1), Currency: []string{"CZK", "EUR"}[i%2], Total: decimal.New(int64(i*137), -2)}
	}
	p.SetSize(120, 36)
	p.Init()
	p.Update(Result[pageAnswer[doc]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[doc]{Rows: docs}})
	p.tbl.SetExhausted(true)
	p.Update(tuitest.Key("t"))
	_ = p.View() // the sums, once
	down, up := tuitest.Key("j"), tuitest.Key("k")
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		if i%2000 < 1000 {
			p.Update(down)
		} else {
			p.Update(up)
		}
		_ = p.View()
	}
}

// BenchmarkSort50k is the key that reverses the order of 50,000 loaded
// documents sorted by their total (<), and the frame after it;
// BenchmarkSortFirst50k is the key that sorts them (>). Their rows are small;
// BenchmarkSortFirstInvoices50k sorts real invoices, records of 2 kB each,
// in an order unrelated to their totals, as a list of the service's arrives.
// All hold the service's decimal text and sort by ByDecimal, as the invoice
// and expense lists do.
func BenchmarkSort50k(b *testing.B) { benchSort(b, "<", smallDocs()) }

func BenchmarkSortFirst50k(b *testing.B) { benchSort(b, ">", smallDocs()) }

func BenchmarkSortFirstInvoices50k(b *testing.B) {
	rows := make([]apiclient.Invoice, 50000)
	for i := range rows {
		rows[i] = apiclient.Invoice{ID: int64(i + 1), Total: apiclient.DecimalFrom(decimal.New(int64((i*7919+i*i*31)%1000003), -2))}
	}
	benchSort(b, ">", sortRows[apiclient.Invoice]{rows: rows,
		id: func(r apiclient.Invoice) int64 { return r.ID }, total: func(r *apiclient.Invoice) apiclient.Decimal { return r.Total }})
}

// doc is a small row: an id and a total.
type doc struct {
	ID    int64
	Total apiclient.Decimal
}

func smallDocs() sortRows[doc] {
	rows := make([]doc, 50000)
	for i := range rows {
		rows[i] = doc{ID: int64(i + 1), Total: apiclient.DecimalFrom(decimal.New(int64((i*7919)%100003), -2))}
	}
	return sortRows[doc]{rows: rows, id: func(r doc) int64 { return r.ID }, total: func(r *doc) apiclient.Decimal { return r.Total }}
}

// sortRows are the loaded rows of a sort benchmark and how to read them.
type sortRows[T any] struct {
	rows  []T
	id    func(T) int64
	total func(*T) apiclient.Decimal
}

func benchSort[T any](b *testing.B, k string, in sortRows[T]) {
	d := Deps{TableStyles: table.PlainStyles(), Styles: ui.NewStyles(true)}.WithDefaults()
	p, err := NewList(d, ui.PageID{Kind: "docs"}, ListConfig[T]{
		Title: "Docs", Noun: "docs", Kind: "doc",
		Columns: []table.Column{{Title: "Total", Width: 14}},
		Cells:   func(r T) []string { return []string{in.total(&r).String()} },
		ID:      in.id,
		Fetch:   func(context.Context, *apiclient.Client, Query) ([]T, error) { return nil, nil },
		Sorts:   []Sort[T]{ByDecimal("total", in.total)},
	})
	if err != nil {
		b.Fatal(err)
	}
	p.SetSize(120, 36)
	p.Init()
	p.Update(Result[pageAnswer[T]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[T]{Rows: slices.Clone(in.rows)}})
	p.tbl.SetExhausted(true)
	p.Update(tuitest.Key(">"))
	press := tuitest.Key(k)
	b.ReportAllocs()
	b.ResetTimer()
	for range b.N {
		if k == ">" {
			b.StopTimer()
			p.sort.by = -1 // from the service's order, each time
			p.tbl.SetRows(slices.Clone(in.rows))
			b.StartTimer()
		}
		p.Update(press)
		_ = p.View()
	}
}

// BenchmarkFirstFrameFromLocalCopy50kInvoices is a start of the invoice
// list over a local copy holding 50,000 invoices (issue 26): the read of
// its first window (in its Cmd), the rows it gives the table and the first
// frame with rows. The sync behind it is not part of the frame.
func BenchmarkFirstFrameFromLocalCopy50kInvoices(b *testing.B) {
	d := openCopy(b, store.Invoices, invoiceRecords(b, 50_000))
	var fetched int
	cfg := invoiceConfig(d, &fetched)
	b.ReportAllocs()
	for b.Loop() {
		p, err := NewList(d, ui.PageID{Kind: "invoices"}, cfg)
		if err != nil {
			b.Fatal(err)
		}
		p.SetSize(120, 36)
		q, _ := p.localQuery()
		p.pg.req, p.pg.wantList = 1, 1
		p.Update(p.pg.readLocal(1, q, 0, localWindow, "")())
		if p.tbl.Len() != localWindow || !strings.Contains(p.View(), "2026-49999") {
			b.Fatalf("first frame from the local copy: %d rows", p.tbl.Len())
		}
	}
	if fetched != 0 {
		b.Fatalf("the service was asked %d times", fetched)
	}
}

// BenchmarkList50kBesideBubblesTable is one key press and its frame on a
// list of 50,000 loaded records, kasa's list page beside bubbles' own
// `table` holding the same rows at the same size, in the same run (issue
// 26), so the two figures come from the same machine at the same moment.
func BenchmarkList50kBesideBubblesTable(b *testing.B) {
	const n = 50_000
	down, up := tuitest.Key("j"), tuitest.Key("k")
	key := func(i int) tea.KeyMsg {
		if i%2000 < 1000 {
			return down
		}
		return up
	}
	b.Run("kasa", func(b *testing.B) {
		var qs []Query
		p := fakeList(b, &qs)
		p.SetSize(120, 36)
		p.Init()
		p.Update(Result[pageAnswer[rec]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[rec]{Rows: rows(n)}})
		p.tbl.SetExhausted(true)
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			p.Update(key(i))
			_ = p.View()
			i++
		}
	})
	b.Run("bubbles-table", func(b *testing.B) {
		rs := make([]btable.Row, n)
		for i, r := range rows(n) {
			rs[i] = btable.Row{r.Name}
		}
		t := btable.New(btable.WithColumns([]btable.Column{{Title: "Name", Width: 10}}), btable.WithRows(rs),
			btable.WithFocused(true), btable.WithHeight(34), btable.WithWidth(120))
		b.ReportAllocs()
		i := 0
		for b.Loop() {
			t, _ = t.Update(key(i))
			_ = t.View()
			i++
		}
	})
}
