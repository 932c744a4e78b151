package common

import (
	"context"
	"errors"
	"net"
	"net/url"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
)

// Result is the answer to one request a page made. It names the page that
// asked (so the shell routes it there even when the page is not on top) and
// the request id, so a page can drop answers it no longer waits for.
type Result[V any] struct {
	Page   ui.PageID
	Req    int
	Value  V
	Err    error
	Status ui.APIStatus
}

// Target implements ui.Routed.
func (r Result[V]) Target() ui.PageID { return r.Page }

// APIStatus implements ui.StatusCarrier: the shell updates the status bar
// from every Result on its way to the page.
func (r Result[V]) APIStatus() ui.APIStatus { return r.Status }

// Call runs f with the current client and a context bounded by d.Timeout in
// a Cmd, and answers with a Result for page and req. The Result carries the
// connection status, which the shell takes on the Result's way to the page.
func Call[V any](d *Deps, page ui.PageID, req int, f func(ctx context.Context, c *apiclient.Client) (V, error)) tea.Cmd {
	return func() tea.Msg {
		v, st, err := Do(d, f)
		return Result[V]{Page: page, Req: req, Value: v, Err: err, Status: st}
	}
}

// Do is the one request path under Call, Act and the forms: it runs f at
// once (call it inside a Cmd) with the current client (ErrNoClient when
// there is none) and a context bounded by d.Timeout, and says what the
// connection did (ConnStatus).
func Do[V any](d *Deps, f func(ctx context.Context, c *apiclient.Client) (V, error)) (V, ui.APIStatus, error) {
	ctx, cancel := d.context()
	defer cancel()
	c := d.client()
	var v V
	var err error
	if c == nil {
		err = ErrNoClient
	} else {
		v, err = f(ctx, c)
	}
	if err != nil {
		// The whole chain for whoever looks into it: the screen says one
		// sentence (FaultReason).
		d.Logger.Warn("request failed", "err", err.Error())
	}
	return v, ConnStatus(c, err, d.Now()), err
}

// ErrNoClient is the answer to a request made before anyone signed in.
var ErrNoClient = errors.New("no API client") // explained as "sign in first"

// ConnStatus describes the connection after a request: online when the service
// answered (even with an error), offline when the request never got an
// answer (transport error, timeout, outcome unknown), unknown when the error
// came before any request was sent (a bad filter).
func ConnStatus(c *apiclient.Client, err error, now time.Time) ui.APIStatus {
	st := ui.APIStatus{LastRefresh: now}
	switch {
	case err == nil:
		st.Conn = ui.ConnOnline
	case isAnswered(err):
		st.Conn = ui.ConnOnline
	case isTransport(err):
		st.Conn = ui.ConnOffline
		st.LastRefresh = time.Time{}
		st.OfflineSince = now
	default:
		st.LastRefresh = time.Time{}
	}
	if c != nil {
		if r := c.Rate(); r.Known {
			st.RateRemaining, st.RateLimit = r.Remaining, r.Limit
		}
	}
	return st
}

func isAnswered(err error) bool {
	var er *apiclient.ErrorResponse
	return errors.As(err, &er)
}

func isTransport(err error) bool {
	var ue *url.Error
	var ne net.Error
	return errors.As(err, &ue) || errors.As(err, &ne) ||
		errors.Is(err, context.DeadlineExceeded) || errors.Is(err, apiclient.ErrOutcomeUnknown)
}

// Envelope carries a message produced by a helper Cmd (a debounce tick, a
// table's NeedMoreMsg) to the page that started it, wherever that page is.
type Envelope struct {
	Page ui.PageID
	Msg  tea.Msg
}

// Target implements ui.Routed.
func (e Envelope) Target() ui.PageID { return e.Page }

// APIStatus implements ui.StatusCarrier with the message inside.
func (e Envelope) APIStatus() ui.APIStatus { return ui.StatusOf(e.Msg) }

// Route wraps cmd so that its message comes back in an Envelope for page.
func Route(page ui.PageID, cmd tea.Cmd) tea.Cmd {
	return Wrap(cmd, func(msg tea.Msg) tea.Msg { return Envelope{Page: page, Msg: msg} })
}

// Wrap wraps the message of cmd with wrap (which makes it ui.Routed), for a
// page whose helper's messages need a wrapper of their own (the inbox's
// file picker).
func Wrap(cmd tea.Cmd, wrap func(tea.Msg) tea.Msg) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() tea.Msg {
		msg := cmd()
		if msg == nil {
			return nil
		}
		return wrap(msg)
	}
}
