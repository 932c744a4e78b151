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
