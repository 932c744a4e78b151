package editforms

import (
	"context"
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// ruleSubjectDelete is api-v3.md's rule a refused delete is explained with.
const ruleSubjectDelete = "This contact has invoices or expenses and cannot be deleted"

// DeleteSubjectCmd asks, then deletes subject s. fromDetail says the
// subject's detail page is on top: it is closed after the delete.
func DeleteSubjectCmd(d *common.Deps, s apiclient.Subject, fromDetail bool) tea.Cmd {
	var run tea.Cmd
	run = call(d, func(ctx context.Context, c *apiclient.Client) tea.Msg {
		if _, err := c.Subjects.Delete(ctx, s.ID); err != nil {
			return ui.ShowError{What: "delete " + s.Name, Err: subjectDeleteError(err), Retry: retryUnlessRefused(err, run)}
		}
		msgs := tea.BatchMsg{
			ui.Emit(ui.Toast{Text: fmt.Sprintf("Subject %s was deleted", s.Name), Kind: ui.ToastSuccess}),
			ui.Emit(forms.Saved{Page: subjectList}),
		}
		if fromDetail {
			return tea.Sequence(ui.Emit(ui.Back{}), tea.Batch(msgs...))()
		}
		return msgs
	})
	return ui.Emit(ui.Confirm{Question: fmt.Sprintf("Delete subject %s? This cannot be undone.", s.Name), Yes: run})
}

// subjectDeleteError puts a failed delete in words: a subject with
// documents is refused with 422 errors.document or with 403.
func subjectDeleteError(err error) error {
	var re *apiclient.RefusalError
	var ve *apiclient.ValidationError
	var er *apiclient.ErrorResponse
	switch {
	case errors.As(err, &re):
		er = &re.ErrorResponse
	case errors.As(err, &ve):
		er = &ve.ErrorResponse
	case errors.Is(err, apiclient.ErrOutcomeUnknown):
		return sentence("the connection dropped: reload the list to see whether the subject is gone")
	default:
		return sentence(common.FaultReason(err))
	}
	said := er.Description
	if len(er.Fields) > 0 {
		said = fieldText(er.Fields)
	}
	if said == "" {
		return sentence(ruleSubjectDelete + ".")
	}
	return sentence(ruleSubjectDelete + ". The service said: " + said)
}

// retryUnlessRefused offers a retry only where trying again can help.
func retryUnlessRefused(err error, retry tea.Cmd) tea.Cmd {
	var re *apiclient.RefusalError
	var ve *apiclient.ValidationError
	if errors.As(err, &re) || errors.As(err, &ve) {
		return nil
	}
	return retry
}

// ToggleLockCmd locks an unlocked expense or unlocks a locked one, says
// which with a toast and reloads the expense's page (forms.Saved).
func ToggleLockCmd(d *common.Deps, e apiclient.Expense) tea.Cmd {
	locking := !e.Locked()
	verb, done := "lock", "locked"
	if !locking {
		verb, done = "unlock", "unlocked"
	}
	name := e.Number
	if name == "" {
		name = fmt.Sprint(e.ID)
	}
	page := nav.Record(nav.Expense, e.ID)
	var run tea.Cmd
	run = call(d, func(ctx context.Context, c *apiclient.Client) tea.Msg {
		var err error
		if locking {
			_, err = c.Expenses.Lock(ctx, e.ID)
		} else {
			_, err = c.Expenses.Unlock(ctx, e.ID)
		}
		reload := ui.Emit(forms.Saved{Page: page})
		if err != nil {
			var ve *apiclient.ValidationError
			if errors.As(err, &ve) {
				// Usually the expense changed elsewhere: the reload shows its state now.
				err = sentence(fmt.Sprintf("the service cannot %s expense %s now (%s): it is probably %s already; the page now shows its current state",
					verb, name, describe(&ve.ErrorResponse), done))
				return tea.BatchMsg{reload, ui.Emit(ui.ShowError{What: verb + " expense " + name, Err: err})}
			}
			if errors.Is(err, apiclient.ErrOutcomeUnknown) {
				err = sentence("the connection dropped: the page was reloaded to show whether it is " + done)
				return tea.BatchMsg{reload, ui.Emit(ui.ShowError{What: verb + " expense " + name, Err: err})}
			}
			return ui.ShowError{What: verb + " expense " + name, Err: sentence(common.FaultReason(err)), Retry: run}
		}
		text := fmt.Sprintf("Expense %s is now %s", name, done)
		if locking {
			text += ": it cannot be changed until unlocked"
		}
		return tea.BatchMsg{ui.Emit(ui.Toast{Text: text, Kind: ui.ToastSuccess}), reload}
	})
	return run
}
