package cli_test

import (
	"bytes"
	"context"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/cli"
	"github.com/kasa-tui/kasa/internal/locale"
)

func press(m tea.Model, keys ...tea.KeyMsg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	for _, k := range keys {
		m, cmd = m.Update(k)
	}
	return m, cmd
}

func key(s string) tea.KeyMsg { return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(s)} }

var (
	enter = tea.KeyMsg{Type: tea.KeyEnter}
	down  = tea.KeyMsg{Type: tea.KeyDown}
	up    = tea.KeyMsg{Type: tea.KeyUp}
	esc   = tea.KeyMsg{Type: tea.KeyEsc}
)

func isQuit(cmd tea.Cmd) bool {
	if cmd == nil {
		return false
	}
	_, ok := cmd().(tea.QuitMsg)
	return ok
}

func TestWelcomeChoices(t *testing.T) {
	cases := []struct {
		name string
		keys []tea.KeyMsg
		want cli.Choice
	}{
		{"enter picks sign in first", []tea.KeyMsg{enter}, cli.ChoiceSignIn},
		{"down then enter is the demo", []tea.KeyMsg{down, enter}, cli.ChoiceDemo},
		{"j j enter is quit", []tea.KeyMsg{key("j"), key("j"), enter}, cli.ChoiceQuit},
		{"up wraps to quit", []tea.KeyMsg{up, enter}, cli.ChoiceQuit},
		{"d picks the demo directly", []tea.KeyMsg{key("d")}, cli.ChoiceDemo},
		{"s picks sign in directly", []tea.KeyMsg{down, key("s")}, cli.ChoiceSignIn},
		{"q quits", []tea.KeyMsg{key("q")}, cli.ChoiceQuit},
		{"esc quits", []tea.KeyMsg{esc}, cli.ChoiceQuit},
	}
	for _, tc := range cases {
		m, cmd := press(cli.NewWelcome(locale.New(locale.English)), tc.keys...)
		got := m.(cli.WelcomeModel).Choice()
		if got != tc.want || !isQuit(cmd) {
			t.Errorf("%s: choice %v (quit %v), want %v", tc.name, got, isQuit(cmd), tc.want)
		}
	}
}

func TestWelcomeMovingDoesNotChoose(t *testing.T) {
	m, cmd := press(cli.NewWelcome(locale.New(locale.English)), down, key("k"), key("x"))
	if m.(cli.WelcomeModel).Choice() != cli.ChoiceNone || cmd != nil {
		t.Fatal("moving or an unknown key chose something")
	}
}

func TestWelcomeViewShowsTheChoicesAndCursor(t *testing.T) {
	m, _ := press(cli.NewWelcome(locale.New(locale.English)), down)
	v := m.View()
	for _, want := range []string{"Sign in", "Try the demo", "Quit", "> ", "enter"} {
		if !strings.Contains(v, want) {
			t.Errorf("view lacks %q:\n%s", want, v)
		}
	}
	for _, line := range strings.Split(v, "\n") {
		if strings.Contains(line, "> ") && !strings.Contains(line, "Try the demo") {
			t.Errorf("cursor on %q, want the demo line", line)
		}
	}
}

func TestWelcomeRunsOnGivenInput(t *testing.T) {
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var out bytes.Buffer
	choice, err := cli.Welcome(ctx, locale.New(locale.English), strings.NewReader("d"), &out)
	if err != nil || choice != cli.ChoiceDemo {
		t.Fatalf("choice %v, err %v", choice, err)
	}
}

func TestWelcomeInCzech(t *testing.T) {
	v := cli.NewWelcome(locale.New(locale.Czech)).View()
	for _, want := range []string{"Vítejte v kase", "Přihlásit se", "Vyzkoušet demo", "Konec"} {
		if !strings.Contains(v, want) {
			t.Errorf("the Czech welcome lacks %q:\n%s", want, v)
		}
	}
}
