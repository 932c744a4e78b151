package table

import (
	"slices"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"
)

// widths are the widest cells of each column over the loaded rows,
// measured as rows arrive (never per frame): a Keep column is as wide as
// its widest value, and room left over goes to the names that are cut.
type widths struct {
	widest []int // by column
	rows   bool  // some row was measured
}

// remeasure measures every row anew (new rows, new columns) and lays the
// columns out again when a width changed.
func (m *Model[T]) remeasure() {
	before := m.widths
	m.widths = widths{widest: make([]int, len(m.cols))}
	for _, s := range m.order {
		m.measure(m.recs[s])
	}
	if !sameWidths(before, m.widths) {
		m.relayout()
	}
}

// measureNew measures records that joined the table and lays the columns
// out again when one is wider than the rows before it.
func (m *Model[T]) measureNew(recs []T) {
	grew := !m.widths.rows && len(recs) > 0
	for _, r := range recs {
		grew = m.measure(r) || grew
	}
	if grew {
		m.relayout()
	}
}

// measure widens the columns to rec's cells and reports whether one grew.
func (m *Model[T]) measure(rec T) bool {
	m.widths.rows = true
	grew := false
	for i, c := range m.cells(rec) {
		if i >= len(m.cols) {
			break
		}
		if w := cellWidth(textclean.Line(c)); w > m.widths.widest[i] {
			m.widths.widest[i], grew = w, true
		}
	}
	return grew
}

// cellWidth is the cells a cleaned text takes: its length when it is
// ASCII (most cells; measuring graphemes costs more than the rest of a
// row's measuring).
func cellWidth(s string) int {
	for i := 0; i < len(s); i++ {
		if s[i] >= utf8.RuneSelf {
			return ansi.StringWidth(s)
		}
	}
	return len(s)
}

func sameWidths(a, b widths) bool { return a.rows == b.rows && slices.Equal(a.widest, b.widest) }

// wants is each column's width for layout: a Keep column's title and
// widest cell (its Width until a row is measured), the others' Width.
func (m *Model[T]) wants(titles []string) []int {
	out := make([]int, len(m.cols))
	for i, c := range m.cols {
		out[i] = max(c.Width, 0)
		if !c.Keep {
			continue
		}
		title := ansi.StringWidth(titles[i])
		if m.widths.rows {
			out[i] = max(title, m.widths.widest[i])
		} else {
			out[i] = max(out[i], title)
		}
	}
	return out
}

// content is the widest cell of each column, nil before a row is measured.
func (m *Model[T]) content() []int {
	if !m.widths.rows {
		return nil
	}
	return m.widths.widest
}
