package form

import (
	"maps"
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
// them only inside Cmds.
type DraftStore interface {
	Load(id string) (Draft, bool, error)
	Save(id string, d Draft) error
	Delete(id string) error
}

// DraftID is the key a form's draft is stored under.
func DraftID(id ui.PageID) string { return string(id.Kind) + ":" + id.ID }

func (h *Host) saveDraftCmd() tea.Cmd {
	if h.opts.Drafts == nil {
		return nil
	}
	store, id, l := h.opts.Drafts, DraftID(h.opts.ID), h.opts.Locale
	if !h.Dirty() && h.entry == "" {
		return func() tea.Msg { _ = store.Delete(id); return nil }
	}
	d := Draft{Values: maps.Clone(h.values), SavedAt: h.opts.Now(), Journal: h.entry}
	return func() tea.Msg {
		if err := store.Save(id, d); err != nil {
			return ui.Toast{Text: l.Tf("Could not keep the draft: %v", err), Kind: ui.ToastWarn}
		}
		return nil
	}
}

func (h *Host) deleteDraftCmd() tea.Cmd {
	if h.opts.Drafts == nil {
		return nil
	}
	store, id, l := h.opts.Drafts, DraftID(h.opts.ID), h.opts.Locale
	return func() tea.Msg {
		if err := store.Delete(id); err != nil {
			return ui.Toast{Text: l.Tf("Could not delete the draft: %v", err), Kind: ui.ToastWarn}
		}
		return nil
	}
}
