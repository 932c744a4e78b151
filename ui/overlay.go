package ui

import (
	"strings"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/internal/textclean"
)

// overlay is drawn over the page body and takes every key (but ctrl+c)
// while it is open.
type overlay interface {
	// update handles a key; closed reports that the overlay is done.
	update(m *Model, msg tea.KeyMsg) (closed bool, cmd tea.Cmd)
	// view renders the overlay's content for a box of at most w cells and
	// h lines (the help lays its keys out to fit them).
	view(m *Model, w, h int) string
}

// overlayKeys are the keys the overlays answer to. They are built here, not
// taken from KeyMap, because inside a dialog y/n/r mean something else.
type overlayKeys struct {
	yes, alt, no, choose, toggle, retry, close, up, down key.Binding
}

func newOverlayKeys() overlayKeys {
	return overlayKeys{
		yes:    key.NewBinding(key.WithKeys("y", "Y")),
		alt:    key.NewBinding(key.WithKeys("a", "A")),
		no:     key.NewBinding(key.WithKeys("n", "N", "esc")),
		choose: key.NewBinding(key.WithKeys("enter")),
		toggle: key.NewBinding(key.WithKeys("left", "right", "h", "l", "tab", "shift+tab")),
		retry:  key.NewBinding(key.WithKeys("r")),
		close:  key.NewBinding(key.WithKeys("esc", "q", "?")),
		up:     key.NewBinding(key.WithKeys("k", "up")),
		down:   key.NewBinding(key.WithKeys("j", "down")),
	}
}

// placeOverlay draws o in a box centred in the body area.
func (m *Model) placeOverlay(o overlay, w, h int) string {
	box := m.styles.Overlay
	inner := max(min(w-box.GetHorizontalFrameSize(), 72), 10)
	if _, isHelp := o.(*helpOverlay); isHelp {
		inner = max(w-box.GetHorizontalFrameSize(), 10)
	}
	content := lipgloss.NewStyle().MaxWidth(inner).Render(o.view(m, inner, h-box.GetVerticalFrameSize()))
	return lipgloss.Place(w, h, lipgloss.Center, lipgloss.Center, box.Render(content))
}

// wrap breaks text into lines of at most w cells, no wider than it needs.
func wrap(text string, w int) string {
	return lipgloss.NewStyle().Width(max(min(w, lipgloss.Width(text)), 1)).Render(text)
}

// helpOverlay lists every key: the page's first, then the shell's.
type helpOverlay struct{}

func (h *helpOverlay) update(_ *Model, msg tea.KeyMsg) (bool, tea.Cmd) {
	return key.Matches(msg, newOverlayKeys().close), nil
}

// helpFixedLines are the help's lines besides the keys: two titles, the
// blank line between the parts and the closing hint after a blank line.
const helpFixedLines = 5

// view lists the page's keys, then the shell's, in as many columns as let
// them fit in rows lines (a Czech help at 80x24 shows every key).
func (h *helpOverlay) view(m *Model, w, rows int) string {
	l := m.opts.Locale
	var page []key.Binding
	title := ""
	if p := m.Top(); p != nil && p.KeyMap() != nil {
		groups := p.KeyMap().FullHelp()
		for i, g := range groups {
			groups[i] = TranslateHelp(l, g)
		}
		page = flatten(groups)
		title = l.Tf("Keys on %s", textclean.Line(p.Title()))
	}
	shell := flatten(m.shellKeys().FullHelp())
	pageCols, shellCols := helpColumns(len(shown(page)), len(shown(shell)), rows-helpFixedLines)
	var b strings.Builder
	if keys := packHelp(m.styles.HelpFull, page, pageCols, w); keys != "" {
		b.WriteString(m.styles.OverlayTitle.Render(title) + "\n" + keys + "\n\n")
	}
	b.WriteString(m.styles.OverlayTitle.Render(l.T("Keys everywhere")) + "\n")
	b.WriteString(packHelp(m.styles.HelpFull, shell, shellCols, w) + "\n\n")
	b.WriteString(m.styles.Muted.Render(l.T("esc or ? closes this help")))
	return b.String()
}

// confirmDialog asks before a destructive action; the focus starts on No.
// With alt it offers a third answer (Confirm.Alt).
type confirmDialog struct {
	question string
	yes, alt tea.Cmd
	altLabel string
	focus    int // focusNo, focusYes or focusAlt
}

// The buttons of a confirmDialog, in the order ←/→ visit them.
const (
	focusNo = iota
	focusYes
	focusAlt
)

func (c *confirmDialog) update(_ *Model, msg tea.KeyMsg) (bool, tea.Cmd) {
	k := newOverlayKeys()
	buttons := 2
	if c.alt != nil {
		buttons = 3
	}
	switch {
	case key.Matches(msg, k.yes):
		return true, c.yes
	case c.alt != nil && key.Matches(msg, k.alt):
		return true, c.alt
	case key.Matches(msg, k.no):
		return true, nil
	case key.Matches(msg, k.choose):
		return true, [...]tea.Cmd{focusNo: nil, focusYes: c.yes, focusAlt: c.alt}[c.focus]
	case key.Matches(msg, k.toggle):
		step := 1
		if s := msg.String(); s == "left" || s == "h" || s == "shift+tab" {
			step = buttons - 1
		}
		c.focus = (c.focus + step) % buttons
	}
	return false, nil
}

func (c *confirmDialog) view(m *Model, w, _ int) string {
	l := m.opts.Locale
	button := func(label string, at int) string {
		if c.focus == at {
			return m.styles.ButtonFocused.Render("[ " + label + " ]")
		}
		return m.styles.Button.Render("  " + label + "  ")
	}
	buttons := button(l.T("Yes"), focusYes) + "  " + button(l.T("No"), focusNo)
	hint := l.T("y yes · n/esc no · ←/→ move · enter choose")
	if c.alt != nil {
		buttons = button(l.T("Yes"), focusYes) + "  " + button(c.altLabel, focusAlt) + "  " + button(l.T("No"), focusNo)
		hint = l.Tf("y yes · a %s · n/esc no · ←/→ move · enter choose", c.altLabel)
	}
	return lipgloss.JoinVertical(lipgloss.Left,
		m.styles.OverlayTitle.Render(l.T("Are you sure?")),
		wrap(textclean.Lines(c.question), w), // names records
		"",
		buttons,
		"",
		m.styles.Muted.Render(hint),
	)
}

// errorPanel says what failed and how to retry.
type errorPanel struct{ e ShowError }

func newErrorPanel(e ShowError) *errorPanel { return &errorPanel{e: e} }

func (p *errorPanel) update(_ *Model, msg tea.KeyMsg) (bool, tea.Cmd) {
	k := newOverlayKeys()
	switch {
	case key.Matches(msg, k.retry) && p.e.Retry != nil:
		return true, p.e.Retry
	case msg.String() == "esc" || msg.String() == "enter":
		return true, nil
	}
	return false, nil
}

func (p *errorPanel) view(m *Model, w, _ int) string {
	l := m.opts.Locale
	text := l.Tf("Could not %s", p.e.What)
	if p.e.Err != nil {
		text += ": " + p.e.Err.Error()
	}
	hint := l.T("press esc to dismiss")
	if p.e.Retry != nil {
		hint = l.T("press r to retry, esc to dismiss")
	}
	return lipgloss.JoinVertical(lipgloss.Left,
		m.styles.ErrorTitle.Render("✗ "+l.T("Error")),
		wrap(textclean.Lines(text), w), // the service's message, a record's name
		"",
		m.styles.Muted.Render(hint),
	)
}

// accountSwitcher picks one of Options.Accounts.
type accountSwitcher struct {
	accounts []AccountChoice
	current  string
	cursor   int
}

func newAccountSwitcher(accounts []AccountChoice, current string) *accountSwitcher {
	s := &accountSwitcher{accounts: accounts, current: current}
	for i, a := range accounts {
		if a.Slug == current {
			s.cursor = i
		}
	}
	return s
}

func (s *accountSwitcher) update(_ *Model, msg tea.KeyMsg) (bool, tea.Cmd) {
	k := newOverlayKeys()
	switch {
	case msg.String() == "esc":
		return true, nil
	case key.Matches(msg, k.up):
		s.cursor = max(s.cursor-1, 0)
	case key.Matches(msg, k.down):
		s.cursor = min(s.cursor+1, len(s.accounts)-1)
	case key.Matches(msg, k.choose):
		if s.cursor < 0 || s.cursor >= len(s.accounts) || s.accounts[s.cursor].Slug == s.current {
			return true, nil
		}
		return true, Emit(SwitchAccount{Slug: s.accounts[s.cursor].Slug})
	}
	return false, nil
}

func (s *accountSwitcher) view(m *Model, _, _ int) string {
	lines := []string{m.styles.OverlayTitle.Render(m.opts.Locale.T("Switch account")), ""}
	for i, a := range s.accounts {
		line := "  "
		if i == s.cursor {
			line = "▸ "
		}
		line += textclean.Line(a.Name + " (" + a.Slug + ")")
		if a.Slug == s.current {
			line += " · " + m.opts.Locale.T("current")
		}
		if i == s.cursor {
			line = m.styles.Selected.Render(line)
		}
		lines = append(lines, line)
	}
	lines = append(lines, "", m.styles.Muted.Render(m.opts.Locale.T("j/k move · enter switch · esc cancel")))
	return strings.Join(lines, "\n")
}
