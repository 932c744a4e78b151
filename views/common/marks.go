package common

import (
	"context"
	"errors"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
)

// MarkAction is a key that acts on every marked row (space marks), or on
// the selected one when none is marked: pay each in full, lock each.
type MarkAction[T any] struct {
	Key key.Binding
	// Question is asked once before anything is sent ("Pay 3 invoices in
	// full, 12100.00 CZK?"); rows are the records acted on. nil: Run's Cmd
	// asks (a ui.Confirm) once it has read what the question must say.
	Question func(rows []T) string
	// Run acts on the rows in a Cmd: each request its own, none sent again
	// by itself (see RunEach).
	Run func(rows []T) tea.Cmd
	// Nothing, when set, says why there is nothing to do for rows (every
	// one paid already): that is shown instead of a question that could
	// only be answered in vain, and the marks stay for another action.
	Nothing func(rows []T) string
}

// markKey is space on lists with mark actions.
func markKey(l locale.Locale) key.Binding {
	return key.NewBinding(key.WithKeys(" "), key.WithHelp("space", l.T("mark/unmark (for p, L on several)")))
}

// markAction runs a mark action on the marked rows or the selected one,
// asking first.
func (p *ListPage[T]) markAction(a MarkAction[T]) tea.Cmd {
	rows := p.tbl.Marked()
	if len(rows) == 0 {
		sel, ok := p.tbl.Selected()
		if !ok {
			return nil
		}
		rows = []T{sel}
	}
	if a.Nothing != nil {
		if why := a.Nothing(rows); why != "" {
			return ui.Emit(ui.Toast{Text: why, Kind: ui.ToastWarn})
		}
	}
	run := a.Run(rows)
	p.tbl.ClearMarks()
	if a.Question == nil { // Run asks itself, once its Cmd has read what the question needs
		return run
	}
	return ui.Emit(ui.Confirm{Question: a.Question(rows), Yes: run})
}

// Outcome is what one request of an action on several did.
type Outcome struct {
	Name string // "invoice 2026-0042"
	Err  error  // nil when it went through
	// Unknown: the answer was lost; it may or may not have been done, and
	// is not sent again by itself.
	Unknown bool
}

// Summary says in one toast what went through and what did not and why;
// a refusal or an unknown outcome makes it a warning.
func Summary(l locale.Locale, what string, outs []Outcome, news []tea.Msg) []tea.Msg {
	var ok, failed []string
	for _, o := range outs {
		switch {
		case o.Err == nil:
			ok = append(ok, o.Name)
		case o.Unknown:
			failed = append(failed, o.Name+": "+l.T("in doubt (no clear answer); kasa reads the service before anything is sent on it again"))
		default:
			failed = append(failed, o.Name+": "+l.T(o.Err.Error())) // a skip's reason is a catalog key
		}
	}
	text := l.Tf("%s: %d of %d done", l.T(what), len(ok), len(outs))
	kind := ui.ToastSuccess
	if len(failed) > 0 {
		text += "; " + l.Tf("not done: %s", strings.Join(failed, "; "))
		kind = ui.ToastWarn
	}
	return append(news, ui.Toast{Text: text, Kind: kind})
}

// RunEach sends one request per row, in order, in the Cmd it returns: do
// acts on a row and answers its record again (for the news, so lists patch
// their rows without a request). Nothing is sent twice: every write goes
// through the journal of writes (the client's write hook), so a row whose
// earlier write is in doubt is settled by a read first; a lost answer is
// reported as in doubt, and the summary says what went through.
func RunEach[T any](d *Deps, what string, rows []T, name func(T) string,
	do func(ctx context.Context, c *apiclient.Client, r T) (news tea.Msg, skip string, err error)) tea.Cmd {
	l := d.L
	return func() tea.Msg {
		var outs []Outcome
		var news []tea.Msg
		for _, r := range rows {
			var skipped string
			msg, _, err := Do(d, func(ctx context.Context, c *apiclient.Client) (tea.Msg, error) {
				m, skip, err := do(ctx, c, r)
				skipped = skip
				return m, err
			})
			switch {
			case skipped != "":
				outs = append(outs, Outcome{Name: name(r), Err: errors.New(skipped)})
			case AlreadyDone(err):
				// Sent before, in doubt, and found done by a read: once is all.
				outs = append(outs, Outcome{Name: name(r)})
			case err != nil:
				outs = append(outs, Outcome{Name: name(r), Err: Explain(l, err, Refusal{}), Unknown: IsUnknownOutcome(err)})
			default:
				outs = append(outs, Outcome{Name: name(r)})
				if msg != nil {
					news = append(news, msg)
				}
			}
		}
		return tea.BatchMsg(emitAll(Summary(l, what, outs, news)))
	}
}

func emitAll(msgs []tea.Msg) []tea.Cmd {
	out := make([]tea.Cmd, len(msgs))
	for i, m := range msgs {
		out[i] = ui.Emit(m)
	}
	return out
}

// toolKey runs the everyday tools' keys of a list: marks, sorting and the
// VAT by rate; done is false for any other key.
func (p *ListPage[T]) toolKey(msg tea.KeyMsg) (cmd tea.Cmd, done bool) {
	k := p.keys
	switch {
	case key.Matches(msg, k.Mark) && k.Mark.Enabled():
		p.tbl.ToggleMark()
		p.tbl.SetCursor(p.tbl.Cursor() + 1) // on to the next row, as a file manager does
		return nil, true
	case p.tbl.HasMarks() && key.Matches(msg, k.Clear):
		p.tbl.ClearMarks()
		return nil, true
	case key.Matches(msg, k.SortNext) && k.SortNext.Enabled():
		return p.nextSort(), true
	case key.Matches(msg, k.SortReverse) && k.SortReverse.Enabled():
		p.reverseSort()
		return nil, true
	case key.Matches(msg, k.Export) && k.Export.Enabled():
		return p.exportList(), true
	case key.Matches(msg, k.Totals) && k.Totals.Enabled():
		p.totals.showRates = !p.totals.showRates
		p.layoutTable()
		return nil, true
	}
	return nil, false
}

// Reread is the news of a record after an action on it, read again with
// get so that lists patch their row without a list request; when the read
// fails the news goes without the record (the pages read it themselves).
func Reread[T any](ctx context.Context, kind ui.Kind, id int64,
	get func(context.Context, int64) (*T, *apiclient.Response, error)) (tea.Msg, string, error) {
	got, _, err := get(ctx, id)
	if err != nil {
		return ui.Changed{Kind: kind, ID: id}, "", nil
	}
	return ui.Changed{Kind: kind, ID: id, Record: got}, "", nil
}
