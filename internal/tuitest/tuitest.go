// Package tuitest helps tests drive Bubble Tea models without a terminal:
// run a command with the batches and sequences it yields, and make key
// presses from their names. Only tests import it.
package tuitest

import (
	"reflect"

	tea "github.com/charmbracelet/bubbletea"
)

// Collect runs cmd and, in order, the commands of the batches and sequences it
// yields, and returns the messages they produced. A command that waits (a
// tea.Tick) waits: tests that meet one deliver that message themselves.
func Collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if msg == nil {
		return nil
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, Collect(c)...)
		}
		return out
	}
	// tea.Sequence yields an unexported []tea.Cmd type.
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
		var out []tea.Msg
		for i := range v.Len() {
			out = append(out, Collect(v.Index(i).Interface().(tea.Cmd))...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// keys are the named keys tests press; any other name is typed as runes.
var keys = map[string]tea.KeyType{
	"enter": tea.KeyEnter, "esc": tea.KeyEsc, "tab": tea.KeyTab, "shift+tab": tea.KeyShiftTab,
	"up": tea.KeyUp, "down": tea.KeyDown, "left": tea.KeyLeft, "right": tea.KeyRight,
	"pgup": tea.KeyPgUp, "pgdown": tea.KeyPgDown, "home": tea.KeyHome, "end": tea.KeyEnd,
	"backspace": tea.KeyBackspace, "ctrl+c": tea.KeyCtrlC, "ctrl+s": tea.KeyCtrlS,
	"ctrl+r": tea.KeyCtrlR, "ctrl+y": tea.KeyCtrlY, "ctrl+u": tea.KeyCtrlU, "ctrl+k": tea.KeyCtrlK,
}

// Key is the key press of a name ("enter", "ctrl+s", "space" or " ", or text
// such as "j" or "Acme", which is typed as runes).
func Key(name string) tea.KeyMsg {
	if name == "space" || name == " " {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	if t, ok := keys[name]; ok {
		return tea.KeyMsg{Type: t}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(name)}
}
