// Package tuitest is the one harness for driving Bubble Tea models without a
// terminal: run a command with the batches and sequences it yields
// (Collect), play the event loop until it settles (Loop), make key presses
// from their names (Key), compare screens with golden files (Golden), and
// run a sandbox with a client on it (NewSandbox). Tests import it, and so
// does tools/screenshots, which drives the real shell the same way.
package tuitest

import (
	"reflect"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// Collect runs cmd and, in order, the commands of the batches and sequences it
// yields, and returns the messages they produced. A command that waits (a
// tea.Tick) waits: tests that meet one deliver that message themselves.
func Collect(cmd tea.Cmd) []tea.Msg { return collect(cmd, false, 0) }

// CollectNow is Collect without the timers (IsTimer): what cmd yields at
// once. Timers are not run at all, so a toast's hour-long expiry or a
// poll's wait costs nothing.
func CollectNow(cmd tea.Cmd) []tea.Msg { return collect(cmd, true, 0) }

// collect runs cmd and unpacks batches and sequences; skipTimers leaves out
// IsTimer commands, and a timeout > 0 drops a command still running then.
func collect(cmd tea.Cmd, skipTimers bool, timeout time.Duration) []tea.Msg {
	if cmd == nil || (skipTimers && IsTimer(cmd)) {
		return nil
	}
	msg := call(cmd, timeout)
	if msg == nil {
		return nil
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, collect(c, skipTimers, timeout)...)
		}
		return out
	}
	// tea.Sequence yields an unexported []tea.Cmd type.
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
		var out []tea.Msg
		for i := range v.Len() {
			c, _ := v.Index(i).Interface().(tea.Cmd)
			out = append(out, collect(c, skipTimers, timeout)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// call runs cmd; with a timeout > 0, a cmd still running then yields nil
// (its goroutine ends on its own, its message is dropped).
func call(cmd tea.Cmd, timeout time.Duration) tea.Msg {
	if timeout <= 0 {
		return cmd()
	}
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		return msg
	case <-time.After(timeout):
		return nil
	}
}

// IsTimer reports whether cmd was made by tea.Tick or tea.Every (spinner
// frames, toast expiry, search debounce, polls): such a command only waits
// and then yields one message. It compares code, not names: every closure
// tea.Tick returns runs the same code.
func IsTimer(cmd tea.Cmd) bool {
	pc := reflect.ValueOf(cmd).Pointer()
	return pc == reflect.ValueOf(tea.Tick(0, nil)).Pointer() || pc == reflect.ValueOf(tea.Every(0, nil)).Pointer()
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

// Typed are the key presses of typing s, one rune at a time (a space too
// is a rune here, as a terminal sends it inside text).
func Typed(s string) []tea.KeyMsg {
	var out []tea.KeyMsg
	for _, r := range s {
		out = append(out, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	return out
}

// Find is the first message of type T among msgs.
func Find[T any](msgs []tea.Msg) (T, bool) {
	for _, m := range msgs {
		if v, ok := m.(T); ok {
			return v, true
		}
	}
	var zero T
	return zero, false
}
