package table

import (
	"github.com/shopspring/decimal"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/textfit"
)

// View renders the header, the rows in the window and a footer, in exactly
// the height given to SetSize (at least three lines). Rows come from the
// cache; only rows not rendered before at this width call the cells func.
func (m *Model[T]) View() string {
	if m.width <= 0 || m.height <= 0 {
		return ""
	}
	body := m.bodyRows()
	var b strings.Builder
	b.Grow((body + 2) * (m.width + 16))
	b.WriteString(m.header)

	if len(m.order) == 0 {
		text := m.emptyText
		if m.loading {
			text = m.l.T("loading…")
		}
		b.WriteByte('\n')
		b.WriteString(m.styles.Empty.Render(fitLine(m.blankMark+textclean.Line(text), m.width)))
		body--
	}
	end := min(m.offset+body, len(m.order))
	for i := m.offset; i < end; i++ {
		b.WriteByte('\n')
		r := m.row(i)
		mark, marked := m.markPrefix(i, i == m.cursor)
		switch {
		case i == m.cursor && marked:
			b.WriteString(m.styles.Selected.Render(mark + r.plain))
		case i == m.cursor:
			b.WriteString(m.styles.Selected.Render(m.styles.SelectedMark + r.plain))
		case marked:
			b.WriteString(m.styles.Row.Render(mark + r.plain))
		default:
			b.WriteString(r.styled)
		}
	}
	blank := spaces(m.width)
	for i := max(end-m.offset, 0); i < body; i++ {
		b.WriteByte('\n')
		b.WriteString(blank)
	}
	b.WriteByte('\n')
	b.WriteString(m.styles.Dim.Render(fitLine(m.footer(), m.width)))
	return b.String()
}

// row returns row i's rendering, from the cache when it is there.
func (m *Model[T]) row(i int) cachedRow {
	id := m.id(*m.Row(i))
	if r, ok := m.cache[id]; ok {
		return r
	}
	if len(m.cache) >= maxCached {
		m.cache = make(map[string]cachedRow, maxCached)
	}
	// Cells are raw record text: cleaned here, once per cached row, so no
	// page can put a terminal control on the screen.
	rec := *m.Row(i)
	cells := m.cells(rec)
	for k, c := range cells {
		cells[k] = textclean.Line(c)
	}
	var style func(int) (lipgloss.Style, bool)
	if m.cellStyle != nil {
		style = func(col int) (lipgloss.Style, bool) { return m.cellStyle(rec, col) }
	}
	plain := fitLine(m.joinCells(cells, style), m.width-m.markWidth)
	r := cachedRow{plain: plain, styled: m.styles.Row.Render(m.blankMark + plain)}
	m.cache[id] = r
	return r
}

// footer says where the cursor is and whether more rows can come.
func (m *Model[T]) footer() string {
	n := len(m.order)
	var b strings.Builder
	b.WriteString(m.blankMark)
	if n == 0 {
		b.WriteString(m.l.T("no rows"))
	} else {
		b.WriteString(m.l.Tf("row %s of %s", m.l.Number(decimal.NewFromInt(int64(m.cursor+1)), 0), m.l.Number(decimal.NewFromInt(int64(n)), 0)))
	}
	switch {
	case m.loading:
		b.WriteString(" · " + m.l.T("loading more…"))
	case m.exhausted:
		b.WriteString(" · " + m.l.T("all loaded"))
	default:
		b.WriteString(" · " + m.l.T("more available"))
	}
	if n := len(m.marked); n > 0 { // not Marked(): no walk of every row per frame
		b.WriteString(" · " + m.l.Nf(n, "%d marked|%d marked", n))
	}
	return b.String()
}

// joinCells lays cells out in the placed columns: each cut to its width
// with an ellipsis and padded on the side its alignment asks for, then
// given its style, if style (nil: none) has one for its column.
func (m *Model[T]) joinCells(cells []string, style func(col int) (lipgloss.Style, bool)) string {
	var b strings.Builder
	for k, p := range m.placed {
		if k > 0 {
			b.WriteString(spaces(gap))
		}
		var s string
		if p.src < len(cells) {
			s = cells[p.src]
		}
		s = fitCell(s, p.width, p.align)
		if style != nil {
			if st, ok := style(p.src); ok {
				s = st.Render(s)
			}
		}
		b.WriteString(s)
	}
	return b.String()
}

// fitCell cuts s to w cells with an ellipsis and pads it to exactly w.
func fitCell(s string, w int, align lipgloss.Position) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		s = textfit.Cut(s, w)
		sw = ansi.StringWidth(s)
	}
	pad := w - sw
	switch {
	case pad == 0:
		return s
	case align >= lipgloss.Right:
		return spaces(pad) + s
	case align > lipgloss.Left:
		left := pad / 2
		return spaces(left) + s + spaces(pad-left)
	default:
		return s + spaces(pad)
	}
}

// fitLine pads or cuts s to exactly w cells.
func fitLine(s string, w int) string {
	if w <= 0 {
		return ""
	}
	sw := ansi.StringWidth(s)
	if sw > w {
		return ansi.Truncate(s, w, textfit.Ellipsis)
	}
	return s + spaces(w-sw)
}

// blanks serves short runs of spaces without allocating.
const blanks = "                                                                                                                                "

func spaces(n int) string {
	if n <= 0 {
		return ""
	}
	if n <= len(blanks) {
		return blanks[:n]
	}
	return strings.Repeat(" ", n)
}
