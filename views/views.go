// Package views holds kasa's pages, one folder per resource; Makers hands
// them to the shell.
package views

import (
	"maps"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/expenses"
	"github.com/kasa-tui/kasa/views/invoices"
	"github.com/kasa-tui/kasa/views/subjects"
)

// Makers returns the makers of every page built so far, keyed by kind.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker {
	m := map[ui.Kind]ui.Maker{}
	maps.Copy(m, subjects.Makers(d))
	maps.Copy(m, invoices.Makers(d))
	maps.Copy(m, expenses.Makers(d))
	maps.Copy(m, stockMakers(d)) // makers_stock.go: inventory and inbox
	maps.Copy(m, formMakers(d, d.DraftsDir))
	maps.Copy(m, editorMakers(d, d.DraftsDir))
	maps.Copy(m, moreMakers(d)) // makers_more.go: to-dos, events and the More section
	maps.Copy(m, monitorMakers(d))
	maps.Copy(m, overviewMakers(d)) // makers_overview.go: section 0
	return m
}
