package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/x/ansi"
)

// maxHelpColumns bounds the help's columns: past four, each is too narrow
// to read.
const maxHelpColumns = 4

// helpColumnGap separates the help's columns.
const helpColumnGap = "   "

// helpColumns are the fewest columns (at most maxHelpColumns each) in
// which lists of n1 and then n2 keys, filled top to bottom, take at most
// rows lines together: the help fits the screen before any description is
// cut, the first list taking as few columns as it can.
func helpColumns(n1, n2, rows int) (c1, c2 int) {
	for c1 = 1; c1 < maxHelpColumns; c1++ {
		if ceilDiv(n1, c1)+ceilDiv(n2, maxHelpColumns) <= rows {
			break
		}
	}
	for c2 = 1; c2 < maxHelpColumns; c2++ {
		if ceilDiv(n1, c1)+ceilDiv(n2, c2) <= rows {
			break
		}
	}
	return c1, c2
}

func ceilDiv(n, d int) int { return (n + d - 1) / d }

// packHelp lays the enabled bindings out in cols columns filled top to
// bottom, in their order, within width cells. A column is as wide as its
// widest entry while they all fit; when they do not, the widest are
// narrowed first, and a description too long for its column is cut with "…".
func packHelp(st help.Styles, bs []key.Binding, cols, width int) string {
	on := shown(bs)
	if len(on) == 0 {
		return ""
	}
	cols = max(min(cols, len(on)), 1)
	rows := ceilDiv(len(on), cols)
	parts := make([][]key.Binding, cols)
	keyW, natural := make([]int, cols), make([]int, cols)
	for c := range cols {
		parts[c] = on[min(c*rows, len(on)):min((c+1)*rows, len(on))]
		for _, b := range parts[c] {
			keyW[c] = max(keyW[c], ansi.StringWidth(b.Help().Key))
		}
		for _, b := range parts[c] {
			natural[c] = max(natural[c], keyW[c]+1+ansi.StringWidth(b.Help().Desc))
		}
	}
	widths := fitWidths(natural, width-len(helpColumnGap)*(cols-1))
	lines := make([]string, rows)
	for c, col := range parts {
		for r := range rows {
			cell := ""
			if r < len(col) {
				h := col[r].Help()
				desc := ansi.Truncate(h.Desc, max(widths[c]-keyW[c]-1, 1), "…")
				cell = st.FullKey.Render(h.Key+strings.Repeat(" ", keyW[c]-ansi.StringWidth(h.Key))) + " " + st.FullDesc.Render(desc)
			}
			if c < cols-1 {
				cell += strings.Repeat(" ", max(widths[c]-ansi.StringWidth(cell), 0)) + helpColumnGap
			}
			lines[r] += cell
		}
	}
	for i := range lines {
		lines[i] = strings.TrimRight(lines[i], " ")
	}
	return strings.Join(lines, "\n")
}

// fitWidths are the columns' natural widths when they fit in total, else
// each capped at the widest cap that lets them fit.
func fitWidths(natural []int, total int) []int {
	capAt := 0
	for _, n := range natural {
		capAt = max(capAt, n)
	}
	sum := func(t int) (s int) {
		for _, n := range natural {
			s += min(n, t)
		}
		return s
	}
	for capAt > 1 && sum(capAt) > total {
		capAt--
	}
	out := make([]int, len(natural))
	for i, n := range natural {
		out[i] = min(n, capAt)
	}
	return out
}

// shown is the bindings help lists: enabled, with a key to show.
func shown(bs []key.Binding) []key.Binding {
	var on []key.Binding
	for _, b := range bs {
		if b.Enabled() && b.Help().Key != "" {
			on = append(on, b)
		}
	}
	return on
}

// flatten is the bindings of help groups in order.
func flatten(groups [][]key.Binding) []key.Binding {
	var out []key.Binding
	for _, g := range groups {
		out = append(out, g...)
	}
	return out
}
