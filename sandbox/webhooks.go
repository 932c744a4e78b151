package sandbox

import (
	"net/url"
	"slices"
	"strings"
	"time"
)

// webhookRetention is how long failed deliveries are listed.
const webhookRetention = 60 * 24 * time.Hour

// routesWebhooks registers the webhook management endpoints. Every one of them
// checks the plan and the credential first (webhookAccess).
func (s *Server) routesWebhooks() {
	s.router.handle("GET", "/accounts/:slug/webhooks.json", s.webhookList)
	s.router.handle("POST", "/accounts/:slug/webhooks.json", s.webhookCreate)
	s.router.handle("GET", "/accounts/:slug/webhooks/:id.json", s.webhookGet)
	s.router.handle("PATCH", "/accounts/:slug/webhooks/:id.json", s.webhookUpdate)
	s.router.handle("DELETE", "/accounts/:slug/webhooks/:id.json", s.webhookDelete)
	s.router.handle("GET", "/accounts/:slug/webhooks/:uuid/failed_deliveries.json", s.webhookFailedDeliveries)
}

// webhookAccess answers 403 unless the account's plan has webhooks and the
// request's credential may manage them.
func (s *Server) webhookAccess(c *Ctx) bool {
	if !c.Account.Limits.WebhooksAllowed {
		c.Refuse("forbidden", "Webhooks are available only on paid plans: upgrade the account's plan to use them")
		return false
	}
	cl := c.client
	switch {
	case cl == nil:
		c.Refuse("forbidden", "Webhook management is not enabled for this credential")
		return false
	case !cl.WebhooksAllowed && cl.Integration:
		c.Refuse("forbidden", "Managing webhooks through the API needs the service operator's approval for this integration")
		return false
	case !cl.WebhooksAllowed:
		c.Refuse("forbidden", "Webhook management is switched off for this credential: switch it on in the credential settings")
		return false
	}
	return true
}

// webhookView is the record as returned, with its address on this host.
func webhookView(c *Ctx, w *webhook) Webhook {
	out := w.Webhook
	out.URL = c.AccountURL("webhooks/%d.json", w.ID)
	out.Events = append([]string{}, w.Events...)
	return out
}

// webhookOwned reports whether the request's credential made w: a credential
// manages only its own webhooks and does not see the others.
func webhookOwned(c *Ctx, w *webhook) bool { return w.ClientID == c.ClientID }

func (s *Server) webhookList(c *Ctx) {
	if !s.webhookAccess(c) {
		return
	}
	hooks := c.Account.Webhooks.pageNewestFirst(c.Page(), func(w *webhook) bool { return webhookOwned(c, w) })
	out := make([]Webhook, 0, len(hooks))
	for _, w := range hooks {
		out = append(out, webhookView(c, w))
	}
	c.OK(out)
}

// webhookFind loads the :id webhook of the request's credential (404 otherwise).
func (s *Server) webhookFind(c *Ctx) (*webhook, bool) {
	if !s.webhookAccess(c) {
		return nil, false
	}
	id, ok := c.ID("id")
	if !ok {
		return nil, false
	}
	w, ok := c.Account.Webhooks.Get(id)
	if !ok || !webhookOwned(c, w) {
		c.NotFound()
		return nil, false
	}
	return w, true
}

func (s *Server) webhookGet(c *Ctx) {
	if w, ok := s.webhookFind(c); ok {
		c.OK(webhookView(c, w))
	}
}

// webhookDecode reads a create or update body and validates the fields it carries;
// on create, webhook_url and events are required.
func webhookDecode(c *Ctx, create bool) (WebhookParams, bool) {
	var p WebhookParams
	body := c.Body()
	errs := DecodeBody(body, &p)
	if errs.Any() {
		c.Invalid(errs)
		return p, false
	}
	switch {
	case p.WebhookURL == nil && create, p.WebhookURL != nil && strings.TrimSpace(*p.WebhookURL) == "":
		errs.Add("webhook_url", MsgBlank)
	case p.WebhookURL != nil && !webhookValidURL(*p.WebhookURL):
		errs.Add("webhook_url", MsgInvalid)
	}
	switch {
	case p.Events == nil && create, p.Events != nil && len(*p.Events) == 0:
		errs.Add("events", MsgEmpty)
	case p.Events != nil:
		for _, name := range *p.Events {
			if !slices.Contains(WebhookEvents, name) {
				errs.Add("events", MsgNotInList)
				break
			}
		}
	}
	if errs.Any() {
		c.Invalid(errs)
		return p, false
	}
	if p.WebhookURL != nil {
		p.WebhookURL = Ptr(strings.TrimSpace(*p.WebhookURL))
	}
	if p.Events != nil {
		p.Events = Ptr(webhookUniq(*p.Events))
	}
	return p, true
}

// webhookValidURL accepts an absolute http or https address with a host.
func webhookValidURL(raw string) bool {
	u, err := url.Parse(strings.TrimSpace(raw))
	if err != nil {
		return false
	}
	return (u.Scheme == "http" || u.Scheme == "https") && u.Host != "" && u.Hostname() != "" &&
		!refusedHost(u.Hostname()) // link-local and metadata addresses (webhook_guard.go)
}

// webhookUniq keeps the first of each event name, in the order sent.
func webhookUniq(names []string) []string {
	out := make([]string, 0, len(names))
	for _, n := range names {
		if !slices.Contains(out, n) {
			out = append(out, n)
		}
	}
	return out
}

func (s *Server) webhookCreate(c *Ctx) {
	if !s.webhookAccess(c) {
		return
	}
	p, ok := webhookDecode(c, true)
	if !ok {
		return
	}
	a := c.Account
	id := a.Webhooks.nextID()
	now := DateTime{Time: c.Now}
	w := &webhook{
		Webhook: Webhook{
			ID:                   id,
			FailedDeliveriesUUID: s.randomUUIDv4(),
			WebhookURL:           *p.WebhookURL,
			Active:               true,
			Events:               *p.Events,
			CreatedAt:            now,
			UpdatedAt:            now,
		},
		ClientID: c.ClientID,
		base:     c.Base,
	}
	sentText(&w.AuthHeader, p.AuthHeader)
	sentInto(&w.Active, p.Active)
	a.Webhooks.put(id, w)
	c.Created(c.AccountURL("webhooks/%d.json", id), webhookView(c, w))
}

func (s *Server) webhookUpdate(c *Ctx) {
	w, ok := s.webhookFind(c)
	if !ok {
		return
	}
	p, ok := webhookDecode(c, false)
	if !ok {
		return
	}
	sentInto(&w.WebhookURL, p.WebhookURL)
	sentText(&w.AuthHeader, p.AuthHeader)
	sentInto(&w.Active, p.Active)
	sentInto(&w.Events, p.Events)
	w.UpdatedAt = DateTime{Time: c.Now}
	c.OK(webhookView(c, w))
}

func (s *Server) webhookDelete(c *Ctx) {
	w, ok := s.webhookFind(c)
	if !ok {
		return
	}
	c.Account.Webhooks.del(w.ID)
	delete(c.Account.FailedDeliveries, w.FailedDeliveriesUUID)
	c.NoContent()
}

// webhookFailedDeliveries lists a webhook's failed deliveries, most recent first,
// dropping those older than the retention period for good.
func (s *Server) webhookFailedDeliveries(c *Ctx) {
	if !s.webhookAccess(c) {
		return
	}
	uuid := c.Params["uuid"]
	found := c.Account.Webhooks.NewestFirst(func(w *webhook) bool {
		return webhookOwned(c, w) && w.FailedDeliveriesUUID == uuid
	})
	if len(found) == 0 {
		c.NotFound()
		return
	}
	kept := webhookPruneFailed(c.Account, uuid, c.Now)
	out := make([]FailedDelivery, 0, len(kept))
	for i := len(kept) - 1; i >= 0; i-- {
		out = append(out, kept[i])
	}
	c.OK(out)
}

// webhookPruneFailed drops the failed deliveries older than the retention period
// and returns the rest, oldest first.
func webhookPruneFailed(a *Account, uuid string, now time.Time) []FailedDelivery {
	list := a.FailedDeliveries[uuid]
	cutoff := now.Add(-webhookRetention)
	kept := list[:0]
	for _, fd := range list {
		if fd.CreatedAt.After(cutoff) {
			kept = append(kept, fd)
		}
	}
	if len(kept) == 0 {
		delete(a.FailedDeliveries, uuid)
		return nil
	}
	a.FailedDeliveries[uuid] = kept
	return kept
}
