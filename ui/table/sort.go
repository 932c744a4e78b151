package table

import (
	"slices"
	"sort"
)

// SortRows orders the loaded rows by cmp (stable: equal rows keep their
// order) and keeps the cursor on the record it was on. A page sorts again
// after rows arrive, since AppendRows adds a page at the end.
func (m *Model[T]) SortRows(cmp func(a, b *T) int) {
	sel, ok := m.Selected()
	m.rows = sortedCopy(m.rows, cmp)
	m.stale = true // the id index is rebuilt when an id is next looked up
	if ok {
		m.cursor = m.find(&sel, cmp)
	}
	m.clamp()
}

// find is the place of row r in rows sorted by cmp: a binary search to the
// rows equal to it, then its id among them. It spares a sort the rebuilding
// of the whole id index (50,000 ids) just to keep the cursor.
func (m *Model[T]) find(r *T, cmp func(a, b *T) int) int {
	i := sort.Search(len(m.rows), func(i int) bool { return cmp(&m.rows[i], r) >= 0 })
	id := m.id(*r)
	for j := i; j < len(m.rows) && cmp(&m.rows[j], r) == 0; j++ {
		if m.id(m.rows[j]) == id {
			return j
		}
	}
	return m.cursor
}

// ensureIndex rebuilds the id index after a reorder.
func (m *Model[T]) ensureIndex() {
	if !m.stale {
		return
	}
	clear(m.index)
	for i, r := range m.rows {
		m.index[m.id(r)] = i
	}
	m.stale = false
}

// ReverseRows turns the loaded rows around (a sort's other direction,
// without comparing again), keeping the cursor on its record.
func (m *Model[T]) ReverseRows() {
	slices.Reverse(m.rows)
	m.stale = true // rebuilt when an id is next looked up
	if n := len(m.rows); n > 0 {
		m.cursor = n - 1 - m.cursor
	}
	m.clamp()
}

// sortedCopy is rows sorted by cmp, stable. It sorts the rows' places and
// moves each row once: a list's rows are records of up to 2 kB (an
// invoice), which an in-place sort would move a million times.
func sortedCopy[T any](rows []T, cmp func(a, b *T) int) []T {
	places := make([]int32, len(rows))
	for i := range places {
		places[i] = int32(i)
	}
	// pdqsort, made stable by the places themselves: fewer comparisons than
	// the in-place merge of slices.SortStableFunc.
	slices.SortFunc(places, func(a, b int32) int {
		if c := cmp(&rows[a], &rows[b]); c != 0 {
			return c
		}
		return int(a - b)
	})
	if inOrder(places) {
		return rows // a page sorted again as rows arrive: nothing moves
	}
	out := make([]T, len(rows), cap(rows))
	for i, p := range places {
		out[i] = rows[p]
	}
	return out
}

func inOrder(places []int32) bool {
	for i, p := range places {
		if int(p) != i {
			return false
		}
	}
	return true
}
