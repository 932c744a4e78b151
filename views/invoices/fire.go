package invoices

import (
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// The invoice's state changes (fire.json events), each on a key of its own
// that does the change the invoice's state allows: mark as sent, cancel or
// undo the cancel, lock or unlock, mark as uncollectible or undo it.
var (
	markSentKey      = key.NewBinding(key.WithKeys("M"), key.WithHelp("M", "mark as sent"))
	cancelKey        = key.NewBinding(key.WithKeys("C"), key.WithHelp("C", "cancel/undo cancel"))
	lockKey          = key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "lock/unlock"))
	uncollectibleKey = key.NewBinding(key.WithKeys("U"), key.WithHelp("U", "uncollectible/undo"))
)

// fireEvent is one state change: its event, what it is in words, and
// the question asked first (none for one that is easily undone).
type fireEvent struct {
	event, what, done, question string
}

func fireActions(d *common.Deps) []common.DetailAction[apiclient.Invoice] {
	run := func(pick func(i *apiclient.Invoice) fireEvent) func(i *apiclient.Invoice) tea.Cmd {
		return func(i *apiclient.Invoice) tea.Cmd { return FireCmd(d, i, pick(i)) }
	}
	return []common.DetailAction[apiclient.Invoice]{
		{Key: markSentKey, Offered: notSent, Run: run(func(i *apiclient.Invoice) fireEvent {
			// It cannot be undone: asked, as every such action is.
			return fireEvent{apiclient.InvoiceEventMarkAsSent, locale.Key("mark as sent"), locale.Key("marked as sent"),
				d.L.Tf("Mark invoice %s as sent without sending it? This cannot be undone.", i.Number)}
		})},
		{Key: cancelKey, Run: run(func(i *apiclient.Invoice) fireEvent {
			if i.Status == "cancelled" {
				return fireEvent{apiclient.InvoiceEventUndoCancel, locale.Key("undo the cancel of"), locale.Key("open again"), ""}
			}
			return fireEvent{apiclient.InvoiceEventCancel, locale.Key("cancel"), locale.Key("cancelled"),
				d.L.Tf("Cancel invoice %s? It stays in the books as cancelled (undo with C).", i.Number)}
		})},
		{Key: lockKey, Run: run(func(i *apiclient.Invoice) fireEvent {
			if !i.LockedAt.IsZero() {
				return fireEvent{apiclient.InvoiceEventUnlock, locale.Key("unlock"), locale.Key("unlocked"), ""}
			}
			return fireEvent{apiclient.InvoiceEventLock, locale.Key("lock"), locale.Key("locked"),
				d.L.Tf("Lock invoice %s? Nothing on it can be changed until it is unlocked.", i.Number)}
		})},
		{Key: uncollectibleKey, Run: run(func(i *apiclient.Invoice) fireEvent {
			if i.Status == "uncollectible" {
				return fireEvent{apiclient.InvoiceEventUndoUncollectible, locale.Key("undo uncollectible on"), locale.Key("collectible again"), ""}
			}
			return fireEvent{apiclient.InvoiceEventMarkAsUncollectible, locale.Key("mark as uncollectible"), locale.Key("marked as uncollectible"),
				d.L.Tf("Mark invoice %s as uncollectible? It leaves the overdue ones (undo with U).", i.Number)}
		})},
	}
}

// notSent: mark as sent is offered on an invoice not sent yet (open, or
// overdue without an e-mail), not on one sent, paid or cancelled.
func notSent(i *apiclient.Invoice) bool {
	return i.SentAt.IsZero() && (i.Status == apiclient.InvoiceOpen || i.Status == apiclient.InvoiceOverdue)
}

// FireCmd fires ev on invoice i (asking first when ev has a question),
// reads the invoice again and announces it with its record, so its list and
// page show the new state without a list request.
func FireCmd(d *common.Deps, i *apiclient.Invoice, ev fireEvent) tea.Cmd {
	id, number := i.ID, i.Number
	if !i.LockedAt.IsZero() && ev.event == apiclient.InvoiceEventCancel {
		// The service would refuse "in its state": say which state.
		return ui.Emit(ui.Toast{Kind: ui.ToastWarn, Text: d.L.Tf("Invoice %s is locked: unlock it first (L); nothing was changed.", number)})
	}
	run := common.Act(d, common.Action[*apiclient.Invoice]{
		What: d.L.Tf("%s invoice %s", d.L.T(ev.what), number),
		Refusal: common.Refusal{Rule: d.L.Tf("The service cannot %s invoice %s in its state now", d.L.T(ev.what), number),
			Resource: "event",
			Codes:    map[string]string{apiclient.RefusalDocumentLocked: d.L.T("The invoice is locked; unlock it first (L)")}},
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Invoice, error) {
			if _, err := c.Invoices.Fire(ctx, id, ev.event); err != nil {
				return nil, fmt.Errorf("%s invoice %d: %w", ev.event, id, err)
			}
			got, _, err := c.Invoices.Get(ctx, id)
			if err != nil {
				return nil, fmt.Errorf("read invoice %d again: %w", id, err)
			}
			return got, nil
		},
		Done: func(got *apiclient.Invoice) []tea.Msg {
			return []tea.Msg{ui.Changed{Kind: nav.Invoice, ID: id, Record: got},
				ui.Toast{Text: d.L.Tf("Invoice %s is %s", number, d.L.T(ev.done)), Kind: ui.ToastSuccess}}
		},
	})
	if ev.question == "" {
		return run
	}
	return ui.Emit(ui.Confirm{Question: ev.question, Yes: run})
}
