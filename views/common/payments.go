package common

import (
	"context"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// PaymentCursor is the payment a document's detail page acts on (remove it,
// make a tax document from it). The zero value selects the first payment.
type PaymentCursor struct{ i int }

// Selected is the chosen payment; false when the document has none.
func (c *PaymentCursor) Selected(ps []apiclient.Payment) (apiclient.Payment, bool) {
	if len(ps) == 0 {
		return apiclient.Payment{}, false
	}
	return ps[min(c.i, len(ps)-1)], true
}

// Next selects the following payment (wrapping) and says which is selected.
func (c *PaymentCursor) Next(d *Deps, ps []apiclient.Payment, noun string) tea.Cmd {
	if len(ps) == 0 {
		return NoPayments(d, noun)
	}
	c.i = (min(c.i, len(ps)-1) + 1) % len(ps)
	return ui.Emit(ui.Toast{Text: d.L.Tf("Payment %d of %d selected", c.i+1, len(ps)), Kind: ui.ToastInfo})
}

// Table draws the payments, marking the selected one once there is a choice.
func (c *PaymentCursor) Table(ps []apiclient.Payment, width int, st ui.Styles, d *Deps) string {
	if len(ps) < 2 {
		return PaymentsTable(ps, width, st, d)
	}
	return PaymentsTableMarked(ps, min(c.i, len(ps)-1), width, st, d)
}

// NoPayments says a payment action has nothing to work on.
func NoPayments(d *Deps, noun string) tea.Cmd {
	return ui.Emit(ui.Toast{Text: d.L.Tf("This %s has no payments", d.L.T(noun)), Kind: ui.ToastWarn})
}

// DeletePaymentCmd asks, naming the payment, then removes it from the
// document (docKind nav.Invoice or nav.Expense) and announces the document
// as the service has it after that.
func DeletePaymentCmd(d *Deps, docKind ui.Kind, docID int64, pay apiclient.Payment) tea.Cmd {
	noun := d.L.T("invoice")
	if docKind == nav.Expense {
		noun = d.L.T("expense")
	}
	run := Act(d, Action[ui.Changed]{
		What: d.L.T("remove the payment"),
		Refusal: Refusal{Codes: map[string]string{
			apiclient.RefusalForbidden:      d.L.Tf("Payments cannot be changed on a cancelled %s", noun),
			apiclient.RefusalDocumentLocked: d.L.Tf("The %s is locked; unlock it first", noun),
		}},
		Do: func(ctx context.Context, c *apiclient.Client) (ui.Changed, error) {
			var err error
			if docKind == nav.Expense {
				_, err = c.Expenses.DeletePayment(ctx, docID, pay.ID)
			} else {
				_, err = c.Invoices.DeletePayment(ctx, docID, pay.ID)
			}
			if err != nil {
				return ui.Changed{}, fmt.Errorf("remove payment %d of %s %d: %w", pay.ID, noun, docID, err)
			}
			return DocumentChanged(ctx, c, docKind, docID), nil
		},
		Done: func(ch ui.Changed) []tea.Msg {
			return []tea.Msg{ui.Toast{Text: d.L.Tf("The payment was removed from the %s", noun), Kind: ui.ToastSuccess}, ch}
		},
	})
	q := d.L.Tf("Remove the payment of %s paid on %s from the %s?", d.Money(pay.Amount, pay.Currency), d.Date(pay.PaidOn), noun)
	return ui.Emit(ui.Confirm{Question: q, Yes: run})
}

// DocumentChanged is the news of an invoice or an expense whose payments
// changed. The answer to a payment request is not the document, so it is
// read again at once: its pages, and the list underneath, then show the new
// status ("paid") without a request of their own. When that read fails the
// news goes without the record and they read it themselves.
func DocumentChanged(ctx context.Context, c *apiclient.Client, kind ui.Kind, id int64) ui.Changed {
	ch := ui.Changed{Kind: kind, ID: id}
	if kind == nav.Expense {
		if e, _, err := c.Expenses.Get(ctx, id); err == nil {
			ch.Record = e
		}
	} else if inv, _, err := c.Invoices.Get(ctx, id); err == nil {
		ch.Record = inv
	}
	return ch
}
