package table

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/ansi"
)

// cutFigure is a value cut mid-way: an ellipsis right after a digit.
var cutFigure = regexp.MustCompile(`[0-9]…`)

// doc is a row of a list of documents: a name and values.
type doc struct{ ID, Name, Total, Issued, Note string }

var docColumns = []Column{
	{Title: "Name", Width: 10, Flex: 1},
	{Title: "Total", Width: 8, Align: lipgloss.Right, Keep: true},
	{Title: "Issued", Width: 8, Priority: 2, Keep: true},
	{Title: "Note", Width: 12, Priority: 1},
}

func newDocs(t *testing.T, calls *int, rows ...doc) *Model[doc] {
	t.Helper()
	m := New(docColumns, func(d doc) string { return d.ID }, func(d doc) []string {
		*calls++
		return []string{d.Name, d.Total, d.Issued, d.Note}
	}, PlainStyles())
	m.SetRows(rows)
	return m
}

func viewLines(t *testing.T, m *Model[doc], w int) []string {
	t.Helper()
	m.SetSize(w, 8)
	lines := strings.Split(m.View(), "\n")
	for i, l := range lines {
		if ansi.StringWidth(l) != w {
			t.Errorf("width %d: line %d is %d wide: %q", w, i, ansi.StringWidth(l), l)
		}
		if cutFigure.MatchString(l) {
			t.Errorf("width %d: a value cut: %q", w, l)
		}
	}
	return lines
}

// A Keep column is as wide as its widest value, past its Width; the name
// gives up its width first, then whole columns go, lowest priority first,
// and no value is ever cut.
func TestKeepColumnsAreNeverCut(t *testing.T) {
	calls := 0
	m := newDocs(t, &calls,
		doc{ID: "1", Name: "Stavebniny Dolní Morava a.s.", Total: "1 108 900,00 Kč", Issued: "26. 11. 2026 08:15", Note: "first"},
		doc{ID: "2", Name: "Acme", Total: "7,00 Kč", Issued: "1. 2. 2026 09:00", Note: "second"})

	// 2 (mark) + 10 + 15 + 18 + 12 + 3 gaps = 60: everything fits.
	wide := strings.Join(viewLines(t, m, 80), "\n")
	for _, want := range []string{"Stavebniny Dolní Morava a.s.", "1 108 900,00 Kč", "26. 11. 2026 08:15", "first"} {
		if !strings.Contains(wide, want) {
			t.Errorf("80 columns: %q missing:\n%s", want, wide)
		}
	}
	// At 50 Note (priority 1) goes and the name is cut; the values stay whole.
	mid := strings.Join(viewLines(t, m, 50), "\n")
	for _, want := range []string{"Stavebniny D…", "1 108 900,00 Kč", "26. 11. 2026 08:15", "7,00 Kč"} {
		if !strings.Contains(mid, want) {
			t.Errorf("50 columns: %q missing:\n%s", want, mid)
		}
	}
	if strings.Contains(mid, "first") {
		t.Errorf("50 columns: Note kept while the values need the room:\n%s", mid)
	}
	// At 36 Issued (priority 2) goes whole rather than be cut.
	narrow := strings.Join(viewLines(t, m, 36), "\n")
	if strings.Contains(narrow, "2026") || !strings.Contains(narrow, "1 108 900,00 Kč") {
		t.Errorf("36 columns: want Issued dropped and Total whole:\n%s", narrow)
	}
	// At 22 the priority 0 columns overflow: the name gives up its width
	// down to minText, the total stays whole.
	tiny := strings.Join(viewLines(t, m, 22), "\n")
	if !strings.Contains(tiny, "1 108 900,00 Kč") {
		t.Errorf("22 columns: the total is cut:\n%s", tiny)
	}
}

// Rows are measured when they arrive, not per frame: a wider value on a
// later page widens its column, and moving the cursor measures nothing.
func TestAppendedRowsWidenTheirColumns(t *testing.T) {
	calls := 0
	m := newDocs(t, &calls, doc{ID: "1", Name: "Acme", Total: "7,00 Kč", Issued: "1. 2. 2026"})
	m.SetSize(60, 8)
	m.View()
	m.AppendRows([]doc{{ID: "2", Name: "Beta", Total: "12 345 678,90 Kč", Issued: "1. 2. 2026"}})
	if v := m.View(); !strings.Contains(v, "12 345 678,90 Kč") {
		t.Fatalf("a wider total on a later page is cut:\n%s", v)
	}
	calls = 0
	for range 10 {
		m.Update(keyMsg("down"))
		m.View()
		m.Update(keyMsg("up"))
		m.View()
	}
	if calls != 0 {
		t.Errorf("moving the cursor over cached rows called cells %d times, want 0", calls)
	}
	if !m.UpdateRow(doc{ID: "1", Name: "Acme", Total: "123 456 789,00 Kč", Issued: "1. 2. 2026"}) {
		t.Fatal("UpdateRow did not find the row")
	}
	if v := m.View(); !strings.Contains(v, "123 456 789,00 Kč") {
		t.Errorf("an updated wider total is cut:\n%s", v)
	}
}

// Room left over goes to the names that are cut, a column without Flex
// too, before a Flex column grows past its widest cell.
func TestSpareRoomGoesToCutNames(t *testing.T) {
	cols := []Column{
		{Title: "Name", Width: 8, Flex: 1},
		{Title: "Subject", Width: 8},
		{Title: "Total", Width: 6, Align: lipgloss.Right, Keep: true},
	}
	m := New(cols, func(d doc) string { return d.ID }, func(d doc) []string {
		return []string{d.Name, d.Note, d.Total}
	}, PlainStyles())
	m.SetRows([]doc{{ID: "1", Name: "Short", Note: "Nakladatelství Sluneční hodiny s.r.o.", Total: "10,00"}})
	m.SetSize(80, 5)
	if v := m.View(); !strings.Contains(v, "Nakladatelství Sluneční hodiny s.r.o.") {
		t.Errorf("the subject is cut while the name column has room:\n%s", v)
	}
}
