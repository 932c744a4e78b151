package views

import (
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editforms"
)

// editFormMakers returns the makers of the create and edit forms (subject,
// inventory item, webhook). draftsDir is config.Paths.DraftsDir(), as for
// formMakers; "" keeps no drafts.
func editFormMakers(d *common.Deps, draftsDir string) map[ui.Kind]ui.Maker {
	return editforms.Makers(editforms.Deps{Deps: d, DraftsDir: draftsDir})
}
