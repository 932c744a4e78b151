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

// hookChanged tells a webhook page that a webhook changed or is gone; it
// is routed to the list as well, so the list never shows a deleted one.
type hookChanged struct {
	Hook    apiclient.Webhook
	Deleted bool
}

// webhookList is the list's PageID (changes made on a detail page go there).
var webhookList = ui.PageID{Kind: nav.Webhooks}

// Webhooks is the webhook list: the shared list plus switching a webhook on
// and off (space/x) and deleting it (d, asks first).
type Webhooks struct {
	*common.ListPage[apiclient.Webhook]
	d *common.Deps
}

// NewWebhooks is the webhook list.
func NewWebhooks(d *common.Deps, id ui.PageID) (*Webhooks, error) {
	p := &Webhooks{d: d}
	toggle := d.Keys.Toggle
	toggle.SetHelp(toggle.Help().Key, "switch on/off")
	list, err := common.NewList(d, id, common.ListConfig[apiclient.Webhook]{
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
			return []string{w.WebhookURL, Sending(w.Active), eventsSummary(w.Events), common.Time(w.CreatedAt, d.Loc)}
		},
		ID: func(w apiclient.Webhook) int64 { return w.ID },
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.Webhook, error) {
			rows, _, err := c.Webhooks.List(ctx, apiclient.ListOptions{Page: q.Page})
			return rows, kit.Explained("webhooks", err)
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
			{Key: toggle, Run: func(w apiclient.Webhook) tea.Cmd { return switchHook(d, id, w) }},
			{Key: d.Keys.Delete, Run: func(w apiclient.Webhook) tea.Cmd { return confirmDelete(d, id, w) }},
		},
	})
	if err != nil {
		return nil, err
	}
	p.ListPage = list
	return p, nil
}

// Update takes the answers of switching and deleting; the rest is the list's.
func (p *Webhooks) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.Result[hookChanged]:
		return tea.Batch(common.StatusCmd(msg), p.changed(msg))
	}
	return p.ListPage.Update(msg)
}

func (p *Webhooks) changed(r common.Result[hookChanged]) tea.Cmd {
	if r.Err != nil {
		return hookError(r)
	}
	id := strconv.FormatInt(r.Value.Hook.ID, 10)
	if r.Value.Deleted {
		p.Table().RemoveID(id)
	} else {
		p.Table().UpdateRow(r.Value.Hook)
	}
	if r.Req != 0 { // the list's own request, not a detail page's news
		return hookDone(r.Value)
	}
	return nil
}

// hookError says why a change failed, with the rule behind a refusal.
func hookError(r common.Result[hookChanged]) tea.Cmd {
	what := "switch the webhook " + onOff(!r.Value.Hook.Active)
	if r.Value.Deleted {
		what = "delete the webhook"
	}
	return ui.Emit(ui.ShowError{What: what + " (" + r.Value.Hook.WebhookURL + ")", Err: kit.Explained("webhooks", r.Err)})
}

func hookDone(v hookChanged) tea.Cmd {
	text := "Webhook " + v.Hook.WebhookURL + " switched " + onOff(v.Hook.Active)
	if v.Deleted {
		text = "Deleted webhook " + v.Hook.WebhookURL
	}
	return ui.Emit(ui.Toast{Text: text, Kind: ui.ToastSuccess})
}

func onOff(b bool) string {
	if b {
		return "on"
	}
	return "off"
}

// switchHook PATCHes active to the opposite; the answer goes to page.
// Request id 1 marks an answer to the page's own request.
func switchHook(d *common.Deps, page ui.PageID, w apiclient.Webhook) tea.Cmd {
	want := !w.Active
	return common.Call(d, page, 1, func(ctx context.Context, c *apiclient.Client) (hookChanged, error) {
		h, _, err := c.Webhooks.Update(ctx, w.ID, &apiclient.WebhookParams{Active: &want})
		if err != nil || h == nil {
			return hookChanged{Hook: w}, err
		}
		return hookChanged{Hook: *h}, nil
	})
}

// confirmDelete asks, then deletes.
func confirmDelete(d *common.Deps, page ui.PageID, w apiclient.Webhook) tea.Cmd {
	del := common.Call(d, page, 1, func(ctx context.Context, c *apiclient.Client) (hookChanged, error) {
		_, err := c.Webhooks.Delete(ctx, w.ID)
		return hookChanged{Hook: w, Deleted: true}, err
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
