package forms

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
)

// The document editor (views/editor) is a form like these; it builds on
// the same host, request runner and failure words rather than copies.

// Host builds a form page with the shared options (drafts, styles, clock).
func (fd Deps) Host(id ui.PageID, title string, load func(ctx context.Context, c *apiclient.Client) (*form.Spec, error)) *form.Host {
	return fd.host(id, title, load)
}

// Task is a request of a form, run through views/common.
func (fd Deps) Task(f func(ctx context.Context, c *apiclient.Client) (form.Result, error)) form.Task {
	return fd.task(f)
}

// Failure turns a failed send into a form.Result (see failure).
func (fd Deps) Failure(err error, noun, done string, refusal func(e *apiclient.ErrorResponse) string) form.Result {
	return fd.failure(err, noun, done, refusal)
}

// Done is a form's success: back, a toast, the news of each change.
func Done(toast string, changes ...ui.Changed) []tea.Msg { return done(toast, changes...) }
