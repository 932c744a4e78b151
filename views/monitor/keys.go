package monitor

import (
	"context"
	"slices"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/poll"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// keyMap is the monitor's own keys, taken from the shared vocabulary.
type keyMap struct {
	Up, Down, Top, Bottom key.Binding
	Open, Toggle, Refresh key.Binding
	SeenAll, Quit         key.Binding
}

func newKeyMap() keyMap {
	k := ui.DefaultKeyMap()
	return keyMap{
		Up: k.Up, Down: k.Down, Top: k.Top, Bottom: k.Bottom,
		Open: k.Open, Toggle: k.Toggle, Refresh: k.Refresh,
		SeenAll: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "mark all seen")),
		Quit:    key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", "quit")),
	}
}

// ShortHelp implements help.KeyMap.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Toggle, k.Refresh, k.SeenAll}
}

// FullHelp implements help.KeyMap.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Top, k.Bottom}, {k.Open, k.Toggle, k.Refresh, k.SeenAll}}
}

// item is one selectable row: a to-do or an event.
type item struct {
	todo  *poll.HeldTodo
	event *poll.HeldEvent
}

// items lists the rows in cursor order: to-dos, then events.
func (m *Model) items() []item {
	st := &m.snap.State
	out := make([]item, 0, len(st.Todos)+len(st.Events))
	for i := range st.Todos {
		out = append(out, item{todo: &st.Todos[i]})
	}
	for i := range st.Events {
		out = append(out, item{event: &st.Events[i]})
	}
	return out
}

func (m *Model) clampCursor() {
	n := len(m.snap.State.Todos) + len(m.snap.State.Events)
	m.cursor = max(0, min(m.cursor, n-1))
}

func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	if m.standalone && key.Matches(msg, m.keys.Quit) {
		return tea.Quit
	}
	if m.poller == nil {
		return nil
	}
	items := m.items()
	moved := false
	switch {
	case key.Matches(msg, m.keys.Down):
		m.cursor, moved = min(m.cursor+1, len(items)-1), true
	case key.Matches(msg, m.keys.Up):
		m.cursor, moved = max(m.cursor-1, 0), true
	case key.Matches(msg, m.keys.Top):
		m.cursor, moved = 0, true
	case key.Matches(msg, m.keys.Bottom):
		m.cursor, moved = max(len(items)-1, 0), true
	case key.Matches(msg, m.keys.Refresh):
		if m.fetching {
			m.flash = "already fetching"
			return nil
		}
		return m.fetch(true)
	case key.Matches(msg, m.keys.SeenAll):
		m.poller.MarkAllSeen()
		m.snap = m.poller.Snapshot()
		return tea.Batch(m.save(), m.titleCmd())
	case key.Matches(msg, m.keys.Open):
		if m.cursor < len(items) {
			return m.open(items[m.cursor])
		}
	case key.Matches(msg, m.keys.Toggle):
		if m.cursor < len(items) && items[m.cursor].todo != nil {
			return m.toggle(items[m.cursor].todo.ID)
		}
	}
	if moved && m.cursor >= 0 && m.cursor < len(items) {
		// The row the cursor lands on has been looked at.
		it := items[m.cursor]
		if it.todo != nil && !it.todo.Seen {
			m.poller.MarkSeen(nil, []int64{it.todo.ID})
		} else if it.event != nil && !it.event.Seen {
			m.poller.MarkSeen([]string{it.event.Key}, nil)
		} else {
			return nil
		}
		m.snap = m.poller.Snapshot()
		return m.titleCmd()
	}
	return nil
}

// target is the page an item opens: its first related record kasa has a
// page for, else the list of its kind.
func target(it item) ui.PageID {
	list, rel := ui.PageID{Kind: nav.Events}, []apiclient.RelatedObject(nil)
	if it.todo != nil {
		list, rel = ui.PageID{Kind: nav.Todos}, it.todo.RelatedObjects
	} else if it.event != nil {
		rel = it.event.RelatedObjects
	}
	for _, r := range rel {
		if id, ok := nav.Related(r.Type, r.ID); ok {
			return id
		}
	}
	return list
}

func (m *Model) open(it item) tea.Cmd {
	id := target(it)
	if it.todo != nil {
		m.poller.MarkSeen(nil, []int64{it.todo.ID})
	} else if it.event != nil {
		m.poller.MarkSeen([]string{it.event.Key}, nil)
	}
	m.snap = m.poller.Snapshot()
	if m.standalone {
		m.opened = &id
		return tea.Sequence(m.save(), tea.Quit)
	}
	return tea.Batch(m.save(), ui.Emit(ui.Open{ID: id}))
}

func (m *Model) toggle(id int64) tea.Cmd {
	p := m.poller
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
		defer cancel()
		return toggledMsg{id: id, err: p.Toggle(ctx, id)}
	}
}

// changedCmd tells the shell's other pages (the to-do list) that a to-do
// changed here (inside the shell only).
func (m *Model) changedCmd(id int64) tea.Cmd {
	if m.standalone {
		return nil
	}
	return ui.Emit(ui.Changed{Kind: nav.Todo, ID: id})
}

// wantsAlert says whether an event name was chosen for the bell or a notification.
func wantsAlert(names []string, name string) bool {
	return slices.Contains(names, "*") || slices.Contains(names, name)
}
