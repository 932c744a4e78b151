package ui

import (
	"slices"

	tea "github.com/charmbracelet/bubbletea"
)

// ChangeOp says what happened to a record.
type ChangeOp int

// Change operations. ChangeUpdated is the zero value.
const (
	ChangeUpdated ChangeOp = iota
	ChangeCreated
	ChangeDeleted
)

// Changed announces that kasa changed a record at the service: a form saved
// it, an action locked, archived, paid or deleted it. It is the one way a
// page says "something changed": the shell hands it to every cached page (as
// pug's cache does), and each page decides whether it cares. A list holding
// the record patches its row from Record, or drops it when deleted, or
// reloads; a detail page of the record takes Record, or reloads.
type Changed struct {
	// Kind is the kind of the record's detail page (nav.Invoice): pages match
	// on it.
	Kind Kind
	// ID is the record's id; 0 means "some records of this kind".
	ID int64
	Op ChangeOp
	// Record is the record as the service answered (a value or a pointer of
	// the record's type), when the answer carried it; nil means a page that
	// shows the record must read it again.
	Record any
}

// StatusCarrier is a message that also reports the connection: the shell
// takes the status from any such message before routing it, so no page has
// to remember to pass it on. APIStatus itself is one.
type StatusCarrier interface {
	APIStatus() APIStatus
}

// APIStatus implements StatusCarrier.
func (s APIStatus) APIStatus() APIStatus { return s }

// StatusOf is the status msg carries, or the zero status (which changes
// nothing in the bar). Wrappers that carry a page's message elsewhere
// implement StatusCarrier with it.
func StatusOf(msg any) APIStatus {
	if sc, ok := msg.(StatusCarrier); ok {
		return sc.APIStatus()
	}
	return APIStatus{}
}

// broadcast hands a Changed to every cached page, in a stable order so that
// the Cmds they answer with do not depend on map order.
func (m *Model) broadcast(msg Changed) tea.Cmd {
	ids := make([]PageID, 0, len(m.cache))
	for id := range m.cache {
		ids = append(ids, id)
	}
	slices.SortFunc(ids, func(a, b PageID) int {
		if a.Kind != b.Kind {
			if a.Kind < b.Kind {
				return -1
			}
			return 1
		}
		switch {
		case a.ID < b.ID:
			return -1
		case a.ID > b.ID:
			return 1
		}
		return 0
	})
	cmds := make([]tea.Cmd, 0, len(ids))
	for _, id := range ids {
		cmds = append(cmds, m.cache[id].page.Update(msg))
	}
	return tea.Batch(cmds...)
}
