package common

import (
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// wrappedTotals are the totals' lines as last wrapped, and what they were
// wrapped for.
type wrappedTotals struct {
	key   wrapKey
	lines []string
}

type wrapKey struct {
	gen        uint64
	width      int
	all, rates bool
}

// partSep joins the parts of a totals line ("Σ all 32 · CZK 1,234.00, unpaid …").
const partSep = " · "

// wrapParts breaks a line of parts joined by partSep into lines of at most
// w cells, between parts where it can and between words inside a part too
// long for a line, never inside a figure (its groups are joined by no-break
// spaces). The lines after the first are indented by two cells.
func wrapParts(line string, w int) []string {
	const indent = "  "
	if w <= 2*len(indent) || ansi.StringWidth(line) <= w {
		return []string{line}
	}
	var out []string
	cur := ""
	room := w
	emit := func(l string) {
		if len(out) > 0 {
			l = indent + l
		}
		out = append(out, l)
		room = w - len(indent)
	}
	flush := func() {
		for ansi.StringWidth(cur) > room {
			first, _, _ := strings.Cut(ansi.Wrap(cur, room, ""), "\n")
			if !strings.HasPrefix(cur, first) || first == "" {
				break // not plain text: the line is cut at the edge
			}
			emit(first)
			cur = strings.TrimLeft(cur[len(first):], " ")
		}
		emit(cur)
		cur = ""
	}
	for _, part := range strings.Split(line, partSep) {
		switch {
		case cur == "":
			cur = part
		case ansi.StringWidth(cur+partSep+part) <= room:
			cur += partSep + part
		default:
			flush()
			cur = part
		}
	}
	flush()
	return out
}
