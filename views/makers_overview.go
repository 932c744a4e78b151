package views

import (
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/overview"
)

// overviewMakers make the overview of the books (section 0) and the list
// of the documents behind each of its figures.
func overviewMakers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.Overview:   func(id ui.PageID) (ui.Page, error) { return overview.New(d, id), nil },
		nav.FigureDocs: func(id ui.PageID) (ui.Page, error) { return overview.NewFigureDocs(d, id) },
	}
}
