// Package inventory is the inventory section: the item list with its active,
// archived and low-quantity views, an item's detail with its moves, and the
// account-wide list of inventory moves.
package inventory

import (
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// Makers are the inventory pages.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.Inventory:      func(id ui.PageID) (ui.Page, error) { return NewItems(d, id) },
		nav.InventoryItem:  func(id ui.PageID) (ui.Page, error) { return NewDetail(d, id) },
		nav.InventoryMoves: func(id ui.PageID) (ui.Page, error) { return NewMoves(d, id) },
	}
}

// rootID is the inventory page; actions that change an item ask it to refresh.
func rootID() ui.PageID { return ui.PageID{Kind: nav.Inventory} }

// RefreshMsg asks an inventory page to load its data again (after an item
// was archived, unarchived or deleted elsewhere).
type RefreshMsg struct{ Page ui.PageID }

// Target implements ui.Routed.
func (m RefreshMsg) Target() ui.PageID { return m.Page }
