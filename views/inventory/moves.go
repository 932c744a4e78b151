package inventory

import (
	"context"
	"strconv"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// MoveRow is a move with the name of its item and the number of its
// document (the move only carries their ids).
type MoveRow struct {
	apiclient.InventoryMove
	ItemName string
	DocName  string
}

// moveFilters are the move index's own filters (api-v3.md, Inventory moves).
var moveFilters = []common.FilterField{
	{Name: "inventory_item_id", Label: "Item id", Kind: common.FieldID},
	{Name: "since", Label: "Created since", Kind: common.FieldDate},
	{Name: "until", Label: "Created until", Kind: common.FieldDate},
}

// NewMoves is the account-wide list of inventory moves; an id of
// "inventory_item_id:12" (common.FilteredList) shows one item's moves.
func NewMoves(d *common.Deps, id ui.PageID) (*common.ListPage[MoveRow], error) {
	return common.NewList(d, id, common.ListConfig[MoveRow]{
		// Moves have no detail page: their news goes by the list's kind.
		Kind:   nav.InventoryMoves,
		Title:  "Inventory moves",
		Noun:   "moves",
		Export: "inventory_moves",
		Columns: []table.Column{
			{Title: "Date", Width: d.DateWidth(), Keep: true},
			{Title: "Item", Width: 12, Flex: 1},
			{Title: "Dir.", Width: 8, Keep: true}, // "− výdej" whole: a state is never cut
			{Title: "Quantity", Width: 8, Align: lipgloss.Right, Keep: true},
			{Title: "Purchase", Width: 12, Align: lipgloss.Right, Priority: 2, Keep: true},
			{Title: "Retail", Width: 12, Align: lipgloss.Right, Priority: 1, Keep: true},
			{Title: "Document", Width: 18, Priority: 3, Keep: true},
		},
		Cells: func(m MoveRow) []string {
			return []string{d.Date(m.MovedOn), m.ItemName, direction(d.L, m.Direction), d.Quantity(m.QuantityChange, ""),
				d.Money(m.PurchasePrice, m.PurchaseCurrency.String()), d.Money(m.RetailPrice, m.RetailCurrency),
				documentLabel(d, m.Document, m.DocName)}
		},
		Sorts: []common.Sort[MoveRow]{
			common.ByTime("date", func(m *MoveRow) time.Time { return m.MovedOn.Time }),
			common.ByText("item", func(m *MoveRow) string { return m.ItemName }),
			common.ByDecimal("quantity", func(m *MoveRow) apiclient.Decimal { return m.QuantityChange }),
		},
		ID:      func(m MoveRow) int64 { return m.ID },
		Filters: moveFilters,
		Of:      func(m MoveRow) string { return m.ItemName },
		Empty:   "No inventory moves yet. Stock received and issued, by hand or through documents, appears here.",
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]MoveRow, error) {
			ms, _, err := c.InventoryMoves.List(ctx, apiclient.InventoryMoveListOptions{
				ListOptions:     apiclient.ListOptions{Page: q.Page},
				DateFilter:      apiclient.DateFilter{Since: q.Date("since"), Until: q.Date("until")},
				InventoryItemID: q.Int("inventory_item_id"),
			})
			if err != nil {
				return nil, err
			}
			return moveRows(ctx, d, c, ms), nil
		},
		Local: store.InventoryMoves,
		FromCopy: func(ctx context.Context, c *apiclient.Client, raw [][]byte) []MoveRow {
			return moveRows(ctx, d, c, mirror.Decode[apiclient.InventoryMove](raw))
		},
		Open: moveTarget,
		Actions: []common.ListAction[MoveRow]{
			// On one item's moves, m works on the empty list too: the item
			// comes from the page's filter.
			{Key: d.Keys.Move, Always: true, Run: func(m MoveRow) tea.Cmd {
				item := m.InventoryItemID
				if item == 0 {
					item = presetItem(id)
				}
				if item == 0 {
					return ui.Emit(ui.Toast{Kind: ui.ToastInfo, Text: d.L.T("Choose a move first, or open an item's moves (M on the item) to add one")})
				}
				return ui.Emit(ui.Open{ID: forms.NewMovePage(item)})
			}},
			{Key: d.Keys.Edit, Run: func(m MoveRow) tea.Cmd {
				// A move tied to a document opens read-only, saying why.
				return ui.Emit(ui.Open{ID: forms.EditMovePage(m.InventoryItemID, m.ID)})
			}},
			{Key: d.Keys.Delete, Run: func(m MoveRow) tea.Cmd {
				if m.Document != nil {
					return ui.Emit(ui.Toast{Kind: ui.ToastWarn, Text: d.L.Tf(
						"This move belongs to %s %d and can only be changed there", d.Code(common.RecordTypes, m.Document.Type), m.Document.ID)})
				}
				return DeleteMoveCmd(d, m.InventoryItemID, m.ID, MoveName(d, m))
			}},
		},
	})
}

// presetItem is the item a moves page is fixed to (0: all items' moves).
func presetItem(id ui.PageID) int64 {
	f, err := common.ParseFilterID(id.ID)
	if err != nil {
		return 0
	}
	n, _ := strconv.ParseInt(f["inventory_item_id"], 10, 64)
	return n
}

// moveTarget is what enter on a move opens: its document when kasa has a
// page for it, else its item.
func moveTarget(m MoveRow) ui.PageID {
	if m.Document != nil {
		if id, ok := nav.Related(m.Document.Type, m.Document.ID); ok {
			return id
		}
	}
	return nav.Record(nav.InventoryItem, m.InventoryItemID)
}

// moveRows names the moves' items and documents: what the session knows,
// and what one bounded round of look-ups teaches it (common.Names.Load); an
// item still unknown shows "#id", a document its type and id.
func moveRows(ctx context.Context, d *common.Deps, c *apiclient.Client, ms []apiclient.InventoryMove) []MoveRow {
	account := ""
	if c != nil {
		account = c.AccountSlug()
	}
	refs := make([]common.Ref, 0, 2*len(ms))
	for _, m := range ms {
		refs = append(refs, common.Ref{Kind: common.NameInventoryItem, ID: m.InventoryItemID})
		if doc := m.Document; doc != nil {
			refs = append(refs, common.Ref{Kind: common.KindOf(doc.Type), ID: doc.ID})
		}
	}
	if c != nil {
		d.Names.Load(ctx, c, refs...)
	}
	rows := make([]MoveRow, len(ms))
	for i, m := range ms {
		item, _ := d.Names.Get(account, common.NameInventoryItem, m.InventoryItemID)
		if item == "" {
			item = "#" + strconv.FormatInt(m.InventoryItemID, 10)
		}
		rows[i] = MoveRow{InventoryMove: m, ItemName: item}
		if doc := m.Document; doc != nil {
			rows[i].DocName, _ = d.Names.Get(account, common.KindOf(doc.Type), doc.ID)
		}
	}
	return rows
}
