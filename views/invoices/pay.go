package invoices

import (
	"context"
	"fmt"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// payMarkAction is p on marked invoices: it pays each in full. Paying marks
// an invoice paid, and the service then sends the customer a thank-you
// e-mail when the account says so; the question says whether they go out
// (it reads the account's setting first, in the Cmd) and offers to pay
// without them for this run.
func payMarkAction(d *common.Deps, name func(apiclient.Invoice) string) common.MarkAction[apiclient.Invoice] {
	return common.MarkAction[apiclient.Invoice]{Key: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pay in full (marked)")),
		Nothing: func(rows []apiclient.Invoice) string {
			for _, i := range rows {
				if i.Status != apiclient.InvoicePaid {
					return ""
				}
			}
			return d.L.Nf(len(rows), "Nothing to pay: the invoice is paid already.|Nothing to pay: the %d invoices are paid already.", len(rows))
		},
		Run: func(rows []apiclient.Invoice) tea.Cmd {
			return func() tea.Msg {
				acct, st, err := common.Do(d, func(ctx context.Context, c *apiclient.Client) (*apiclient.Account, error) {
					a, _, err := c.Account.Get(ctx)
					return a, err
				})
				if err != nil {
					return common.Sequence(st, ui.ShowError{What: d.L.T("read account settings"), Err: common.Explain(d.L, err, common.Refusal{})})
				}
				pay := func(thankYou *bool) tea.Cmd {
					return common.RunEach(d, locale.Key("Pay in full"), rows, name,
						func(ctx context.Context, c *apiclient.Client, i apiclient.Invoice) (tea.Msg, string, error) {
							return payInFull(ctx, c, i, thankYou)
						})
				}
				q := ui.Confirm{Question: payQuestion(d, rows) + " " + d.L.T("No thank-you e-mails go out (the account's setting)."), Yes: pay(nil)}
				if acct.SendThankYouEmail {
					q.Question = payQuestion(d, rows) + " " + d.L.T("Each customer gets a thank-you e-mail (the account's setting).")
					q.Alt, q.AltLabel = pay(apiclient.Ptr(false)), d.L.T("Pay without e-mails")
				}
				return common.Sequence(st, q)
			}
		}}
}

// payQuestion asks to pay the unpaid among rows, with the sum; those paid
// already are left out (payInFull) and the question says so.
func payQuestion(d *common.Deps, rows []apiclient.Invoice) string {
	var due []apiclient.Invoice
	for _, i := range rows {
		if i.Status != apiclient.InvoicePaid {
			due = append(due, i)
		}
	}
	q := d.L.Tf("Pay %s in full (%s), dated today?", d.L.Nf(len(due), "%d invoice|%d invoices", len(due)), remaining(d, due))
	if paid := len(rows) - len(due); paid > 0 {
		q += " " + d.L.Nf(paid, "%d marked is paid already and is left out.|%d marked are paid already and are left out.", paid)
	}
	return q
}

// payInFull records a payment of what remains (the service's default) and
// reads the invoice again for the news. thankYou nil leaves the thank-you
// e-mail to the account's setting; false sends none.
func payInFull(ctx context.Context, c *apiclient.Client, i apiclient.Invoice, thankYou *bool) (tea.Msg, string, error) {
	if i.Status == apiclient.InvoicePaid {
		return nil, locale.Key("paid already"), nil
	}
	if _, _, err := c.Invoices.CreatePayment(ctx, i.ID, &apiclient.PaymentParams{SendThankYouEmail: thankYou}); err != nil {
		return nil, "", fmt.Errorf("pay invoice %s: %w", i.Number, err)
	}
	return common.Reread(ctx, nav.Invoice, i.ID, c.Invoices.Get)
}
