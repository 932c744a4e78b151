package invoices

import (
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// markActions are the keys that act on the marked invoices (space marks):
// p pays each in full, L locks each. Each asks once, with the count and the
// sum, and says afterwards what went through.
func markActions(d *common.Deps) []common.MarkAction[apiclient.Invoice] {
	invoiceName := func(i apiclient.Invoice) string { return d.L.Tf("invoice %s", i.Number) }
	return []common.MarkAction[apiclient.Invoice]{
		payMarkAction(d, invoiceName),
		{Key: key.NewBinding(key.WithKeys("s"), key.WithHelp("s", "send by e-mail (marked)")),
			Question: func(rows []apiclient.Invoice) string {
				overdue := 0
				for _, i := range rows {
					if i.Status == apiclient.InvoiceOverdue {
						overdue++
					}
				}
				q := d.L.Tf("Send %s by e-mail with the account's texts (the overdue reminder for %d overdue)?", d.L.Nf(len(rows), "%d invoice|%d invoices", len(rows)), overdue)
				if recent := recentReminders(d, rows); len(recent) > 0 {
					q += " " + d.L.Tf("Reminded within the last 7 days already: %s.", strings.Join(recent, ", "))
				}
				return q
			},
			Run: func(rows []apiclient.Invoice) tea.Cmd {
				return common.RunEach(d, locale.Key("Send by e-mail"), rows, invoiceName, sendMail)
			}},
		pdfMarkAction(d, invoiceName),
		{Key: key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "lock (marked)")),
			Question: func(rows []apiclient.Invoice) string {
				return d.L.Tf("Lock %s? Nothing on them can be changed until they are unlocked.", d.L.Nf(len(rows), "%d invoice|%d invoices", len(rows)))
			},
			Run: func(rows []apiclient.Invoice) tea.Cmd {
				return common.RunEach(d, locale.Key("Locking"), rows, invoiceName, lock)
			}},
	}
}

// remaining sums what remains to pay, per currency.
func remaining(d *common.Deps, rows []apiclient.Invoice) string {
	sums := map[string]apiclient.Decimal{}
	var order []string
	for _, i := range rows {
		a := amounts(i)
		prev, ok := sums[a.Currency]
		if !ok {
			order = append(order, a.Currency)
		}
		sums[a.Currency] = apiclient.Amount(prev.Dec().Add(a.Remaining))
	}
	parts := make([]string, len(order))
	for k, c := range order {
		parts[k] = d.Money(sums[c], c)
	}
	return strings.Join(parts, ", ")
}

// sendMail sends the invoice with the account's texts: the service takes
// the overdue reminder for an overdue invoice (replace_with_defaults), so
// dunning from the overdue filter is one key.
func sendMail(ctx context.Context, c *apiclient.Client, i apiclient.Invoice) (tea.Msg, string, error) {
	if _, err := c.Invoices.SendMessage(ctx, i.ID, &apiclient.InvoiceMessage{}); err != nil {
		return nil, "", fmt.Errorf("send invoice %s: %w", i.Number, err)
	}
	return common.Reread(ctx, nav.Invoice, i.ID, c.Invoices.Get)
}

func lock(ctx context.Context, c *apiclient.Client, i apiclient.Invoice) (tea.Msg, string, error) {
	if !i.LockedAt.IsZero() {
		return nil, locale.Key("locked already"), nil
	}
	if _, err := c.Invoices.Fire(ctx, i.ID, apiclient.InvoiceEventLock); err != nil {
		return nil, "", fmt.Errorf("lock invoice %s: %w", i.Number, err)
	}
	return common.Reread(ctx, nav.Invoice, i.ID, c.Invoices.Get)
}
