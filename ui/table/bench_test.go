package table

import (
	"strconv"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

var benchSizes = []int{1_000, 10_000, 50_000}

func benchTable(b *testing.B, n int) *Model[invoice] {
	b.Helper()
	m := New(testColumns, func(v invoice) string { return v.ID }, func(v invoice) []string {
		return []string{v.Number, v.Customer, v.Total, v.Date}
	}, DefaultStyles(true)).WithOwner("bench")
	m.SetSize(120, 40)
	m.SetRows(makeInvoices(0, n))
	m.SetExhausted(true)
	m.SetCursor(n / 2)
	m.View()
	return m
}

// BenchmarkTableKeyPress is one key press through Update and the frame
// after it, at 120x40. The target is well under 2 ms at 50,000 rows.
func BenchmarkTableKeyPress(b *testing.B) {
	down, up := tea.KeyMsg{Type: tea.KeyDown}, tea.KeyMsg{Type: tea.KeyUp}
	for _, n := range benchSizes {
		// Down and up in turn: the cursor moves inside the window.
		b.Run("rows="+strconv.Itoa(n), func(b *testing.B) {
			m := benchTable(b, n)
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				msg := down
				if i%2 == 1 {
					msg = up
				}
				i++
				m.Update(msg)
				_ = m.View()
			}
		})
		// Down only: the window scrolls on every press, so each frame
		// renders one row never seen before (the worst case).
		b.Run("scroll/rows="+strconv.Itoa(n), func(b *testing.B) {
			m := benchTable(b, n)
			m.SetCursor(0)
			b.ReportAllocs()
			for b.Loop() {
				if m.Cursor() == n-1 {
					m.SetCursor(0)
				}
				m.Update(down)
				_ = m.View()
			}
		})
	}
}

// BenchmarkTableAppendPage appends a page of 40 records to a table of
// 50,000 built page by page, as a list page builds it; the figure includes
// the amortised growth of the rows and the id index.
func BenchmarkTableAppendPage(b *testing.B) {
	const start, pageSize, pool = 50_000, 40, 500
	build := func() *Model[invoice] {
		m := benchTable(b, 0)
		m.SetRows(makeInvoices(0, pageSize))
		for from := pageSize; from < start; from += pageSize {
			m.AppendRows(makeInvoices(from, pageSize))
		}
		return m
	}
	pages := make([][]invoice, pool)
	for i := range pages {
		pages[i] = makeInvoices(start+i*pageSize, pageSize)
	}
	m := build()
	if m.Len() != start {
		b.Fatalf("built %d rows, want %d", m.Len(), start)
	}
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if i == pool {
			b.StopTimer()
			m, i = build(), 0
			b.StartTimer()
		}
		m.AppendRows(pages[i])
		i++
	}
}
