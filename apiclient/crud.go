package apiclient

import (
	"context"
	"fmt"
	"iter"
	"net/http"
	"net/url"
)

// crud is the shape most resources share: an index, a search, a record, and
// create, update and delete, under /accounts/{slug}/<coll>. what names the
// resource in error messages ("subject").
type crud[T any, P any] struct {
	c    *Client
	coll string
	what string
}

func (r crud[T, P]) list(ctx context.Context, sub string, q url.Values) ([]T, *Response, error) {
	p, err := r.c.accountPath("%s%s.json", r.coll, sub)
	if err != nil {
		return nil, nil, fmt.Errorf("list %ss: %w", r.what, err)
	}
	out, resp, err := getList[T](ctx, r.c, p, q)
	if err != nil {
		return nil, resp, fmt.Errorf("list %ss: %w", r.what, err)
	}
	return out, resp, nil
}

func (r crud[T, P]) search(ctx context.Context, o SearchOptions) ([]T, *Response, error) {
	p, err := r.c.accountPath("%s/search.json", r.coll)
	if err != nil {
		return nil, nil, fmt.Errorf("search %ss: %w", r.what, err)
	}
	out, resp, err := getList[T](ctx, r.c, p, o.values())
	if err != nil {
		return nil, resp, fmt.Errorf("search %ss: %w", r.what, err)
	}
	return out, resp, nil
}

func (r crud[T, P]) searchAll(ctx context.Context, o SearchOptions) iter.Seq2[T, error] {
	return pages(ctx, o.Page, func(ctx context.Context, page int) ([]T, *Response, error) {
		o.Page = page
		return r.search(ctx, o)
	})
}

func (r crud[T, P]) get(ctx context.Context, id int64) (*T, *Response, error) {
	p, err := r.c.accountPath("%s/%d.json", r.coll, id)
	if err != nil {
		return nil, nil, fmt.Errorf("get %s %d: %w", r.what, id, err)
	}
	out, resp, err := getOne[T](ctx, r.c, p)
	if err != nil {
		return nil, resp, fmt.Errorf("get %s %d: %w", r.what, id, err)
	}
	return out, resp, nil
}

func (r crud[T, P]) create(ctx context.Context, params *P) (*T, *Response, error) {
	p, err := r.c.accountPath("%s.json", r.coll)
	if err != nil {
		return nil, nil, fmt.Errorf("create %s: %w", r.what, err)
	}
	out, resp, err := send[T](ctx, r.c, http.MethodPost, p, nil, params)
	if err != nil {
		return nil, resp, fmt.Errorf("create %s: %w", r.what, err)
	}
	return out, resp, nil
}

func (r crud[T, P]) update(ctx context.Context, id int64, params *P) (*T, *Response, error) {
	p, err := r.c.accountPath("%s/%d.json", r.coll, id)
	if err != nil {
		return nil, nil, fmt.Errorf("update %s %d: %w", r.what, id, err)
	}
	out, resp, err := send[T](ctx, r.c, http.MethodPatch, p, nil, params)
	if err != nil {
		return nil, resp, fmt.Errorf("update %s %d: %w", r.what, id, err)
	}
	return out, resp, nil
}

func (r crud[T, P]) delete(ctx context.Context, id int64) (*Response, error) {
	p, err := r.c.accountPath("%s/%d.json", r.coll, id)
	if err != nil {
		return nil, fmt.Errorf("delete %s %d: %w", r.what, id, err)
	}
	resp, err := sendNoContent(ctx, r.c, http.MethodDelete, p, nil, nil)
	if err != nil {
		return resp, fmt.Errorf("delete %s %d: %w", r.what, id, err)
	}
	return resp, nil
}

// action POSTs or PATCHes /<coll>/<id>/<name>.json and decodes the record it returns.
func (r crud[T, P]) action(ctx context.Context, method string, id int64, name string, body any) (*T, *Response, error) {
	p, err := r.c.accountPath("%s/%d/%s.json", r.coll, id, name)
	if err != nil {
		return nil, nil, fmt.Errorf("%s %s %d: %w", name, r.what, id, err)
	}
	out, resp, err := send[T](ctx, r.c, method, p, nil, body)
	if err != nil {
		return nil, resp, fmt.Errorf("%s %s %d: %w", name, r.what, id, err)
	}
	return out, resp, nil
}

// fire POSTs /<coll>/<id>/fire.json?event=<event> (204).
func (r crud[T, P]) fire(ctx context.Context, id int64, event string) (*Response, error) {
	p, err := r.c.accountPath("%s/%d/fire.json", r.coll, id)
	if err != nil {
		return nil, fmt.Errorf("%s %s %d: %w", event, r.what, id, err)
	}
	resp, err := sendNoContent(ctx, r.c, http.MethodPost, p, url.Values{"event": {event}}, nil)
	if err != nil {
		return resp, fmt.Errorf("%s %s %d: %w", event, r.what, id, err)
	}
	return resp, nil
}
