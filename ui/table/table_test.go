package table

import (
	"cmp"
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"testing"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
)

type invoice struct {
	ID       string
	Number   string
	Customer string
	Total    string
	Date     string
}

func makeInvoices(from, n int) []invoice {
	out := make([]invoice, n)
	for i := range out {
		k := from + i
		out[i] = invoice{
			ID:       strconv.Itoa(k),
			Number:   "2026-" + strconv.Itoa(k),
			Customer: "Customer " + strconv.Itoa(k),
			Total:    strconv.Itoa(k*10) + ".00 CZK",
			Date:     "2026-01-02",
		}
	}
	return out
}

var testColumns = []Column{
	{Title: "Number", Width: 10},
	{Title: "Customer", Width: 10, Flex: 1},
	{Title: "Total", Width: 12, Align: lipgloss.Right},
	{Title: "Date", Width: 10, Priority: 1},
}

// counter counts calls of the cells func, to prove what was rendered.
type counter struct{ calls int }

func (c *counter) cells(v invoice) []string {
	c.calls++
	return []string{v.Number, v.Customer, v.Total, v.Date}
}

func newTable(t testing.TB, n, w, h int) (*Model[invoice], *counter) {
	t.Helper()
	c := &counter{}
	m := New(testColumns, func(v invoice) string { return v.ID }, c.cells, PlainStyles()).WithOwner("invoices")
	m.SetSize(w, h)
	m.SetRows(makeInvoices(0, n))
	return m, c
}

func keyMsg(k string) tea.KeyMsg {
	switch k {
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "pgup":
		return tea.KeyMsg{Type: tea.KeyPgUp}
	case "pgdown":
		return tea.KeyMsg{Type: tea.KeyPgDown}
	case "home":
		return tea.KeyMsg{Type: tea.KeyHome}
	case "end":
		return tea.KeyMsg{Type: tea.KeyEnd}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(k)}
}

func press(m *Model[invoice], keys ...string) tea.Cmd {
	var last tea.Cmd
	for _, k := range keys {
		last = m.Update(keyMsg(k))
	}
	return last
}

func selectedID(t *testing.T, m *Model[invoice]) string {
	t.Helper()
	v, ok := m.Selected()
	if !ok {
		t.Fatal("no row selected")
	}
	return v.ID
}

func TestCursorKeysMoveAndStopAtEnds(t *testing.T) {
	m, _ := newTable(t, 5, 80, 10)
	m.SetExhausted(true)
	steps := []struct {
		key  string
		want int
	}{
		{"up", 0}, {"k", 0}, {"down", 1}, {"j", 2}, {"k", 1}, {"j", 2}, {"j", 3}, {"down", 4}, {"down", 4}, {"j", 4}, {"up", 3},
	}
	for _, s := range steps {
		press(m, s.key)
		if m.Cursor() != s.want {
			t.Fatalf("after %q cursor = %d, want %d", s.key, m.Cursor(), s.want)
		}
	}
	if got := selectedID(t, m); got != "3" {
		t.Errorf("selected id = %s, want 3", got)
	}
}

func TestTopAndBottom(t *testing.T) {
	m, _ := newTable(t, 100, 80, 10)
	m.SetExhausted(true)
	for _, k := range []string{"G", "end"} {
		m.SetCursor(3)
		press(m, k)
		if m.Cursor() != 99 {
			t.Errorf("%s: cursor = %d, want 99", k, m.Cursor())
		}
	}
	for _, k := range []string{"g", "home"} {
		m.SetCursor(50)
		press(m, k)
		if m.Cursor() != 0 {
			t.Errorf("%s: cursor = %d, want 0", k, m.Cursor())
		}
	}
	if !strings.Contains(m.View(), "2026-0 ") {
		t.Error("top row not shown after g")
	}
}

// G on a partly loaded list goes to the last record there is: each page
// that arrives moves the cursor on (issue 15.9: it stopped at "row 40 of
// 80"). Another key ends the chase.
func TestBottomFollowsThePagesThatArrive(t *testing.T) {
	m, _ := newTable(t, 40, 80, 10)
	if cmd := press(m, "G"); cmd == nil {
		t.Fatal("G on a partly loaded list asked for no more")
	}
	m.AppendRows(makeInvoices(40, 40))
	if m.Cursor() != 79 {
		t.Fatalf("after the second page the cursor is on %d, want 79", m.Cursor())
	}
	if cmd := m.MaybeLoadMore(); cmd == nil {
		t.Fatal("no request for the third page")
	}
	m.AppendRows(makeInvoices(80, 10))
	m.SetExhausted(true)
	if m.Cursor() != 89 {
		t.Errorf("after the last page the cursor is on %d, want 89", m.Cursor())
	}
	press(m, "G")
	press(m, "k")
	m.AppendRows(makeInvoices(90, 5))
	if m.Cursor() != 88 {
		t.Errorf("a page after another key moved the cursor to %d", m.Cursor())
	}
}

func TestPageKeysMoveByWindowWithinBounds(t *testing.T) {
	m, _ := newTable(t, 25, 80, 10) // 8 rows in the window
	m.SetExhausted(true)
	want := []int{8, 16, 24, 24}
	for _, w := range want {
		press(m, "pgdown")
		if m.Cursor() != w {
			t.Fatalf("pgdown: cursor = %d, want %d", m.Cursor(), w)
		}
	}
	for _, w := range []int{16, 8, 0, 0} {
		press(m, "pgup")
		if m.Cursor() != w {
			t.Fatalf("pgup: cursor = %d, want %d", m.Cursor(), w)
		}
	}
}

func TestNeedMoreIsSentOnceNearTheEnd(t *testing.T) {
	m, _ := newTable(t, 40, 80, 24)
	for i := 1; i < 40-LoadMoreThreshold; i++ {
		if cmd := press(m, "down"); cmd != nil {
			t.Fatalf("asked for more at cursor %d, %d rows from the end", m.Cursor(), 40-m.Cursor())
		}
	}
	cmd := press(m, "down")
	if cmd == nil {
		t.Fatalf("no request at cursor %d", m.Cursor())
	}
	if got, ok := cmd().(NeedMoreMsg); !ok || got.Table != "invoices" {
		t.Fatalf("got %#v, want NeedMoreMsg{Table: invoices}", cmd())
	}
	if !m.Loading() || !strings.Contains(m.View(), "loading more…") {
		t.Error("table does not show that it is loading")
	}
	for range 15 {
		if cmd := press(m, "down"); cmd != nil {
			t.Fatal("asked again while the page is loading")
		}
	}

	m.AppendRows(makeInvoices(40, 40))
	if m.Loading() || m.Len() != 80 || m.Cursor() != 39 {
		t.Fatalf("after AppendRows: loading=%v len=%d cursor=%d", m.Loading(), m.Len(), m.Cursor())
	}
	if cmd := press(m, "down"); cmd != nil {
		t.Fatal("asked for more far from the new end")
	}
	if cmd := press(m, "G"); cmd == nil {
		t.Fatal("no request at the end of the second page")
	}
}

func TestNeedMoreNotSentWhenExhaustedOrLoading(t *testing.T) {
	m, _ := newTable(t, 40, 80, 24)
	m.SetExhausted(true)
	if cmd := press(m, "G"); cmd != nil {
		t.Error("asked for more when exhausted")
	}
	if !strings.Contains(m.View(), "all loaded") {
		t.Error("footer does not say all loaded")
	}

	m, _ = newTable(t, 40, 80, 24)
	m.SetLoading(true)
	if cmd := press(m, "G"); cmd != nil {
		t.Error("asked for more while loading")
	}
}

func TestFailedLoadCanBeRetried(t *testing.T) {
	m, _ := newTable(t, 40, 80, 24)
	if press(m, "G") == nil {
		t.Fatal("no first request")
	}
	m.SetLoading(false) // the owner's load failed
	if press(m, "up") == nil {
		t.Error("no new request after the failed load")
	}
}

func TestSelectIDReturnsToRecord(t *testing.T) {
	m, _ := newTable(t, 1000, 80, 24)
	m.SetExhausted(true)
	press(m, "pgdown", "pgdown", "j")
	id := selectedID(t, m)

	press(m, "g")
	if !m.SelectID(id) || selectedID(t, m) != id {
		t.Fatalf("SelectID(%s) did not return to the record", id)
	}
	if !strings.Contains(m.View(), "▸ 2026-"+id+" ") {
		t.Error("returned record is not shown as selected")
	}

	before := m.Cursor()
	if m.SelectID("no-such-id") {
		t.Error("SelectID found an unknown id")
	}
	if m.Cursor() != before {
		t.Error("SelectID of an unknown id moved the cursor")
	}

	// After a refresh that reordered the rows the record is found again.
	rows := makeInvoices(0, 1000)
	for i, j := 0, len(rows)-1; i < j; i, j = i+1, j-1 {
		rows[i], rows[j] = rows[j], rows[i]
	}
	m.SetRows(rows)
	if !m.SelectID(id) || selectedID(t, m) != id {
		t.Error("SelectID failed after reordered rows")
	}
}

func TestViewRendersOnlyVisibleRowsAndCaches(t *testing.T) {
	m, c := newTable(t, 50_000, 120, 20) // 18 rows in the window
	m.SetExhausted(true)
	c.calls = 0 // the rows were measured as they were set, not per frame
	view := m.View()
	if c.calls > 18 {
		t.Fatalf("first View rendered %d rows, window holds 18", c.calls)
	}
	if got := strings.Count(view, "\n") + 1; got != 20 {
		t.Errorf("View has %d lines, want 20", got)
	}

	c.calls = 0
	press(m, "down")
	m.View()
	if c.calls != 0 {
		t.Errorf("moving inside the window rendered %d rows, want 0", c.calls)
	}

	press(m, "end")
	m.View()
	c.calls = 0
	press(m, "pgup", "pgup")
	m.View()
	c.calls = 0
	// Walk the cursor to the bottom edge, then one more: the window scrolls
	// by one row and only that row is new.
	for range 17 {
		press(m, "down")
	}
	m.View()
	c.calls = 0
	press(m, "down")
	m.View()
	if c.calls != 1 {
		t.Errorf("scrolling by one row rendered %d rows, want 1", c.calls)
	}
}

func TestInvalidateRendersChangedRow(t *testing.T) {
	names := map[string]string{"0": "Old name", "1": "Other"}
	calls := 0
	m := New(testColumns, func(v invoice) string { return v.ID }, func(v invoice) []string {
		calls++
		return []string{v.Number, names[v.ID], v.Total, v.Date}
	}, PlainStyles())
	m.SetSize(80, 6)
	m.SetRows(makeInvoices(0, 2))
	m.View()

	names["0"] = "New name"
	if v := m.View(); !strings.Contains(v, "Old name") {
		t.Fatal("row was re-rendered without Invalidate: the cache is not used")
	}
	calls = 0
	m.Invalidate("0")
	v := m.View()
	if !strings.Contains(v, "New name") || strings.Contains(v, "Old name") {
		t.Errorf("Invalidate did not re-render the row:\n%s", v)
	}
	if calls != 1 {
		t.Errorf("Invalidate of one row rendered %d rows, want 1", calls)
	}

	names["1"] = "Changed too"
	m.InvalidateAll()
	if !strings.Contains(m.View(), "Changed too") {
		t.Error("InvalidateAll did not re-render")
	}

	changed := makeInvoices(0, 1)[0]
	changed.Total = "999.00 CZK"
	if !m.UpdateRow(changed) || !strings.Contains(m.View(), "999.00 CZK") {
		t.Error("UpdateRow did not show the new record")
	}
	if m.UpdateRow(invoice{ID: "missing"}) {
		t.Error("UpdateRow accepted a record not in the table")
	}
}

func TestColumnsDroppedWhenNarrow(t *testing.T) {
	cols := []Column{
		{Title: "Number", Width: 12},
		{Title: "Customer", Width: 20, Flex: 2},
		{Title: "Issued", Width: 10, Priority: 3},
		{Title: "Due", Width: 10, Priority: 2},
		{Title: "Status", Width: 10, Priority: 4},
		{Title: "Note", Width: 20, Flex: 1, Priority: 1},
		{Title: "Total", Width: 14, Align: lipgloss.Right},
	}
	m := New(cols, func(v invoice) string { return v.ID }, func(v invoice) []string {
		return []string{v.Number, v.Customer, v.Date, v.Date, "open", "a note", v.Total}
	}, PlainStyles())
	m.SetRows(makeInvoices(0, 3))

	header := func(w int) string {
		m.SetSize(w, 8)
		v := m.View()
		for i, line := range strings.Split(v, "\n") {
			if ansi.StringWidth(line) != w {
				t.Errorf("width %d: line %d is %d wide", w, i, ansi.StringWidth(line))
			}
		}
		return strings.SplitN(v, "\n", 2)[0]
	}

	// All columns need 2 (mark) + 96 + 6 gaps = 104 cells.
	wide := header(120)
	for _, want := range []string{"Number", "Customer", "Issued", "Due", "Status", "Note", "Total"} {
		if !strings.Contains(wide, want) {
			t.Errorf("120 columns: %q missing from %q", want, wide)
		}
	}

	// At 80 Note (priority 1) and Due (2) go, lowest priority first.
	narrow := header(80)
	for _, want := range []string{"Number", "Customer", "Issued", "Status", "Total"} {
		if !strings.Contains(narrow, want) {
			t.Errorf("80 columns: %q missing from %q", want, narrow)
		}
	}
	for _, gone := range []string{"Note", "Due"} {
		if strings.Contains(narrow, gone) {
			t.Errorf("80 columns: low priority column %q shown: %q", gone, narrow)
		}
	}

	// At 50 only the always-shown (priority 0) columns are left.
	tiny := header(50)
	for _, gone := range []string{"Note", "Due", "Issued", "Status"} {
		if strings.Contains(tiny, gone) {
			t.Errorf("50 columns: %q still shown: %q", gone, tiny)
		}
	}
	if !strings.Contains(tiny, "Customer") || !strings.Contains(tiny, "Total") {
		t.Errorf("50 columns: kept columns missing: %q", tiny)
	}
	// Money stays right-aligned at the edge.
	if !strings.HasSuffix(tiny, "Total") {
		t.Errorf("Total not right-aligned at the edge: %q", tiny)
	}
}

func TestMouseWheelScrollsAndClickSelects(t *testing.T) {
	m, _ := newTable(t, 100, 80, 12) // 10 rows in the window
	m.SetExhausted(true)
	m.SetOrigin(0, 3) // the table starts on screen line 3

	m.Update(tea.MouseMsg{X: 5, Y: 6, Button: tea.MouseButtonWheelDown, Action: tea.MouseActionPress})
	lines := strings.Split(m.View(), "\n")
	if !strings.Contains(lines[1], "2026-3 ") {
		t.Fatalf("wheel down did not scroll by 3; first row: %q", lines[1])
	}
	if m.Cursor() != 3 {
		t.Errorf("cursor left the window: %d", m.Cursor())
	}

	// Screen line 3 is the header, so line 3+1+4 is the fifth row shown.
	m.Update(tea.MouseMsg{X: 10, Y: 8, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if got := selectedID(t, m); got != "7" {
		t.Errorf("click selected %s, want 7", got)
	}
	// A click on the header or beside the table selects nothing.
	m.Update(tea.MouseMsg{X: 10, Y: 3, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	m.Update(tea.MouseMsg{X: 90, Y: 9, Button: tea.MouseButtonLeft, Action: tea.MouseActionPress})
	if got := selectedID(t, m); got != "7" {
		t.Errorf("click outside rows moved the cursor to %s", got)
	}

	m.Update(tea.MouseMsg{X: 5, Y: 6, Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	m.Update(tea.MouseMsg{X: 5, Y: 6, Button: tea.MouseButtonWheelUp, Action: tea.MouseActionPress})
	lines = strings.Split(m.View(), "\n")
	if !strings.Contains(lines[1], "2026-0 ") {
		t.Errorf("wheel up did not scroll back to the top; first row: %q", lines[1])
	}
	if m.Cursor() != 7 {
		t.Errorf("wheel moved a cursor that was still visible: %d", m.Cursor())
	}
}

func TestEmptyText(t *testing.T) {
	m, _ := newTable(t, 0, 80, 6)
	m.SetExhausted(true)
	m.SetEmptyText("No invoices match the filter")
	v := m.View()
	if !strings.Contains(v, "No invoices match the filter") {
		t.Errorf("empty text missing:\n%s", v)
	}
	if got := strings.Count(v, "\n") + 1; got != 6 {
		t.Errorf("empty View has %d lines, want 6", got)
	}
	if _, ok := m.Selected(); ok {
		t.Error("Selected reported a row in an empty table")
	}
	m.SetLoading(true)
	if v := m.View(); !strings.Contains(v, "loading…") || strings.Contains(v, "No invoices") {
		t.Errorf("loading empty table:\n%s", v)
	}
}

func TestPlainViewAtFixedSize(t *testing.T) {
	// 40 columns: mark 2, Number 10, Customer 10 + 4 spare, Total 12, two
	// gaps; Date (priority 1) does not fit.
	m, _ := newTable(t, 5, 40, 6)
	m.SetExhausted(true)
	press(m, "down")
	want := strings.Join([]string{
		"  Number     Customer              Total",
		"  2026-0     Customer 0         0.00 CZK",
		"▸ 2026-1     Customer 1        10.00 CZK",
		"  2026-2     Customer 2        20.00 CZK",
		"  2026-3     Customer 3        30.00 CZK",
		"  row 2 of 5 · all loaded               ",
	}, "\n")
	if got := m.View(); got != want {
		t.Errorf("View:\n%s\nwant:\n%s", got, want)
	}
}

func TestCellsTruncatedWithEllipsis(t *testing.T) {
	cases := []struct {
		in    string
		width int
		align lipgloss.Position
		want  string
	}{
		{"Acme Corporation s.r.o.", 10, lipgloss.Left, "Acme Corp…"},
		{"Příliš žluťoučký kůň", 10, lipgloss.Left, "Příliš žl…"},
		{"Příliš žluťoučký kůň", 25, lipgloss.Left, "Příliš žluťoučký kůň     "},
		{"12.00 CZK", 12, lipgloss.Right, "   12.00 CZK"},
		{"ok", 6, lipgloss.Center, "  ok  "},
	}
	for _, c := range cases {
		got := fitCell(c.in, c.width, c.align)
		if got != c.want {
			t.Errorf("fitCell(%q, %d) = %q, want %q", c.in, c.width, got, c.want)
		}
		if !utf8.ValidString(got) || ansi.StringWidth(got) != c.width {
			t.Errorf("fitCell(%q, %d) = %q is %d wide or broken UTF-8", c.in, c.width, got, ansi.StringWidth(got))
		}
	}

	m := New(testColumns, func(v invoice) string { return v.ID }, func(v invoice) []string {
		return []string{v.Number, "Příliš žluťoučký kůň úpěl ďábelské ódy", v.Total, v.Date}
	}, PlainStyles())
	m.SetSize(60, 5)
	m.SetRows(makeInvoices(0, 1))
	for _, line := range strings.Split(m.View(), "\n") {
		if ansi.StringWidth(line) != 60 {
			t.Errorf("line %q is %d wide, want 60", line, ansi.StringWidth(line))
		}
	}
	if !strings.Contains(m.View(), "Příliš žluťoučký kůň ú…") {
		t.Errorf("wide Czech cell not cut with an ellipsis:\n%s", m.View())
	}
}

func TestAppendRowsSkipsRepeatedRecords(t *testing.T) {
	m, _ := newTable(t, 40, 80, 10)
	m.AppendRows(makeInvoices(39, 41)) // id 39 was on the first page too
	if m.Len() != 80 {
		t.Fatalf("len = %d, want 80", m.Len())
	}
	if !m.SelectID("79") || m.Cursor() != 79 {
		t.Errorf("SelectID(79) cursor = %d", m.Cursor())
	}
}

func TestRemoveID(t *testing.T) {
	m, _ := newTable(t, 5, 80, 10)
	m.SetCursor(4)
	if !m.RemoveID("2") || m.Len() != 4 {
		t.Fatalf("RemoveID: len = %d", m.Len())
	}
	if m.Cursor() != 3 {
		t.Errorf("cursor = %d after removing a row above the last, want 3", m.Cursor())
	}
	if !m.SelectID("3") || m.Cursor() != 2 {
		t.Errorf("index not rebuilt: SelectID(3) cursor = %d", m.Cursor())
	}
	if m.RemoveID("2") {
		t.Error("removed a record twice")
	}
	if strings.Contains(m.View(), "2026-2 ") {
		t.Error("removed record still shown")
	}
}

func TestKeyMapDrivesKeysAndHelp(t *testing.T) {
	m, _ := newTable(t, 5, 80, 10)
	m.KeyMap.Down.SetEnabled(false)
	press(m, "j")
	if m.Cursor() != 0 {
		t.Error("a disabled binding still moved the cursor")
	}
	full := m.KeyMap.FullHelp()
	if len(full) == 0 || len(full[0]) != 6 {
		t.Fatalf("FullHelp lists %v", full)
	}
	for _, b := range full[0] {
		if b.Help().Key == "" || b.Help().Desc == "" {
			t.Errorf("binding %v has no help text", b.Keys())
		}
	}
}

func TestSetRowsKeepsCursorInRangeAndDropsRepeats(t *testing.T) {
	m, _ := newTable(t, 100, 80, 10)
	m.SetCursor(90)
	rows := append(makeInvoices(0, 10), makeInvoices(5, 3)...) // ids 5-7 twice
	m.SetRows(rows)
	if m.Len() != 10 {
		t.Errorf("len = %d, want 10 (repeats dropped)", m.Len())
	}
	if m.Cursor() != 9 || selectedID(t, m) != "9" {
		t.Errorf("cursor = %d after a shorter refresh, want 9", m.Cursor())
	}
	if !m.SelectID("7") || m.Cursor() != 7 {
		t.Errorf("SelectID(7) cursor = %d, want 7", m.Cursor())
	}
}

func TestAppendRowsLeavesCallersSliceAlone(t *testing.T) {
	m, _ := newTable(t, 0, 80, 10)
	rows := make([]invoice, 10, 20)
	copy(rows, makeInvoices(0, 10))
	m.SetRows(rows)
	m.AppendRows(makeInvoices(10, 2))
	if spare := rows[:12]; spare[10].ID != "" || spare[11].ID != "" {
		t.Error("AppendRows wrote into the caller's array")
	}
	if m.Len() != 12 {
		t.Errorf("len = %d, want 12", m.Len())
	}
}

func TestSetStylesChangesMark(t *testing.T) {
	m, _ := newTable(t, 3, 40, 5)
	s := PlainStyles()
	s.SelectedMark = "> "
	m.SetStyles(s)
	if !strings.Contains(m.View(), "> 2026-0 ") {
		t.Errorf("new mark not used:\n%s", m.View())
	}
}

// Sorting and reversing keep the cursor on its record, and the ids still
// find their rows afterwards (the index is rebuilt when needed).
func TestSortAndReverseKeepTheRecord(t *testing.T) {
	m, _ := newTable(t, 10, 80, 10)
	m.SetExhausted(true)
	m.SetCursor(2) // id "2"
	m.SetOrders([]Order[invoice]{{Cmp: func(a, b *invoice) int { return strings.Compare(a.ID, b.ID) }}})
	m.Sort(0, true) // "9" … "0"
	if sel, _ := m.Selected(); sel.ID != "2" {
		t.Fatalf("after the sort the cursor is on %q", sel.ID)
	}
	m.ReverseRows()
	if sel, _ := m.Selected(); sel.ID != "2" || m.Rows()[0].ID != "0" {
		t.Fatalf("after the reverse: cursor on %q, first %q", sel.ID, m.Rows()[0].ID)
	}
	if !m.SelectID("7") || m.Cursor() != 7 {
		t.Errorf("SelectID after a reverse: cursor %d", m.Cursor())
	}
	upd := m.Rows()[7]
	upd.Number = "changed"
	if !m.UpdateRow(upd) || m.Rows()[7].Number != "changed" {
		t.Error("UpdateRow after a reverse missed its row")
	}
}

// A sort keeps equal rows in their order and the cursor on its record.
func TestSortIsStableAndKeepsTheCursor(t *testing.T) {
	type row struct {
		id   string
		rank int
	}
	m := New[row]([]Column{{Title: "Id", Width: 4}}, func(r row) string { return r.id }, func(r row) []string { return []string{r.id} }, PlainStyles())
	m.SetOrders([]Order[row]{{Cmp: func(a, b *row) int { return a.rank - b.rank },
		Key: func(r *row) (uint64, bool) { return uint64(r.rank), true }}})
	m.SetRows([]row{{"a", 2}, {"b", 1}, {"c", 2}, {"d", 1}, {"e", 0}})
	m.SetCursor(2) // c
	m.Sort(0, false)
	if got := ids(m); got != "ebdac" {
		t.Errorf("order %v, want ebdac (equal ranks keep their order)", got)
	}
	if r, _ := m.Selected(); r.id != "c" {
		t.Errorf("cursor on %q, want c", r.id)
	}
	m.Sort(0, true)
	if got := ids(m); got != "acbde" {
		t.Errorf("descending order %v, want acbde", got)
	}
	m.AppendRows([]row{{"f", 1}})
	m.Sort(0, false)
	if got := ids(m); got != "ebdfac" {
		t.Errorf("after a page arrived the order is %v, want ebdfac", got)
	}
	if !m.RemoveID("d") || ids(m) != "ebfac" || !m.SelectID("f") || m.Cursor() != 2 {
		t.Errorf("after removing d: %v, cursor %d", ids(m), m.Cursor())
	}
}

func ids[T any](m *Model[T]) string {
	var b strings.Builder
	for i := range m.Len() {
		b.WriteString(m.id(*m.Row(i)))
	}
	return b.String()
}

// Sorting by keys gives the order a stable sort by the comparison gives,
// in both directions, whatever order the rows were in and however many
// share a key: texts with long common beginnings (inexact keys), amounts
// with many decimal places, unset amounts, repeated values.
func TestSortByKeysAgreesWithTheComparison(t *testing.T) {
	type row struct {
		id, name string
		amount   int64 // in millionths, sometimes beyond the key's reach
	}
	byName := Order[row]{Cmp: func(a, b *row) int { return strings.Compare(a.name, b.name) },
		Key: func(r *row) (uint64, bool) { return TextKey(r.name) }}
	rng := rand.New(rand.NewPCG(3, 5))
	prefixes := []string{"", "Pekárna U Mlýna ", "Pekárna", "a\x00", "Zeta s.r.o. "}
	rows := make([]row, 3000)
	for i := range rows {
		rows[i] = row{id: strconv.Itoa(i), name: prefixes[rng.IntN(len(prefixes))] + strconv.Itoa(rng.IntN(40)),
			amount: rng.Int64N(200) - 100}
	}
	byAmount := Order[row]{Cmp: func(a, b *row) int { return cmp.Compare(a.amount, b.amount) },
		// A coarse key: tens share one, and are settled by Cmp.
		Key: func(r *row) (uint64, bool) { return uint64(r.amount+1000) / 10, false }}
	m := New[row]([]Column{{Title: "Id", Width: 4}}, func(r row) string { return r.id }, func(r row) []string { return []string{r.id} }, PlainStyles())
	m.SetOrders([]Order[row]{byName, byAmount})
	m.SetRows(slices.Clone(rows[:1000]))
	for from := 1000; from < len(rows); from += 500 {
		m.AppendRows(slices.Clone(rows[from : from+500]))
	}
	for _, step := range []struct {
		o    int
		desc bool
	}{{0, false}, {1, true}, {0, true}, {1, false}, {1, false}} {
		want := m.Rows()
		c := m.orders[step.o].Cmp
		slices.SortStableFunc(want, func(a, b row) int {
			if step.desc {
				return c(&b, &a)
			}
			return c(&a, &b)
		})
		m.Sort(step.o, step.desc)
		if got := m.Rows(); !slices.Equal(got, want) {
			t.Fatalf("sort %d (desc %v) differs from a stable sort by its comparison", step.o, step.desc)
		}
	}
}

// A cell is raw record text: the table cleans it, so a page that forgets
// cannot put a terminal control on the screen, and the row keeps its width.
func TestViewCleansCells(t *testing.T) {
	m, _ := newTable(t, 3, 80, 10)
	rows := makeInvoices(0, 3)
	rows[1].Customer = cleantest.Hostile()
	rows[2].Number = "\x1b[2J\u202E"
	m.SetRows(rows)
	m.SetEmptyText("none\x1b]0;title\x07")
	out := m.View()
	if err := cleantest.Control(out); err != nil {
		t.Fatal(err)
	}
	for i, line := range strings.Split(out, "\n") {
		if w := ansi.StringWidth(line); w != 80 {
			t.Errorf("line %d is %d cells wide, want 80: %q", i, w, line)
		}
	}
	if !strings.Contains(out, "␛[2J") {
		t.Errorf("the escape is not shown as a placeholder:\n%s", out)
	}
	m.SetRows(nil)
	if err := cleantest.Control(m.View()); err != nil {
		t.Fatalf("empty text: %v", err)
	}
}
