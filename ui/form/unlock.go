package form

import (
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/ui"
)

// A record the service refuses to change while it is locked: the form
// says so at once (Spec.ReadOnly) or when a send is refused (Result.Locked),
// and ctrl+l runs the spec's Unlock without leaving the form. Nothing typed
// is lost: the values stay, and esc asks before it discards them.

// formUnlockedMsg is the answer of Spec.Unlock.
type formUnlockedMsg struct {
	page ui.PageID
	from *Host
	res  Result
}

func (m formUnlockedMsg) Target() ui.PageID       { return m.page }
func (m formUnlockedMsg) APIStatus() ui.APIStatus { return m.res.Status }

// canUnlock: the record is locked (as loaded, or as a refused send said)
// and the form can unlock it, with nothing else under way.
func (h *Host) canUnlock() bool {
	return h.state == formReady && h.spec.Unlock != nil && (h.spec.ReadOnly != "" || h.lockRefused) &&
		!h.sending && !h.checking && !h.unlocking
}

// unlock runs the spec's Unlock in a Cmd.
func (h *Host) unlock() tea.Cmd {
	h.unlocking = true
	h.notice = h.opts.Locale.Tf("Unlocking the %s…", h.spec.Noun)
	task, page, from := h.spec.Unlock, h.opts.ID, h
	return func() tea.Msg { return formUnlockedMsg{page: page, from: from, res: task()} }
}

// unlocked takes Unlock's answer: done, the form is editable with the
// values it holds (what was typed before a refused send included).
func (h *Host) unlocked(msg formUnlockedMsg) tea.Cmd {
	if msg.from != h {
		return nil
	}
	h.unlocking = false
	h.notice = ""
	res := msg.res
	if len(res.Done) == 0 {
		h.problem = res.Problem
		if h.problem == "" {
			h.problem = h.opts.Locale.Tf("The %s could not be unlocked; nothing was changed.", h.spec.Noun)
		}
		return nil
	}
	h.spec.ReadOnly, h.lockRefused, h.problem = "", false, ""
	h.notice = h.opts.Locale.Tf("The %s is unlocked: ctrl+s sends your changes.", h.spec.Noun)
	return sequence(res.Done)
}

// discardQuestion is esc's question on a form with unsaved values; after a
// send refused as locked it says the changes are not saved and how to save
// them instead.
func (h *Host) discardQuestion() string {
	if h.lockRefused && h.spec.Unlock != nil {
		return h.opts.Locale.Tf("The %s is locked and your changes are not saved. Discard them? (no keeps them: ctrl+l unlocks, then ctrl+s sends)", h.spec.Noun)
	}
	return h.opts.Locale.Tf("Discard the unsaved %s?", h.spec.Noun)
}
