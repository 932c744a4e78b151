package more

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"strconv"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/more/kit"
)

// HookDetail is a webhook with its failed deliveries; FailedErr says why
// those could not be read (the webhook itself still shows).
type HookDetail struct {
	apiclient.Webhook
	Failed    []apiclient.FailedDelivery
	FailedErr error
}

// Webhook is a webhook's detail page: its address, events and failed
// deliveries with each attempt; space/x switches it, d deletes it.
type Webhook struct {
	*common.DetailPage[HookDetail]
	d *common.Deps
}

// NewWebhook is a webhook's detail page.
func NewWebhook(d *common.Deps, id ui.PageID) (*Webhook, error) {
	p := &Webhook{d: d}
	toggle := d.Keys.Toggle
	toggle.SetHelp(toggle.Help().Key, locale.Key("switch on/off"))
	page, err := common.NewDetail(d, id, common.DetailConfig[HookDetail]{
		Noun:  "webhook",
		Title: func(h *HookDetail) string { return d.L.Tf("Webhook %s", h.WebhookURL) },
		Fetch: func(ctx context.Context, c *apiclient.Client, id int64) (*HookDetail, error) {
			return fetchHook(ctx, d.L, c, id)
		},
		Render: func(h *HookDetail, w int) string {
			return renderHook(h, w, d)
		},
		CopyValue: func(h *HookDetail) (string, string) { return h.WebhookURL, "address" },
		CopyLabel: "copy address",
		Actions: []common.DetailAction[HookDetail]{
			{Key: d.Keys.Edit, Run: func(h *HookDetail) tea.Cmd { return ui.Emit(ui.Open{ID: forms.EditWebhookPage(h.ID)}) }},
			{Key: toggle, Run: func(h *HookDetail) tea.Cmd { return switchHook(d, h.Webhook) }},
			{Key: d.Keys.Delete, Run: func(h *HookDetail) tea.Cmd { return confirmDelete(d, h.Webhook, true) }},
		},
	})
	if err != nil {
		return nil, err
	}
	p.DetailPage = page
	return p, nil
}

// fetchHook reads the webhook, then its failed deliveries.
func fetchHook(ctx context.Context, l locale.Locale, c *apiclient.Client, id int64) (*HookDetail, error) {
	w, _, err := c.Webhooks.Get(ctx, id)
	if err != nil {
		return nil, common.Explain(l, err, kit.Rules("webhooks"))
	}
	h := &HookDetail{Webhook: *w}
	if w.FailedDeliveriesUUID != "" {
		h.Failed, _, h.FailedErr = c.Webhooks.FailedDeliveries(ctx, w.FailedDeliveriesUUID)
	}
	return h, nil
}

func renderHook(h *HookDetail, w int, d *common.Deps) string {
	F := common.F
	st := d.Styles
	auth := d.L.T("not set")
	if h.AuthHeader != "" {
		auth = d.L.T("set (hidden: it is a secret)")
	}
	head := common.RenderGroups(d, []common.Group{{Title: "Webhook", Fields: []common.Field{
		F("Address", h.WebhookURL), F("Sending", Sending(d.L, h.Active)), F("Authorization", auth),
		F("Created", d.Time(h.CreatedAt)), F("Updated", d.Time(h.UpdatedAt)),
	}}}, w)
	events := common.Heading(d.L.T("Events")+" ("+strconv.Itoa(len(h.Events))+")", st) + "\n" +
		strings.Join(kit.Wrap(strings.Join(h.Events, ", "), max(10, w-2), 1000), "\n")
	if len(h.Events) == 0 {
		events = common.Heading(d.L.T("Events"), st) + "\n  " + st.Muted.Render(d.L.T("none"))
	} else {
		events = indent(events)
	}
	return common.Sections(head, events, renderFailed(h, w, d))
}

// renderFailed lists the failed deliveries (kept 60 days), each with its
// attempts: when, the receiver's status and the start of its answer.
func renderFailed(h *HookDetail, w int, d *common.Deps) string {
	st := d.Styles
	title := common.Heading(d.L.Tf("Failed deliveries (%d, kept 60 days)", len(h.Failed)), st)
	if h.FailedErr != nil {
		return title + "\n  " + st.Error.Render("✕ "+d.L.Tf("Could not load them: %v", common.Explain(d.L, h.FailedErr, kit.Rules("webhooks"))))
	}
	if len(h.Failed) == 0 {
		return title + "\n  " + st.Muted.Render(d.L.T("none: every event was delivered"))
	}
	parts := []string{title}
	for _, f := range h.Failed {
		rows := make([][]string, 0, len(f.Deliveries))
		for _, a := range f.Deliveries {
			rows = append(rows, []string{d.Time(a.StartedAt), attemptStatus(d.L, a.ResponseStatus), response(a)})
		}
		parts = append(parts, "  "+f.EventName+st.Muted.Render("  "+d.Time(f.CreatedAt)+" · "+
			d.L.Nf(len(f.Deliveries), "%d attempt, latest first|%d attempts, latest first", len(f.Deliveries))),
			common.RenderTable([]common.Column{
				{Title: d.L.T("Started"), Width: 16},
				{Title: d.L.T("Status"), Width: 16},
				{Title: d.L.T("Response"), Width: 10, Flex: true},
			}, rows, w, d.L.T("no attempts recorded"), st))
	}
	return strings.Join(parts, "\n")
}

// attemptStatus puts a delivery's status in words.
func attemptStatus(l locale.Locale, s string) string {
	switch s {
	case "ssl_error":
		return "✕ " + l.T("TLS error")
	case "connection_failed":
		return "✕ " + l.T("no connection")
	case "timeout":
		return "✕ " + l.T("timed out")
	case "unknown_error":
		return "✕ " + l.T("unknown error")
	case "":
		return "–"
	}
	return "✕ HTTP " + s
}

// response is the first line of the receiver's answer.
func response(a apiclient.DeliveryAttempt) string {
	body := ""
	if a.ResponseBody != nil {
		body, _, _ = strings.Cut(strings.TrimSpace(*a.ResponseBody), "\n")
	}
	if a.ResponseContentType != nil && *a.ResponseContentType != "" && body != "" {
		return body + " (" + *a.ResponseContentType + ")"
	}
	return body
}

func indent(s string) string {
	lines := strings.Split(s, "\n")
	for i := 1; i < len(lines); i++ {
		lines[i] = "  " + lines[i]
	}
	return strings.Join(lines, "\n")
}
