package expenses

import (
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// markActions are the keys that act on the marked expenses (space marks):
// p pays each in full, L locks each; each asks once and says afterwards
// what went through.
func markActions(d *common.Deps) []common.MarkAction[apiclient.Expense] {
	expenseName := func(e apiclient.Expense) string { return d.L.Tf("expense %s", e.Number) }
	return []common.MarkAction[apiclient.Expense]{
		{Key: key.NewBinding(key.WithKeys("p"), key.WithHelp("p", "pay in full (marked)")),
			Question: func(rows []apiclient.Expense) string {
				return d.L.Tf("Pay %s in full, dated today?", d.L.Nf(len(rows), "%d expense|%d expenses", len(rows)))
			},
			Run: func(rows []apiclient.Expense) tea.Cmd {
				return common.RunEach(d, locale.Key("Pay in full"), rows, expenseName, payInFull)
			}},
		{Key: key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "download attachments (marked)")),
			Question: func(rows []apiclient.Expense) string {
				n := 0
				for _, e := range rows {
					n += len(e.Attachments)
				}
				return d.L.Tf("Download the %d attachments of %s to %s?", n, d.L.Nf(len(rows), "%d expense|%d expenses", len(rows)), d.Folders.Last())
			},
			Run: func(rows []apiclient.Expense) tea.Cmd {
				dir := d.Folders.Last()
				return common.RunEach(d, locale.Key("Download attachments"), rows, expenseName,
					func(ctx context.Context, c *apiclient.Client, e apiclient.Expense) (tea.Msg, string, error) {
						return downloadAll(ctx, c, e, dir)
					})
			}},
		{Key: key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "lock (marked)")),
			Question: func(rows []apiclient.Expense) string {
				return d.L.Tf("Lock %s? Nothing on them can be changed until they are unlocked.", d.L.Nf(len(rows), "%d expense|%d expenses", len(rows)))
			},
			Run: func(rows []apiclient.Expense) tea.Cmd {
				return common.RunEach(d, locale.Key("Locking"), rows, expenseName, lockOne)
			}},
	}
}

func payInFull(ctx context.Context, c *apiclient.Client, e apiclient.Expense) (tea.Msg, string, error) {
	if e.Status == apiclient.StatusPaid {
		return nil, locale.Key("paid already"), nil
	}
	if _, _, err := c.Expenses.CreatePayment(ctx, e.ID, &apiclient.PaymentParams{}); err != nil {
		return nil, "", fmt.Errorf("pay expense %s: %w", e.Number, err)
	}
	return common.Reread(ctx, nav.Expense, e.ID, c.Expenses.Get)
}

// downloadAll saves every attachment of e into dir (in the action's Cmd),
// never overwriting a file.
func downloadAll(ctx context.Context, c *apiclient.Client, e apiclient.Expense, dir string) (tea.Msg, string, error) {
	if len(e.Attachments) == 0 {
		return nil, locale.Key("no attachments"), nil
	}
	for _, a := range e.Attachments {
		dl, _, err := c.Expenses.DownloadAttachment(ctx, e.ID, a.ID)
		if err != nil {
			return nil, "", fmt.Errorf("download %s: %w", a.Filename, err)
		}
		if _, err := common.SaveFile(dir, a.Filename, dl.Data); err != nil {
			return nil, "", err
		}
	}
	return nil, "", nil
}

func lockOne(ctx context.Context, c *apiclient.Client, e apiclient.Expense) (tea.Msg, string, error) {
	if e.Locked() {
		return nil, locale.Key("locked already"), nil
	}
	if _, err := c.Expenses.Lock(ctx, e.ID); err != nil {
		return nil, "", fmt.Errorf("lock expense %s: %w", e.Number, err)
	}
	return common.Reread(ctx, nav.Expense, e.ID, c.Expenses.Get)
}
