package table

import "slices"

// SortRows orders the loaded rows by cmp (stable: equal rows keep their
// order) and keeps the cursor on the record it was on. A page sorts again
// after rows arrive, since AppendRows adds a page at the end.
func (m *Model[T]) SortRows(cmp func(a, b T) int) {
	sel, ok := m.Selected()
	slices.SortStableFunc(m.rows, cmp)
	m.stale = true // the id index is rebuilt when an id is next looked up
	if ok {
		m.cursor = m.find(sel, cmp)
	}
	m.clamp()
}

// find is the place of row r in rows sorted by cmp: a binary search to the
// rows equal to it, then its id among them. It spares a sort the rebuilding
// of the whole id index (50,000 ids) just to keep the cursor.
func (m *Model[T]) find(r T, cmp func(a, b T) int) int {
	i, _ := slices.BinarySearchFunc(m.rows, r, cmp)
	id := m.id(r)
	for j := i; j < len(m.rows) && cmp(m.rows[j], r) == 0; j++ {
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
