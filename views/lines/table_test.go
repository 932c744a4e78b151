package lines

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/google/go-cmp/cmp"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/totals"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
)

var page = ui.PageID{Kind: "expense_editor", ID: "7"}

func press(t *Table, keys ...string) {
	for _, k := range keys {
		t.Update(tuitest.Key(k), true)
	}
}

func typeIn(t *Table, s string) {
	for _, r := range s {
		t.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}, true)
	}
}

func saved() []apiclient.Line {
	d := apiclient.MustDecimal
	return []apiclient.Line{
		{ID: 11, Name: "Toner", Quantity: d("2.0"), UnitName: "ks", UnitPrice: d("1290.0"), VatRate: d("21")},
		{ID: 12, Name: "Paper", Quantity: d("5.0"), UnitName: "bal", UnitPrice: d("120.0"), VatRate: d("21")},
		{ID: 13, Name: "Delivery", Quantity: d("1.0"), UnitPrice: d("99.0"), VatRate: d("21")},
	}
}

func paramsJSON(t *testing.T, tb *Table) string {
	t.Helper()
	d, err := Decode(tb.Value())
	if err != nil {
		t.Fatal(err)
	}
	ps, err := Params(d)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := json.Marshal(ps)
	return string(b)
}

// An edit of a saved document: one line changed, one removed, one added.
// The update sends the changed line with its id and only what changed, the
// new one without id, the removed one as {id, _destroy} (Conventions 9).
func TestTableEditSendsKeptChangedNewAndRemovedLines(t *testing.T) {
	tb := New(Options{Page: page, Styles: ui.NewStyles(true)})
	tb.SetValue(Encode(FromRecord(saved(), false)))
	press(tb, "enter", "tab") // line 1, quantity
	for range 5 {
		press(tb, "backspace")
	}
	typeIn(tb, "3")
	press(tb, "enter", "down", "x") // remove Paper
	press(tb, "a")
	typeIn(tb, "Stapler")
	press(tb, "tab", "tab", "tab")
	typeIn(tb, "249")
	press(tb, "enter")
	want := `[{"id":11,"quantity":"3"},{"name":"Stapler","quantity":"1","unit_name":"","unit_price":"249","vat_rate":"21"},{"id":12,"_destroy":true}]`
	if got := paramsJSON(t, tb); got != want {
		t.Errorf("params\n got %s\nwant %s", got, want)
	}
	press(tb, "up", "x", "u") // remove Delivery and bring it back
	if got := paramsJSON(t, tb); got != want {
		t.Errorf("after an undone remove\n got %s\nwant %s", got, want)
	}
}

// A copy is a new document: every line without id.
func TestTableCopySendsEveryLineNew(t *testing.T) {
	tb := New(Options{Page: page, Styles: ui.NewStyles(true)})
	tb.SetValue(Encode(FromRecord(saved(), true)))
	if got := paramsJSON(t, tb); strings.Contains(got, `"id"`) || strings.Count(got, `"name"`) != 3 {
		t.Errorf("a copy sends %s", got)
	}
}

// The table shows each line's figures as the mode reads them, and a number
// that does not parse is named with its line, keeping what was typed.
func TestTableShowsPricesAndBadNumbers(t *testing.T) {
	tb := New(Options{Page: page, Styles: ui.NewStyles(true)})
	tb.SetValue(Encode(FromRecord(saved()[:1], false)))
	tb.SetMode(totals.Mode{VatPriceMode: totals.FromTotalWithVat})
	v := strings.Join(tb.View(100, true), "\n")
	if !strings.Contains(v, "2,132.23") || !strings.Contains(v, "447.77") || !strings.Contains(v, "2,580.00") {
		t.Errorf("with prices including VAT, 2 × 1290 is 2132.23 + 447.77 = 2580.00:\n%s", v)
	}
	press(tb, "enter", "tab")
	typeIn(tb, "1/2") // the first letter in a cell just entered replaces its text
	press(tb, "enter")
	v = strings.Join(tb.View(100, true), "\n")
	if !strings.Contains(v, `line 1: quantity "1/2" is not a number`) {
		t.Errorf("no message for the bad quantity:\n%s", v)
	}
	if tb.Doc().Rows[0].Quantity != "1/2" {
		t.Errorf("the typed text was lost: %q", tb.Doc().Rows[0].Quantity)
	}
}

// Typing in the item cell searches the inventory after a pause; enter on a
// found item fills the line, and the SKU goes with the new line.
func TestTableItemSearchFillsTheLine(t *testing.T) {
	var asked []string
	tb := New(Options{Page: page, Styles: ui.NewStyles(true), SearchDelay: time.Millisecond, Search: func(seq int, q string) tea.Cmd {
		asked = append(asked, q)
		return func() tea.Msg {
			return ItemsFound{Page: page, Seq: seq, Items: []apiclient.InventoryItem{{ID: 4, SKU: "TON-85A", Name: "Toner HP 85A",
				UnitName: apiclient.NullOf("ks"), NativeRetailPrice: apiclient.MustDecimal("1290.0"), VatRate: apiclient.NullOf("standard")}}}
		}
	}})
	press(tb, "a")
	for range 5 {
		press(tb, "tab")
	}
	var cmd tea.Cmd
	for _, r := range "TON" {
		_, cmd = tb.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}, true)
	}
	for _, m := range tuitest.Collect(cmd) { // the pause, then the search
		_, next := tb.Update(m, false)
		for _, a := range tuitest.Collect(next) {
			tb.Update(a, false)
		}
	}
	if len(asked) != 1 || asked[0] != "TON" {
		t.Fatalf("searched %q", asked)
	}
	press(tb, "enter", "enter")
	r := tb.Doc().Rows[0]
	if r.Name != "Toner HP 85A" || r.UnitPrice != "1290.0" || r.VatRate != "21" || r.UnitName != "ks" {
		t.Errorf("the line was not filled from the item: %+v", r)
	}
	if got := paramsJSON(t, tb); !strings.Contains(got, `"sku":"TON-85A"`) {
		t.Errorf("the SKU is not sent: %s", got)
	}
}

func TestTableValueRoundTrip(t *testing.T) {
	tb := New(Options{Page: page})
	in := FromRecord(saved(), false)
	tb.SetValue(Encode(in))
	out, err := Decode(tb.Value())
	if err != nil {
		t.Fatal(err)
	}
	if diff := cmp.Diff(in, out); diff != "" {
		t.Errorf("value round trip (-in +out):\n%s", diff)
	}
}

// In Czech a number is typed and shown the Czech way ("1 200,50") and kept
// as the API writes it ("1200.50"), so what is sent is exact.
func TestTableTakesCzechNumbers(t *testing.T) {
	tb := New(Options{Page: page, Styles: ui.NewStyles(true), Locale: locale.New(locale.Czech)})
	tb.SetValue(Encode(FromRecord(saved()[:1], false)))
	press(tb, "enter", "tab", "tab", "tab")
	typeIn(tb, "1 200,50")
	press(tb, "enter")
	if got := tb.Doc().Rows[0].UnitPrice; got != "1200.5" {
		t.Errorf("the unit price is kept as %q, want the API's 1200.5", got)
	}
	v := strings.Join(tb.View(100, true), "\n")
	if !strings.Contains(v, "1\u00a0200,5") || !strings.Contains(v, "2\u00a0905,21") {
		t.Errorf("the line is not shown the Czech way (2 × 1 200,5 + 21 %% = 2 905,21):\n%s", v)
	}
	press(tb, "enter", "tab", "tab", "tab")
	if got := tb.input.Value(); got != "1\u00a0200,5" {
		t.Errorf("editing the price again shows %q, want the Czech 1 200,5", got)
	}
}

// The table writes its value a row at a time, keeping each row's JSON
// until the row changes: the value must stay what Encode writes, through
// edits, removals, undo and new lines.
func TestTableValueIsEncodeThroughEdits(t *testing.T) {
	tb := New(Options{Page: page, Styles: ui.NewStyles(true)})
	tb.SetValue(Encode(FromRecord(saved(), false)))
	check := func(when string) {
		t.Helper()
		if got, want := tb.Value(), Encode(tb.Doc()); got != want {
			t.Fatalf("%s: value\n%s\nwant Encode's\n%s", when, got, want)
		}
		d, err := Decode(tb.Value())
		if err != nil || Encode(d) != tb.Value() {
			t.Fatalf("%s: the value does not read back: %v", when, err)
		}
	}
	check("loaded")
	press(tb, "enter", "tab")
	typeIn(tb, "3")
	check("a quantity typed")
	press(tb, "enter", "j", "x")
	check("a line removed")
	press(tb, "u")
	check("undone")
	press(tb, "a")
	typeIn(tb, "Nový řádek \"x\"")
	press(tb, "enter")
	check("a line added")
	tb.SetValue(Encode(FromRecord(saved()[:1], true)))
	check("other lines set")
}

// Without colour (NO_COLOR) the cursor's line is still seen: a marker
// leads it, so x never removes a line nobody saw selected (issue 28). The
// numbers read as the document's page writes them: "2", "1,290.00".
func TestTableCursorIsMarkedWithoutColour(t *testing.T) {
	tb := New(Options{Page: page, Styles: ui.NewStyles(true)})
	tb.SetValue(Encode(FromRecord(saved(), false)))
	press(tb, "j")
	lines := tb.View(100, true)
	var marked []string
	for _, l := range lines {
		if strings.HasPrefix(l, "▸") {
			marked = append(marked, l)
		}
	}
	if len(marked) != 1 || !strings.Contains(marked[0], "Paper") {
		t.Fatalf("want one marked line, the second (Paper); got %q in:\n%s", marked, strings.Join(lines, "\n"))
	}
	if !strings.Contains(marked[0], " 5 ") || !strings.Contains(marked[0], "120.00") {
		t.Errorf("quantity and unit price not as the page writes them: %q", marked[0])
	}
	if v := strings.Join(tb.View(100, false), "\n"); strings.Contains(v, "▸") {
		t.Errorf("an unfocused table marks a line:\n%s", v)
	}
}

// The item search is offered where a line is added, and labelled where it
// is typed (issue 28: it hid in an unlabelled sixth cell): i adds a line
// from stock, the name cell points to it, and a part of a name is searched.
func TestItemSearchIsOfferedAndLabelled(t *testing.T) {
	var asked []string
	tb := New(Options{Page: page, Styles: ui.NewStyles(true), SearchDelay: time.Millisecond, Search: func(seq int, q string) tea.Cmd {
		asked = append(asked, q)
		return nil
	}})
	if v := strings.Join(tb.View(100, true), "\n"); !strings.Contains(v, "i from stock") {
		t.Errorf("the keys do not offer a line from stock:\n%s", v)
	}
	press(tb, "a")
	if v := strings.Join(tb.View(100, true), "\n"); !strings.Contains(v, "shift+tab finds an item in stock by code or name") {
		t.Errorf("the name cell does not point to the item search:\n%s", v)
	}
	press(tb, "esc", "i")
	if n := len(tb.Doc().Rows); n != 2 {
		t.Fatalf("i made %d lines in all, want 2", n)
	}
	if v := strings.Join(tb.View(100, true), "\n"); !strings.Contains(v, "line 2, from stock (code or name): [") {
		t.Fatalf("i did not open the labelled item search of a new line:\n%s", v)
	}
	var cmd tea.Cmd
	for _, r := range "ton" {
		_, cmd = tb.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}, true)
	}
	for _, m := range tuitest.Collect(cmd) {
		_, next := tb.Update(m, false)
		tuitest.Collect(next)
	}
	if len(asked) != 1 || asked[0] != "ton" {
		t.Errorf("searched %q, want the part of a name typed", asked)
	}
	plain := New(Options{Page: page, Styles: ui.NewStyles(true)}) // no inventory: nothing offered
	if v := strings.Join(plain.View(100, true), "\n"); strings.Contains(v, "from stock") {
		t.Errorf("a table without a search offers one:\n%s", v)
	}
}
