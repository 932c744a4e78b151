package invoices

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
)

// correctionKey makes a correction (opravný daňový doklad) of the invoice
// in the editor: O, the Czech name's first letter, free on every page of
// documents.
var correctionKey = key.NewBinding(key.WithKeys("O"), key.WithHelp("O", "make a correction"))

// correctionAction is O on an invoice's page: offered on the documents a
// correction can be made of (not a proforma, not a correction). An invoice
// corrected already asks first, naming its correction.
func correctionAction(d *common.Deps) common.DetailAction[apiclient.Invoice] {
	return common.DetailAction[apiclient.Invoice]{Key: correctionKey,
		Offered: func(i *apiclient.Invoice) bool { ok, _ := editor.Correctable(d.L, i); return ok },
		Run: func(i *apiclient.Invoice) tea.Cmd {
			if ok, why := editor.Correctable(d.L, i); !ok {
				return ui.Emit(ui.Toast{Kind: ui.ToastWarn, Text: why})
			}
			open := ui.Emit(ui.Open{ID: editor.CorrectionPage(i.ID)})
			if i.CorrectionID != nil {
				return ui.Emit(ui.Confirm{Yes: open, Question: d.L.Tf("Invoice %s has a correction already (%s). Make another one?",
					i.Number, related(d, i.CorrectionID))})
			}
			return open
		}}
}
