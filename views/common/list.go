package common

import (
	"context"
	"fmt"
	"maps"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
)

// ListConfig describes one list page; the page supplies the data shape and
// ListPage does the rest (paging, search, filters, states, keys).
type ListConfig[T any] struct {
	Title string // breadcrumb title: "Expenses"
	Noun  string // plural, lower case: "expenses"
	// Kind is the kind of the records' detail page (nav.Expense): a
	// ui.Changed of that kind patches, drops or reloads this list.
	Kind ui.Kind

	Columns []table.Column
	// Cells are the records' raw text, one per column; the table cleans
	// them. CellStyle (nil: none) styles a cell after that (see
	// table.SetCellStyle).
	Cells     func(T) []string
	CellStyle func(rec T, col int) (lipgloss.Style, bool)
	ID        func(T) int64

	// Fetch loads one page: the search endpoint when q.Searching(), the
	// index with q.Filter otherwise.
	Fetch func(ctx context.Context, c *apiclient.Client, q Query) ([]T, error)
	// Named, when set, is the kind and name (common.NameInvoice, the
	// number) each row shown teaches the session's Names.
	Named func(T) (kind, name string)
	// Local is the kind of the account's local copy the list reads from
	// (issue 26), T being the records as the copy keeps them; "" reads
	// the service alone. Fetch serves until the kind's copy is complete,
	// and for a filter the copy does not know.
	Local store.Kind
	// LocalFilter is added to every query of the copy: what the list's
	// own endpoint narrows to (the archived items: status archived).
	LocalFilter map[string]string
	// FromCopy, when set, makes the rows of records read from the copy (in
	// the Cmd that read them; c is nil when nobody signed in); nil decodes
	// them as T.
	FromCopy func(ctx context.Context, c *apiclient.Client, raw [][]byte) []T

	// SearchHint is the search input's placeholder; "" disables search.
	SearchHint string
	// Filters are the endpoint's own filters offered by `f`.
	Filters []FilterField
	// Empty tells what an empty, unfiltered list means and what fills it.
	Empty string

	Open      func(T) ui.PageID           // enter; nil disables
	URL       func(T) string              // o: the record's html_url
	CopyValue func(T) (text, what string) // y: "2026-0042", "number"
	CopyLabel string                      // y's help: "copy number" (the default)
	Actions   []ListAction[T]
	// Amounts, for lists of documents, is what a record adds to the totals
	// shown under the list (t shows the VAT by rate); nil shows none.
	Amounts func(T) Amounts
	// Marks are the keys that act on several rows at once: space marks
	// rows, and each of these acts on the marked ones (or the selected).
	Marks []MarkAction[T]
	// Sorts are the orders > cycles through (< reverses one); the loaded
	// rows are sorted, and sorted again as pages arrive.
	Sorts []Sort[T]
	// Export is the list's name for package export ("invoices"): x writes
	// the list as filtered and searched, every page, to a CSV file; ""
	// offers no export.
	Export string
	// Of names, from a row, what the page's fixed filter narrows the list
	// to ("Acme s.r.o." for the expenses of subject 8), so the breadcrumb
	// says a name, not an id; nil keeps the filter's words.
	Of func(T) string
}

// ListAction is a page's own key on the selected record.
type ListAction[T any] struct {
	Key key.Binding
	Run func(T) tea.Cmd
	// Always runs the action on an empty list too (with the zero record):
	// for actions that need no selection, such as "new".
	Always bool
}

// listState is the state of the list's latest full load.
type listState int

const (
	stateLoading listState = iota
	stateReady
	stateFailed
)

// ListPage is a list of records on top of ui/table. Use NewList.
type ListPage[T any] struct {
	d    *Deps
	id   ui.PageID
	cfg  ListConfig[T]
	keys listKeys

	tbl *table.Model[T]

	input     textinput.Model
	inputOn   bool   // the search input has focus
	query     string // the search in force
	deb       table.Debouncer
	preset    map[string]string // filters from the PageID, fixed
	filter    map[string]string // filters chosen with `f`
	userField []FilterField     // the filters the form offers
	form      *filterForm

	pg        *Pager[T]
	totals    listTotals
	totalsGen int           // the pager's read of the copy the totals were asked for
	wrapped   wrappedTotals // the totals' lines at the page's width
	sort      listSort

	width, height int
}

// headerLines is what the list draws above its table: the subtitle line,
// and the search line while there is a search.
func (p *ListPage[T]) headerLines() int {
	if p.inputOn || p.query != "" {
		return 2
	}
	return 1
}

// NewList builds a list page. A PageID with an ID carries fixed filters
// (see FilteredList); an unknown filter name is an error.
func NewList[T any](d *Deps, id ui.PageID, cfg ListConfig[T]) (*ListPage[T], error) {
	preset, err := ParseFilterID(id.ID)
	if err != nil {
		return nil, err
	}
	for k := range preset {
		if !hasField(cfg.Filters, k) {
			return nil, fmt.Errorf("%s", d.L.Tf("%s cannot be filtered by %q", d.L.T(cfg.Noun), k))
		}
	}
	// The page's words are catalog keys, translated once here.
	cfg.Title, cfg.Noun, cfg.Empty = d.L.T(cfg.Title), d.L.T(cfg.Noun), d.L.T(cfg.Empty)
	cfg.SearchHint, cfg.CopyLabel = d.L.T(cfg.SearchHint), d.L.T(cfg.CopyLabel)
	owner := string(id.Kind) + "/" + id.ID
	p := &ListPage[T]{d: d, id: id, cfg: cfg, preset: preset, filter: map[string]string{},
		deb: table.NewDebouncer(owner, d.SearchDelay)}
	for _, f := range cfg.Filters {
		if _, fixed := preset[f.Name]; !fixed {
			p.userField = append(p.userField, f)
		}
	}
	idOf := func(r T) string { return strconv.FormatInt(cfg.ID(r), 10) }
	p.tbl = table.New(cfg.Columns, idOf, cfg.Cells, d.TableStyles).WithOwner(owner)
	if cfg.CellStyle != nil {
		p.tbl.SetCellStyle(cfg.CellStyle)
	}
	p.tbl.SetOrders(orders(d.L, cfg.Sorts))
	p.tbl.KeyMap = table.KeyMap{Up: d.Keys.Up, Down: d.Keys.Down, PageUp: d.Keys.PageUp,
		PageDown: d.Keys.PageDown, Top: d.Keys.Top, Bottom: d.Keys.Bottom}
	p.tbl.SetLocale(d.L)
	p.pg = NewPager(d, id, cfg.Noun, p.tbl, p.request)
	p.pg.Local, p.pg.KeepID, p.pg.Decode = p.localQuery, p.selectedID, cfg.FromCopy
	if cfg.Named != nil {
		p.pg.Seen = func(account string, rows []T) {
			for _, r := range rows {
				kind, name := cfg.Named(r)
				d.Names.Put(account, kind, cfg.ID(r), name)
			}
		}
	}

	p.input = textinput.New()
	p.input.Prompt = "/ "
	p.input.Placeholder = cfg.SearchHint
	p.input.CharLimit = 120
	p.input.Cursor.SetMode(cursor.CursorStatic)

	var extra []key.Binding
	for _, a := range cfg.Actions {
		extra = append(extra, a.Key)
	}
	for _, a := range cfg.Marks {
		extra = append(extra, a.Key)
	}
	p.keys = newListKeys(d.Keys, d.L, extra)
	p.keys.Search.SetEnabled(cfg.SearchHint != "" && len(preset) == 0)
	p.keys.Filter.SetEnabled(len(p.userField) > 0)
	p.keys.Open.SetEnabled(cfg.Open != nil)
	p.keys.Browser.SetEnabled(cfg.URL != nil)
	p.keys.Copy.SetEnabled(cfg.CopyValue != nil)
	p.keys.Totals.SetEnabled(cfg.Amounts != nil)
	p.keys.SortNext.SetEnabled(len(cfg.Sorts) > 0)
	p.keys.Mark.SetEnabled(len(cfg.Marks) > 0)
	p.keys.Export.SetEnabled(cfg.Export != "")
	p.keys.SortReverse.SetEnabled(false) // until a sort is in force
	p.sort.by = -1
	relabel(&p.keys.Copy, cfg.CopyLabel)
	p.syncClearKey()
	return p, nil
}

func hasField(fs []FilterField, name string) bool {
	for _, f := range fs {
		if f.Name == name {
			return true
		}
	}
	return false
}

// ID is the page's id.
func (p *ListPage[T]) ID() ui.PageID { return p.id }

// Table is the page's table (for tests and for pages that update a row).
func (p *ListPage[T]) Table() *table.Model[T] { return p.tbl }

// Selected is the record under the cursor.
func (p *ListPage[T]) Selected() (T, bool) { return p.tbl.Selected() }

// Init loads the first page.
func (p *ListPage[T]) Init() tea.Cmd { return p.pg.Reload("") }

// Title is the breadcrumb title; a filtered list says so.
func (p *ListPage[T]) Title() string {
	if len(p.preset) > 0 {
		if of := p.presetName(); of != "" {
			return p.d.L.Tf("%s of %s", p.cfg.Title, of)
		}
		return p.cfg.Title + " (" + describeFilter(p.d, p.cfg.Filters, p.preset) + ")"
	}
	return p.cfg.Title
}

// presetName is what the fixed filter narrows the list to, read off a
// loaded row ("" before one is loaded, or without ListConfig.Of).
func (p *ListPage[T]) presetName() string {
	if p.cfg.Of != nil && p.tbl.Len() > 0 {
		return p.cfg.Of(*p.tbl.Row(0))
	}
	return ""
}

// named is values with each subject id shown as "name (id)" where the
// session knows the name, for the filter's description.
func (p *ListPage[T]) named(values map[string]string) map[string]string {
	out := maps.Clone(values)
	for _, f := range p.cfg.Filters {
		id, err := strconv.ParseInt(values[f.Name], 10, 64)
		if f.Kind != FieldSubject || err != nil {
			continue
		}
		if name := p.d.NameOr(NameSubject, id, ""); name != "" {
			out[f.Name] = name + " (" + values[f.Name] + ")"
		}
	}
	return out
}

// Loading drives the spinner.
func (p *ListPage[T]) Loading() bool { return p.pg.Loading() }

// Capturing is true while the search input or the filter form has focus.
func (p *ListPage[T]) Capturing() bool { return p.inputOn || p.form != nil }

// KeyMap is the keys the page handles now.
func (p *ListPage[T]) KeyMap() help.KeyMap {
	switch {
	case p.form != nil:
		return p.form.keys
	case p.inputOn:
		return newSearchKeys(p.d.L)
	}
	return p.keys
}

// SetSize gives the page its body size.
func (p *ListPage[T]) SetSize(w, h int) {
	p.width, p.height = w, h
	p.input.Width = max(10, w-4)
	p.layoutTable()
}

func (p *ListPage[T]) layoutTable() {
	top := p.headerLines()
	p.tbl.SetSize(p.width, max(3, p.height-top-p.totalsHeight()))
	p.tbl.SetOrigin(0, top)
}

// query builds the Query of a page.
func (p *ListPage[T]) queryFor(page int) Query {
	return Query{Page: page, Search: p.query, Filter: mergeFilters(p.preset, p.filter), Loc: p.d.Loc}
}

// Reload asks for the first page again, keeping the cursor on the selected
// record: what `r` does, for pages that hold several lists (inventory). A
// list read from the local copy syncs its kind instead (one request when
// nothing changed) and reads the copy again when the sync changed it.
func (p *ListPage[T]) Reload() tea.Cmd { return p.pg.Sync(p.selectedID()) }

// request is the request for one page with the search and filters in force
// now.
func (p *ListPage[T]) request(page int) Fetch[T] {
	q, fetch := p.queryFor(page), p.cfg.Fetch
	return func(ctx context.Context, c *apiclient.Client) ([]T, error) { return fetch(ctx, c, q) }
}

// Update handles keys, mouse, answers and the helpers' messages.
func (p *ListPage[T]) Update(msg tea.Msg) tea.Cmd {
	if cmd, ok := p.pg.Update(msg); ok {
		p.applySort() // a page that arrived joins the order in force
		return tea.Batch(cmd, p.wholeTotals())
	}
	switch msg := msg.(type) {
	case Envelope:
		return p.Update(msg.Msg)
	case ui.Changed:
		return p.changed(msg)
	case wholeTotals:
		p.takeTotals(msg)
		return nil
	case ui.AutoRefresh:
		// A quiet reload on the shell's timer: only when the list is settled
		// and the user is not typing, keeping the selected row.
		if p.pg.state != stateReady || p.inputOn || p.form != nil {
			return nil
		}
		return p.Reload()
	case Result[SubjectsFound]:
		if p.form != nil {
			p.form.found(msg)
		}
		return nil
	case table.DebounceMsg:
		if p.form != nil {
			return p.form.search(msg)
		}
		if p.deb.IsLatest(msg) && p.input.Value() != p.query {
			p.query = strings.TrimSpace(p.input.Value())
			return p.pg.Reload("")
		}
		return nil
	case tea.KeyMsg:
		return p.key(msg)
	case tea.MouseMsg:
		if p.form == nil && p.pg.state == stateReady {
			return Route(p.id, p.tbl.Update(msg))
		}
	}
	return nil
}

func (p *ListPage[T]) key(msg tea.KeyMsg) tea.Cmd {
	if p.form != nil {
		return p.formKey(msg)
	}
	if p.inputOn {
		return p.searchKey(msg)
	}
	if cmd, done := p.toolKey(msg); done {
		return cmd
	}
	k := p.keys
	sel, ok := p.tbl.Selected()
	switch {
	case key.Matches(msg, k.Refresh):
		return p.Reload()
	case key.Matches(msg, k.Search):
		p.inputOn = true
		p.input.SetValue(p.query)
		p.input.CursorEnd()
		p.input.Focus()
		p.layoutTable()
		return nil
	case key.Matches(msg, k.Filter):
		p.form = newFilterForm(p.d, p.id, p.cfg.Noun, p.userField, p.filter)
		return nil
	case key.Matches(msg, k.Clear):
		// One thing at a time: a search first (the paused filter comes
		// back, as the header promised), then the filters.
		if p.query != "" {
			p.query = ""
			p.input.SetValue("")
		} else {
			p.filter = map[string]string{}
		}
		p.syncClearKey()
		p.layoutTable()
		return p.pg.Reload("")
	}
	if refused := p.refusedOffline(msg); refused != nil || p.pg.state != stateReady {
		return refused
	}
	for _, a := range p.cfg.Marks {
		if key.Matches(msg, a.Key) {
			return p.markAction(a)
		}
	}
	for _, a := range p.cfg.Actions {
		if key.Matches(msg, a.Key) && a.Key.Enabled() {
			if !ok && !a.Always {
				return nil
			}
			return a.Run(sel) // the zero record when Always and nothing is selected
		}
	}
	switch {
	case key.Matches(msg, k.Open):
		if ok {
			return ui.Emit(ui.Open{ID: p.cfg.Open(sel)})
		}
	case key.Matches(msg, k.Browser):
		if ok {
			return OpenURLCmd(p.d, p.cfg.URL(sel))
		}
	case key.Matches(msg, k.Copy):
		if ok {
			text, what := p.cfg.CopyValue(sel)
			return CopyCmd(p.d, text, what)
		}
	default:
		return Route(p.id, p.tbl.Update(msg))
	}
	return nil
}

// searchKey: enter searches now, or opens the selected record when the
// search typed is the one shown; esc clears it; anything else types and
// starts the debounce.
func (p *ListPage[T]) searchKey(msg tea.KeyMsg) tea.Cmd {
	sk := newSearchKeys(p.d.L)
	switch {
	case key.Matches(msg, sk.Enter):
		p.deb.Cancel()
		p.inputOn = false
		p.input.Blur()
		p.syncClearKey()
		p.layoutTable()
		if v := strings.TrimSpace(p.input.Value()); v != p.query {
			p.query = v
			p.syncClearKey()
			p.layoutTable()
			return p.pg.Reload("")
		}
		// The search shown is the one typed: enter opens what it found,
		// as a user expects of the first enter (issue 28: it only confirmed).
		if sel, ok := p.tbl.Selected(); ok && p.query != "" && p.pg.state == stateReady && p.cfg.Open != nil {
			return ui.Emit(ui.Open{ID: p.cfg.Open(sel)})
		}
		return nil
	case key.Matches(msg, sk.Esc):
		p.deb.Cancel()
		p.inputOn = false
		p.input.Blur()
		p.input.SetValue("")
		had := p.query != ""
		p.query = ""
		p.syncClearKey()
		p.layoutTable()
		if had {
			return p.pg.Reload("")
		}
		return nil
	}
	before := p.input.Value()
	p.input, _ = p.input.Update(ui.CleanTyped(msg, false)) // a pasted search is text
	if p.input.Value() != before {
		return Route(p.id, p.deb.Trigger())
	}
	return nil
}

func (p *ListPage[T]) formKey(msg tea.KeyMsg) tea.Cmd {
	done, cmd := p.form.update(msg)
	switch done {
	case formCancelled:
		p.form = nil
	case formApplied:
		p.filter, _ = p.form.values()
		p.form = nil
		p.syncClearKey()
		return p.pg.Reload("")
	}
	return cmd
}

// syncClearKey enables esc-to-clear only when there is something to clear.
func (p *ListPage[T]) syncClearKey() {
	p.keys.Clear.SetEnabled(p.query != "" || len(p.filter) > 0)
}

// View draws the subtitle, the search line and the table (or the form, the
// failure, the empty text).
func (p *ListPage[T]) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	st := p.d.Styles
	lines := []string{p.subtitle()}
	if p.inputOn || p.query != "" {
		if p.inputOn {
			lines = append(lines, p.input.View())
		} else {
			lines = append(lines, st.Muted.Render("/ "+textclean.Line(p.query)+"  "+p.d.L.T("(/ to edit, esc to clear)")))
		}
	}
	var body string
	switch {
	case p.form != nil:
		body = p.form.view(p.width, st)
	case p.pg.state == stateFailed:
		body = "\n" + LoadFailed(p.d, p.cfg.Noun, p.pg.err, p.width)
	default:
		p.tbl.SetEmptyText(p.emptyText())
		p.layoutTable() // the totals may wrap to more lines since the rows changed
		body = p.tbl.View()
		if p.totalsHeight() > 0 {
			body += "\n" + p.totalsView()
		}
	}
	return strings.Join(lines, "\n") + "\n" + body
}

func (p *ListPage[T]) emptyText() string {
	switch {
	case p.query != "":
		return p.d.L.Tf("No %s match. Press esc to clear the search.", p.cfg.Noun)
	case len(p.filter) > 0:
		return p.d.L.Tf("No %s match. Press esc to clear the filters.", p.cfg.Noun)
	}
	if len(p.preset) > 0 {
		return p.d.L.Tf("No %s here yet.", p.cfg.Noun)
	}
	return p.cfg.Empty
}

// subtitle is "search: acme · status: overdue" on the left and the counts
// on the right.
func (p *ListPage[T]) subtitle() string {
	st := p.d.Styles
	var what []string
	if p.query != "" {
		what = append(what, p.d.L.Tf("search: %s", p.query))
	}
	if f := describeFilter(p.d, p.cfg.Filters, p.named(p.filter)); f != "" {
		if p.query != "" {
			f = p.d.L.Tf("%s (paused while searching)", f)
		}
		what = append(what, f)
	}
	left := p.d.L.Tf("all %s", p.cfg.Noun)
	if len(p.preset) > 0 {
		left = describeFilter(p.d, p.cfg.Filters, p.preset)
		if of := p.presetName(); of != "" {
			left = p.d.L.Tf("of %s", of)
		}
	}
	if len(what) > 0 {
		left = strings.Join(what, " · ")
	}
	if s := p.sortLabel(); s != "" {
		left += " · " + s
	}
	right := p.pg.CopyStatus(p.d)
	n := p.tbl.Len()
	l := p.d.L
	switch {
	case right != "":
	case p.pg.state == stateLoading:
		right = l.T("loading…")
	case p.pg.state == stateFailed:
		right = l.T("failed")
	case p.pg.wantList != 0:
		right = l.Tf("%d loaded, refreshing…", n)
	case p.tbl.Exhausted():
		right = l.Tf("%d loaded, all loaded", n)
	default:
		right = l.Tf("%d loaded, more available", n)
	}
	// The search and the names of filters (a subject's) are text from the
	// user and the service: cleaned.
	return ui.JoinRight(st.Muted.Render(textclean.Line(left)), st.Muted.Render(right), p.width)
}
