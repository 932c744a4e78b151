package inventory

import (
	"cmp"
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"slices"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Record is an item with its newest moves, as the detail page shows it.
type Record struct {
	Item  apiclient.InventoryItem
	Moves []apiclient.InventoryMove // newest first: the first page
	More  bool                      // more moves than shown
}

// Detail is an inventory item's detail page: every field, the per-currency
// retail prices and the item's moves, with archive, delete and `M`.
type Detail struct {
	*common.DetailPage[Record]
}

// NewDetail is an item's detail page.
func NewDetail(d *common.Deps, id ui.PageID) (*Detail, error) {
	page, err := common.NewDetail(d, id, common.DetailConfig[Record]{
		Noun:      "item",
		Title:     func(r *Record) string { return d.L.Tf("Item %s", r.Item.Name) },
		Fetch:     fetchRecord,
		Render:    func(r *Record, w int) string { return render(r, w, d) },
		CopyValue: func(r *Record) (string, string) { return r.Item.SKU, locale.Key("SKU") },
		CopyLabel: "copy SKU",
		Actions: []common.DetailAction[Record]{
			{Key: d.Keys.Move, Run: func(r *Record) tea.Cmd { return ui.Emit(ui.Open{ID: forms.NewMovePage(r.Item.ID)}) }},
			{Key: d.Keys.Edit, Run: func(r *Record) tea.Cmd { return ui.Emit(ui.Open{ID: forms.EditItemPage(r.Item.ID)}) }},
			{Key: archiveKey(), Run: func(r *Record) tea.Cmd { return toggleArchive(d, r.Item) }},
			{Key: d.Keys.Delete, Run: func(r *Record) tea.Cmd { return confirmDelete(d, r.Item, true) }},
			{Key: itemMovesKey(), Run: func(r *Record) tea.Cmd {
				return ui.Emit(ui.Open{ID: common.FilteredList(nav.InventoryMoves, "inventory_item_id", strconv.FormatInt(r.Item.ID, 10))})
			}},
		},
	})
	if err != nil {
		return nil, err
	}
	return &Detail{DetailPage: page}, nil
}

func fetchRecord(ctx context.Context, c *apiclient.Client, id int64) (*Record, error) {
	it, _, err := c.InventoryItems.Get(ctx, id)
	if err != nil {
		return nil, fmt.Errorf("load item %d: %w", id, err)
	}
	moves, _, err := c.InventoryMoves.List(ctx, apiclient.InventoryMoveListOptions{InventoryItemID: id})
	if err != nil {
		return nil, fmt.Errorf("load moves of item %d: %w", id, err)
	}
	sortNewestFirst(moves)
	return &Record{Item: *it, Moves: moves, More: len(moves) >= apiclient.PageSize}, nil
}

// sortNewestFirst orders moves by date, then by id, newest first.
func sortNewestFirst(ms []apiclient.InventoryMove) {
	slices.SortStableFunc(ms, func(a, b apiclient.InventoryMove) int {
		if c := b.MovedOn.Compare(a.MovedOn.Time); c != 0 {
			return c
		}
		return cmp.Compare(b.ID, a.ID)
	})
}

func render(r *Record, w int, d *common.Deps) string {
	F := common.F
	it := r.Item
	state := d.L.T("active")
	if it.Archived {
		state = d.L.T("archived")
	}
	article := it.ArticleNumber.String()
	if article != "" && it.ArticleNumberType != "" {
		article += " (" + it.ArticleNumberType + ")"
	}
	qty := d.L.T("not tracked")
	if it.TrackQuantity {
		qty = quantityCell(d, it)
		if it.BelowMinimum() {
			qty += "  " + d.L.Tf("below the minimum of %s", d.Quantity(it.MinQuantity, it.UnitName.String()))
		}
	}
	low := ""
	if it.BelowMinimum() {
		low = d.Time(it.LowQuantityDate)
	}
	head := common.RenderGroups(d, []common.Group{
		{Title: "Item", Fields: []common.Field{
			F("Name", it.Name), F("SKU", it.SKU), F("Article number", article), F("State", state),
			F("Supply type", d.L.T(forms.SupplyTypeLabel(it.SupplyType))), F("Suggest for", d.L.T(forms.SuggestForLabel(it.SuggestFor))),
		}},
		{Title: "Stock", Fields: []common.Field{
			common.Field{Label: "Quantity", Value: qty, Warn: it.TrackQuantity && it.BelowMinimum()}, F("Minimum", d.Quantity(it.MinQuantity, it.UnitName.String())),
			F("Maximum", d.Quantity(it.MaxQuantity, it.UnitName.String())), F("Unit", it.UnitName.String()),
			F("Below zero", allowed(d.L, it.AllowBelowZero, it.TrackQuantity)), F("Low since", low),
		}},
		{Title: "Prices (without VAT, account currency)", Fields: []common.Field{
			F("Retail price", d.Amount(it.NativeRetailPrice)), F("Purchase price", d.Amount(it.NativePurchasePrice)),
			F("Average purchase", d.Amount(it.AverageNativePurchasePrice)), F("VAT rate", vatRate(d.L, it.VatRate.String())),
		}},
	}, w)
	notes := common.RenderGroups(d, []common.Group{{Title: "Notes", Fields: []common.Field{
		F("Private note", it.PrivateNote.String()),
		F("Created", d.Time(it.CreatedAt)), F("Updated", d.Time(it.UpdatedAt)),
	}}}, w)
	return common.Sections(head, retailPrices(d, it.RetailPrices, w), movesTable(r, w, d), notes)
}

func allowed(l locale.Locale, b, tracked bool) string {
	if !tracked {
		return ""
	}
	if b {
		return l.T("allowed")
	}
	return l.T("not allowed")
}

func retailPrices(d *common.Deps, ps []apiclient.RetailPrice, w int) string {
	rows := make([][]string, 0, len(ps))
	for _, p := range ps {
		rows = append(rows, []string{p.Currency, d.MoneyCell(p.Amount, p.Currency)})
	}
	return common.Heading(d.L.T("Retail prices by currency"), d.Styles) + "\n" + common.RenderTable([]common.Column{
		{Title: d.L.T("Currency"), Width: 8},
		{Title: d.L.T("Amount"), Width: 14, Right: true},
	}, rows, w, d.L.T("no prices in other currencies"), d.Styles)
}

// movesTable names the moves' documents where the session knows their
// numbers (the item page spends no request on them; the moves list does).
func movesTable(r *Record, w int, d *common.Deps) string {
	st := d.Styles
	rows := make([][]string, 0, len(r.Moves))
	unit := r.Item.UnitName
	for _, m := range r.Moves {
		rows = append(rows, []string{d.Date(m.MovedOn), direction(d.L, m.Direction), d.Quantity(m.QuantityChange, unit.String()),
			d.Money(m.PurchasePrice, m.PurchaseCurrency.String()), d.Money(m.RetailPrice, m.RetailCurrency),
			documentLabel(d, m.Document, docNumber(d, m.Document))})
	}
	title := d.L.T("Moves (newest first)")
	if r.More {
		title += " · " + d.L.Tf("the newest %d, M shows all", len(r.Moves))
	}
	return common.Heading(title, st) + "\n" + common.RenderTable([]common.Column{
		{Title: d.L.T("Date"), Width: d.DateWidth()},
		{Title: d.L.T("Dir."), Width: 5},
		{Title: d.L.T("Quantity"), Width: 8, Right: true},
		{Title: d.L.T("Purchase"), Width: 10, Right: true},
		{Title: d.L.T("Retail"), Width: 10, Right: true},
		{Title: d.L.T("Document"), Width: 8, Flex: true},
	}, rows, w, d.L.T("no moves yet: an item without moves can be deleted but not archived"), st)
}

// docNumber is the known number of a move's document, or "".
func docNumber(d *common.Deps, doc *apiclient.MoveDocument) string {
	if doc == nil {
		return ""
	}
	v, _ := d.KnownName(doc.Type, doc.ID)
	return v
}
