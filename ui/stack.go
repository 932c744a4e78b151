package ui

import (
	"fmt"
	"log/slog"

	tea "github.com/charmbracelet/bubbletea"
)

// page returns the cached page for id, making (and initialising) it when it
// is not cached. The returned Cmd is the new page's Init.
func (m *Model) page(id PageID) (Page, tea.Cmd, error) {
	if c, ok := m.cache[id]; ok {
		return c.page, nil, nil
	}
	var p Page
	if mk, ok := m.opts.Makers[id.Kind]; ok && mk != nil {
		var err error
		if p, err = mk(id); err != nil {
			return nil, nil, err
		}
	} else {
		p = NewPlaceholder(m.titleFor(id), m.opts.Locale)
	}
	m.cache[id] = &cached{page: p}
	p.SetSize(m.bodySize())
	return p, p.Init(), nil
}

// titleFor names a page that has no maker: its section's title, else its kind.
func (m *Model) titleFor(id PageID) string {
	for _, s := range m.opts.Sections {
		if s.Root == id {
			return m.opts.Locale.T(s.Title)
		}
	}
	return string(id.Kind)
}

// shown marks the top page as just seen and gives it the current size.
func (m *Model) shown() {
	id, ok := m.TopID()
	if !ok {
		return
	}
	if c, ok := m.cache[id]; ok {
		m.clock++
		c.seen = m.clock
		c.page.SetSize(m.bodySize())
	}
	m.evict()
}

// selectSection shows section i. Each section keeps its own stack, so coming
// back shows the page left there; selecting the current section again goes
// back to its root.
func (m *Model) selectSection(i int) tea.Cmd {
	if i < 0 || i >= len(m.opts.Sections) {
		return nil
	}
	if i == m.section && len(m.stacks[i]) > 1 {
		m.stacks[i] = m.stacks[i][:1]
		m.shown()
		return nil
	}
	m.section = i
	if len(m.stacks[i]) > 0 {
		if _, ok := m.cache[m.stacks[i][0]]; ok {
			m.shown()
			return nil
		}
	}
	root := m.opts.Sections[i].Root
	_, cmd, err := m.page(root)
	if err != nil {
		m.stacks[i] = nil
		return m.openFailed(root, err)
	}
	m.stacks[i] = []PageID{root}
	m.shown()
	return cmd
}

// open pushes id on the current stack.
func (m *Model) open(id PageID) tea.Cmd {
	if top, ok := m.TopID(); ok && top == id {
		return nil
	}
	_, cmd, err := m.page(id)
	if err != nil {
		return m.openFailed(id, err)
	}
	m.stacks[m.section] = append(m.stacks[m.section], id)
	m.shown()
	return cmd
}

// replace swaps the top page for id.
func (m *Model) replace(id PageID) tea.Cmd {
	s := m.stacks[m.section]
	if len(s) == 0 {
		return m.open(id)
	}
	_, cmd, err := m.page(id)
	if err != nil {
		return m.openFailed(id, err)
	}
	s[len(s)-1] = id
	m.shown()
	return cmd
}

// back pops the top page; the page below is the same instance as before, so
// its cursor is where the user left it.
func (m *Model) back() {
	if m.depth() > 1 {
		popped := m.stacks[m.section][m.depth()-1]
		m.stacks[m.section] = m.stacks[m.section][:m.depth()-1]
		m.dropTransient(popped)
		m.shown()
	}
}

// Transient is a page that should start afresh each time it is opened (a
// form: its defaults come from the record as it is now). Once it leaves the
// stack it leaves the cache, so the next Open makes and loads a new one.
type Transient interface {
	Transient() bool
}

// dropTransient removes a popped transient page from the cache.
func (m *Model) dropTransient(id PageID) {
	c, ok := m.cache[id]
	if !ok || m.onStack(id) {
		return
	}
	if t, ok := c.page.(Transient); ok && t.Transient() {
		delete(m.cache, id)
	}
}

func (m *Model) depth() int {
	if len(m.stacks) == 0 {
		return 0
	}
	return len(m.stacks[m.section])
}

func (m *Model) openFailed(id PageID, err error) tea.Cmd {
	what := m.opts.Locale.Tf("open %s", string(id.Kind))
	if id.ID != "" {
		what += " " + id.ID
	}
	m.pushOverlay(newErrorPanel(ShowError{What: what, Err: err, Retry: Emit(Open{ID: id})}))
	return m.logCmd(slog.LevelWarn, "open page", "kind", string(id.Kind), "id", id.ID, "err", fmt.Sprint(err))
}

// evict drops the least recently shown pages that are on no stack, so that
// browsing many records does not grow memory without bound.
func (m *Model) evict() {
	for len(m.cache) > m.opts.CacheSize+m.stackedCount() {
		var oldest PageID
		var found bool
		var seen uint64
		for id, c := range m.cache {
			if m.onStack(id) {
				continue
			}
			if !found || c.seen < seen {
				oldest, seen, found = id, c.seen, true
			}
		}
		if !found {
			return
		}
		delete(m.cache, oldest)
	}
}

func (m *Model) onStack(id PageID) bool {
	for _, s := range m.stacks {
		for _, x := range s {
			if x == id {
				return true
			}
		}
	}
	return false
}

func (m *Model) stackedCount() int {
	seen := map[PageID]bool{}
	for _, s := range m.stacks {
		for _, x := range s {
			seen[x] = true
		}
	}
	return len(seen)
}

// switchAccount runs the main program's hook, then rebuilds the pages once
// the hook's Cmd has finished.
func (m *Model) switchAccount(slug string, then *PageID) tea.Cmd {
	var hook tea.Cmd
	if m.opts.OnSwitchAccount != nil {
		hook = m.opts.OnSwitchAccount(slug)
	}
	done := Emit(accountSwitched{slug: slug, then: then})
	return tea.Batch(
		m.logCmd(slog.LevelInfo, "switch account", "account", slug),
		tea.Sequence(hook, done),
	)
}

// reopenAfterSwitch forgets every page (they hold the old account's data)
// and opens the current section afresh.
func (m *Model) reopenAfterSwitch(slug string) tea.Cmd {
	m.account = slug
	m.cache = map[PageID]*cached{}
	m.stacks = make([][]PageID, len(m.opts.Sections))
	m.overlays = nil
	cur := m.section
	m.section = -1
	return m.selectSection(cur)
}
