package main

import (
	"reflect"
	"runtime"
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
)

// cmdTimeout bounds one Cmd; one that takes longer (a timer we did not
// recognise) is dropped so the screen can settle.
const cmdTimeout = 2 * time.Second

// maxMessages bounds the messages one step may cause.
const maxMessages = 10000

// driver plays the Bubble Tea loop without a terminal: every Cmd runs to its
// message, which is fed back to Update, until nothing is left to do.
type driver struct {
	m       tea.Model
	timeout time.Duration
}

// send feeds msg and everything its Cmds yield. Spinner ticks are dropped:
// they only animate, and would never let the loop end.
func (d *driver) send(msg tea.Msg) {
	queue := []tea.Msg{msg}
	for n := 0; len(queue) > 0 && n < maxMessages; n++ {
		msg, queue = queue[0], queue[1:]
		if _, ok := msg.(spinner.TickMsg); ok {
			continue
		}
		_, cmd := d.m.Update(msg)
		queue = append(queue, d.collect(cmd)...)
	}
}

func (d *driver) run(cmd tea.Cmd) {
	for _, msg := range d.collect(cmd) {
		d.send(msg)
	}
}

// collect runs cmd, and the batches and sequences it yields, in order.
func (d *driver) collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil || isTimer(cmd) {
		return nil
	}
	msg, ok := d.call(cmd)
	if !ok || msg == nil {
		return nil
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, d.collect(c)...)
		}
		return out
	}
	// tea.Sequence's message is an unexported []tea.Cmd.
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
		var out []tea.Msg
		for i := range v.Len() {
			c, _ := v.Index(i).Interface().(tea.Cmd)
			out = append(out, d.collect(c)...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// call runs cmd with a time limit; ok is false when it did not return in time.
func (d *driver) call(cmd tea.Cmd) (tea.Msg, bool) {
	done := make(chan tea.Msg, 1)
	go func() { done <- cmd() }()
	select {
	case msg := <-done:
		return msg, true
	case <-time.After(d.timeout):
		return nil, false
	}
}

// isTimer recognises tea.Tick and tea.Every Cmds (spinner frames, toast
// expiry, search debounce) without running them: they only wait.
func isTimer(cmd tea.Cmd) bool {
	f := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
	if f == nil {
		return false
	}
	name := f.Name()
	return strings.Contains(name, "bubbletea.Tick") || strings.Contains(name, "bubbletea.Every")
}
