package lines

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/totals"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
)

// BenchmarkKeyAndFrame200Lines is one key press in a document of 200
// lines and the frame after it: the key, the value the form reads back,
// and the table with its totals (issue 13: under 2 ms).
func BenchmarkKeyAndFrame200Lines(b *testing.B) {
	ls := make([]apiclient.Line, 200)
	for i := range ls {
		ls[i] = apiclient.Line{ID: int64(i + 1), Name: fmt.Sprintf("Item %d", i+1), Quantity: apiclient.MustDecimal("1.5"),
			UnitName: "ks", UnitPrice: apiclient.MustDecimal(fmt.Sprintf("%d.90", 100+i)), VatRate: apiclient.MustDecimal("21")}
	}
	tb := New(Options{Page: page, Styles: ui.NewStyles(true)})
	tb.SetValue(Encode(FromRecord(ls, false)))
	tb.SetMode(totals.Mode{RoundTotal: true})
	keys := []tea.KeyMsg{tuitest.Key("j"), tuitest.Key("k")}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		tb.Update(keys[(i/150)%2], true)
		_ = tb.Value()
		_ = tb.View(120, true)
	}
}

// BenchmarkTypeInACell200Lines is a letter typed into a cell of a line in
// a document of 200 lines, and the frame after it.
func BenchmarkTypeInACell200Lines(b *testing.B) {
	ls := make([]apiclient.Line, 200)
	for i := range ls {
		ls[i] = apiclient.Line{ID: int64(i + 1), Name: fmt.Sprintf("Item %d", i+1), Quantity: apiclient.MustDecimal("1"),
			UnitPrice: apiclient.MustDecimal("10"), VatRate: apiclient.MustDecimal("21")}
	}
	tb := New(Options{Page: page, Styles: ui.NewStyles(true)})
	tb.SetValue(Encode(FromRecord(ls, false)))
	tb.Update(tuitest.Key("enter"), true)
	keys := []tea.KeyMsg{{Type: tea.KeyRunes, Runes: []rune{'x'}}, {Type: tea.KeyBackspace}}
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		tb.Update(keys[i%2], true)
		_ = tb.Value()
		_ = tb.View(120, true)
	}
}
