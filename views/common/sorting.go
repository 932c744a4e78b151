package common

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
)

// Sort is one order a list offers: its name in the header and help, and
// how two records compare (by pointer: a record can be 2 kB, and a sort
// compares a million pairs).
type Sort[T any] struct {
	Name string
	Cmp  func(a, b *T) int
}

// listSort is the order in force: an index into ListConfig.Sorts (-1: the
// service's order) and its direction. A list page keeps it while it is
// cached, so a list comes back in the order it was left in.
type listSort struct {
	by   int
	desc bool
}

func sortKeys() (next, reverse key.Binding) {
	return key.NewBinding(key.WithKeys(">"), key.WithHelp(">", "sort by the next column")),
		key.NewBinding(key.WithKeys("<"), key.WithHelp("<", "reverse the sort"))
}

// nextSort moves to the next order; after the last comes the service's
// own, which a reload brings back (keeping the selected record).
func (p *ListPage[T]) nextSort() tea.Cmd {
	p.sort.by++
	p.sort.desc = false
	if p.sort.by >= len(p.cfg.Sorts) {
		p.sort.by = -1
		p.keys.SortReverse.SetEnabled(false)
		return p.Reload()
	}
	p.keys.SortReverse.SetEnabled(true)
	p.applySort()
	return nil
}

// reverseSort turns the order around: the rows are in it already, so they
// are reversed rather than compared again (50,000 rows in well under a
// millisecond).
func (p *ListPage[T]) reverseSort() {
	if p.sort.by < 0 {
		return
	}
	p.sort.desc = !p.sort.desc
	p.tbl.ReverseRows()
}

// applySort orders the loaded rows by the order in force.
func (p *ListPage[T]) applySort() {
	if p.sort.by < 0 || p.sort.by >= len(p.cfg.Sorts) {
		return
	}
	cmp := p.cfg.Sorts[p.sort.by].Cmp
	if p.sort.desc {
		p.tbl.SortRows(func(a, b *T) int { return cmp(b, a) })
		return
	}
	p.tbl.SortRows(cmp)
}

// sortLabel is "sorted by due ↑" for the header ("" in the service's order).
func (p *ListPage[T]) sortLabel() string {
	if p.sort.by < 0 || p.sort.by >= len(p.cfg.Sorts) {
		return ""
	}
	arrow := "↑"
	if p.sort.desc {
		arrow = "↓"
	}
	s := "sorted by " + p.cfg.Sorts[p.sort.by].Name + " " + arrow
	if !p.tbl.Exhausted() {
		s += " (loaded rows)"
	}
	return s
}

// Comparisons for Sort.Cmp.

// CmpDecimal orders amounts exactly (unset first).
func CmpDecimal(a, b apiclient.Decimal) int {
	switch {
	case !a.IsSet() && !b.IsSet():
		return 0
	case !a.IsSet():
		return -1
	case !b.IsSet():
		return 1
	}
	return a.Cmp(b)
}

// CmpDate orders days (unset first).
func CmpDate(a, b apiclient.Date) int { return a.Time.Compare(b.Time) }

// CmpDec orders computed amounts.
func CmpDec(a, b decimal.Decimal) int { return a.Cmp(b) }
