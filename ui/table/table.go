package table

import (
	"slices"

	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/internal/locale"

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
	// l is the language of the table's own texts (SetLocale).
	l locale.Locale

	owner string
	cols  []Column
	id    func(T) string
	cells func(T) []string
	// cellStyle styles a cell after it was cleaned (SetCellStyle).
	cellStyle func(T, int) (lipgloss.Style, bool)
	styles    Styles

	// recs are the records by slot, in the order they arrived; a removed
	// record's slot stays empty. order is what the table shows: the slot of
	// each row. A sort reorders slots, never the records, which are up to
	// 2 kB each (an invoice).
	recs  []T
	order []int32
	index map[string]int32 // id -> slot
	// pos is the row of each slot, rebuilt when next needed after a
	// reorder (stale), not on the key press that reordered.
	pos   []int32
	stale bool
	// marked are the ids of the rows marked for an action on several.
	marked map[string]bool
	// orders are the sorts the owner offers; keys holds each order's key
	// of every slot, read as the records arrive (see Order).
	orders []Order[T]
	keys   []orderKeys
	// scratch is a sort's working space, kept for the next sort.
	scratch []keyed

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
	// widths of the Keep columns' cells, measured as rows arrive
	widths widths
}

// New returns a table of the given columns. id names a record (the cache
// key); cells gives one string per column, in the order of cols.
func New[T any](cols []Column, id func(T) string, cells func(T) []string, styles Styles) *Model[T] {
	m := &Model[T]{
		KeyMap: DefaultKeyMap(),
		cols:   cols,
		id:     id,
		cells:  cells,
		index:  map[string]int32{},
		l:      locale.New(locale.English),
	}
	m.emptyText = m.l.T("nothing here")
	m.SetStyles(styles)
	m.remeasure()
	return m
}

// SetLocale sets the language of the table's texts ("row 3 of 40", the
// key help) and of its numbers.
func (m *Model[T]) SetLocale(l locale.Locale) {
	m.l = l
	defer m.relayout() // the columns' titles
	m.emptyText = l.T("nothing here")
	for _, b := range []*key.Binding{&m.KeyMap.Up, &m.KeyMap.Down, &m.KeyMap.PageUp, &m.KeyMap.PageDown, &m.KeyMap.Top, &m.KeyMap.Bottom} {
		b.SetHelp(b.Help().Key, l.T(b.Help().Desc))
	}
}

// SetCellStyle gives cells a style of kasa's own (a quantity below the
// minimum in the warning colour): style(record, column) is applied to the
// cell after its text was cleaned, which a style inside the cell's text
// would not survive. ok false leaves the cell plain.
func (m *Model[T]) SetCellStyle(style func(rec T, col int) (s lipgloss.Style, ok bool)) {
	m.cellStyle = style
	m.InvalidateAll()
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
	relayout := w != m.width // the rows' renderings depend on the width alone
	m.width, m.height = w, h
	if relayout {
		m.relayout()
	}
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
	m.remeasure()
	m.relayout()
}

// SetRows replaces all rows (a first page, a refresh, a new search); a
// repeated id keeps its first record. The cursor stays at its position as
// far as the new rows allow; use SelectID to follow a record. The row cache
// is dropped, since records may have changed. It ends loading.
func (m *Model[T]) SetRows(rows []T) {
	// The full slice expression keeps AppendRows from writing into the
	// caller's array.
	m.recs = rows[:len(rows):len(rows)]
	m.order = make([]int32, 0, len(rows))
	m.index = make(map[string]int32, len(rows))
	for i, r := range rows {
		if _, dup := m.index[m.id(r)]; dup {
			m.recs = m.dedupe(rows)
			break
		}
		m.index[m.id(r)] = int32(i)
		m.order = append(m.order, int32(i))
	}
	m.stale = true
	m.readKeys(0)
	m.cache = map[string]cachedRow{}
	m.remeasure()
	m.loading = false
	m.toBottom = false
	m.gen++
	m.clamp()
}

// dedupe copies rows without the repeats of an id, indexing the copy.
func (m *Model[T]) dedupe(rows []T) []T {
	out := make([]T, 0, len(rows))
	clear(m.index)
	m.order = m.order[:0]
	for _, r := range rows {
		id := m.id(r)
		if _, dup := m.index[id]; dup {
			continue
		}
		m.index[id] = int32(len(out))
		m.order = append(m.order, int32(len(out)))
		out = append(out, r)
	}
	return out
}

// AppendRows adds a loaded page at the end and ends loading. Records
// already in the table are skipped: offset paging repeats a record when
// one was added on the server between two pages.
func (m *Model[T]) AppendRows(rows []T) {
	from := len(m.recs)
	for _, r := range rows {
		id := m.id(r)
		if _, dup := m.index[id]; dup {
			continue
		}
		slot := int32(len(m.recs))
		m.index[id] = slot
		m.recs = append(m.recs, r)
		m.order = append(m.order, slot)
		if !m.stale {
			m.pos = append(m.pos, int32(len(m.order)-1))
		}
	}
	m.readKeys(from)
	m.measureNew(m.recs[from:])
	m.loading = false
	m.gen++
	if m.toBottom {
		m.SetCursor(len(m.order) - 1)
	}
}

// UpdateRow replaces the record with the same id and drops its cached
// rendering. It reports whether the record was in the table.
func (m *Model[T]) UpdateRow(row T) bool {
	id := m.id(row)
	slot, ok := m.index[id]
	if !ok {
		return false
	}
	m.recs[slot] = row
	m.readKey(slot)
	delete(m.cache, id)
	m.measureNew([]T{row})
	m.gen++
	return true
}

// Has reports whether a record with this id is in the table.
func (m *Model[T]) Has(id string) bool {
	_, ok := m.index[id]
	return ok
}

// RemoveID removes the record with this id (after it was deleted) and
// reports whether it was there.
func (m *Model[T]) RemoveID(id string) bool {
	slot, ok := m.index[id]
	if !ok {
		return false
	}
	i := m.place(slot)
	m.order = append(m.order[:i:i], m.order[i+1:]...)
	m.stale = true
	delete(m.index, id)
	var zero T
	m.recs[slot] = zero // the record's memory goes; its slot stays empty
	delete(m.cache, id)
	m.gen++
	m.clamp()
	return true
}

// place is the row a slot is shown at.
func (m *Model[T]) place(slot int32) int {
	if m.stale {
		m.pos = slices.Grow(m.pos[:0], len(m.recs))[:len(m.recs)]
		for i, s := range m.order {
			m.pos[s] = int32(i)
		}
		m.stale = false
	}
	return int(m.pos[slot])
}

// Gen changes whenever the rows do (set, appended, updated, removed).
func (m *Model[T]) Gen() uint64 { return m.gen }

// Row returns row i (0 <= i < Len). The record is the table's own: do not
// modify it.
func (m *Model[T]) Row(i int) *T { return &m.recs[m.order[i]] }

// Rows returns a copy of the rows in order. It copies every record: a page
// that reads many rows uses Len and Row.
func (m *Model[T]) Rows() []T {
	out := make([]T, len(m.order))
	for i, s := range m.order {
		out[i] = m.recs[s]
	}
	return out
}

// Len returns the number of rows.
func (m *Model[T]) Len() int { return len(m.order) }

// Selected returns the record under the cursor, if there is one.
func (m *Model[T]) Selected() (T, bool) {
	if m.cursor < 0 || m.cursor >= len(m.order) {
		var zero T
		return zero, false
	}
	return *m.Row(m.cursor), true
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
	slot, ok := m.index[id]
	if !ok {
		return false
	}
	m.SetCursor(m.place(slot))
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
	n := len(m.order)
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
	titles := make([]string, len(m.cols))
	for i, c := range m.cols {
		titles[i] = m.l.T(c.Title) // a catalog key
	}
	m.placed = layout(m.cols, m.wants(titles), m.content(), m.width-m.markWidth)
	m.header = m.styles.Header.Render(fitLine(m.blankMark+m.joinCells(titles, nil), m.width))
	m.cache = map[string]cachedRow{}
}
