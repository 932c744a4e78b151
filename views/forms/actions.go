package forms

import (
	"context"
	"errors"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// Record actions the detail pages bind: each asks first where it destroys,
// then reports with a toast and Saved (or the error panel, in words).

// DeletePaymentCmd asks, naming the payment, then removes it from the document
// (docKind nav.Invoice or nav.Expense).
func DeletePaymentCmd(d *common.Deps, docKind ui.Kind, docID int64, pay apiclient.Payment) tea.Cmd {
	paymentID := pay.ID
	noun := "invoice"
	if docKind == nav.Expense {
		noun = "expense"
	}
	var run tea.Cmd
	run = actionCall(d, func(ctx context.Context, c *apiclient.Client) tea.Msg {
		var err error
		if docKind == nav.Expense {
			_, err = c.Expenses.DeletePayment(ctx, docID, paymentID)
		} else {
			_, err = c.Invoices.DeletePayment(ctx, docID, paymentID)
		}
		if err != nil {
			return ui.ShowError{What: "remove the payment", Err: actionError(err, noun), Retry: run}
		}
		return tea.BatchMsg{
			ui.Emit(ui.Toast{Text: fmt.Sprintf("The payment was removed from the %s", noun), Kind: ui.ToastSuccess}),
			ui.Emit(Saved{Page: nav.Record(docKind, docID)}),
		}
	})
	q := fmt.Sprintf("Remove the payment of %s paid on %s from the %s?", common.Money(pay.Amount, pay.Currency), common.Date(pay.PaidOn), noun)
	return ui.Emit(ui.Confirm{Question: q, Yes: run})
}

// CreateTaxDocumentCmd creates a tax document from a payment of an invoice
// and opens it.
func CreateTaxDocumentCmd(d *common.Deps, invoiceID, paymentID int64) tea.Cmd {
	var run tea.Cmd
	run = actionCall(d, func(ctx context.Context, c *apiclient.Client) tea.Msg {
		p, _, err := c.Invoices.CreateTaxDocument(ctx, invoiceID, paymentID)
		if err != nil {
			var ve *apiclient.ValidationError
			if errors.As(err, &ve) && len(ve.Fields["document"]) > 0 {
				err = fmt.Errorf("the service cannot create a tax document for this payment: %s", strings.Join(ve.Fields["document"], "; "))
			} else {
				err = actionError(err, "invoice")
			}
			return ui.ShowError{What: "create the tax document", Err: err, Retry: run}
		}
		msgs := tea.BatchMsg{
			ui.Emit(ui.Toast{Text: "The tax document was created", Kind: ui.ToastSuccess}),
			ui.Emit(Saved{Page: nav.Record(nav.Invoice, invoiceID)}),
		}
		if p.TaxDocumentID != nil {
			msgs = append(msgs, ui.Emit(ui.Open{ID: nav.Record(nav.Invoice, *p.TaxDocumentID)}))
		}
		return msgs
	})
	return run
}

// DeleteMoveCmd asks, then deletes move moveID of item itemID.
func DeleteMoveCmd(d *common.Deps, itemID, moveID int64) tea.Cmd {
	var run tea.Cmd
	run = actionCall(d, func(ctx context.Context, c *apiclient.Client) tea.Msg {
		if _, err := c.InventoryMoves.Delete(ctx, itemID, moveID); err != nil {
			var re *apiclient.RefusalError
			if errors.As(err, &re) {
				err = errors.New("this move belongs to a document and can only be changed there")
			} else {
				err = actionError(err, "move")
			}
			return ui.ShowError{What: "delete the move", Err: err, Retry: run}
		}
		return tea.BatchMsg{
			ui.Emit(ui.Toast{Text: "The move was deleted", Kind: ui.ToastSuccess}),
			ui.Emit(Saved{Page: nav.Record(nav.InventoryItem, itemID)}),
			ui.Emit(ui.AutoRefresh{}),
		}
	})
	return ui.Emit(ui.Confirm{Question: "Delete this inventory move?", Yes: run})
}

// actionError puts a failed action in words.
func actionError(err error, noun string) error {
	var re *apiclient.RefusalError
	var ve *apiclient.ValidationError
	switch {
	case errors.As(err, &re) && re.Code == apiclient.RefusalForbidden:
		return fmt.Errorf("payments cannot be changed on a cancelled %s", noun)
	case errors.As(err, &re) && re.Code == apiclient.RefusalDocumentLocked:
		return fmt.Errorf("the %s is locked; unlock it first", noun)
	case errors.As(err, &ve):
		return fmt.Errorf("the service refused: %s", describe(&ve.ErrorResponse))
	case errors.Is(err, apiclient.ErrOutcomeUnknown):
		return errors.New("the connection dropped: reload the record to see whether it was done")
	}
	var er *apiclient.ErrorResponse
	if errors.As(err, &er) {
		return errors.New(common.FaultReason(err))
	}
	return err
}

func actionCall(d *common.Deps, f func(ctx context.Context, c *apiclient.Client) tea.Msg) tea.Cmd {
	return Deps{Deps: d}.call(f)
}
