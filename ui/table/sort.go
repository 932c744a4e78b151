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
	for i, r := range m.rows {
		m.index[m.id(r)] = i
	}
	if keep != "" {
		m.SelectID(keep)
	}
	m.clamp()
}

// ReverseRows turns the loaded rows around (a sort's other direction,
// without comparing again), keeping the cursor on its record.
func (m *Model[T]) ReverseRows() {
	var keep string
	if r, ok := m.Selected(); ok {
		keep = m.id(r)
	}
	slices.Reverse(m.rows)
	for i, r := range m.rows {
		m.index[m.id(r)] = i
	}
	if keep != "" {
		m.SelectID(keep)
	}
	m.clamp()
}
