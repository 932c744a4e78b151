package table

import "slices"

// SortRows orders the loaded rows by cmp (stable: equal rows keep their
// order) and keeps the cursor on the record it was on. A page sorts again
// after rows arrive, since AppendRows adds a page at the end.
func (m *Model[T]) SortRows(cmp func(a, b T) int) {
	var keep string
	if r, ok := m.Selected(); ok {
		keep = m.id(r)
	}
	slices.SortStableFunc(m.rows, cmp)
	m.stale = true
	if keep != "" {
		m.SelectID(keep)
	}
	m.clamp()
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
