package apiclient

import (
	"context"
	"fmt"
	"iter"
	"net/url"
)

// WebhooksService manages webhooks.
type WebhooksService struct{ c *Client }

func (s *WebhooksService) r() crud[Webhook, WebhookParams] {
	return crud[Webhook, WebhookParams]{s.c, "webhooks", "webhook"}
}

// List is GET webhooks.json.
func (s *WebhooksService) List(ctx context.Context, o ListOptions) ([]Webhook, *Response, error) {
	q := url.Values{}
	o.apply(q)
	return s.r().list(ctx, "", q)
}

// ListAll iterates every page.
func (s *WebhooksService) ListAll(ctx context.Context, o ListOptions) iter.Seq2[Webhook, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]Webhook, *Response, error) {
		return s.List(ctx, ListOptions{Page: page})
	})
}

// Get is GET webhooks/{id}.json.
func (s *WebhooksService) Get(ctx context.Context, id int64) (*Webhook, *Response, error) {
	return s.r().get(ctx, id)
}

// Create is POST webhooks.json (events must not be empty).
func (s *WebhooksService) Create(ctx context.Context, p *WebhookParams) (*Webhook, *Response, error) {
	return s.r().create(ctx, p)
}

// Update is PATCH webhooks/{id}.json; Active switches sending on and off.
func (s *WebhooksService) Update(ctx context.Context, id int64, p *WebhookParams) (*Webhook, *Response, error) {
	return s.r().update(ctx, id, p)
}

// Delete is DELETE webhooks/{id}.json.
func (s *WebhooksService) Delete(ctx context.Context, id int64) (*Response, error) {
	return s.r().delete(ctx, id)
}

// FailedDeliveries is GET webhooks/{failed_deliveries_uuid}/failed_deliveries.json.
func (s *WebhooksService) FailedDeliveries(ctx context.Context, failedDeliveriesUUID string) ([]FailedDelivery, *Response, error) {
	p, err := s.c.accountPath("webhooks/%s/failed_deliveries.json", url.PathEscape(failedDeliveriesUUID))
	if err != nil {
		return nil, nil, fmt.Errorf("list failed deliveries: %w", err)
	}
	out, resp, err := getList[FailedDelivery](ctx, s.c, p, nil)
	if err != nil {
		return nil, resp, fmt.Errorf("list failed deliveries: %w", err)
	}
	return out, resp, nil
}
