// Package editforms holds the create and edit forms a bookkeeper needs
// daily besides payments, moves and e-mails: a subject (contact), an
// inventory item and a webhook, each a ui.FormHost page of its own kind;
// plus the record actions that go with them (delete a subject, lock or
// unlock an expense).
//
// They follow views/forms: drafts on disk, input never lost, the service's
// messages beside their fields, refusals in words, and on success ui.Back,
// a toast and forms.Saved routed to the pages that show the record.
package editforms

import (
	"context"
	"fmt"
	"maps"
	"strconv"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Page kinds of the forms. Their ids are "new" (a new record) or the id of
// the record edited ("12").
const (
	SubjectKind ui.Kind = "subject_form"
	ItemKind    ui.Kind = "inventory_item_form"
	WebhookKind ui.Kind = "webhook_form"
)

// newID is the PageID.ID of a form that creates a record.
const newID = "new"

// NewSubjectPage is the form of a new subject.
func NewSubjectPage() ui.PageID { return ui.PageID{Kind: SubjectKind, ID: newID} }

// EditSubjectPage is the form that edits subject id.
func EditSubjectPage(id int64) ui.PageID { return nav.Record(SubjectKind, id) }

// NewItemPage is the form of a new inventory item.
func NewItemPage() ui.PageID { return ui.PageID{Kind: ItemKind, ID: newID} }

// EditItemPage is the form that edits inventory item id.
func EditItemPage(id int64) ui.PageID { return nav.Record(ItemKind, id) }

// NewWebhookPage is the form of a new webhook.
func NewWebhookPage() ui.PageID { return ui.PageID{Kind: WebhookKind, ID: newID} }

// EditWebhookPage is the form that edits webhook id.
func EditWebhookPage(id int64) ui.PageID { return nav.Record(WebhookKind, id) }

// Deps are views/forms' Deps: common.Deps, the drafts folder and the draft
// delay.
type Deps = forms.Deps

// Makers returns the makers of the form pages.
func Makers(fd Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		SubjectKind: func(id ui.PageID) (ui.Page, error) { return NewSubjectForm(fd, id) },
		ItemKind:    func(id ui.PageID) (ui.Page, error) { return NewItemForm(fd, id) },
		WebhookKind: func(id ui.PageID) (ui.Page, error) { return NewWebhookForm(fd, id) },
	}
}

// recordID reads the id of a form page: 0 for "new", an error for junk.
func recordID(id ui.PageID, what string) (int64, error) {
	if id.ID == newID {
		return 0, nil
	}
	n, err := strconv.ParseInt(id.ID, 10, 64)
	if err != nil || n <= 0 {
		return 0, fmt.Errorf("%s form: %q is not %q or a record id", what, id.ID, newID)
	}
	return n, nil
}

// host builds the form page with the shared options (the drafts of
// views/forms); the values of secret keys are never written to a draft.
func host(fd Deps, id ui.PageID, title string, load func(ctx context.Context, c *apiclient.Client) ui.FormLoaded, secret ...string) *ui.FormHost {
	var drafts ui.DraftStore
	if fd.DraftsDir != "" {
		drafts = forms.FileDrafts{Dir: fd.DraftsDir, Account: func() string { return account(fd.Deps) }}
		if len(secret) > 0 {
			drafts = withoutSecrets{DraftStore: drafts, keys: secret}
		}
	}
	return ui.NewFormHost(ui.FormOptions{
		ID: id, Title: title, Drafts: drafts, Styles: fd.Styles, Now: fd.Now, Loc: fd.Loc, DraftDelay: fd.DraftDelay,
		Load: func() tea.Cmd {
			return call(fd.Deps, func(ctx context.Context, c *apiclient.Client) tea.Msg { return load(ctx, c) })
		},
	})
}

func account(d *common.Deps) string {
	if c := d.Client(); c != nil {
		return c.AccountSlug()
	}
	return ""
}

// call runs f with the current client and a bounded context in a Cmd.
func call(d *common.Deps, f func(ctx context.Context, c *apiclient.Client) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		c := d.Client()
		if c == nil {
			return ui.ShowError{What: "reach the service", Err: fmt.Errorf("no API client: sign in first")}
		}
		timeout := d.Timeout
		if timeout <= 0 {
			timeout = common.DefaultTimeout
		}
		ctx, cancel := context.WithTimeout(context.Background(), timeout)
		defer cancel()
		return f(ctx, c)
	}
}

// done is the success of a form: back, a toast, and a reload of every page
// that shows the record.
func done(toast string, pages ...ui.PageID) tea.Cmd {
	cmds := []tea.Cmd{ui.Emit(ui.Toast{Text: toast, Kind: ui.ToastSuccess})}
	for _, p := range pages {
		cmds = append(cmds, ui.Emit(forms.Saved{Page: p}))
	}
	// The page the user is back on reloads too when it is a list.
	cmds = append(cmds, ui.Emit(ui.AutoRefresh{}))
	return tea.Sequence(ui.Emit(ui.Back{}), tea.Batch(cmds...))
}

// clockSkew is how far the service's clock may be behind ours when a record
// is looked for after an unknown outcome.
const clockSkew = 2 * time.Minute

// withoutSecrets is a draft store that leaves some values out of what it
// saves (a webhook's Authorization header is a credential of the user's).
type withoutSecrets struct {
	ui.DraftStore
	keys []string
}

// Save implements ui.DraftStore.
func (w withoutSecrets) Save(id string, d ui.Draft) error {
	vals := maps.Clone(d.Values)
	for _, k := range w.keys {
		delete(vals, k)
	}
	d.Values = vals
	return w.DraftStore.Save(id, d)
}
