package views

import (
	"maps"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/events"
	"github.com/kasa-tui/kasa/views/more"
	"github.com/kasa-tui/kasa/views/todos"
)

// moreMakers are the pages of sections 6 to 8: to-dos, events and the More
// menu with the pages it opens.
func moreMakers(d *common.Deps) map[ui.Kind]ui.Maker {
	m := map[ui.Kind]ui.Maker{}
	maps.Copy(m, todos.Makers(d))
	maps.Copy(m, events.Makers(d))
	maps.Copy(m, more.Makers(d))
	return m
}
