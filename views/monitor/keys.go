package monitor

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"slices"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// keyMap is the monitor's own keys, taken from the shared vocabulary.
type keyMap struct {
	Up, Down, Top, Bottom key.Binding
	Open, Toggle, Refresh key.Binding
	SeenAll, Account      key.Binding
	Quit                  key.Binding
}

// newKeyMap is the monitor's keys; Account (narrow to one account) only
// when several are watched.
func newKeyMap(l locale.Locale, several bool) keyMap {
	k := ui.NewKeyMap(l)
	km := keyMap{
		Up: k.Up, Down: k.Down, Top: k.Top, Bottom: k.Bottom,
		Open: k.Open, Toggle: k.Toggle, Refresh: k.Refresh,
		SeenAll: key.NewBinding(key.WithKeys("a"), key.WithHelp("a", l.T("mark all seen"))),
		Account: key.NewBinding(key.WithKeys("f"), key.WithHelp("f", l.T("one account / all"))),
		Quit:    key.NewBinding(key.WithKeys("q", "ctrl+c"), key.WithHelp("q", l.T("quit"))),
	}
	km.Account.SetEnabled(several)
	return km
}

// ShortHelp implements help.KeyMap.
func (k keyMap) ShortHelp() []key.Binding {
	return []key.Binding{k.Open, k.Toggle, k.Refresh, k.SeenAll, k.Account}
}

// FullHelp implements help.KeyMap.
func (k keyMap) FullHelp() [][]key.Binding {
	return [][]key.Binding{{k.Up, k.Down, k.Top, k.Bottom}, {k.Open, k.Toggle, k.Refresh, k.SeenAll, k.Account}}
}

// item is one selectable row: a to-do or an event, and its account.
type item struct {
	member int
	todo   *poll.HeldTodo
	event  *poll.HeldEvent
}

// at is when the item happened: what rows of several accounts are
// interleaved by.
func (it item) at() time.Time {
	if it.todo != nil {
		return it.todo.CreatedAt.Time
	}
	return it.event.CreatedAt.Time
}

// items lists the rows in cursor order: to-dos, then events, each of every
// shown account interleaved by time (newest first, as each account's are).
func (m *Model) items() []item {
	var todos, events []item
	for i, mem := range m.members {
		if !m.shows(i) {
			continue
		}
		st := &mem.snap.State
		for j := range st.Todos {
			todos = append(todos, item{member: i, todo: &st.Todos[j]})
		}
		for j := range st.Events {
			events = append(events, item{member: i, event: &st.Events[j]})
		}
	}
	if m.several() {
		newestFirst := func(a, b item) int { return b.at().Compare(a.at()) }
		slices.SortStableFunc(todos, newestFirst)
		slices.SortStableFunc(events, newestFirst)
	}
	return append(todos, events...)
}

func (m *Model) clampCursor() {
	m.cursor = max(0, min(m.cursor, len(m.items())-1))
}

// seen marks one item seen in its account.
func (m *Model) seen(it item) {
	mem := m.members[it.member]
	switch {
	case it.todo != nil:
		mem.poller.MarkSeen(nil, []int64{it.todo.ID})
	case it.event != nil:
		mem.poller.MarkSeen([]string{it.event.Key}, nil)
	}
	mem.snap = mem.poller.Snapshot()
}

// started reports whether every account's poller exists (its cache read).
func (m *Model) started() bool {
	for _, mem := range m.members {
		if mem.poller == nil {
			return false
		}
	}
	return true
}

// refresh fetches every shown account now (r), those not fetching already.
func (m *Model) refresh() tea.Cmd {
	var cmds []tea.Cmd
	for i, mem := range m.members {
		if m.shows(i) && !mem.fetching {
			cmds = append(cmds, m.fetch(i, true))
		}
	}
	if len(cmds) == 0 {
		m.flash = m.opts.Locale.T("already fetching")
		return nil
	}
	return tea.Batch(cmds...)
}

// nextAccount narrows the screen to the next account, then back to all.
func (m *Model) nextAccount() {
	m.filter++
	if m.filter >= len(m.members) {
		m.filter = -1
	}
	m.cursor = 0
}

func (m *Model) key(msg tea.KeyMsg) tea.Cmd {
	if m.standalone && key.Matches(msg, m.keys.Quit) {
		return tea.Quit
	}
	if !m.started() {
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
		return m.refresh()
	case key.Matches(msg, m.keys.SeenAll):
		m.markAllSeen()
		return tea.Batch(m.saveAll(), m.titleCmd())
	case key.Matches(msg, m.keys.Account):
		m.nextAccount()
	case key.Matches(msg, m.keys.Open):
		if m.cursor < len(items) {
			return m.open(items[m.cursor])
		}
	case key.Matches(msg, m.keys.Toggle):
		if m.cursor < len(items) && items[m.cursor].todo != nil {
			return m.toggle(items[m.cursor].member, items[m.cursor].todo.ID)
		}
	}
	if moved && m.cursor >= 0 && m.cursor < len(items) {
		// The row the cursor lands on has been looked at.
		it := items[m.cursor]
		if (it.todo != nil && it.todo.Seen) || (it.event != nil && it.event.Seen) {
			return nil
		}
		m.seen(it)
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

// open opens the item's page in its account: the standalone monitor hands
// both to the application; inside the shell an item of another account
// switches the shell to that account first.
func (m *Model) open(it item) tea.Cmd {
	id := target(it)
	m.seen(it)
	slug := m.members[it.member].acct.Slug
	if m.standalone {
		m.opened = &Opened{Page: id, Account: slug}
		return tea.Sequence(m.save(it.member), tea.Quit)
	}
	if it.member != 0 { // members[0] is the shell's own account
		return tea.Batch(m.save(it.member), ui.Emit(ui.SwitchAccount{Slug: slug, Then: &id}))
	}
	return tea.Batch(m.save(it.member), ui.Emit(ui.Open{ID: id}))
}

func (m *Model) toggle(member int, id int64) tea.Cmd {
	p := m.members[member].poller
	return func() tea.Msg {
		ctx, cancel := context.WithTimeout(context.Background(), fetchTimeout)
		defer cancel()
		return toggledMsg{member: member, id: id, err: p.Toggle(ctx, id)}
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
