package table

import (
	"github.com/charmbracelet/lipgloss"
)

// Column describes one column of a table.
type Column struct {
	Title string
	// Width is the least width the column needs; for a Keep column, the
	// width before any row is loaded.
	Width int
	// Flex is the column's share of the room left over; 0 keeps it at Width.
	Flex int
	// Align is lipgloss.Left, lipgloss.Center or lipgloss.Right (money).
	Align lipgloss.Position
	// Priority decides which columns go when the screen is narrow: the lowest
	// goes first. 0 means the column is always shown.
	Priority int
	// Keep marks a column of values that are never cut: money, dates,
	// times, states, numbers. It is as wide as its title and its widest
	// loaded cell, and gives up no width: when the line is narrow, the
	// other columns (names, free text) give up theirs first, then whole
	// columns are dropped.
	Keep bool
}

// gap is the space between two columns.
const gap = 1

// minText is the least a name or free-text column is cut to when even the
// always-shown columns do not fit.
const minText = 4

// placed is a column that fits the current width.
type placed struct {
	src   int // index into the columns (and into the cells of a row)
	width int
	align lipgloss.Position
	keep  bool
}

// layout chooses the columns that fit in avail cells and their widths;
// want is each column's width (its Width, or a Keep column's measured
// width), content the widest loaded cell of each (nil before a row is
// loaded). Columns are dropped lowest priority first (the rightmost of
// equal priorities first); priority 0 columns stay even when they
// overflow: then the text columns give up width down to minText, and past
// that the line is cut at the edge. Room left over goes first to the text
// columns whose cells are cut, then by Flex.
func layout(cols []Column, want, content []int, avail int) []placed {
	keep := make([]bool, len(cols))
	need := -gap
	for i := range cols {
		keep[i] = true
		need += want[i] + gap
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
		need -= want[drop] + gap
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
		out = append(out, placed{src: i, width: want[i], align: c.Align, keep: c.Keep})
	}
	if need > avail {
		shrinkText(out, need-avail)
	}
	spare := avail - need
	if content != nil {
		spare = widenText(cols, out, content, spare)
	}
	if spare > 0 && flexTotal > 0 {
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

// shrinkText takes over cells from the widest text columns (never from a
// Keep column), down to minText each.
func shrinkText(out []placed, over int) {
	for ; over > 0; over-- {
		widest := -1
		for i, p := range out {
			if !p.keep && p.width > minText && (widest < 0 || p.width > out[widest].width) {
				widest = i
			}
		}
		if widest < 0 {
			return
		}
		out[widest].width--
	}
}

// widenText gives spare cells to the text columns whose widest cell is
// cut, by their Flex (at least 1), up to that cell's width, and returns
// what is left.
func widenText(cols []Column, out []placed, content []int, spare int) int {
	given := make([]int, len(out))
	for ; spare > 0; spare-- {
		next := -1
		for i, p := range out {
			if p.keep || p.width >= content[p.src] {
				continue
			}
			// the least given for its weight: a*wb < b*wa compares a/wa with b/wb
			if next < 0 || given[i]*weight(cols[out[next].src]) < given[next]*weight(cols[p.src]) {
				next = i
			}
		}
		if next < 0 {
			break
		}
		out[next].width++
		given[next]++
	}
	return spare
}

func weight(c Column) int { return max(c.Flex, 1) }
