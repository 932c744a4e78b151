package apiclient

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
	"time"
)

// TodoListOptions pages the to-dos, optionally only those created since a time.
type TodoListOptions struct {
	ListOptions
	Since time.Time
}

// TodosService reads and toggles to-dos.
type TodosService struct{ c *Client }

// List is GET todos.json.
func (s *TodosService) List(ctx context.Context, o TodoListOptions) ([]Todo, *Response, error) {
	q := url.Values{}
	o.ListOptions.apply(q)
	if err := (DateFilter{Since: o.Since}).apply(q, "since"); err != nil {
		return nil, nil, wrapOpt("list to-dos", err)
	}
	p, err := s.c.accountPath("todos.json")
	if err != nil {
		return nil, nil, fmt.Errorf("list to-dos: %w", err)
	}
	out, resp, err := getList[Todo](ctx, s.c, p, q)
	if err != nil {
		return nil, resp, fmt.Errorf("list to-dos: %w", err)
	}
	return out, resp, nil
}

// ListAll iterates every page.
func (s *TodosService) ListAll(ctx context.Context, o TodoListOptions) iter.Seq2[Todo, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]Todo, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

// ToggleCompletion is POST todos/{id}/toggle_completion.json: open becomes done and back.
func (s *TodosService) ToggleCompletion(ctx context.Context, id int64) (*Todo, *Response, error) {
	p, err := s.c.accountPath("todos/%d/toggle_completion.json", id)
	if err != nil {
		return nil, nil, fmt.Errorf("toggle to-do: %w", err)
	}
	out, resp, err := send[Todo](ctx, s.c, http.MethodPost, p, nil, nil)
	if err != nil {
		return nil, resp, fmt.Errorf("toggle to-do %d: %w", id, err)
	}
	return out, resp, nil
}

// EventListOptions pages the event log, optionally since a time and for one subject.
type EventListOptions struct {
	ListOptions
	Since     time.Time
	SubjectID int64
}

// EventsService reads the event log.
type EventsService struct{ c *Client }

func (s *EventsService) list(ctx context.Context, sub string, o EventListOptions) ([]Event, *Response, error) {
	q := url.Values{}
	o.ListOptions.apply(q)
	if err := (DateFilter{Since: o.Since}).apply(q, "since"); err != nil {
		return nil, nil, wrapOpt("list events", err)
	}
	setID(q, "subject_id", o.SubjectID)
	p, err := s.c.accountPath("events%s.json", sub)
	if err != nil {
		return nil, nil, fmt.Errorf("list events: %w", err)
	}
	out, resp, err := getList[Event](ctx, s.c, p, q)
	if err != nil {
		return nil, resp, fmt.Errorf("list events: %w", err)
	}
	return out, resp, nil
}

// List is GET events.json.
func (s *EventsService) List(ctx context.Context, o EventListOptions) ([]Event, *Response, error) {
	return s.list(ctx, "", o)
}

// ListAll iterates every page.
func (s *EventsService) ListAll(ctx context.Context, o EventListOptions) iter.Seq2[Event, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]Event, *Response, error) {
		o.Page = page
		return s.List(ctx, o)
	})
}

// ListPaid is GET events/paid.json: the paid events of invoices and expenses.
func (s *EventsService) ListPaid(ctx context.Context, o EventListOptions) ([]Event, *Response, error) {
	return s.list(ctx, "/paid", o)
}

// ListPaidAll iterates every page of the paid events.
func (s *EventsService) ListPaidAll(ctx context.Context, o EventListOptions) iter.Seq2[Event, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]Event, *Response, error) {
		o.Page = page
		return s.ListPaid(ctx, o)
	})
}
