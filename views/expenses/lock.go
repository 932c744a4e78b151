package expenses

import (
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// AskToggleLockCmd is L on an expense: locking asks first, as invoice L
// does (nothing on it can be changed until unlocked); unlocking does not.
func AskToggleLockCmd(d *common.Deps, e apiclient.Expense) tea.Cmd {
	if e.Locked() {
		return ToggleLockCmd(d, e)
	}
	return ui.Emit(ui.Confirm{Question: d.L.Tf("Lock expense %s? Nothing on it can be changed until it is unlocked.", e.Number),
		Yes: ToggleLockCmd(d, e)})
}

// ToggleLockCmd locks an unlocked expense or unlocks a locked one and says
// which with a toast. A refusal usually means the expense changed elsewhere:
// its pages then read it again to show its state now.
func ToggleLockCmd(d *common.Deps, e apiclient.Expense) tea.Cmd {
	locking := !e.Locked()
	verb, done := locale.Key("lock"), locale.Key("locked")
	if !locking {
		verb, done = locale.Key("unlock"), locale.Key("unlocked")
	}
	name := e.Number
	if name == "" {
		name = fmt.Sprint(e.ID)
	}
	news := ui.Changed{Kind: nav.Expense, ID: e.ID}
	return common.Act(d, common.Action[struct{}]{
		What: d.L.Tf("%s expense %s", d.L.T(verb), name),
		Refusal: common.Refusal{Rule: d.L.Tf("The service cannot %s expense %s now: it is probably %s already; the page now shows its current state",
			d.L.T(verb), name, d.L.T(done))},
		Do: func(ctx context.Context, c *apiclient.Client) (struct{}, error) {
			var err error
			if locking {
				_, err = c.Expenses.Lock(ctx, e.ID)
			} else {
				_, err = c.Expenses.Unlock(ctx, e.ID)
			}
			if err != nil {
				return struct{}{}, fmt.Errorf("%s expense %d: %w", verb, e.ID, err)
			}
			return struct{}{}, nil
		},
		Done: func(struct{}) []tea.Msg {
			text := d.L.Tf("Expense %s is now %s", name, d.L.T(done))
			if locking {
				text = d.L.Tf("Expense %s is now locked: it cannot be changed until unlocked", name)
			}
			return []tea.Msg{ui.Toast{Text: text, Kind: ui.ToastSuccess}, news}
		},
		// Refused or unknown, the page shows the expense as it is now.
		Failed: func(err error) []tea.Msg {
			if common.Refused(err) || common.IsUnknownOutcome(err) {
				return []tea.Msg{news}
			}
			return nil
		},
	})
}
