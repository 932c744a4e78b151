package form

import (
	"maps"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// Draft is an unfinished form kept on disk.
type Draft struct {
	Values  Values    `json:"values"`
	SavedAt time.Time `json:"saved_at"`
	// Journal is the entry of the form's write in doubt: a restored draft
	// is settled by reading the service before anything is sent.
	Journal string `json:"journal,omitempty"`
}

// DraftStore keeps drafts by form id. Its methods do I/O: the host calls
// them only inside Cmds, and in KeepDraft once the program has ended.
type DraftStore interface {
	Load(id string) (Draft, bool, error)
	Save(id string, d Draft) error
	Delete(id string) error
}

// DraftID is the key a form's draft is stored under.
func DraftID(id ui.PageID) string { return string(id.Kind) + ":" + id.ID }

// DefaultDraftDelay is how long an edit waits at most before its draft is
// on disk: what a kill -9 or a power cut can take of the typing.
const DefaultDraftDelay = 100 * time.Millisecond

// draftState is the host's bookkeeping of its draft. An edit counts in
// edits; the first edit after a write starts one tick (due), and the tick
// writes whatever the form holds by then, so every edit is on disk within
// one delay even while the user keeps typing (a debounce would wait for a
// pause). scheduled is the edit count the last write or delete was started
// for.
type draftState struct {
	edits, scheduled int
	due              bool
	writer           *draftWriter
}

// draftWriter orders a host's writes and deletes, which run in Cmds and,
// at the end, in KeepDraft: each carries the edit count it reflects, and
// one no newer than what is already done is skipped, so a slow Cmd never
// puts older text back over newer.
type draftWriter struct {
	mu   sync.Mutex
	done int
}

func (w *draftWriter) do(seq int, f func() error) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if seq <= w.done {
		return nil
	}
	if err := f(); err != nil {
		return err
	}
	w.done = seq
	return nil
}

func (h *Host) draftWriter() *draftWriter {
	if h.drafts.writer == nil {
		h.drafts.writer = &draftWriter{}
	}
	return h.drafts.writer
}

// draftEdited counts an edit and starts the draft's tick unless one is
// already on its way.
func (h *Host) draftEdited() tea.Cmd {
	h.drafts.edits++
	if h.opts.Drafts == nil || h.drafts.due {
		return nil
	}
	h.drafts.due = true
	page, from := h.opts.ID, h
	return tea.Tick(h.opts.DraftDelay, func(time.Time) tea.Msg {
		return formDraftTickMsg{page: page, from: from}
	})
}

// draftTick writes the draft when edits came since the last write.
func (h *Host) draftTick(msg formDraftTickMsg) tea.Cmd {
	if msg.from != h {
		return nil
	}
	h.drafts.due = false
	if h.drafts.scheduled == h.drafts.edits {
		return nil
	}
	return h.saveDraftCmd()
}

// saveDraftCmd writes the form's input as its draft, or deletes the draft
// when the input is back to the form's first values. A call counts as an
// edit: the journal's state changes (a write in doubt, settled) reach the
// draft without a key pressed, and the writer skips what it has written.
func (h *Host) saveDraftCmd() tea.Cmd {
	if h.opts.Drafts == nil {
		return nil
	}
	h.drafts.edits++
	write := h.draftWrite()
	l := h.opts.Locale
	return func() tea.Msg {
		if err := write(); err != nil {
			return ui.Toast{Text: l.Tf("Could not keep the draft: %v", err), Kind: ui.ToastWarn}
		}
		return nil
	}
}

// draftWrite takes what the form holds now (in Update) and returns the
// write of it, to run in a Cmd or after the program has ended.
func (h *Host) draftWrite() func() error {
	h.drafts.scheduled = h.drafts.edits
	store, id, w, seq := h.opts.Drafts, DraftID(h.opts.ID), h.draftWriter(), h.drafts.edits
	if !h.Dirty() && h.entry == "" {
		return func() error { return w.do(seq, func() error { return store.Delete(id) }) }
	}
	d := Draft{Values: maps.Clone(h.values), SavedAt: h.opts.Now(), Journal: h.entry}
	return func() error { return w.do(seq, func() error { return store.Save(id, d) }) }
}

// KeepDraft implements ui.DraftKeeper: it writes at once what the form
// holds and no write has taken yet. It does I/O: the program's edge calls
// it after the program has ended (quit, a signal, a panic), never Update.
func (h *Host) KeepDraft() error {
	if h.opts.Drafts == nil || h.drafts.scheduled == h.drafts.edits {
		return nil
	}
	return h.draftWrite()()
}

func (h *Host) deleteDraftCmd() tea.Cmd {
	if h.opts.Drafts == nil {
		return nil
	}
	// A delete counts as the newest edit: no write still on its way may
	// bring the draft back.
	h.drafts.edits++
	h.drafts.scheduled = h.drafts.edits
	store, id, l, w, seq := h.opts.Drafts, DraftID(h.opts.ID), h.opts.Locale, h.draftWriter(), h.drafts.edits
	return func() tea.Msg {
		if err := w.do(seq, func() error { return store.Delete(id) }); err != nil {
			return ui.Toast{Text: l.Tf("Could not delete the draft: %v", err), Kind: ui.ToastWarn}
		}
		return nil
	}
}
