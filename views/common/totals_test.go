package common

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// TestTotalsWrapInsteadOfBeingCut: totals wider than the page go on to
// more lines, between the sums, every figure whole, and the table gives up
// the lines they take so the page keeps its height.
func TestTotalsWrapInsteadOfBeingCut(t *testing.T) {
	type doc struct {
		ID       int64
		Currency string
		Total    decimal.Decimal
	}
	d := Deps{TableStyles: table.PlainStyles(), Styles: ui.NewStyles(true), L: locale.New(locale.Czech)}.WithDefaults()
	p, err := NewList(d, ui.PageID{Kind: "docs"}, ListConfig[doc]{
		Title: "Docs", Noun: "docs", Kind: "doc",
		Columns: []table.Column{{Title: "Id", Width: 10}, {Title: "Total", Width: 14, Keep: true}},
		Cells:   func(r doc) []string { return []string{fmt.Sprint(r.ID), d.MoneyDec(r.Total, r.Currency)} },
		ID:      func(r doc) int64 { return r.ID },
		Fetch:   func(context.Context, *apiclient.Client, Query) ([]doc, error) { return nil, nil },
		Amounts: func(r doc) Amounts {
			return Amounts{Currency: r.Currency, Total: r.Total, Remaining: r.Total, NativeRemaining: r.Total,
				Rates: []RateAmount{{Currency: "CZK", Rate: decimal.NewFromInt(21), Base: r.Total, Vat: r.Total.Mul(decimal.New(21, -2)).Round(2)}}}
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	var docs []doc
	for i, cur := range []string{"CZK", "EUR", "USD", "CZK", "EUR"} {
		docs = append(docs, doc{ID: int64(i + 1), Currency: cur, Total: decimal.New(123456789+int64(i), -2)})
	}
	const w, h = 80, 20
	p.SetSize(w, h)
	p.Init()
	p.Update(Result[pageAnswer[doc]]{Page: p.ID(), Req: p.pg.wantList, Value: pageAnswer[doc]{Rows: docs}})
	p.Update(tuitest.Key("t"))

	view := ansi.Strip(p.View())
	lines := strings.Split(view, "\n")
	if len(lines) != h {
		t.Errorf("the page is %d lines, want %d:\n%s", len(lines), h, view)
	}
	sums := 0
	for i, l := range lines {
		if ansi.StringWidth(l) > w {
			t.Errorf("line %d is %d wide: %q", i, ansi.StringWidth(l), l)
		}
		if strings.Contains(l, "…") {
			t.Errorf("line %d is cut: %q", i, l)
		}
		if strings.HasPrefix(l, "Σ") || strings.HasPrefix(l, "  ") && strings.Contains(l, "neuhrazeno") {
			sums++
		}
	}
	if sums < 2 {
		t.Errorf("the totals did not wrap to a second line:\n%s", view)
	}
	// Every sum is there whole: three currencies, their unpaid, the rates.
	flat := strings.ReplaceAll(strings.Join(lines, " "), "\u00a0", " ")
	for _, want := range []string{"2 469 135,81 Kč", "2 469 135,83 €", "1 234 567,91 US$", "neuhrazeno celkem 6 172 839,55 Kč"} {
		if !strings.Contains(flat, want) {
			t.Errorf("%q missing from the totals:\n%s", want, view)
		}
	}
	if !regexp.MustCompile(`DPH podle sazeb: 21 %: 6 172 839,55 \+ DPH 1 296 296,31 Kč`).MatchString(flat) {
		t.Errorf("the VAT by rate is missing:\n%s", view)
	}
	// The table's footer ("řádek 1 z 5") stays above the totals.
	if !strings.Contains(view, "řádek 1 z 5") {
		t.Errorf("the table lost its footer to the totals:\n%s", view)
	}
}

func TestWrapPartsBreaksBetweenSumsNeverInAFigure(t *testing.T) {
	line := "Σ všech 32 · 1\u00a0121\u00a0754,09\u00a0Kč + zálohové 103\u00a0911,00, neuhrazeno 499\u00a0796,07 · 6\u00a0254,95\u00a0€, neuhrazeno 4\u00a0470,00 · neuhrazeno celkem 611\u00a0915,85\u00a0Kč"
	for _, w := range []int{30, 40, 60, 80, 120} {
		got := wrapParts(line, w)
		for i, l := range got {
			if ansi.StringWidth(l) > w {
				t.Errorf("width %d: line %d is %d wide: %q", w, i, ansi.StringWidth(l), l)
			}
			if i > 0 && !strings.HasPrefix(l, "  ") {
				t.Errorf("width %d: line %d is not indented: %q", w, i, l)
			}
		}
		joined := strings.Join(got, " ")
		for _, fig := range []string{"1\u00a0121\u00a0754,09\u00a0Kč", "499\u00a0796,07", "611\u00a0915,85\u00a0Kč"} {
			if !strings.Contains(joined, fig) {
				t.Errorf("width %d: %q broken: %q", w, fig, got)
			}
		}
	}
	if got := wrapParts(line, 200); len(got) != 1 || got[0] != line {
		t.Errorf("a line that fits was changed: %q", got)
	}
}
