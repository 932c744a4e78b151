package lines

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"maps"
	"slices"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/totals"
	"github.com/kasa-tui/kasa/ui"
)

// The cells of a line being edited, in tab order.
const (
	cellName = iota
	cellQuantity
	cellUnit
	cellPrice
	cellVat
	cellItem
	cellCount
)

var cellLabels = [cellCount]string{locale.Key("name"), locale.Key("quantity"), locale.Key("unit"), locale.Key("unit price"), locale.Key("VAT %"), locale.Key("from stock (code or name)")}

// visibleRows is how many lines the table shows at once around the cursor.
const visibleRows = 8

// ItemsFound is the answer to an inventory search of a line's item cell.
// The editor's Search makes it, routed to its page.
type ItemsFound struct {
	Page  ui.PageID
	Seq   int
	Items []apiclient.InventoryItem
	Err   error
}

// Target implements ui.Routed.
func (m ItemsFound) Target() ui.PageID { return m.Page }

// searchDue is the quiet time after typing in an item cell.
type searchDue struct {
	page ui.PageID
	seq  int
}

// Target implements ui.Routed.
func (m searchDue) Target() ui.PageID { return m.page }

// Options configure a Table.
type Options struct {
	Page   ui.PageID
	Styles ui.Styles
	// Search looks up inventory items for a typed SKU or name; its Cmd
	// answers ItemsFound with the Seq given. nil offers no items.
	Search func(seq int, query string) tea.Cmd
	// SearchDelay is the quiet time before a search (0 means 300 ms).
	SearchDelay time.Duration
	// Locale is the language of the table's words (zero: English).
	Locale locale.Locale
}

// Table is the lines of a document inside the editor: a form.Widget whose
// value is Encode(Doc). Keys: ↑/↓ move, a adds a line, enter edits one
// (tab and shift+tab move between its cells, enter or esc end the edit),
// x removes one, u brings the last removed back.
type Table struct {
	o      Options
	doc    Doc
	mode   totals.Mode
	rates  []string
	cursor int

	editing bool
	cell    int
	input   textinput.Model
	// fresh: the cell was just entered, so the first letter typed
	// replaces its text, as in a spreadsheet.
	fresh bool

	removed []removal // for u
	errs    map[string][]string

	seq   int // the latest search
	found []apiclient.InventoryItem
	pick  int
	fault string

	rev int     // counts the changes of doc
	der derived // what is worked out from doc, per change (model.go)
}

type removal struct {
	at  int
	row Row
}

// New makes an empty table.
func New(o Options) *Table {
	if o.Locale.Tag == "" {
		o.Locale = locale.New(locale.English)
	}
	if o.SearchDelay <= 0 {
		o.SearchDelay = 300 * time.Millisecond
	}
	in := textinput.New()
	in.Prompt = ""
	in.CharLimit = 200
	in.Cursor.SetMode(cursor.CursorStatic) // no blink ticks: the frame changes only on keys
	return &Table{o: o, input: in, rates: []string{"21", "12", "0"}, der: derived{encRev: -1, sumRev: -1}}
}

// SetMode sets how prices are read (the document's header decides).
func (t *Table) SetMode(m totals.Mode) { t.mode = m }

// SetRates sets the VAT rates offered (the account's), highest first.
func (t *Table) SetRates(rates []string) {
	if len(rates) > 0 {
		t.rates = rates
	}
}

// Doc is the lines as edited.
func (t *Table) Doc() Doc { return t.doc }

// Value implements form.Widget.
func (t *Table) Value() string {
	t.commit()
	return t.encoded()
}

// SetValue implements form.Widget.
func (t *Table) SetValue(v string) {
	if t.der.encRev == t.rev && v == t.der.enc {
		t.editing = false
		return // the lines the table holds: nothing to read
	}
	d, err := Decode(v)
	if err != nil {
		return // not our text: keep what is there
	}
	t.doc, t.editing = d, false
	t.cursor = min(t.cursor, max(0, len(d.Rows)-1))
	t.der.savedEnc = nil // other saved lines
	t.touch()
}

// SetErrors implements form.ErrorTaker.
func (t *Table) SetErrors(errs map[string][]string) { t.errs = errs }

// cellText is the text of cell c of r.
func cellText(r *Row, c int) *string {
	switch c {
	case cellName:
		return &r.Name
	case cellQuantity:
		return &r.Quantity
	case cellUnit:
		return &r.UnitName
	case cellPrice:
		return &r.UnitPrice
	case cellVat:
		return &r.VatRate
	}
	return &r.SKU
}

// commit writes the input into the cell being edited: a number typed the
// locale's way ("1 200,50") as the API writes it ("1200.50"); what does not
// read as one is kept as typed, for the line's error to name.
func (t *Table) commit() {
	if !t.editing || t.cursor >= len(t.doc.Rows) {
		return
	}
	v := t.input.Value()
	if numeric(t.cell) && !plainNumber(v) {
		if d, err := t.o.Locale.ParseNumber(v); err == nil {
			v = d.String()
		}
	}
	if c := cellText(&t.doc.Rows[t.cursor], t.cell); *c != v {
		*c = v
		t.touch()
	}
}

// numeric reports whether cell c holds a number.
func numeric(c int) bool { return c == cellQuantity || c == cellPrice || c == cellVat }

// plainNumber: digits with an optional sign and one dot, as the API writes.
func plainNumber(v string) bool {
	_, err := decimal.NewFromString(v)
	return err == nil && !strings.ContainsAny(v, "eE")
}

// shown is cell c's text as the locale writes it ("1200.5" as "1 200,5" in
// Czech); text that is not a number is shown as typed.
func (t *Table) shown(c int, v string) string {
	if !numeric(c) || t.o.Locale.Tag == locale.English || !plainNumber(v) {
		return v
	}
	d, _ := decimal.NewFromString(v)
	return t.o.Locale.Number(d, 0)
}

// display is cell c's text in the table, as the document's page writes
// it: a quantity without the zeros after its point ("1", "1,5"), a unit
// price with its cents ("450,00"), in the locale; text that is not a
// number is shown as typed.
func (t *Table) display(c int, v string) string {
	d, err := decimal.NewFromString(v)
	if !numeric(c) || !plainNumber(v) || err != nil {
		return v
	}
	switch c {
	case cellQuantity:
		return t.o.Locale.Quantity(d, "")
	case cellPrice:
		return t.o.Locale.Number(d, 2)
	}
	return t.o.Locale.Number(d, 0)
}

// editCell moves the edit to cell c of the cursor's line, keeping what
// was typed in the cell left; it starts editing when not yet.
func (t *Table) editCell(c int) tea.Cmd {
	t.commit()
	t.editing = true
	t.cell = (c + cellCount) % cellCount
	t.input.SetValue(t.shown(t.cell, *cellText(&t.doc.Rows[t.cursor], t.cell)))
	t.input.CursorEnd()
	t.fresh = true
	t.found, t.fault = nil, ""
	return t.input.Focus()
}

func (t *Table) stopEditing() {
	t.commit()
	t.editing, t.found = false, nil
	t.input.Blur()
}

// Update implements form.Widget.
func (t *Table) Update(msg tea.Msg, focused bool) (bool, tea.Cmd) {
	switch msg := msg.(type) {
	case ItemsFound:
		if msg.Page == t.o.Page && msg.Seq == t.seq {
			t.found, t.pick, t.fault = msg.Items, 0, ""
			if msg.Err != nil {
				t.fault = t.o.Locale.Tf("Could not search the inventory: %v", msg.Err)
			}
		}
		return false, nil
	case searchDue:
		if msg.page == t.o.Page && msg.seq == t.seq && t.editing && t.cell == cellItem && t.o.Search != nil {
			return false, t.o.Search(t.seq, strings.TrimSpace(t.input.Value()))
		}
		return false, nil
	case tea.KeyMsg:
		if !focused {
			return false, nil
		}
		if t.editing {
			return t.editKey(msg)
		}
		return t.browseKey(msg)
	}
	return false, nil
}

func (t *Table) browseKey(msg tea.KeyMsg) (bool, tea.Cmd) {
	switch msg.String() {
	case "up", "k":
		t.cursor = max(0, t.cursor-1)
	case "down", "j":
		t.cursor = min(len(t.doc.Rows)-1, t.cursor+1)
		t.cursor = max(t.cursor, 0)
	case "a", "+", "insert":
		return true, t.add()
	case "i":
		// A new line from stock: the item search at once, not behind the
		// line's sixth cell (issue 28).
		if t.o.Search == nil {
			return false, nil
		}
		t.add()
		return true, t.editCell(cellItem)
	case "enter", "e":
		if len(t.doc.Rows) == 0 {
			return true, t.add()
		}
		return true, t.editCell(cellName)
	case "x", "delete":
		t.remove()
	case "u":
		t.undo()
	default:
		return false, nil
	}
	return true, nil
}

func (t *Table) add() tea.Cmd {
	t.stopEditing()
	rate := ""
	if len(t.rates) > 0 {
		rate = t.rates[0]
	}
	t.doc.Rows = append(t.doc.Rows, Row{Quantity: "1", VatRate: rate})
	t.touch()
	t.cursor = len(t.doc.Rows) - 1
	return t.editCell(cellName)
}

func (t *Table) remove() {
	if t.cursor >= len(t.doc.Rows) {
		return
	}
	r := t.doc.Rows[t.cursor]
	t.removed = append(t.removed, removal{at: t.cursor, row: r})
	if r.ID != 0 {
		t.doc.Removed = append(t.doc.Removed, r.ID)
	}
	t.doc.Rows = slices.Delete(t.doc.Rows, t.cursor, t.cursor+1)
	t.touch()
	t.cursor = max(0, min(t.cursor, len(t.doc.Rows)-1))
}

func (t *Table) undo() {
	if len(t.removed) == 0 {
		return
	}
	last := t.removed[len(t.removed)-1]
	t.removed = t.removed[:len(t.removed)-1]
	at := min(last.at, len(t.doc.Rows))
	t.doc.Rows = slices.Insert(t.doc.Rows, at, last.row)
	t.touch()
	if last.row.ID != 0 {
		t.doc.Removed = slices.DeleteFunc(t.doc.Removed, func(id int64) bool { return id == last.row.ID })
	}
	t.cursor = at
}

func (t *Table) editKey(msg tea.KeyMsg) (bool, tea.Cmd) {
	switch msg.String() {
	case "tab":
		return true, t.editCell(t.cell + 1)
	case "shift+tab":
		return true, t.editCell(t.cell - 1)
	case "enter":
		if t.cell == cellItem && len(t.found) > 0 {
			t.choose(t.found[t.pick])
			return true, nil
		}
		t.stopEditing()
		return true, nil
	case "esc":
		t.stopEditing()
		return true, nil
	case "up", "down":
		return true, t.cycle(msg.String() == "down")
	case "ctrl+s":
		t.stopEditing()
		return false, nil // the host sends
	}
	if t.fresh && (msg.Type == tea.KeyRunes || msg.Type == tea.KeySpace) {
		t.input.SetValue("")
	}
	t.fresh = false
	before := t.input.Value()
	var cmd tea.Cmd
	t.input, cmd = t.input.Update(msg)
	if t.input.Value() != before {
		t.commit()
		if t.cell == cellItem {
			cmd = tea.Batch(cmd, t.scheduleSearch())
		}
	}
	return true, cmd
}

// cycle moves through the offered VAT rates, or the found items.
func (t *Table) cycle(down bool) tea.Cmd {
	step := -1
	if down {
		step = 1
	}
	switch {
	case t.cell == cellItem && len(t.found) > 0:
		t.pick = (t.pick + step + len(t.found)) % len(t.found)
	case t.cell == cellVat && len(t.rates) > 0:
		i := slices.Index(t.rates, strings.TrimSpace(t.input.Value()))
		i = (i + step + len(t.rates)) % len(t.rates)
		t.input.SetValue(t.rates[i])
		t.commit()
	}
	return nil
}

func (t *Table) scheduleSearch() tea.Cmd {
	t.seq++
	t.found = nil
	if strings.TrimSpace(t.input.Value()) == "" || t.o.Search == nil {
		return nil
	}
	page, seq := t.o.Page, t.seq
	return tea.Tick(t.o.SearchDelay, func(time.Time) tea.Msg { return searchDue{page: page, seq: seq} })
}

// choose fills the line from an inventory item: its data are defaults the
// user may override afterwards, and the item's SKU goes with the line.
func (t *Table) choose(it apiclient.InventoryItem) {
	r := &t.doc.Rows[t.cursor]
	r.SKU, r.InventoryItemID, r.ItemName = it.SKU, it.ID, it.Name
	r.Name, r.UnitName = it.Name, it.UnitName.String()
	if it.NativeRetailPrice.IsSet() {
		r.UnitPrice = it.NativeRetailPrice.String()
	}
	if rate, ok := ItemVatRate(it.VatRate.String()); ok {
		r.VatRate = rate
	}
	t.found = nil
	t.input.SetValue(r.SKU)
	t.touch()
}

// ItemVatRate reads an inventory item's vat_rate (a rate's name in the
// Czech scheme, or a number).
func ItemVatRate(v string) (string, bool) {
	switch v {
	case "standard":
		return "21", true
	case "reduced":
		return "12", true
	case "reduced2":
		return "10", true
	case "zero", "exempt":
		return "0", true
	}
	if _, err := decimal.NewFromString(v); err == nil {
		return v, true
	}
	return "", false
}

// lineError is the first problem of row i: a number that does not parse,
// or the service's message for a field the row lacks.
func (t *Table) lineError(i int) string {
	r := t.doc.Rows[i]
	l := t.o.Locale
	if c := t.derive().lines[i]; c.bad != "" {
		return l.Tf("line %d: %s %q is not a number", i+1, l.T(c.bad), c.badText)
	}
	if len(t.errs) == 0 {
		return ""
	}
	for _, k := range slices.Sorted(maps.Keys(t.errs)) {
		field := strings.TrimPrefix(k, "lines.")
		if t.concerns(r, field) {
			return l.Tf("line %d: %s %s", i+1, strings.ReplaceAll(field, "_", " "), strings.Join(t.errs[k], ", "))
		}
	}
	return ""
}

// concerns guesses which lines a message of the service is about: it does
// not say, so a field the line leaves empty is the likely one.
func (t *Table) concerns(r Row, field string) bool {
	switch field {
	case "name":
		return strings.TrimSpace(r.Name) == ""
	case "unit_price":
		return strings.TrimSpace(r.UnitPrice) == ""
	case "sku", "inventory_item_id":
		return r.SKU != "" || r.InventoryItemID != 0
	}
	return true
}

// Valid reports the first line with a number that does not parse ("" when
// every line reads).
func (t *Table) Valid() string {
	for i, c := range t.derive().lines {
		if c.bad != "" {
			return t.lineError(i)
		}
	}
	return ""
}

// truncate cuts s to w cells.
func truncate(s string, w int) string {
	if ansi.StringWidth(s) <= w {
		return s + strings.Repeat(" ", w-ansi.StringWidth(s))
	}
	return ansi.Truncate(s, w, "…")
}
