package forms

import (
	"context"
	"errors"
	"maps"
	"slices"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// eventGroup is the events of one resource, chosen together or one by one.
type eventGroup struct {
	prefix, title string
}

// eventGroups are the resources of apiclient.WebhookEvents in the order
// shown; an event belongs to the longest prefix it starts with. Titles are
// catalog keys.
var eventGroups = []eventGroup{
	{"invoice", locale.Key("Invoices")}, {"generator", locale.Key("Templates")}, {"recurring_generator", locale.Key("Recurring")},
	{"expense", locale.Key("Expenses")}, {"inbox_file", locale.Key("Inbox files")}, {"inventory_item", locale.Key("Inventory items")},
	{"inventory_move", locale.Key("Inventory moves")}, {"subject", locale.Key("Subjects")},
}

// Group modes.
const (
	groupNone = "none"
	groupAll  = "all"
	groupPick = "pick"
)

func groupKey(g eventGroup) string { return "group_" + g.prefix }
func eventKey(name string) string  { return "event_" + name }

// groupOf is the group an event belongs to.
func groupOf(name string) eventGroup {
	best := eventGroup{}
	for _, g := range eventGroups {
		if strings.HasPrefix(name, g.prefix+"_") && len(g.prefix) > len(best.prefix) {
			best = g
		}
	}
	return best
}

// eventsOf are the event names of group g, in the reference's order.
func eventsOf(g eventGroup) []string {
	var out []string
	for _, e := range apiclient.WebhookEvents {
		if groupOf(e) == g {
			out = append(out, e)
		}
	}
	return out
}

// chosenEvents reads the events the values choose: a group on "all" gives
// all its events, on "pick" the ones ticked.
func chosenEvents(v form.Values) []string {
	var out []string
	for _, g := range eventGroups {
		switch v[groupKey(g)] {
		case groupAll:
			out = append(out, eventsOf(g)...)
		case groupPick:
			for _, e := range eventsOf(g) {
				if v.Bool(eventKey(e)) {
					out = append(out, e)
				}
			}
		}
	}
	return out
}

// NewWebhookForm is the webhook form for id "new" or a webhook's id; the
// Authorization value never goes into a draft.
func NewWebhookForm(fd Deps, id ui.PageID) (ui.Page, error) {
	return recordForm(fd, id, locale.Key("webhook"), locale.Key("New webhook"),
		func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.Webhook, error) {
			w, _, err := c.Webhooks.Get(ctx, id)
			if err != nil {
				return nil, webhookLoadError(fd.L, err)
			}
			return w, nil
		},
		func(_ context.Context, _ *apiclient.Client, w *apiclient.Webhook) *form.Spec {
			return webhookSpec(fd, w)
		},
		"auth_header")
}

// webhookLoadError explains a refused read the same way as a refused save.
func webhookLoadError(l locale.Locale, err error) error {
	var re *apiclient.RefusalError
	if errors.As(err, &re) {
		return common.Sentence(webhookRefusal(l, &re.ErrorResponse))
	}
	return err
}

func webhookValues(w *apiclient.Webhook) form.Values {
	v := form.Values{"webhook_url": w.WebhookURL, "auth_header": w.AuthHeader, "active": form.BoolText(w.Active), "events": ""}
	for _, g := range eventGroups {
		evs := eventsOf(g)
		n := 0
		for _, e := range evs {
			on := slices.Contains(w.Events, e)
			v[eventKey(e)] = form.BoolText(on)
			if on {
				n++
			}
		}
		switch n {
		case 0:
			v[groupKey(g)] = groupNone
		case len(evs):
			v[groupKey(g)] = groupAll
		default:
			v[groupKey(g)] = groupPick
		}
	}
	return v
}

func webhookSpec(fd Deps, w *apiclient.Webhook) *form.Spec {
	editing, l := w != nil, fd.L
	initial := webhookValues(&apiclient.Webhook{Active: true})
	if editing {
		initial = webhookValues(w)
	}
	total := len(apiclient.WebhookEvents)
	fields := []form.Field{
		{Key: "webhook_url", Label: "Address", Validate: checkURL, CharLimit: 2000, Placeholder: "https://",
			Help: []string{locale.Key("The service POSTs each event here as JSON.")}},
		{Key: "auth_header", Label: "Authorization header", CharLimit: 500, Secret: true,
			Help: []string{locale.Key("Sent as the Authorization header of each delivery, so your"),
				locale.Key("endpoint can tell the deliveries are real. Not kept in drafts; ctrl+t shows it.")}},
		{Key: "active", Label: "Sending", Kind: form.FieldBool, Hint: sendingHint(l)},
		{Key: "events", Label: "Events", Kind: form.FieldInfo,
			Hint: func(v form.Values) string {
				n := len(chosenEvents(v))
				if n == 0 {
					return l.T("none chosen yet")
				}
				return l.Tf("%d of %d chosen", n, total)
			}},
	}
	for gi, g := range eventGroups {
		fields = append(fields, eventFields(l, g, gi == 0)...)
	}
	spec := &form.Spec{Title: "New webhook", Noun: "webhook", Fields: fields, Initial: initial,
		Intro: []string{l.T("Webhooks need a paid plan and a credential allowed to manage them.")}}
	if !editing {
		spec.Submit = func(v form.Values) form.Task { return submitWebhook(fd, v) }
		return spec
	}
	spec.Title = l.Tf("Edit webhook %s", w.WebhookURL)
	spec.Intro = []string{l.Tf("Webhook %d · only the fields you change are sent", w.ID)}
	orig := initial
	spec.Submit = func(v form.Values) form.Task { return submitWebhookEdit(fd, w, orig, v) }
	return spec
}

// sendingHint says what the switch does, in l's language.
func sendingHint(l locale.Locale) func(form.Values) string {
	return func(v form.Values) string {
		if v.Bool("active") {
			return l.T("on: events are delivered")
		}
		return l.T("off: nothing is delivered")
	}
}

// eventFields are a group's choice (none, all, pick) and its events' boxes,
// shown when the group is on pick; first carries the rule that some event
// is chosen.
func eventFields(l locale.Locale, g eventGroup, first bool) []form.Field {
	evs := eventsOf(g)
	f := form.Field{Key: groupKey(g), Label: g.title, Kind: form.FieldChoice,
		Options: []form.Option{{Value: groupNone, Label: "none"}, {Value: groupAll, Label: l.Tf("all %d", len(evs))},
			{Value: groupPick, Label: locale.Key("pick…")}},
		Help: []string{locale.Key("←/→: none, all, or pick single events below")}}
	if first {
		// The rule the service enforces with "can't be empty".
		f.Validate = func(_ string, v form.Values) error {
			if len(chosenEvents(v)) == 0 {
				return common.Sentence(locale.Key("Choose at least one event (the service refuses an empty list)"))
			}
			return nil
		}
	}
	out := []form.Field{f}
	gk := groupKey(g)
	for _, e := range evs {
		what := strings.ReplaceAll(strings.TrimPrefix(e, g.prefix+"_"), "_", " ")
		out = append(out, form.Field{Key: eventKey(e), Label: "  " + l.TC("webhook_event", what),
			Kind: form.FieldBool, Hidden: func(v form.Values) bool { return v[gk] != groupPick }})
	}
	return out
}

// webhookRefusal explains a 403: webhooks need a paid plan, and the
// credential must be allowed to manage them.
func webhookRefusal(l locale.Locale, e *apiclient.ErrorResponse) string {
	desc := strings.ToLower(e.Description)
	var s string
	switch {
	case strings.Contains(desc, "plan"):
		s = l.T("Webhooks are available only on paid plans: upgrade the account's plan to use them")
	case strings.Contains(desc, "credential") || strings.Contains(desc, "approval") || strings.Contains(desc, "enabled"):
		s = l.T("Webhook management is not switched on for the credential kasa signs in with: switch it on in the credential's settings (an integration needs the service operator's approval)")
	default:
		s = l.T("The service refused to manage webhooks: they need a paid plan, and the credential kasa signs in with must be allowed to manage them (switch it on in the credential's settings)")
	}
	if e.Description != "" {
		s += ". " + l.Tf("The service said: %s", e.Description)
	}
	return s
}

func submitWebhook(fd Deps, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		p := &apiclient.WebhookParams{
			WebhookURL: apiclient.Ptr(strings.TrimSpace(v["webhook_url"])),
			Active:     apiclient.Ptr(v.Bool("active")),
			Events:     apiclient.Ptr(chosenEvents(v)),
		}
		if a := v["auth_header"]; a != "" {
			p.AuthHeader = apiclient.Ptr(a)
		}
		w, _, err := c.Webhooks.Create(ctx, p)
		if err == nil {
			return form.Result{Done: done(fd.L.Tf("Webhook to %s was created", w.WebhookURL), webhookChanged(w, ui.ChangeCreated))}, nil
		}
		return fd.failure(err, "webhook", "saved", func(e *apiclient.ErrorResponse) string { return webhookRefusal(fd.L, e) }), err
	})
}

func submitWebhookEdit(fd Deps, w *apiclient.Webhook, orig, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		p := &apiclient.WebhookParams{}
		if changedValue(orig, v, "webhook_url") {
			p.WebhookURL = apiclient.Ptr(strings.TrimSpace(v["webhook_url"]))
		}
		if changedValue(orig, v, "auth_header") {
			p.AuthHeader = apiclient.Ptr(v["auth_header"])
		}
		if changedValue(orig, v, "active") {
			p.Active = apiclient.Ptr(v.Bool("active"))
		}
		if evs := chosenEvents(v); !sameSet(evs, chosenEvents(orig)) {
			// Events kasa does not know yet (a newer service) are kept, not dropped.
			for _, e := range w.Events {
				if !slices.Contains(apiclient.WebhookEvents, e) {
					evs = append(evs, e)
				}
			}
			p.Events = &evs
		}
		if *p == (apiclient.WebhookParams{}) {
			return form.Result{Problem: fd.L.T("Nothing was changed.")}, errNoRequest
		}
		got, _, err := c.Webhooks.Update(ctx, w.ID, p)
		if err != nil {
			return fd.failure(err, "change", "saved", func(e *apiclient.ErrorResponse) string { return webhookRefusal(fd.L, e) }), err
		}
		return form.Result{Done: done(fd.L.Tf("Webhook to %s was saved", got.WebhookURL), webhookChanged(got, ui.ChangeUpdated))}, nil
	})
}

// webhookChanged is the news of a saved webhook, with the service's answer.
func webhookChanged(w *apiclient.Webhook, op ui.ChangeOp) ui.Changed {
	return ui.Changed{Kind: nav.Webhook, ID: w.ID, Op: op, Record: w}
}

func sameSet(a, b []string) bool {
	set := func(xs []string) map[string]bool {
		m := map[string]bool{}
		for _, x := range xs {
			m[x] = true
		}
		return m
	}
	return maps.Equal(set(a), set(b))
}
