package common

import (
	"context"
	"errors"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
)

// Action is a request a page makes on the user's behalf that is not a load:
// lock, archive, delete, pause, send. Act runs it; the page says only what
// it is, what it does and what follows.
type Action[V any] struct {
	// What names it for the error panel: "Could not <What>: <reason>".
	What string
	// Refusal puts the service's "no" in words (see Explain).
	Refusal Refusal
	// Do makes the request(s) with the current client.
	Do func(ctx context.Context, c *apiclient.Client) (V, error)
	// Done lists what follows a success, in order: a ui.Toast, ui.Changed
	// for every record it changed, ui.Back, ui.Open. It runs in the Cmd, so
	// it may finish the work with I/O of its own (Save writes a download).
	Done func(v V) []tea.Msg
	// Failed lists what follows a failure besides the error panel, such as
	// a ui.Changed without a record so the page shows the state as it is now
	// (a refused lock usually means it was locked elsewhere). nil: nothing.
	Failed func(err error) []tea.Msg
	// Once offers no retry even where one could help: the page has already
	// put its state back (a to-do's toggle), or the user starts again from
	// the form (an upload).
	Once bool
}

// Act runs a in a Cmd, the one way a page acts on a record: a context bounded
// by d.Timeout, the current client (ErrNoClient when there is none), the
// connection status for the status bar, and then either Done's messages or
// the error panel with the failure in words (Explain) and a retry, offered
// unless the service refused (retrying cannot change its mind) or the
// outcome is unknown (a retry could do it twice). The messages arrive in
// order, the status first.
func Act[V any](d *Deps, a Action[V]) tea.Cmd {
	var run tea.Cmd
	run = func() tea.Msg {
		v, st, err := Do(d, a.Do)
		msgs := []tea.Msg{st}
		if err != nil {
			if a.Failed != nil {
				msgs = append(msgs, a.Failed(err)...)
			}
			retry := run
			if a.Once {
				retry = nil
			}
			msgs = append(msgs, ui.ShowError{What: a.What, Err: Explain(d.L, err, a.Refusal), Retry: retryable(err, retry)})
		} else if a.Done != nil {
			msgs = append(msgs, a.Done(v)...)
		}
		return Sequence(msgs...)
	}
	return run
}

// Sequence is one message that delivers msgs to the program in order.
func Sequence(msgs ...tea.Msg) tea.Msg {
	cmds := make([]tea.Cmd, 0, len(msgs))
	for _, m := range msgs {
		if m != nil {
			cmds = append(cmds, ui.Emit(m))
		}
	}
	return tea.Sequence(cmds...)()
}

// retryable offers retry only where trying again can help and cannot do a
// thing twice.
func retryable(err error, retry tea.Cmd) tea.Cmd {
	if Refused(err) || IsUnknownOutcome(err) || errors.Is(err, ErrNoClient) {
		return nil
	}
	return retry
}

// Deleted is what follows a delete: the news that the record is gone, the
// toast, and ui.Back when the delete started on the record's own page.
func Deleted(kind ui.Kind, id int64, toast string, back bool) []tea.Msg {
	out := []tea.Msg{ui.Changed{Kind: kind, ID: id, Op: ui.ChangeDeleted}, ui.Toast{Text: toast, Kind: ui.ToastSuccess}}
	if back {
		out = append(out, ui.Back{})
	}
	return out
}

// NoAnswer is Do for a request whose answer carries nothing (a delete, a
// send): Done then takes struct{}.
func NoAnswer(f func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error)) func(context.Context, *apiclient.Client) (struct{}, error) {
	return func(ctx context.Context, c *apiclient.Client) (struct{}, error) {
		_, err := f(ctx, c)
		return struct{}{}, err
	}
}

// Delete is a record's delete, asked about first.
type Delete struct {
	Question string // "Delete Chair? This cannot be undone."
	Name     string // "Chair": the panel says "delete Chair", the toast "Deleted Chair"
	Kind     ui.Kind
	ID       int64
	Refusal  Refusal
	Back     bool // the delete started on the record's own page, which closes
	Do       func(ctx context.Context, c *apiclient.Client) (*apiclient.Response, error)
}

// ConfirmDelete asks del.Question and, on yes, acts: the delete as an
// Action whose success is Deleted.
func ConfirmDelete(d *Deps, del Delete) tea.Cmd {
	run := Act(d, Action[struct{}]{
		What:    d.L.Tf("delete %s", del.Name),
		Refusal: del.Refusal,
		Do:      NoAnswer(del.Do),
		Done:    func(struct{}) []tea.Msg { return Deleted(del.Kind, del.ID, d.L.Tf("Deleted %s", del.Name), del.Back) },
	})
	return ui.Emit(ui.Confirm{Question: del.Question, Yes: run})
}
