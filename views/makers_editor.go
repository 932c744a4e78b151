package views

import (
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/forms"
)

// editorMakers are the document editor's pages (expenses, templates,
// recurring templates, invoices); drafts go where the forms' go.
func editorMakers(d *common.Deps, draftsDir string) map[ui.Kind]ui.Maker {
	return editor.Makers(forms.Deps{Deps: d, DraftsDir: draftsDir})
}
