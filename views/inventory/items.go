package inventory

import (
	"context"
	"errors"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// View is one of the item list's views.
type View int

// The item list's views, in tab order.
const (
	ViewActive View = iota
	ViewArchived
	ViewLow
	viewCount
)

// viewNouns name each view's rows.
var viewNouns = [viewCount]string{locale.Key("active items"), locale.Key("archived items"), locale.Key("low quantity items")}

// errNoFilters: the inventory page's id holds no filters.
var errNoFilters = errors.New("the item list takes no filters in its id")

var viewNames = [viewCount]string{locale.Key("Active"), locale.Key("Archived"), locale.Key("Low quantity")}

// Items is the inventory page: three item lists (active, archived, low
// quantity) behind one tab line. Each list is a common.ListPage with its own
// sub-page id; Items tags the lists' routed answers with the view they
// belong to, so they come back to the right list.
type Items struct {
	d       *common.Deps
	id      ui.PageID
	lists   [viewCount]*common.ListPage[apiclient.InventoryItem]
	started [viewCount]bool
	cur     View
	keys    itemsKeys

	width, height int
}

type itemsKeys struct {
	Next, Prev, Moves key.Binding
}

// viewMsg carries a list's routed message back to it through Items.
type viewMsg struct {
	Page ui.PageID
	View View
	Msg  tea.Msg
}

// Target implements ui.Routed.
func (m viewMsg) Target() ui.PageID { return m.Page }

// APIStatus implements ui.StatusCarrier with the list's message inside.
func (m viewMsg) APIStatus() ui.APIStatus { return ui.StatusOf(m.Msg) }

// filters are the item indexes' own filters (api-v3.md, Inventory items).
var filters = []common.FilterField{
	{Name: "sku", Label: "SKU", Kind: common.FieldText},
	{Name: "article_number", Label: "Article number", Kind: common.FieldText},
	{Name: "since", Label: "Created since", Kind: common.FieldDate},
	{Name: "until", Label: "Created until", Kind: common.FieldDate},
}

// NewItems builds the inventory page.
func NewItems(d *common.Deps, id ui.PageID) (*Items, error) {
	if id.ID != "" {
		return nil, fmt.Errorf("inventory %q: %w", id.ID, errNoFilters)
	}
	p := &Items{d: d, id: id, keys: itemsKeys{
		Next:  key.NewBinding(key.WithKeys("]", "v"), key.WithHelp("]/v", "next view")),
		Prev:  key.NewBinding(key.WithKeys("["), key.WithHelp("[", "previous view")),
		Moves: allMovesKey(),
	}}
	for v := range viewCount {
		l, err := common.NewList(d, p.subID(v), itemsConfig(d, v))
		if err != nil {
			return nil, err
		}
		p.lists[v] = l
	}
	return p, nil
}

// subID is the page id of one view's list; only Items ever sees it.
func (p *Items) subID(v View) ui.PageID {
	return ui.PageID{Kind: p.id.Kind + ui.Kind("#"+strings.ToLower(viewNames[v])), ID: p.id.ID}
}

func itemsConfig(d *common.Deps, v View) common.ListConfig[apiclient.InventoryItem] {
	cfg := common.ListConfig[apiclient.InventoryItem]{
		Kind:  nav.InventoryItem,
		Title: "Inventory",
		Noun:  viewNouns[v],
		Columns: []table.Column{
			{Title: "Name", Width: 14, Flex: 1},
			{Title: "SKU", Width: 10, Keep: true},
			{Title: "Article no.", Width: 13, Priority: 1, Keep: true},
			{Title: "Quantity", Width: 10, Align: lipgloss.Right, Keep: true},
			{Title: "Minimum", Width: 8, Align: lipgloss.Right, Priority: 3, Keep: true},
			{Title: "Retail price", Width: 12, Align: lipgloss.Right, Priority: 2, Keep: true},
			{Title: "VAT", Width: 13, Priority: 4, Keep: true},
		},
		Cells: func(it apiclient.InventoryItem) []string {
			return []string{it.Name, it.SKU, it.ArticleNumber.String(), quantityCell(d, it),
				d.Quantity(it.MinQuantity, it.UnitName.String()), d.Amount(it.NativeRetailPrice), vatRate(d.L, it.VatRate.String())}
		},
		CellStyle: func(it apiclient.InventoryItem, col int) (lipgloss.Style, bool) {
			return d.Styles.Warning, col == 3 && it.TrackQuantity && it.BelowMinimum()
		},
		Sorts: []common.Sort[apiclient.InventoryItem]{
			common.ByText("name", func(it *apiclient.InventoryItem) string { return it.Name }),
			common.ByText("SKU", func(it *apiclient.InventoryItem) string { return it.SKU }),
			common.ByDecimal("quantity", func(it *apiclient.InventoryItem) apiclient.Decimal { return it.Quantity }),
			common.ByDecimal("retail price", func(it *apiclient.InventoryItem) apiclient.Decimal { return it.NativeRetailPrice }),
		},
		ID:        func(it apiclient.InventoryItem) int64 { return it.ID },
		Open:      func(it apiclient.InventoryItem) ui.PageID { return nav.Record(nav.InventoryItem, it.ID) },
		CopyValue: func(it apiclient.InventoryItem) (string, string) { return it.SKU, locale.Key("SKU") },
		CopyLabel: "copy SKU",
		Actions: []common.ListAction[apiclient.InventoryItem]{
			{Key: d.Keys.New, Always: true, Run: func(apiclient.InventoryItem) tea.Cmd { return ui.Emit(ui.Open{ID: forms.NewItemPage()}) }},
			{Key: d.Keys.Edit, Run: func(it apiclient.InventoryItem) tea.Cmd {
				return ui.Emit(ui.Open{ID: forms.EditItemPage(it.ID)})
			}},
			{Key: archiveKey(), Run: func(it apiclient.InventoryItem) tea.Cmd { return toggleArchive(d, it) }},
			{Key: d.Keys.Delete, Run: func(it apiclient.InventoryItem) tea.Cmd { return confirmDelete(d, it, false) }},
		},
	}
	switch v {
	case ViewActive:
		cfg.Local, cfg.LocalFilter = store.InventoryItems, map[string]string{"status": "active"}
		cfg.Export = "inventory_items"
		cfg.SearchHint = locale.Key("name, SKU or article number")
		cfg.Filters = filters
		cfg.Empty = locale.Key("No items yet. Goods and services you keep in stock in Fakturoid appear here.")
		cfg.Fetch = func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.InventoryItem, error) {
			if q.Searching() {
				rows, _, err := c.InventoryItems.Search(ctx, apiclient.SearchOptions{
					ListOptions: apiclient.ListOptions{Page: q.Page}, Query: q.Search})
				return rows, err
			}
			rows, _, err := c.InventoryItems.List(ctx, listOptions(q))
			return rows, err
		}
	case ViewArchived:
		cfg.Local, cfg.LocalFilter = store.InventoryItems, map[string]string{"status": "archived"}
		cfg.Export = "inventory_items_archived"
		cfg.Filters = filters
		cfg.Empty = locale.Key("No archived items. An item with moves can be archived with a.")
		cfg.Fetch = func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.InventoryItem, error) {
			rows, _, err := c.InventoryItems.ListArchived(ctx, listOptions(q))
			return rows, err
		}
	case ViewLow:
		cfg.Export = "inventory_items_low"
		cfg.Empty = locale.Key("No item is below its minimum quantity.")
		cfg.Fetch = func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.InventoryItem, error) {
			rows, _, err := c.InventoryItems.ListLowQuantity(ctx, apiclient.ListOptions{Page: q.Page})
			return rows, err
		}
	}
	return cfg
}

func listOptions(q common.Query) apiclient.InventoryItemListOptions {
	return apiclient.InventoryItemListOptions{
		ListOptions:   apiclient.ListOptions{Page: q.Page},
		DateFilter:    apiclient.DateFilter{Since: q.Date("since"), Until: q.Date("until")},
		SKU:           q.Filter["sku"],
		ArticleNumber: q.Filter["article_number"],
	}
}

// ID is the page's id.
func (p *Items) ID() ui.PageID { return p.id }

// Current is the view shown.
func (p *Items) Current() View { return p.cur }

// List is one view's list (for tests and for callers that read its rows).
func (p *Items) List(v View) *common.ListPage[apiclient.InventoryItem] { return p.lists[v] }

// Selected is the item under the cursor of the current view.
func (p *Items) Selected() (apiclient.InventoryItem, bool) { return p.lists[p.cur].Selected() }

// Init loads the active items and the low-quantity list, whose size the tab
// line shows; the archived items load when first shown.
func (p *Items) Init() tea.Cmd {
	return tea.Batch(p.start(ViewActive), p.start(ViewLow))
}

func (p *Items) start(v View) tea.Cmd {
	p.started[v] = true
	return p.tag(v, p.lists[v].Init())
}

// Title is the breadcrumb title.
func (p *Items) Title() string { return p.d.L.T("Inventory") }

// Loading drives the spinner.
func (p *Items) Loading() bool {
	for _, l := range p.lists {
		if l.Loading() {
			return true
		}
	}
	return false
}

// CatchingUp says a list's sync runs behind rows from the local copy.
func (p *Items) CatchingUp() bool {
	for _, l := range p.lists {
		if l.CatchingUp() {
			return true
		}
	}
	return false
}

// Capturing is true while the current list's search or filter form has focus.
func (p *Items) Capturing() bool { return p.lists[p.cur].Capturing() }

// KeyMap is the current list's keys plus the view and moves keys.
func (p *Items) KeyMap() help.KeyMap {
	inner := p.lists[p.cur].KeyMap()
	if p.Capturing() {
		return inner
	}
	return extraKeys{inner: inner, short: []key.Binding{p.keys.Next}, extra: []key.Binding{p.keys.Next, p.keys.Prev, p.keys.Moves}}
}

// extraKeys adds a page's own bindings to an inner key map.
type extraKeys struct {
	inner        help.KeyMap
	short, extra []key.Binding
}

// ShortHelp implements help.KeyMap.
func (k extraKeys) ShortHelp() []key.Binding { return append(k.inner.ShortHelp(), k.short...) }

// FullHelp implements help.KeyMap.
func (k extraKeys) FullHelp() [][]key.Binding { return append(k.inner.FullHelp(), k.extra) }

// SetSize gives the page its body size; the tab line takes one line.
func (p *Items) SetSize(w, h int) {
	p.width, p.height = w, h
	for _, l := range p.lists {
		l.SetSize(w, max(1, h-1))
	}
}

// Update routes tagged answers to their list, changes to every list and
// keys to the current one.
func (p *Items) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case viewMsg:
		return p.tag(msg.View, p.lists[msg.View].Update(msg.Msg))
	case ui.Changed:
		return p.changed(msg)
	case tea.KeyMsg:
		if !p.Capturing() {
			switch {
			case key.Matches(msg, p.keys.Next):
				return p.show((p.cur + 1) % viewCount)
			case key.Matches(msg, p.keys.Prev):
				return p.show((p.cur + viewCount - 1) % viewCount)
			case key.Matches(msg, p.keys.Moves):
				return ui.Emit(ui.Open{ID: ui.PageID{Kind: nav.InventoryMoves}})
			}
		}
		return p.tag(p.cur, p.lists[p.cur].Update(msg))
	case tea.MouseMsg:
		if msg.Y < 1 {
			return nil
		}
		msg.Y-- // below the tab line
		return p.tag(p.cur, p.lists[p.cur].Update(msg))
	}
	return nil
}

// changed keeps the three lists true to a change of an item. A deleted
// item leaves every list without a request; any other change can move the
// item between lists (archived, below its minimum), so the lists loaded so
// far load again, keeping their cursors.
func (p *Items) changed(c ui.Changed) tea.Cmd {
	if c.Kind != nav.InventoryItem {
		return nil
	}
	var cmds []tea.Cmd
	for v := range viewCount {
		switch {
		case !p.started[v]:
		case c.Op == ui.ChangeDeleted:
			cmds = append(cmds, p.tag(v, p.lists[v].Update(c)))
		default:
			cmds = append(cmds, p.tag(v, p.lists[v].Reload()))
		}
	}
	return tea.Batch(cmds...)
}

// show switches to view v, loading it the first time.
func (p *Items) show(v View) tea.Cmd {
	p.cur = v
	if !p.started[v] {
		return p.start(v)
	}
	return nil
}

// tag makes the routed messages of a list's cmd come back through Items.
func (p *Items) tag(v View, cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	page, sub := p.id, p.subID(v)
	return func() tea.Msg { return retag(page, sub, v, cmd()) }
}

func retag(page, sub ui.PageID, v View, msg tea.Msg) tea.Msg {
	switch m := msg.(type) {
	case tea.BatchMsg:
		out := make(tea.BatchMsg, 0, len(m))
		for _, c := range m {
			if c != nil {
				out = append(out, func() tea.Msg { return retag(page, sub, v, c()) })
			}
		}
		return out
	case ui.Routed:
		if m.Target() == sub {
			return viewMsg{Page: page, View: v, Msg: msg}
		}
	}
	return msg
}

// View draws the tab line and the current list.
func (p *Items) View() string {
	if p.width <= 0 || p.height <= 0 {
		return ""
	}
	return p.tabs() + "\n" + p.lists[p.cur].View()
}

// tabs is "[Active]  Archived  Low quantity (3)" with the current view
// bracketed (and styled).
func (p *Items) tabs() string {
	st := p.d.Styles
	parts := make([]string, 0, viewCount)
	for v := range viewCount {
		name := p.d.L.T(viewNames[v])
		if v == ViewLow {
			name += " (" + p.lowCount() + ")"
		}
		if v == p.cur {
			parts = append(parts, st.Title.Render("["+name+"]"))
		} else {
			parts = append(parts, st.Muted.Render(" "+name+" "))
		}
	}
	h := p.keys.Next.Help()
	return strings.Join(parts, " ") + "  " + st.Muted.Render(h.Key+" "+p.d.L.T("switch"))
}

// lowCount is the number of items below their minimum: "3", "40+" when
// more pages are left, "…" while it loads.
func (p *Items) lowCount() string {
	l := p.lists[ViewLow]
	n := l.Table().Len()
	switch {
	case n == 0 && l.Loading():
		return "…"
	case n == 0 && !l.Table().Exhausted():
		return "?" // the list failed to load
	case !l.Table().Exhausted():
		return fmt.Sprintf("%d+", n)
	}
	return fmt.Sprint(n)
}
