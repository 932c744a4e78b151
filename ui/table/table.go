package table

import (
	"github.com/charmbracelet/x/ansi"
)

// LoadMoreThreshold is how near the end (in rows) the cursor may come
// before the table asks for the next page.
const LoadMoreThreshold = 10

// maxCached bounds the row cache; past it the cache starts afresh, which
// costs one window of renderings.
const maxCached = 4096

// NeedMoreMsg asks the owner to load the next page and call AppendRows
// (or SetLoading(false) if the load fails). Table is the owner given to
// WithOwner.
type NeedMoreMsg struct {
	Table string
}

// cachedRow is a row's rendering at the current width.
type cachedRow struct {
	plain  string // the cells laid out, without mark or style
	styled string // the whole unselected line
}

// Model is a list of records of type T. Use it through a pointer.
type Model[T any] struct {
	// KeyMap is the keys the table handles; pages show it in their help.
	KeyMap KeyMap

	owner  string
	cols   []Column
	id     func(T) string
	cells  func(T) []string
	styles Styles

	rows  []T
	index map[string]int // id -> position in rows
	// marked are the ids of the rows marked for an action on several.
	marked map[string]bool
	// stale: the rows were reordered (reversed) and index is rebuilt when
	// next needed, not on the key press that reordered them.
	stale bool

	width, height    int
	originX, originY int
	cursor, offset   int

	loading, exhausted bool
	// gen counts the changes of rows, so an owner can cache what it
	// derives from them (totals) until they change.
	gen uint64
	// toBottom: G was pressed before the last page came; each page that
	// arrives moves the cursor on, so G ends on the last record there is.
	toBottom  bool
	emptyText string

	// layout at the current width, derived in SetSize / SetColumns
	markWidth int
	blankMark string
	placed    []placed
	header    string
	cache     map[string]cachedRow
}

// New returns a table of the given columns. id names a record (the cache
// key); cells gives one string per column, in the order of cols.
func New[T any](cols []Column, id func(T) string, cells func(T) []string, styles Styles) *Model[T] {
	m := &Model[T]{
		KeyMap:    DefaultKeyMap(),
		cols:      cols,
		id:        id,
		cells:     cells,
		index:     map[string]int{},
		emptyText: "nothing here",
	}
	m.SetStyles(styles)
	return m
}

// WithOwner names the table's owner, carried by its messages so the shell
// can route them.
func (m *Model[T]) WithOwner(owner string) *Model[T] {
	m.owner = owner
	return m
}

// Owner returns the name given to WithOwner.
func (m *Model[T]) Owner() string { return m.owner }

// SetSize sets the table's width and its height in lines, header and
// footer included.
func (m *Model[T]) SetSize(w, h int) {
	if w == m.width && h == m.height {
		return
	}
	m.width, m.height = w, h
	m.relayout()
	m.clamp()
}

// Width returns the width given to SetSize.
func (m *Model[T]) Width() int { return m.width }

// Height returns the height given to SetSize.
func (m *Model[T]) Height() int { return m.height }

// SetOrigin tells the table where its top-left corner is on the screen, so
// a mouse click can be mapped to a row.
func (m *Model[T]) SetOrigin(x, y int) { m.originX, m.originY = x, y }

// SetStyles replaces the styles (for example after the terminal's
// background turned out light) and drops the cached renderings.
func (m *Model[T]) SetStyles(styles Styles) {
	m.styles = styles
	m.markWidth = ansi.StringWidth(styles.SelectedMark)
	m.blankMark = spaces(m.markWidth)
	m.relayout()
}

// SetColumns replaces the columns; cells must then match the new columns.
func (m *Model[T]) SetColumns(cols []Column) {
	m.cols = cols
	m.relayout()
}

// SetRows replaces all rows (a first page, a refresh, a new search); a
// repeated id keeps its first record. The
// cursor stays at its position as far as the new rows allow; use SelectID
// to follow a record. The row cache is dropped, since records may have
// changed. It ends loading.
func (m *Model[T]) SetRows(rows []T) {
	// The full slice expression keeps AppendRows from writing into the
	// caller's array.
	m.rows = rows[:len(rows):len(rows)]
	m.index = make(map[string]int, len(rows))
	m.stale = false
	for i, r := range rows {
		if _, dup := m.index[m.id(r)]; dup {
			m.rows = m.dedupe(rows)
			break
		}
		m.index[m.id(r)] = i
	}
	m.cache = map[string]cachedRow{}
	m.loading = false
	m.toBottom = false
	m.gen++
	m.clamp()
}

// dedupe copies rows without the repeats of an id and indexes the copy.
func (m *Model[T]) dedupe(rows []T) []T {
	out := make([]T, 0, len(rows))
	clear(m.index)
	for _, r := range rows {
		id := m.id(r)
		if _, dup := m.index[id]; dup {
			continue
		}
		m.index[id] = len(out)
		out = append(out, r)
	}
	return out
}

// AppendRows adds a loaded page at the end and ends loading. Records
// already in the table are skipped: offset paging repeats a record when
// one was added on the server between two pages.
func (m *Model[T]) AppendRows(rows []T) {
	m.ensureIndex()
	for _, r := range rows {
		id := m.id(r)
		if _, dup := m.index[id]; dup {
			continue
		}
		m.index[id] = len(m.rows)
		m.rows = append(m.rows, r)
	}
	m.loading = false
	m.gen++
	if m.toBottom {
		m.SetCursor(len(m.rows) - 1)
	}
}

// UpdateRow replaces the record with the same id and drops its cached
// rendering. It reports whether the record was in the table.
func (m *Model[T]) UpdateRow(row T) bool {
	m.ensureIndex()
	id := m.id(row)
	i, ok := m.index[id]
	if !ok {
		return false
	}
	m.rows[i] = row
	delete(m.cache, id)
	m.gen++
	return true
}

// Has reports whether a record with this id is in the table.
func (m *Model[T]) Has(id string) bool {
	m.ensureIndex()
	_, ok := m.index[id]
	return ok
}

// RemoveID removes the record with this id (after it was deleted) and
// reports whether it was there.
func (m *Model[T]) RemoveID(id string) bool {
	m.ensureIndex()
	i, ok := m.index[id]
	if !ok {
		return false
	}
	m.rows = append(m.rows[:i:i], m.rows[i+1:]...)
	delete(m.index, id)
	for j := i; j < len(m.rows); j++ {
		m.index[m.id(m.rows[j])] = j
	}
	delete(m.cache, id)
	m.gen++
	m.clamp()
	return true
}

// Gen changes whenever the rows do (set, appended, updated, removed).
func (m *Model[T]) Gen() uint64 { return m.gen }

// Rows returns the rows in order. The slice is the table's own: do not
// modify it.
func (m *Model[T]) Rows() []T { return m.rows }

// Len returns the number of rows.
func (m *Model[T]) Len() int { return len(m.rows) }

// Selected returns the record under the cursor, if there is one.
func (m *Model[T]) Selected() (T, bool) {
	if m.cursor < 0 || m.cursor >= len(m.rows) {
		var zero T
		return zero, false
	}
	return m.rows[m.cursor], true
}

// Cursor returns the index of the selected row.
func (m *Model[T]) Cursor() int { return m.cursor }

// SetCursor moves the cursor to row i (clamped to the rows).
func (m *Model[T]) SetCursor(i int) {
	m.cursor = i
	m.clamp()
}

// SelectID moves the cursor to the record with this id and reports whether
// it was found (a page uses it to come back to the same record).
func (m *Model[T]) SelectID(id string) bool {
	m.ensureIndex()
	i, ok := m.index[id]
	if !ok {
		return false
	}
	m.SetCursor(i)
	return true
}

// Invalidate drops the cached rendering of one record (it changed).
func (m *Model[T]) Invalidate(id string) { delete(m.cache, id) }

// InvalidateAll drops every cached rendering.
func (m *Model[T]) InvalidateAll() { m.cache = map[string]cachedRow{} }

// SetLoading says whether a page is being loaded. The table sets it itself
// when it sends NeedMoreMsg; set it false when that load fails, so the
// table may ask again.
func (m *Model[T]) SetLoading(loading bool) { m.loading = loading }

// Loading reports whether a page is being loaded.
func (m *Model[T]) Loading() bool { return m.loading }

// SetExhausted says the server has no more pages.
func (m *Model[T]) SetExhausted(exhausted bool) { m.exhausted = exhausted }

// Exhausted reports whether the server has no more pages.
func (m *Model[T]) Exhausted() bool { return m.exhausted }

// SetEmptyText sets what the table says when it has no rows.
func (m *Model[T]) SetEmptyText(s string) { m.emptyText = s }

// bodyRows is how many rows the window shows.
func (m *Model[T]) bodyRows() int { return max(1, m.height-2) }

// clamp keeps the cursor on a row and the window around the cursor.
func (m *Model[T]) clamp() {
	n := len(m.rows)
	m.cursor = min(max(m.cursor, 0), max(n-1, 0))
	body := m.bodyRows()
	if m.cursor < m.offset {
		m.offset = m.cursor
	}
	if m.cursor >= m.offset+body {
		m.offset = m.cursor - body + 1
	}
	m.offset = min(max(m.offset, 0), max(n-body, 0))
}

// relayout fits the columns to the width and drops the renderings made
// for the old one.
func (m *Model[T]) relayout() {
	m.placed = layout(m.cols, m.width-m.markWidth)
	titles := make([]string, len(m.cols))
	for i, c := range m.cols {
		titles[i] = c.Title
	}
	m.header = m.styles.Header.Render(fitLine(m.blankMark+m.joinCells(titles), m.width))
	m.cache = map[string]cachedRow{}
}
