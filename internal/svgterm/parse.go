package svgterm

import (
	"github.com/rivo/uniseg"
)

// Cell is one terminal cell. A wide grapheme (CJK, most emoji) fills two
// cells: the first has Width 2, the second is a continuation with Width 0
// and no text.
type Cell struct {
	Text  string // one grapheme cluster; "" for an empty or continuation cell
	Width int    // 1, 2, or 0 for a continuation
	Style Style
}

// Screen is a grid of cells, Height rows of Width cells.
type Screen struct {
	Width, Height int
	Rows          [][]Cell
}

// tabWidth is the distance between tab stops.
const tabWidth = 8

// Parse lays text with ANSI escape sequences out on a grid of width columns
// (0: as wide as the widest line), the way a terminal would: "\n" starts a
// new row, "\r" returns to column 0, tabs go to the next stop, SGR sequences
// ("CSI ... m") set the style, other escape sequences are skipped, and what
// goes past the last column is cut.
func Parse(text string, width int) *Screen {
	p := &parser{limit: width}
	p.newRow()
	for i := 0; i < len(text); {
		c := text[i]
		switch {
		case c == 0x1b:
			i = p.escape(text, i)
		case c == '\n':
			p.newRow()
			p.col = 0
			i++
		case c == '\r':
			p.col = 0
			i++
		case c == '\t':
			p.col = (p.col/tabWidth + 1) * tabWidth
			if p.limit > 0 {
				p.col = min(p.limit, p.col)
			}
			i++
		case c < 0x20 || c == 0x7f:
			i++ // other C0 controls draw nothing
		default:
			j := i
			for j < len(text) && text[j] >= 0x20 && text[j] != 0x7f {
				j++
			}
			p.print(text[i:j])
			i = j
		}
	}
	return p.screen()
}

type parser struct {
	limit int // columns; 0 means no limit
	rows  [][]Cell
	col   int
	style Style
}

func (p *parser) newRow() { p.rows = append(p.rows, nil) }

// screen pads every row with empty cells to the grid's width.
func (p *parser) screen() *Screen {
	w := p.limit
	if w <= 0 {
		for _, r := range p.rows {
			w = max(w, len(r))
		}
	}
	for i, r := range p.rows {
		p.rows[i] = padRow(r, w)
	}
	return &Screen{Width: w, Height: len(p.rows), Rows: p.rows}
}

// padRow extends row with empty cells up to n.
func padRow(row []Cell, n int) []Cell {
	for len(row) < n {
		row = append(row, Cell{Width: 1})
	}
	return row
}

// print writes printable text at the cursor, one grapheme cluster per cell
// (two for a wide one).
func (p *parser) print(s string) {
	state := -1
	for len(s) > 0 {
		var g string
		var w int
		g, s, w, state = uniseg.FirstGraphemeClusterInString(s, state)
		if w == 0 {
			continue // a lone zero-width mark has no cell of its own
		}
		if p.limit > 0 && p.col+w > p.limit {
			p.col = p.limit // cut at the right edge
			continue
		}
		row := padRow(p.rows[len(p.rows)-1], p.col+w)
		p.rows[len(p.rows)-1] = row
		p.clearWide(row, p.col)
		row[p.col] = Cell{Text: g, Width: w, Style: p.style}
		if w == 2 {
			p.clearWide(row, p.col+1)
			row[p.col+1] = Cell{Width: 0, Style: p.style}
		}
		p.col += w
	}
}

// clearWide blanks the other half of a wide cell that col overwrites.
func (p *parser) clearWide(row []Cell, col int) {
	switch {
	case row[col].Width == 0 && col > 0:
		row[col-1] = Cell{Width: 1, Style: row[col-1].Style}
	case row[col].Width == 2 && col+1 < len(row):
		row[col+1] = Cell{Width: 1, Style: row[col+1].Style}
	}
}

// escape handles the sequence starting at text[i] (an ESC) and returns the
// index after it.
func (p *parser) escape(text string, i int) int {
	if i+1 >= len(text) {
		return len(text)
	}
	switch text[i+1] {
	case '[': // CSI: parameters, intermediates, one final byte 0x40-0x7e
		j := i + 2
		for j < len(text) && (text[j] < 0x40 || text[j] > 0x7e) {
			j++
		}
		if j >= len(text) {
			return len(text)
		}
		if text[j] == 'm' {
			p.style = applySGR(p.style, text[i+2:j])
		}
		return j + 1
	case ']', 'P', '_', '^', 'X': // OSC, DCS, APC, PM, SOS: up to BEL or ST
		for j := i + 2; j < len(text); j++ {
			if text[j] == 0x07 {
				return j + 1
			}
			if text[j] == 0x1b && j+1 < len(text) && text[j+1] == '\\' {
				return j + 2
			}
		}
		return len(text)
	default: // ESC, intermediates 0x20-0x2f (as in "ESC ( B"), one final byte
		j := i + 1
		for j < len(text) && text[j] >= 0x20 && text[j] <= 0x2f {
			j++
		}
		return min(len(text), j+1)
	}
}
