package invoices

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// CreateTaxDocumentCmd creates a tax document from a payment of an invoice
// and opens it.
func CreateTaxDocumentCmd(d *common.Deps, invoiceID, paymentID int64) tea.Cmd {
	return common.Act(d, common.Action[*apiclient.Payment]{
		What: d.L.T("create the tax document"),
		Refusal: common.Refusal{
			Rule:     d.L.T("The service cannot create a tax document for this payment"),
			Resource: "document",
			Codes: map[string]string{
				apiclient.RefusalForbidden:      d.L.T("Payments cannot be changed on a cancelled invoice"),
				apiclient.RefusalDocumentLocked: d.L.T("The invoice is locked; unlock it first"),
			},
		},
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Payment, error) {
			p, _, err := c.Invoices.CreateTaxDocument(ctx, invoiceID, paymentID)
			if err != nil {
				return nil, fmt.Errorf("create a tax document from payment %d of invoice %d: %w", paymentID, invoiceID, err)
			}
			return p, nil
		},
		Done: func(p *apiclient.Payment) []tea.Msg {
			msgs := []tea.Msg{
				ui.Toast{Text: d.L.T("The tax document was created"), Kind: ui.ToastSuccess},
				// The payment now names its tax document.
				ui.Changed{Kind: nav.Invoice, ID: invoiceID},
			}
			if p.TaxDocumentID != nil {
				msgs = append(msgs, ui.Changed{Kind: nav.Invoice, ID: *p.TaxDocumentID, Op: ui.ChangeCreated},
					ui.Open{ID: nav.Record(nav.Invoice, *p.TaxDocumentID)})
			}
			return msgs
		},
	})
}
