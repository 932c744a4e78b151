// Package forms holds kasa's central forms, each a ui.FormHost page of its
// own kind: a payment on an invoice or an expense, an inventory move, and an
// invoice e-mail; plus the Cmds of the record actions that go with them
// (remove a payment, create a tax document, delete a move).
//
// A form that succeeds emits ui.Back, a ui.Toast and Saved, which the shell
// routes to the detail page of the record so that it reloads.
package forms

import (
	"context"
	"fmt"
	"strconv"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// Page kinds of the forms.
const (
	// PaymentKind ids: "invoice:12", "expense:7".
	PaymentKind ui.Kind = "payment_form"
	// MoveKind ids: "item:3" (a new move), "move:3:45" (edit move 45 of item 3).
	MoveKind ui.Kind = "move_form"
	// EmailKind ids: "12" (the invoice).
	EmailKind ui.Kind = "invoice_email"
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
}

// Saved tells the detail page of a record that a form changed it; the
// shell routes it there (ui.Routed) so that the page reloads.
type Saved struct{ Page ui.PageID }

// Target implements ui.Routed.
func (s Saved) Target() ui.PageID { return s.Page }

// PaymentPage is the payment form of a document: docKind is nav.Invoice or
// nav.Expense.
func PaymentPage(docKind ui.Kind, docID int64) ui.PageID {
	return ui.PageID{Kind: PaymentKind, ID: fmt.Sprintf("%s:%d", docKind, docID)}
}

// NewMovePage is the form of a new move of an item.
func NewMovePage(itemID int64) ui.PageID {
	return ui.PageID{Kind: MoveKind, ID: fmt.Sprintf("item:%d", itemID)}
}

// EditMovePage is the form that edits a move of an item.
func EditMovePage(itemID, moveID int64) ui.PageID {
	return ui.PageID{Kind: MoveKind, ID: fmt.Sprintf("move:%d:%d", itemID, moveID)}
}

// EmailPage is the e-mail form of an invoice.
func EmailPage(invoiceID int64) ui.PageID {
	return ui.PageID{Kind: EmailKind, ID: strconv.FormatInt(invoiceID, 10)}
}

// Makers returns the makers of the form pages.
func Makers(fd Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		PaymentKind: func(id ui.PageID) (ui.Page, error) { return NewPaymentForm(fd, id) },
		MoveKind:    func(id ui.PageID) (ui.Page, error) { return NewMoveForm(fd, id) },
		EmailKind:   func(id ui.PageID) (ui.Page, error) { return NewEmailForm(fd, id) },
	}
}

// host builds the form page with the shared options.
func (fd Deps) host(id ui.PageID, title string, load func(ctx context.Context, c *apiclient.Client) ui.FormLoaded) *ui.FormHost {
	var drafts ui.DraftStore
	if fd.DraftsDir != "" {
		drafts = FileDrafts{Dir: fd.DraftsDir, Account: fd.account}
	}
	return ui.NewFormHost(ui.FormOptions{
		ID: id, Title: title, Drafts: drafts, Styles: fd.Styles, Now: fd.Now, Loc: fd.Loc, DraftDelay: fd.DraftDelay,
		Load: func() tea.Cmd {
			return fd.call(func(ctx context.Context, c *apiclient.Client) tea.Msg { return load(ctx, c) })
		},
	})
}

func (fd Deps) account() string {
	if c := fd.Client(); c != nil {
		return c.AccountSlug()
	}
	return ""
}

// call runs f with the current client and a bounded context in a Cmd.
func (fd Deps) call(f func(ctx context.Context, c *apiclient.Client) tea.Msg) tea.Cmd {
	return func() tea.Msg {
		c := fd.Client()
		if c == nil {
			return ui.ShowError{What: "reach the service", Err: fmt.Errorf("no API client: sign in first")}
		}
		ctx, cancel := context.WithTimeout(context.Background(), fd.timeout())
		defer cancel()
		return f(ctx, c)
	}
}

func (fd Deps) timeout() time.Duration {
	if fd.Timeout > 0 {
		return fd.Timeout
	}
	return common.DefaultTimeout
}

func (fd Deps) today() string {
	return fd.Now().In(fd.Loc).Format(apiclient.DateLayout)
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

// docPage is the detail page of a payment's document.
func docPage(kind ui.Kind, id int64) ui.PageID { return nav.Record(kind, id) }

// done is the success of a form: back to the record, a toast, a reload.
func done(toast string, page ui.PageID) tea.Cmd {
	return tea.Sequence(ui.Emit(ui.Back{}), tea.Batch(
		ui.Emit(ui.Toast{Text: toast, Kind: ui.ToastSuccess}), ui.Emit(Saved{Page: page}),
		// The page the user is back on reloads too when it is a list (the
		// account-wide moves list under a move form, say).
		ui.Emit(ui.AutoRefresh{})))
}
