package common

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
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
func (c *PaymentCursor) Next(ps []apiclient.Payment, noun string) tea.Cmd {
	if len(ps) == 0 {
		return NoPayments(noun)
	}
	c.i = (min(c.i, len(ps)-1) + 1) % len(ps)
	return ui.Emit(ui.Toast{Text: fmt.Sprintf("Payment %d of %d selected", c.i+1, len(ps)), Kind: ui.ToastInfo})
}

// Table draws the payments, marking the selected one once there is a choice.
func (c *PaymentCursor) Table(ps []apiclient.Payment, width int, st ui.Styles) string {
	if len(ps) < 2 {
		return PaymentsTable(ps, width, st)
	}
	return PaymentsTableMarked(ps, min(c.i, len(ps)-1), width, st)
}

// NoPayments says a payment action has nothing to work on.
func NoPayments(noun string) tea.Cmd {
	return ui.Emit(ui.Toast{Text: "This " + noun + " has no payments", Kind: ui.ToastWarn})
}
