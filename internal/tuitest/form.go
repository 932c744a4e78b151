package tuitest

import (
	"reflect"
	"runtime"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// CollectUntimed is Collect without the commands that wait (tea.Tick timers,
// the shell's toast expiry), wherever they sit in batches and sequences: a
// test that drives the whole shell through a form delivers the timed
// messages it cares about itself.
func CollectUntimed(cmd tea.Cmd) []tea.Msg { return Collect(untimed(cmd)) }

// untimed wraps cmd so that the timers among the commands it yields are
// dropped instead of run.
func untimed(cmd tea.Cmd) tea.Cmd {
	if cmd == nil || timed(cmd) {
		return nil
	}
	return func() tea.Msg {
		msg := cmd()
		if b, ok := msg.(tea.BatchMsg); ok {
			out := make(tea.BatchMsg, len(b))
			for i, c := range b {
				out[i] = untimed(c)
			}
			return out
		}
		// tea.Sequence yields an unexported []tea.Cmd type: keep that type.
		if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
			out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
			for i := range v.Len() {
				if c := untimed(v.Index(i).Interface().(tea.Cmd)); c != nil {
					out.Index(i).Set(reflect.ValueOf(c))
				}
			}
			return out.Interface()
		}
		return msg
	}
}

// timed recognises tea.Tick closures and the shell's toast expiry by the
// name of their function, without running them.
func timed(cmd tea.Cmd) bool {
	f := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
	if f == nil {
		return false
	}
	name := f.Name()
	return strings.Contains(name, "kasa/ui.(*toastState)") || strings.Contains(name, "bubbletea.Tick")
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
