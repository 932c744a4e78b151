package views

import (
	"maps"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/inbox"
	"github.com/kasa-tui/kasa/views/inventory"
)

// stockMakers are the inventory and inbox pages.
func stockMakers(d *common.Deps) map[ui.Kind]ui.Maker {
	m := inventory.Makers(d)
	maps.Copy(m, inbox.Makers(d))
	return m
}
