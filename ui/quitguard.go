package ui

import (
	"errors"
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
)

// Guarded is a page that may hold input the user has not sent yet (a form).
// While one does, quitting asks first; a second ctrl+c in that question
// always quits (the form keeps a draft).
type Guarded interface {
	Dirty() bool
}

// quitNow is the answer "yes, quit" to the unsaved-input question.
type quitNow struct{}

// unsaved reports whether the page on top holds unsent input. Only the top
// counts: leaving a form with input already asks, and a form left behind in
// the cache (reloading itself after a save) is not the user's work.
func (m *Model) unsaved() bool {
	g, ok := m.Top().(Guarded)
	return ok && g.Dirty()
}

// askingToQuit reports whether the unsaved-input question is on screen.
func (m *Model) askingToQuit() bool {
	n := len(m.overlays)
	if n == 0 {
		return false
	}
	c, ok := m.overlays[n-1].(*confirmDialog)
	return ok && c.question == m.quitQuestion()
}

// quit ends the program, asking first while a page holds unsent input.
func (m *Model) quit() tea.Cmd {
	if m.unsaved() && !m.askingToQuit() {
		m.pushOverlay(&confirmDialog{question: m.quitQuestion(), yes: Emit(quitNow{})})
		return nil
	}
	m.quitting = true
	return tea.Quit
}

// quitQuestion is asked when a page still holds unsent input.
func (m *Model) quitQuestion() string {
	return m.opts.Locale.T("A form has input that was not sent. Quit anyway? (It is kept as a draft and offered next time.)")
}

// DraftKeeper is a page that keeps what the user typed on disk (a form's
// draft). KeepDraft writes at once whatever is not on disk yet; it does
// I/O, so only the program's edge calls it, after the program has ended.
type DraftKeeper interface {
	KeepDraft() error
}

// KeepDrafts writes the unsaved input of every open page, on any section's
// stack: called once the program has ended (quit, ctrl+c ctrl+c, a signal,
// a panic), never from Update.
func (m *Model) KeepDrafts() error {
	var errs []error
	for id, c := range m.cache {
		if k, ok := c.page.(DraftKeeper); ok {
			if err := keepDraft(k); err != nil {
				errs = append(errs, fmt.Errorf("%s %s: %w", id.Kind, id.ID, err))
			}
		}
	}
	return errors.Join(errs...)
}

// keepDraft is k.KeepDraft with a panic (a page left half-updated by the
// panic that ended the program) turned into an error: the other pages'
// drafts are still written.
func keepDraft(k DraftKeeper) (err error) {
	defer func() {
		if r := recover(); r != nil {
			err = fmt.Errorf("%w: %v", ErrPanic, r)
		}
	}()
	return k.KeepDraft()
}
