package more

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
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
func Sending(l locale.Locale, active bool) string {
	if active {
		return "● " + l.T("on")
	}
	return "○ " + l.T("off")
}

// NewWebhooks is the webhook list: the shared list plus switching a webhook
// on and off (space/x) and deleting it (d, asks first). It follows changes
// made on a webhook's page (ui.Changed).
func NewWebhooks(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.Webhook], error) {
	toggle := d.Keys.Toggle
	toggle.SetHelp(toggle.Help().Key, locale.Key("switch on/off"))
	return common.NewList(d, id, common.ListConfig[apiclient.Webhook]{
		Kind:  nav.Webhook,
		Title: "Webhooks",
		Noun:  "webhooks",
		Columns: []table.Column{
			{Title: "Address", Width: 24, Flex: 2},
			{Title: "Sending", Width: 7, Keep: true},
			{Title: "Events", Width: 16, Flex: 1, Priority: 1},
			{Title: "Created", Width: 16, Priority: 2, Keep: true},
		},
		Cells: func(w apiclient.Webhook) []string {
			return []string{w.WebhookURL, Sending(d.L, w.Active), eventsSummary(w.Events), d.Time(w.CreatedAt)}
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

func onOff(l locale.Locale, b bool) string {
	if b {
		return l.T("on")
	}
	return l.T("off")
}

// switchHook PATCHes active to the opposite; the answer carries the
// webhook, which the list takes (its page reads it again with its failed
// deliveries). Switching off asks first: the integration behind the hook
// stops hearing of changes, silently.
func switchHook(d *common.Deps, w apiclient.Webhook) tea.Cmd {
	want := !w.Active
	run := common.Act(d, common.Action[*apiclient.Webhook]{
		What:    d.L.Tf("switch the webhook %s (%s)", onOff(d.L, want), w.WebhookURL),
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
				ui.Toast{Text: d.L.Tf("Webhook %s switched %s", now.WebhookURL, onOff(d.L, now.Active)), Kind: ui.ToastSuccess}}
		},
	})
	if want {
		return run
	}
	return ui.Emit(ui.Confirm{
		Question: d.L.Tf("Switch off the webhook to %s? Nothing is sent to it until it is switched on again.", w.WebhookURL),
		Yes:      run,
	})
}

// confirmDelete asks, then deletes; back closes the webhook's page when the
// delete started there.
func confirmDelete(d *common.Deps, w apiclient.Webhook, back bool) tea.Cmd {
	del := common.Act(d, common.Action[struct{}]{
		What:    d.L.Tf("delete the webhook (%s)", w.WebhookURL),
		Refusal: kit.Rules("webhooks"),
		Do: common.NoAnswer(func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error) {
			return c.Webhooks.Delete(ctx, w.ID)
		}),
		Done: func(struct{}) []tea.Msg {
			return common.Deleted(nav.Webhook, w.ID, d.L.Tf("Deleted webhook %s", w.WebhookURL), back)
		},
	})
	return ui.Emit(ui.Confirm{
		Question: d.L.Tf("Delete the webhook to %s? Its failed deliveries go with it; this cannot be undone.", w.WebhookURL),
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
