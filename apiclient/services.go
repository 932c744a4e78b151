package apiclient

import (
	"context"
	"encoding/base64"
	"fmt"
	"iter"
	"mime"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
)

// The generic calls every service is made of.

func getList[T any](ctx context.Context, c *Client, path string, q url.Values) ([]T, *Response, error) {
	var out []T
	resp, err := c.do(ctx, call{method: http.MethodGet, path: path, query: q, out: &out})
	if err != nil {
		return nil, resp, err
	}
	return out, resp, nil
}

func getOne[T any](ctx context.Context, c *Client, path string) (*T, *Response, error) {
	out := new(T)
	resp, err := c.do(ctx, call{method: http.MethodGet, path: path, out: out})
	if err != nil {
		return nil, resp, err
	}
	return out, resp, nil
}

func send[T any](ctx context.Context, c *Client, method, path string, q url.Values, body any) (*T, *Response, error) {
	out := new(T)
	resp, err := c.do(ctx, call{method: method, path: path, query: q, body: body, out: out})
	if err != nil {
		return nil, resp, err
	}
	return out, resp, nil
}

func sendNoContent(ctx context.Context, c *Client, method, path string, q url.Values, body any) (*Response, error) {
	return c.do(ctx, call{method: method, path: path, query: q, body: body})
}

// SearchOptions is the query of a search endpoint. Tags are honoured by the
// expense and invoice searches only.
type SearchOptions struct {
	ListOptions
	Query string
	Tags  []string
}

func (o SearchOptions) values() url.Values {
	q := url.Values{}
	o.apply(q)
	setString(q, "query", o.Query)
	for _, t := range o.Tags {
		q.Add("tags[]", t)
	}
	return q
}

// download fetches a binary. A 204 means the file is not ready (ErrNotReady).
func (c *Client) download(ctx context.Context, path string) (*Download, *Response, error) {
	resp, body, err := c.send(ctx, call{method: http.MethodGet, path: path}, "*/*")
	if err != nil {
		return nil, resp, err
	}
	if resp.StatusCode == http.StatusNoContent {
		return nil, resp, fmt.Errorf("download %s: %w", path, ErrNotReady)
	}
	d := &Download{ContentType: resp.Header.Get("Content-Type"), Data: body}
	if _, params, err := mime.ParseMediaType(resp.Header.Get("Content-Disposition")); err == nil {
		d.Filename = params["filename"]
	}
	return d, resp, nil
}

// DataURI encodes data as `data:<mime>;base64,<data>`, the form attachments and inbox
// files are sent in.
func DataURI(mimeType string, data []byte) string {
	return "data:" + mimeType + ";base64," + base64.StdEncoding.EncodeToString(data)
}

// FileDataURI reads a file and encodes it as a Data URI, the MIME type taken from
// the extension or, failing that, from the content.
func FileDataURI(path string) (uri, name string, err error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return "", "", fmt.Errorf("read %s: %w", path, err)
	}
	mt := mime.TypeByExtension(filepath.Ext(path))
	if mt == "" {
		mt = http.DetectContentType(data)
	}
	if mt2, _, err := mime.ParseMediaType(mt); err == nil {
		mt = mt2
	}
	return DataURI(mt, data), filepath.Base(path), nil
}

// pages turns a page fetch into an iterator over every record.
func pages[T any](ctx context.Context, start int, fetch func(ctx context.Context, page int) ([]T, *Response, error)) iter.Seq2[T, error] {
	return allPages(ctx, start, fetch)
}
