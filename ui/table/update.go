package table

import (
	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
)

// wheelStep is how many rows one turn of the mouse wheel scrolls.
const wheelStep = 3

// Update moves the cursor on keys and mouse events. It returns a command
// sending NeedMoreMsg when the window nears the end of the loaded rows.
func (m *Model[T]) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case tea.KeyMsg:
		m.handleKey(msg)
	case tea.MouseMsg:
		m.handleMouse(tea.MouseEvent(msg))
	default:
		return nil
	}
	return m.MaybeLoadMore()
}

func (m *Model[T]) handleKey(msg tea.KeyMsg) {
	m.toBottom = false
	switch {
	case key.Matches(msg, m.KeyMap.Up):
		m.SetCursor(m.cursor - 1)
	case key.Matches(msg, m.KeyMap.Down):
		m.SetCursor(m.cursor + 1)
	case key.Matches(msg, m.KeyMap.PageUp):
		m.SetCursor(m.cursor - m.bodyRows())
	case key.Matches(msg, m.KeyMap.PageDown):
		m.SetCursor(m.cursor + m.bodyRows())
	case key.Matches(msg, m.KeyMap.Top):
		m.SetCursor(0)
	case key.Matches(msg, m.KeyMap.Bottom):
		m.SetCursor(len(m.order) - 1)
		m.toBottom = !m.exhausted
	}
}

func (m *Model[T]) handleMouse(ev tea.MouseEvent) {
	if ev.X < m.originX || ev.X >= m.originX+m.width {
		return
	}
	switch {
	case ev.Button == tea.MouseButtonWheelUp:
		m.scroll(-wheelStep)
	case ev.Button == tea.MouseButtonWheelDown:
		m.scroll(wheelStep)
	case ev.Button == tea.MouseButtonLeft && ev.Action == tea.MouseActionPress:
		line := ev.Y - m.originY - 1 // the first line is the header
		if line < 0 || line >= m.bodyRows() {
			return
		}
		if i := m.offset + line; i < len(m.order) {
			m.SetCursor(i)
		}
	}
}

// scroll moves the window by delta rows, taking the cursor along only as
// far as needed to keep it inside the window.
func (m *Model[T]) scroll(delta int) {
	body := m.bodyRows()
	m.offset = min(max(m.offset+delta, 0), max(len(m.order)-body, 0))
	m.cursor = min(max(m.cursor, m.offset), m.offset+body-1)
	m.clamp()
}

// MaybeLoadMore returns a command sending NeedMoreMsg when the cursor is
// within LoadMoreThreshold rows of the end, more pages exist and none is
// being loaded; it then marks the table loading, so it asks once per page.
// Update calls it; an owner may call it after AppendRows or SetRows.
func (m *Model[T]) MaybeLoadMore() tea.Cmd {
	if m.loading || m.exhausted || len(m.order) == 0 {
		return nil
	}
	if m.cursor < len(m.order)-LoadMoreThreshold {
		return nil
	}
	m.loading = true
	owner := m.owner
	return func() tea.Msg { return NeedMoreMsg{Table: owner} }
}
