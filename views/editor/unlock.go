package editor

import (
	"cmp"
	"context"
	"fmt"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// The editor of a locked invoice or expense says so as it opens (the form
// is read-only: nothing can be typed that could not be saved) and ctrl+l
// unlocks it there, through the service's unlock action; a document locked
// by someone else while it was edited is refused at ctrl+s, and ctrl+l then
// unlocks it with what was typed kept.

// lockable: the service locks invoices and expenses (templates have no lock).
func (e *editor) lockable() bool {
	return e.seed.Kind == "edit" && (e.kind.nav == nav.Invoice || e.kind.nav == nav.Expense)
}

// unlockTask fires unlock on the document (a write like any other: through
// the client, so through the journal) and announces the change, so its page
// and list show it unlocked.
func (e *editor) unlockTask() form.Task {
	if !e.lockable() {
		return nil
	}
	id, l := e.seed.ID, e.fd.L
	return e.fd.Task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		var err error
		if e.kind.nav == nav.Invoice {
			_, err = c.Invoices.Fire(ctx, id, apiclient.InvoiceEventUnlock)
		} else {
			_, err = c.Expenses.Unlock(ctx, id)
		}
		if err != nil {
			err = fmt.Errorf("unlock %s %d: %w", e.kind.noun, id, err)
			why := common.Explain(l, err, common.Refusal{Rule: l.Tf("The service cannot unlock this %s", l.T(e.kind.noun)), Resource: "event"})
			return form.Result{Problem: l.Tf("The %s could not be unlocked: %v.", l.T(e.kind.noun), why)}, err
		}
		name := cmp.Or(e.name, itoa(id))
		return form.Result{Done: []tea.Msg{
			ui.Toast{Kind: ui.ToastSuccess, Text: l.Tf("%s %s was unlocked", l.T(e.kind.title), name)},
			ui.Changed{Kind: e.kind.nav, ID: id},
		}}, nil
	})
}

// lockedRefusal reports whether the service refused a send because the
// document is locked.
func lockedRefusal(err error) bool {
	r := common.RefusalResponse(err)
	return r != nil && documentLocked(r)
}

func documentLocked(r *apiclient.ErrorResponse) bool {
	return r.Code == apiclient.RefusalDocumentLocked || strings.Contains(strings.ToLower(r.Description), "unlock")
}
