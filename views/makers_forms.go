package views

import (
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
)

// formMakers returns the makers of the form pages (payment, inventory move,
// invoice e-mail, subject, inventory item, webhook). draftsDir is
// config.Paths.DraftsDir(); "" keeps no drafts.
func formMakers(d *common.Deps, draftsDir string) map[ui.Kind]ui.Maker {
	return forms.Makers(forms.Deps{Deps: d, DraftsDir: draftsDir})
}
