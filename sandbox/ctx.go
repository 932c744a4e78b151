package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"time"
)

// Ctx is one request as a handler sees it. Handlers of an account's routes run
// under the account's lock, the others under the server's (see Server).
type Ctx struct {
	S      *Server
	R      *http.Request
	W      *bufferedWriter
	Params map[string]string
	// Account and User are set on account-scoped and user routes.
	Account *Account
	User    *User
	// ClientID is the OAuth client of the bearer token.
	ClientID string
	// client is that client's record, read under the server's lock.
	client *OAuthClient
	// Base is the API root as the caller reached it, for url fields.
	Base string
	// Now is the sandbox clock at the start of the request.
	Now time.Time

	// body is the whole request body, read before any lock (ServeHTTP).
	body []byte
	// created is set by Created: a create was committed (for fault injection).
	created bool
}

// Body returns the request body, read whole before the handler ran.
func (c *Ctx) Body() []byte { return c.body }

// AccountURL is the address of a path under the account: AccountURL("subjects/%d.json", id).
func (c *Ctx) AccountURL(format string, args ...any) string {
	return c.Base + "/accounts/" + c.Account.Slug + "/" + fmt.Sprintf(format, args...)
}

// HTMLURL is the address of a record's web page in the sandbox's own web UI.
func (c *Ctx) HTMLURL(format string, args ...any) string {
	root := c.Base[:len(c.Base)-len(apiRoot)]
	return root + "/" + c.Account.Slug + "/" + fmt.Sprintf(format, args...)
}

// JSON writes v with status.
func (c *Ctx) JSON(status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		c.W.Header().Set("Content-Type", "application/json; charset=utf-8")
		c.W.WriteHeader(http.StatusInternalServerError)
		fmt.Fprintf(c.W, `{"error":"internal_error","error_description":%q}`, err.Error())
		return
	}
	c.W.Header().Set("Content-Type", "application/json; charset=utf-8")
	c.W.WriteHeader(status)
	c.W.Write(b)
}

// OK writes 200 with v.
func (c *Ctx) OK(v any) { c.JSON(http.StatusOK, v) }

// Created writes 201 with a Location header and marks the create as committed.
func (c *Ctx) Created(location string, v any) {
	c.created = true
	c.W.Header().Set("Location", location)
	c.JSON(http.StatusCreated, v)
}

// CreatedNoLocation writes 201 for creates the reference documents without a Location.
func (c *Ctx) CreatedNoLocation(v any) {
	c.created = true
	c.JSON(http.StatusCreated, v)
}

// NoContent writes 204.
func (c *Ctx) NoContent() { c.W.WriteHeader(http.StatusNoContent) }

// Error writes {"error": code, "error_description": desc} with status.
func (c *Ctx) Error(status int, code, desc string) {
	c.JSON(status, map[string]string{"error": code, "error_description": desc})
}

// Invalid writes 422 {"errors": fields}.
func (c *Ctx) Invalid(fields Errors) {
	c.JSON(http.StatusUnprocessableEntity, map[string]any{"errors": fields})
}

// Refuse writes 403 {"error": code, "error_description": desc}.
func (c *Ctx) Refuse(code, desc string) { c.Error(http.StatusForbidden, code, desc) }

// RefuseFields writes 403 with a validation-shaped body ({"errors": {"bank_account": [...]}}).
func (c *Ctx) RefuseFields(fields Errors) {
	c.JSON(http.StatusForbidden, map[string]any{"errors": fields})
}

// BadRequest writes 400.
func (c *Ctx) BadRequest(desc string) { c.Error(http.StatusBadRequest, "bad_request", desc) }

// NotFound writes 404.
func (c *Ctx) NotFound() { c.Error(http.StatusNotFound, "not_found", "Record not found") }

// ID reads a path parameter as an id; on failure it answers 404 and reports false.
func (c *Ctx) ID(name string) (int64, bool) {
	v, err := strconv.ParseInt(c.Params[name], 10, 64)
	if err != nil || v <= 0 {
		c.NotFound()
		return 0, false
	}
	return v, true
}

// Page reads ?page (default 1; a bad value is 1, as the service treats it).
func (c *Ctx) Page() int {
	p, err := strconv.Atoi(c.R.URL.Query().Get("page"))
	if err != nil || p < 1 {
		return 1
	}
	return p
}

// Query returns a query parameter.
func (c *Ctx) Query(name string) string { return c.R.URL.Query().Get(name) }

// QueryValues returns the whole query.
func (c *Ctx) QueryValues() url.Values { return c.R.URL.Query() }

// FireEvent is a fire action's event: from the query, where the docs put it,
// or else from the body, where the official PHP client sends it. Rails merges
// both into params, the query winning.
func (c *Ctx) FireEvent() string {
	if ev := c.Query("event"); ev != "" {
		return ev
	}
	body := c.Body()
	var b struct {
		Event string `json:"event"`
	}
	if json.Unmarshal(body, &b) == nil {
		return b.Event
	}
	form, _ := url.ParseQuery(string(body))
	return form.Get("event")
}

// DateFilters parses the named ISO 8601 date-time filters. A value that is not ISO
// 8601 is answered with 400 and ok is false.
func (c *Ctx) DateFilters(names ...string) (f map[string]time.Time, ok bool) {
	f = map[string]time.Time{}
	for _, n := range names {
		v := c.Query(n)
		if v == "" {
			continue
		}
		t, err := parseISO8601(v, c.Now.Location())
		if err != nil {
			c.BadRequest(fmt.Sprintf("Parameter %s must be a date in ISO 8601 format (for example 2026-11-22T10:00:00+01:00)", n))
			return nil, false
		}
		f[n] = t
	}
	return f, true
}

// InTimeRange reports whether t passes since/until style filters from DateFilters.
func InTimeRange(t time.Time, f map[string]time.Time, sinceKey, untilKey string) bool {
	if s, ok := f[sinceKey]; ok && t.Before(s) {
		return false
	}
	if u, ok := f[untilKey]; ok && t.After(u) {
		return false
	}
	return true
}

// bufferedWriter holds the whole answer so the server can add headers at the end,
// or drop the connection after a committed create (fault injection).
type bufferedWriter struct {
	header http.Header
	status int
	buf    bytes.Buffer
}

func newBufferedWriter() *bufferedWriter { return &bufferedWriter{header: http.Header{}} }

func (w *bufferedWriter) Header() http.Header { return w.header }

func (w *bufferedWriter) WriteHeader(status int) {
	if w.status == 0 {
		w.status = status
	}
}

func (w *bufferedWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		w.status = http.StatusOK
	}
	return w.buf.Write(b)
}

// writeTo sends the held answer.
func (w *bufferedWriter) writeTo(rw http.ResponseWriter) {
	for k, v := range w.header {
		rw.Header()[k] = v
	}
	rw.WriteHeader(w.Status())
	rw.Write(w.buf.Bytes())
}

func (w *bufferedWriter) Status() int {
	if w.status == 0 {
		return http.StatusOK
	}
	return w.status
}

// find looks up the record whose id is the path parameter param; an id that
// is not a number or not in t is answered 404 and ok is false.
func find[T any](c *Ctx, t *Table[T], param string) (*T, bool) {
	id, ok := c.ID(param)
	if !ok {
		return nil, false
	}
	v, found := t.Get(id)
	if !found {
		c.NotFound()
		return nil, false
	}
	return v, true
}

// presentAll presents each record of a list.
func presentAll[T, V any](c *Ctx, list []*T, present func(*Ctx, *T) V) []V {
	out := make([]V, 0, len(list))
	for _, v := range list {
		out = append(out, present(c, v))
	}
	return out
}

// show answers the record :id of a table as present makes it.
func show[T, V any](c *Ctx, t *Table[T], present func(*Ctx, *T) V) {
	if v, ok := find(c, t, "id"); ok {
		c.OK(present(c, v))
	}
}

// decodeParams reads the body into p; a body that does not decode answers 422
// (false).
func decodeParams[P any](c *Ctx, p *P) ([]byte, bool) {
	body := c.Body()
	if errs := DecodeBody(body, p); errs.Any() {
		c.Invalid(errs)
		return nil, false
	}
	return body, true
}
