// Package forms holds kasa's forms, each a form.Host page of its own kind: a
// payment on an invoice or an expense, an inventory move and an invoice
// e-mail; a subject (contact), an inventory item and a webhook, new or
// edited.
//
// Every form keeps drafts on disk, never loses the input, shows the
// service's messages beside their fields and puts refusals in words. Its
// requests run through views/common (common.Do: timeout, current client,
// connection status). A success emits ui.Back, a toast and a ui.Changed for
// each record the form changed, with the record when the answer carried it.
package forms

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
)

// Deps are what the forms need besides common.Deps.
type Deps struct {
	*common.Deps
	// DraftsDir is where unfinished forms are kept (config.Paths.DraftsDir()).
	// Empty keeps no drafts.
	DraftsDir string
	// DraftDelay is the quiet time after the last key before a draft is
	// written (0 means one second).
	DraftDelay time.Duration
	// CheckDelay is the first wait between automatic checks of a write in
	// doubt (0 means two seconds).
	CheckDelay time.Duration
}

// Makers returns the makers of the form pages.
func Makers(fd Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		PaymentKind: func(id ui.PageID) (ui.Page, error) { return NewPaymentForm(fd, id) },
		MoveKind:    func(id ui.PageID) (ui.Page, error) { return NewMoveForm(fd, id) },
		EmailKind:   func(id ui.PageID) (ui.Page, error) { return NewEmailForm(fd, id) },
		SubjectKind: func(id ui.PageID) (ui.Page, error) { return NewSubjectForm(fd, id) },
		ItemKind:    func(id ui.PageID) (ui.Page, error) { return NewItemForm(fd, id) },
		WebhookKind: func(id ui.PageID) (ui.Page, error) { return NewWebhookForm(fd, id) },
	}
}

// host builds the form page with the shared options; the values of secret
// keys are never written to a draft.
func (fd Deps) host(id ui.PageID, title string, load func(ctx context.Context, c *apiclient.Client) (*form.Spec, error), secret ...string) *form.Host {
	var drafts form.DraftStore
	if fd.DraftsDir != "" {
		drafts = form.FileDrafts{Dir: fd.DraftsDir, Account: fd.account}
		if len(secret) > 0 {
			drafts = withoutSecrets{DraftStore: drafts, keys: secret}
		}
	}
	return form.New(form.Options{
		ID: id, Title: title, Drafts: drafts, Styles: fd.Styles, Now: fd.Now, Loc: fd.Loc, DraftDelay: fd.DraftDelay, Locale: fd.L,
		Settle: fd.settle, CheckDelay: fd.CheckDelay,
		Load: func() form.Loaded {
			spec, st, err := common.Do(fd.Deps, load)
			if err != nil {
				// One sentence on the screen; the chain in kasa.log.
				err = common.Sentence(common.FaultReason(fd.L, err))
			}
			return form.Loaded{Spec: spec, Err: err, Status: st}
		},
	})
}

// task is a request of a form, run through views/common: f answers with the
// Result and the request's error, which decides the connection status the
// Result carries to the status bar.
func (fd Deps) task(f func(ctx context.Context, c *apiclient.Client) (form.Result, error)) form.Task {
	return func() form.Result {
		res, st, err := common.Do(fd.Deps, f)
		if errors.Is(err, common.ErrNoClient) {
			res = form.Result{Problem: fd.L.Tf("Could not send: %v.", err)}
		}
		res.Status = st
		return res
	}
}

// errNoRequest is the "error" of a send that stopped before any request
// left (nothing changed, a value that could not be read): the connection
// status stays as it was.
var errNoRequest = errors.New("no request was sent")

func (fd Deps) account() string {
	if c := fd.Client(); c != nil {
		return c.AccountSlug()
	}
	return ""
}

func (fd Deps) today() string {
	return fd.Now().In(fd.Loc).Format(apiclient.DateLayout)
}

// done is the success of a form: back to where it was opened, a toast, and
// the news of each record it changed.
func done(toast string, changes ...ui.Changed) []tea.Msg {
	msgs := []tea.Msg{ui.Back{}, ui.Toast{Text: toast, Kind: ui.ToastSuccess}}
	for _, c := range changes {
		msgs = append(msgs, c)
	}
	return msgs
}

// parseID reads "prefix:n" or "prefix:n:m".
func parseID(id string, prefix string, parts int) ([]int64, bool) {
	fs := strings.Split(id, ":")
	if len(fs) != parts+1 || fs[0] != prefix {
		return nil, false
	}
	out := make([]int64, 0, parts)
	for _, s := range fs[1:] {
		n, err := strconv.ParseInt(s, 10, 64)
		if err != nil || n <= 0 {
			return nil, false
		}
		out = append(out, n)
	}
	return out, true
}

// recordForm hosts the form of a new record (page id "new") or of the record
// edited, read when the form loads. spec builds the form from the record (nil
// for a new one), with the client for anything else it shows.
func recordForm[T any](fd Deps, id ui.PageID, noun, newTitle string,
	get func(ctx context.Context, c *apiclient.Client, id int64) (*T, error),
	spec func(ctx context.Context, c *apiclient.Client, rec *T) *form.Spec, secret ...string) (ui.Page, error) {
	rid, err := recordID(id, noun)
	if err != nil {
		return nil, err
	}
	title := fd.L.T(newTitle)
	if rid > 0 {
		title = fd.L.Tf("Edit %s", fd.L.T(noun)) // named by spec once read; an id is nothing a user knows
	}
	return fd.host(id, title, func(ctx context.Context, c *apiclient.Client) (*form.Spec, error) {
		if rid == 0 {
			return spec(ctx, c, nil), nil
		}
		rec, err := get(ctx, c, rid)
		if err != nil {
			return nil, fmt.Errorf("read %s %d: %w", noun, rid, err)
		}
		return spec(ctx, c, rec), nil
	}, secret...), nil
}

// recordID reads the id of a form page: 0 for "new", an error for junk.
func recordID(id ui.PageID, what string) (int64, error) {
	if id.ID == newID || strings.HasPrefix(id.ID, newID+":") {
		return 0, nil // "new:<name>": a new record with its name filled in
	}
	n, err := strconv.ParseInt(id.ID, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s form: %q is not %q or a record id", what, id.ID, newID)
	}
	return n, nil
}

// withoutSecrets is a draft store that leaves some values out of what it
// saves (a webhook's Authorization header is a credential of the user's).
type withoutSecrets struct {
	form.DraftStore
	keys []string
}

// Save implements form.DraftStore.
func (w withoutSecrets) Save(id string, d form.Draft) error {
	vals := maps.Clone(d.Values)
	for _, k := range w.keys {
		delete(vals, k)
	}
	d.Values = vals
	return w.DraftStore.Save(id, d)
}
