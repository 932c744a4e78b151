package common

import (
	"cmp"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/shopspring/decimal"
	"golang.org/x/text/collate"
	"golang.org/x/text/language"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui/table"
)

// Sort is one order a list offers: its name in the header and help, how
// two records compare (by pointer: a record can be 2 kB), and the order's
// key, read once per record as it arrives (see table.Order), with which the
// first sort of 50,000 rows takes a millisecond rather than a few hundred.
// ByText, ByDecimal, ByDec and ByTime make one whose two agree.
type Sort[T any] struct {
	Name string
	Cmp  func(a, b *T) int
	Key  func(*T) (uint64, bool)
	// Text, when set, is the text the order is by: the list orders it as
	// its language does (Czech: "Ú" with U, "ch" after "h"), not byte by
	// byte as Cmp and Key do.
	Text func(*T) string
}

// orders are the sorts as the table takes them; texts in l's collation.
func orders[T any](l locale.Locale, sorts []Sort[T]) []table.Order[T] {
	out := make([]table.Order[T], len(sorts))
	for i, s := range sorts {
		out[i] = table.Order[T]{Cmp: s.Cmp, Key: s.Key}
		if s.Text != nil {
			out[i] = collated(l, s.Text)
		}
	}
	return out
}

// collated orders by a text in the language's collation. Its key is the
// first eight bytes of the collation key, never exact, so equal keys fall
// to the comparison. A collator keeps buffers: each order has its own, used
// only where the table sorts (in Update).
func collated[T any](l locale.Locale, of func(*T) string) table.Order[T] {
	c := collate.New(collationTag(l), collate.IgnoreCase)
	var buf collate.Buffer
	return table.Order[T]{
		Cmp: func(a, b *T) int { return c.CompareString(of(a), of(b)) },
		Key: func(r *T) (uint64, bool) {
			k := c.KeyFromString(&buf, of(r))
			var key uint64
			for i := range 8 {
				key <<= 8
				if i < len(k) {
					key |= uint64(k[i])
				}
			}
			buf.Reset()
			return key, false
		},
	}
}

func collationTag(l locale.Locale) language.Tag {
	switch l.Tag {
	case locale.Czech:
		return language.Czech
	case locale.Slovak:
		return language.Slovak
	}
	return language.English
}

// listSort is the order in force: an index into ListConfig.Sorts (-1: the
// service's order) and its direction. A list page keeps it while it is
// cached, so a list comes back in the order it was left in.
type listSort struct {
	by   int
	desc bool
}

func sortKeys(l locale.Locale) (next, reverse key.Binding) {
	return key.NewBinding(key.WithKeys(">"), key.WithHelp(">", l.T("sort by the next column"))),
		key.NewBinding(key.WithKeys("<"), key.WithHelp("<", l.T("reverse the sort")))
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
	p.tbl.Sort(p.sort.by, p.sort.desc)
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
	s := p.d.L.Tf("sorted by %s", p.d.L.T(p.cfg.Sorts[p.sort.by].Name)) + " " + arrow
	if !p.tbl.Exhausted() {
		s += " " + p.d.L.T("(loaded rows)")
	}
	return s
}

// The orders a list offers, each a comparison and its key, which agree.

// ByText orders by a text: in a list, as the list's language orders it
// (Sort.Text); Cmp and Key alone compare byte by byte.
func ByText[T any](name string, of func(*T) string) Sort[T] {
	return Sort[T]{Name: name, Cmp: func(a, b *T) int { return strings.Compare(of(a), of(b)) },
		Key: func(r *T) (uint64, bool) { return table.TextKey(of(r)) }, Text: of}
}

// ByDecimal orders by an amount the service sent, exactly (unset first).
func ByDecimal[T any](name string, of func(*T) apiclient.Decimal) Sort[T] {
	return Sort[T]{Name: name, Cmp: func(a, b *T) int { return cmpDecimal(of(a), of(b)) },
		Key: func(r *T) (uint64, bool) { return of(r).OrderKey() }}
}

// ByValue orders amounts of documents in several currencies by what they
// are worth in the account's currency (the service's native amount), so
// that €840 sorts beside 21 000 Kč, not beside 840 Kč; a document without a
// native amount (one in the account's currency may omit it) by its own.
func ByValue[T any](name string, own, native func(*T) apiclient.Decimal) Sort[T] {
	return ByDecimal(name, func(r *T) apiclient.Decimal {
		if n := native(r); n.IsSet() {
			return n
		}
		return own(r)
	})
}

// ByDec orders by a computed amount.
func ByDec[T any](name string, of func(*T) decimal.Decimal) Sort[T] {
	return Sort[T]{Name: name, Cmp: func(a, b *T) int { return of(a).Cmp(of(b)) },
		Key: func(r *T) (uint64, bool) { return apiclient.DecimalFrom(of(r)).OrderKey() }}
}

// ByTime orders by a day or a moment (unset, the zero time, first). The
// key is the second, exact for days.
func ByTime[T any](name string, of func(*T) time.Time) Sort[T] {
	return Sort[T]{Name: name, Cmp: func(a, b *T) int { return of(a).Compare(of(b)) },
		Key: func(r *T) (uint64, bool) {
			t := of(r)
			return uint64(t.Unix()) ^ 1<<63, t.Nanosecond() == 0
		}}
}

// ByInt orders by a whole number (a size).
func ByInt[T any](name string, of func(*T) int64) Sort[T] {
	return Sort[T]{Name: name, Cmp: func(a, b *T) int { return cmp.Compare(of(a), of(b)) },
		Key: func(r *T) (uint64, bool) { return uint64(of(r)) ^ 1<<63, true }}
}

// cmpDecimal orders amounts exactly, unset first.
func cmpDecimal(a, b apiclient.Decimal) int {
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
