package table

// Marks: rows a user marks (space) for an action on several at once. A
// mark follows its record by id through refreshes and reorders.

// markGlyph is put before a marked row, "▸✓" when it is the selected one.
const markGlyph = "✓"

// ToggleMark marks the selected row, or unmarks it; it reports whether
// the row is marked now.
func (m *Model[T]) ToggleMark() bool {
	r, ok := m.Selected()
	if !ok {
		return false
	}
	id := m.id(r)
	if m.marked == nil {
		m.marked = map[string]bool{}
	}
	if m.marked[id] {
		delete(m.marked, id)
		return false
	}
	m.marked[id] = true
	return true
}

// Marked are the marked records that are loaded, in row order.
func (m *Model[T]) Marked() []T {
	if len(m.marked) == 0 {
		return nil
	}
	var out []T
	for _, s := range m.order {
		if r := m.recs[s]; m.marked[m.id(r)] {
			out = append(out, r)
		}
	}
	return out
}

// HasMarks reports whether any row is marked (without walking the rows).
func (m *Model[T]) HasMarks() bool { return len(m.marked) > 0 }

// ClearMarks unmarks every row.
func (m *Model[T]) ClearMarks() { m.marked = nil }

// IsMarked reports whether the record with this id is marked.
func (m *Model[T]) IsMarked(id string) bool { return m.marked[id] }

// markPrefix is the mark column of row i: the selection mark, the mark of
// a marked row, or blanks.
func (m *Model[T]) markPrefix(i int, selected bool) (string, bool) {
	if !m.marked[m.id(*m.Row(i))] {
		return "", false
	}
	if selected {
		return fitLine("▸"+markGlyph, m.markWidth), true
	}
	return fitLine(markGlyph, m.markWidth), true
}
