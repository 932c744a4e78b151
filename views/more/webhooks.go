package more

import (
	"context"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/more/kit"
	"github.com/kasa-tui/kasa/views/nav"
)

// Sending is a webhook's state as symbol and word.
func Sending(active bool) string {
	if active {
		return "● on"
	}
	return "○ off"
}

// NewWebhooks is the webhook list: the shared list plus switching a webhook
// on and off (space/x) and deleting it (d, asks first). It follows changes
// made on a webhook's page (ui.Changed).
func NewWebhooks(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.Webhook], error) {
	toggle := d.Keys.Toggle
	toggle.SetHelp(toggle.Help().Key, "switch on/off")
	return common.NewList(d, id, common.ListConfig[apiclient.Webhook]{
		Kind:  nav.Webhook,
		Title: "Webhooks",
		Noun:  "webhooks",
		Columns: []table.Column{
			{Title: "Address", Width: 24, Flex: 2},
			{Title: "Sending", Width: 7},
			{Title: "Events", Width: 16, Flex: 1, Priority: 1},
			{Title: "Created", Width: 16, Priority: 2},
		},
		Cells: func(w apiclient.Webhook) []string {
			return []string{w.WebhookURL, Sending(w.Active), eventsSummary(w.Events), d.Time(w.CreatedAt)}
		},
		ID: func(w apiclient.Webhook) int64 { return w.ID },
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.Webhook, error) {
			rows, _, err := c.Webhooks.List(ctx, apiclient.ListOptions{Page: q.Page})
			return rows, common.Explain(d.L, err, kit.Rules("webhooks"))
		},
		Empty: "No webhooks. A credential sees only the webhooks it made; webhooks need a paid plan.",
		Open:  func(w apiclient.Webhook) ui.PageID { return nav.Record(nav.Webhook, w.ID) },
		CopyValue: func(w apiclient.Webhook) (string, string) {
			return w.WebhookURL, "address"
		},
		CopyLabel: "copy address",
		Actions: []common.ListAction[apiclient.Webhook]{
			{Key: d.Keys.New, Always: true, Run: func(apiclient.Webhook) tea.Cmd { return ui.Emit(ui.Open{ID: forms.NewWebhookPage()}) }},
			{Key: d.Keys.Edit, Run: func(w apiclient.Webhook) tea.Cmd { return ui.Emit(ui.Open{ID: forms.EditWebhookPage(w.ID)}) }},
			{Key: toggle, Run: func(w apiclient.Webhook) tea.Cmd { return switchHook(d, w) }},
			{Key: d.Keys.Delete, Run: func(w apiclient.Webhook) tea.Cmd { return confirmDelete(d, w, false) }},
		},
	})
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// switchHook PATCHes active to the opposite; the answer carries the
// webhook, which the list takes (its page reads it again with its failed
// deliveries). Switching off asks first: the integration behind the hook
// stops hearing of changes, silently.
func switchHook(d *common.Deps, w apiclient.Webhook) tea.Cmd {
	want := !w.Active
	run := common.Act(d, common.Action[*apiclient.Webhook]{
		What:    "switch the webhook " + onOff(want) + " (" + w.WebhookURL + ")",
		Refusal: kit.Rules("webhooks"),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Webhook, error) {
			h, _, err := c.Webhooks.Update(ctx, w.ID, &apiclient.WebhookParams{Active: &want})
			return h, err
		},
		Done: func(h *apiclient.Webhook) []tea.Msg {
			now := w
			if h != nil {
				now = *h
			}
			return []tea.Msg{ui.Changed{Kind: nav.Webhook, ID: w.ID, Record: now},
				ui.Toast{Text: "Webhook " + now.WebhookURL + " switched " + onOff(now.Active), Kind: ui.ToastSuccess}}
		},
	})
	if want {
		return run
	}
	return ui.Emit(ui.Confirm{
		Question: "Switch off the webhook to " + w.WebhookURL + "? Nothing is sent to it until it is switched on again.",
		Yes:      run,
	})
}

// confirmDelete asks, then deletes; back closes the webhook's page when the
// delete started there.
func confirmDelete(d *common.Deps, w apiclient.Webhook, back bool) tea.Cmd {
	del := common.Act(d, common.Action[struct{}]{
		What:    "delete the webhook (" + w.WebhookURL + ")",
		Refusal: kit.Rules("webhooks"),
		Do: common.NoAnswer(func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.Webhooks.Delete(ctx, w.ID)
		}),
		Done: func(struct{}) []tea.Msg {
			return common.Deleted(nav.Webhook, w.ID, "Deleted webhook "+w.WebhookURL, back)
		},
	})
	return ui.Emit(ui.Confirm{
		Question: "Delete the webhook to " + w.WebhookURL + "? Its failed deliveries go with it; this cannot be undone.",
		Yes:      del,
	})
}

// eventsSummary is "invoice_paid, expense_paid +3".
func eventsSummary(evs []string) string {
	const shown = 2
	if len(evs) <= shown {
		return strings.Join(evs, ", ")
	}
	return strings.Join(evs[:shown], ", ") + " +" + strconv.Itoa(len(evs)-shown)
}
