package ui

import (
	"log/slog"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// draftsKept carries the ids of the drafts on disk at start.
type draftsKept struct {
	ids []string
	err error
}

// listKeptDrafts reads, in a Cmd, which drafts the last run kept.
func (m *Model) listKeptDrafts() tea.Cmd {
	list := m.opts.KeptDrafts
	if list == nil {
		return nil
	}
	return func() tea.Msg {
		ids, err := list()
		return draftsKept{ids: ids, err: err}
	}
}

// keptDrafts tells which drafts were kept, by the title of each form's
// page ("New payment on invoice 12"), so the user knows what waits for
// them and where.
func (m *Model) keptDrafts(msg draftsKept) tea.Cmd {
	if msg.err != nil {
		return m.logCmd(slog.LevelWarn, "list drafts", "err", msg.err)
	}
	if len(msg.ids) == 0 {
		return nil
	}
	names := make([]string, 0, len(msg.ids))
	for _, raw := range msg.ids {
		names = append(names, m.draftName(raw))
	}
	l := m.opts.Locale
	return Emit(Toast{Text: l.Nf(len(names), "Kept from last time: %d draft (%s)|Kept from last time: %d drafts (%s)", len(names), strings.Join(names, "; "))})
}

// draftName is the title of the page a draft belongs to; a draft id is the
// page's kind and id joined by ":".
func (m *Model) draftName(raw string) string {
	kind, id, _ := strings.Cut(raw, ":")
	if mk, ok := m.opts.Makers[Kind(kind)]; ok {
		if p, err := mk(PageID{Kind: Kind(kind), ID: id}); err == nil && p.Title() != "" {
			return p.Title()
		}
	}
	return raw
}
