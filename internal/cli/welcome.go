package cli

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
)

// Choice is what the user picked on the welcome screen.
type Choice int

// The welcome screen's choices. ChoiceNone means nothing was picked yet.
const (
	ChoiceNone Choice = iota
	ChoiceSignIn
	ChoiceDemo
	ChoiceQuit
)

func (c Choice) String() string {
	switch c {
	case ChoiceSignIn:
		return "sign in"
	case ChoiceDemo:
		return "demo"
	case ChoiceQuit:
		return "quit"
	}
	return "none"
}

// welcomeItem is one line of the menu, with its shortcut key.
type welcomeItem struct {
	choice Choice
	key    string
	label  string
	hint   string
}

// welcomeItems is the menu, in order; labels and hints are catalog keys.
var welcomeItems = []welcomeItem{
	{ChoiceSignIn, "s", locale.Key("Sign in"), locale.Key("with API credentials or an integration")},
	{ChoiceDemo, "d", locale.Key("Try the demo"), locale.Key("a made-up account on a local sandbox; nothing leaves this computer")},
	{ChoiceQuit, "q", locale.Key("Quit"), ""},
}

// welcomeStyles are built once.
type welcomeStyles struct {
	title, text, selected, normal, hint, help lipgloss.Style
}

func newWelcomeStyles() welcomeStyles {
	return welcomeStyles{
		title:    lipgloss.NewStyle().Bold(true).MarginBottom(1),
		text:     lipgloss.NewStyle().MarginBottom(1),
		selected: lipgloss.NewStyle().Bold(true).Reverse(true),
		normal:   lipgloss.NewStyle(),
		hint:     lipgloss.NewStyle().Faint(true),
		help:     lipgloss.NewStyle().Faint(true).MarginTop(1),
	}
}

// WelcomeModel is the screen shown when kasa runs with nothing configured.
type WelcomeModel struct {
	l      locale.Locale
	cursor int
	choice Choice
	width  int
	styles welcomeStyles
}

// NewWelcome starts with "Sign in" selected, in l's language.
func NewWelcome(l locale.Locale) WelcomeModel { return WelcomeModel{l: l, styles: newWelcomeStyles()} }

// Choice is what was picked (ChoiceNone while the screen is still open).
func (m WelcomeModel) Choice() Choice { return m.choice }

// Init implements tea.Model.
func (m WelcomeModel) Init() tea.Cmd { return nil }

// Update implements tea.Model: arrows or j/k move, enter picks, s/d/q pick
// directly, esc and ctrl+c quit.
func (m WelcomeModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.width = msg.Width
	case tea.KeyMsg:
		switch msg.String() {
		case "up", "k", "shift+tab":
			m.cursor = (m.cursor + len(welcomeItems) - 1) % len(welcomeItems)
		case "down", "j", "tab":
			m.cursor = (m.cursor + 1) % len(welcomeItems)
		case "enter", " ":
			m.choice = welcomeItems[m.cursor].choice
			return m, tea.Quit
		case "esc", "ctrl+c":
			m.choice = ChoiceQuit
			return m, tea.Quit
		default:
			for i, it := range welcomeItems {
				if msg.String() == it.key {
					m.cursor = i
					m.choice = it.choice
					return m, tea.Quit
				}
			}
		}
	}
	return m, nil
}

// View implements tea.Model.
func (m WelcomeModel) View() string {
	if m.choice != ChoiceNone {
		return ""
	}
	var b strings.Builder
	b.WriteString(m.styles.title.Render(m.l.T("Welcome to kasa")))
	b.WriteString("\n")
	b.WriteString(m.styles.text.Render(m.l.T("kasa is not signed in to the invoicing service yet.")))
	b.WriteString("\n")
	for i, it := range welcomeItems {
		line := fmt.Sprintf(" %s  %s ", it.key, m.l.T(it.label))
		marker := "  "
		style := m.styles.normal
		if i == m.cursor {
			marker = "> "
			style = m.styles.selected
		}
		b.WriteString(marker + style.Render(line))
		if hint := m.l.T(it.hint); hint != "" && (m.width == 0 || m.width >= 40+len(hint)) {
			b.WriteString("  " + m.styles.hint.Render(hint))
		}
		b.WriteString("\n")
	}
	b.WriteString(m.styles.help.Render(m.l.T("↑/↓ move · enter choose · s/d/q pick directly · esc quit")))
	b.WriteString("\n")
	return b.String()
}

// Welcome runs the welcome screen on in and out and returns the choice.
// Leaving it any other way (the context ends) is ChoiceQuit.
func Welcome(ctx context.Context, l locale.Locale, in io.Reader, out io.Writer) (Choice, error) {
	final, err := ui.RunProgram(ctx, NewWelcome(l), ui.Edge{}, tea.WithInput(in), tea.WithOutput(out))
	if err != nil {
		if errors.Is(err, tea.ErrProgramKilled) || errors.Is(err, tea.ErrInterrupted) || ctx.Err() != nil {
			return ChoiceQuit, nil
		}
		return ChoiceQuit, fmt.Errorf("welcome screen: %w", err)
	}
	m, ok := final.(WelcomeModel)
	if !ok || m.choice == ChoiceNone {
		return ChoiceQuit, nil
	}
	return m.choice, nil
}
