package table

import (
	"github.com/charmbracelet/lipgloss"
)

// Column describes one column of a table.
type Column struct {
	Title string
	// Width is the least width the column needs.
	Width int
	// Flex is the column's share of the room left over; 0 keeps it at Width.
	Flex int
	// Align is lipgloss.Left, lipgloss.Center or lipgloss.Right (money).
	Align lipgloss.Position
	// Priority decides which columns go when the screen is narrow: the lowest
	// goes first. 0 means the column is always shown.
	Priority int
}

// gap is the space between two columns.
const gap = 1

// placed is a column that fits the current width.
type placed struct {
	src   int // index into the columns (and into the cells of a row)
	width int
	align lipgloss.Position
}

// layout chooses the columns that fit in avail cells and their widths.
// Columns are dropped lowest priority first (the rightmost of equal
// priorities first); priority 0 columns stay even when they overflow, and
// the line is cut at the edge instead.
func layout(cols []Column, avail int) []placed {
	keep := make([]bool, len(cols))
	need := -gap
	for i, c := range cols {
		keep[i] = true
		need += max(c.Width, 0) + gap
	}
	for need > avail {
		drop := -1
		for i, c := range cols {
			if !keep[i] || c.Priority <= 0 {
				continue
			}
			if drop < 0 || c.Priority <= cols[drop].Priority {
				drop = i
			}
		}
		if drop < 0 {
			break
		}
		keep[drop] = false
		need -= max(cols[drop].Width, 0) + gap
	}

	out := make([]placed, 0, len(cols))
	flexTotal, lastFlex := 0, -1
	for i, c := range cols {
		if !keep[i] {
			continue
		}
		if c.Flex > 0 {
			flexTotal += c.Flex
			lastFlex = len(out)
		}
		out = append(out, placed{src: i, width: max(c.Width, 0), align: c.Align})
	}
	if spare := avail - need; spare > 0 && flexTotal > 0 {
		given := 0
		for i := range out {
			f := cols[out[i].src].Flex
			if f <= 0 {
				continue
			}
			add := spare * f / flexTotal
			out[i].width += add
			given += add
		}
		out[lastFlex].width += spare - given
	}
	return out
}
