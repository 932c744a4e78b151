package ui

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"runtime/debug"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/screen"
)

// quitGrace is how long the program may take to quit by itself after its
// context ends before it is killed (which restores the terminal without
// the last frame): together with the drafts' writes it keeps the whole
// exit on a signal well under a second.
const quitGrace = 400 * time.Millisecond

// ErrPanic is wrapped by the error RunProgram returns after a panic.
var ErrPanic = errors.New("panic")

// PanicError is a panic recovered at the program's edge.
type PanicError struct {
	Value any
	Stack []byte
}

func (e *PanicError) Error() string { return fmt.Sprintf("%v: %v", ErrPanic, e.Value) }

// Unwrap makes errors.Is(err, ErrPanic) true.
func (e *PanicError) Unwrap() error { return ErrPanic }

// frameGap is the least time between two frames painted on a Screen: a
// burst of messages is painted at most 60 times a second.
const frameGap = time.Second / 60

// Edge is what RunProgram needs besides the model.
type Edge struct {
	Logger *slog.Logger   // where a panic's stack goes; nil drops it
	Events <-chan tea.Msg // messages from outside the program, sent in
	// Screen, when set, is the terminal the program runs on full-screen,
	// painted by a screen.Painter as soon as each frame is made; Bubble
	// Tea's own renderer, which paints on a ticker, is switched off, and
	// with it the commands that go through it (tea.ClearScreen,
	// tea.ExecProcess, tea.Suspend, the alternate screen's and the mouse's
	// switches, tea.SetWindowTitle): a program that needs them runs
	// without a Screen.
	Screen *screen.Terminal
}

// RunProgram runs model as a Bubble Tea program with kasa's edge around it:
//   - Bubble Tea's own signal handler is off (it can block the shutdown
//     forever): the caller's ctx ending (a signal in main) quits the
//     program, and kills it if it has not quit within quitGrace. The
//     program's own context is never cancelled under it.
//   - Bubble Tea's panic catcher is off: a panic in Init, Update, View or
//     any Cmd (also inside Batch and Sequence) is recovered here, ends the
//     program normally (so the terminal is restored) and is returned as a
//     *PanicError after its stack was written to logger.
//
// The model returned is the last one Update returned.
func RunProgram(ctx context.Context, model tea.Model, edgeOpts Edge, opts ...tea.ProgramOption) (tea.Model, error) {
	e := &edge{}
	g := &guarded{inner: model, edge: e}
	if edgeOpts.Screen != nil {
		g.painter = screen.NewPainter(edgeOpts.Screen.Out(), frameGap)
		opts = append(opts, tea.WithoutRenderer(), tea.WithInput(edgeOpts.Screen.In()))
	}
	p := tea.NewProgram(g, append(opts, tea.WithoutSignalHandler(), tea.WithoutCatchPanics())...)
	e.quit = p.Quit
	done := make(chan struct{})
	if g.painter != nil {
		g.painter.Start()
		go edgeOpts.Screen.WatchSize(done, func(w, h int) { p.Send(tea.WindowSizeMsg{Width: w, Height: h}) })
	}
	if edgeOpts.Events != nil {
		// Messages from outside the program (the API client's retries) come
		// in through Send, never from inside Update.
		go forward(edgeOpts.Events, p.Send, done)
	}
	watched := make(chan struct{})
	go func() {
		defer close(watched)
		select {
		case <-done:
			return
		case <-ctx.Done():
		}
		go p.Quit() // Send blocks until the loop reads; Kill frees it
		select {
		case <-done:
		case <-time.After(quitGrace):
			p.Kill()
		}
	}()
	_, err := p.Run()
	close(done)
	<-watched
	if g.painter != nil {
		g.painter.Stop(err == nil) // a killed program leaves its last frame, as Bubble Tea's does
	}
	if pe := e.caught(); pe != nil {
		if logger := edgeOpts.Logger; logger != nil {
			logger.Error("panic", "value", fmt.Sprint(pe.Value), "stack", string(pe.Stack))
		}
		return g.inner, pe
	}
	if err != nil && !errors.Is(err, tea.ErrProgramKilled) {
		return g.inner, fmt.Errorf("run terminal ui: %w", err)
	}
	return g.inner, nil
}

// edge holds the first panic recovered; Cmds record from their goroutines.
type edge struct {
	mu    sync.Mutex
	first *PanicError
	quit  func()
}

func (e *edge) record(v any) {
	stack := debug.Stack()
	e.mu.Lock()
	defer e.mu.Unlock()
	if e.first == nil {
		e.first = &PanicError{Value: v, Stack: stack}
	}
}

func (e *edge) caught() *PanicError {
	e.mu.Lock()
	defer e.mu.Unlock()
	return e.first
}

// panicked is what a Cmd that panicked answers: Update then quits.
type panicked struct{}

// guarded is the model Bubble Tea runs: the real one with every call and
// every Cmd it returns under recover.
type guarded struct {
	inner   tea.Model
	edge    *edge
	painter *screen.Painter // nil: Bubble Tea's renderer paints
}

func (g *guarded) Init() (cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			g.edge.record(r)
			cmd = tea.Quit
		}
	}()
	return g.guard(g.inner.Init())
}

func (g *guarded) Update(msg tea.Msg) (m tea.Model, cmd tea.Cmd) {
	if _, ok := msg.(panicked); ok {
		return g, tea.Quit
	}
	defer func() {
		if r := recover(); r != nil {
			g.edge.record(r)
			m, cmd = g, tea.Quit
		}
	}()
	if size, ok := msg.(tea.WindowSizeMsg); ok && g.painter != nil {
		g.painter.Resize(size.Width, size.Height)
	}
	next, c := g.inner.Update(msg)
	g.inner = next
	return g, g.guard(c)
}

func (g *guarded) View() (v string) {
	defer func() {
		if r := recover(); r != nil {
			g.edge.record(r)
			v = ""
			go g.edge.quit() // Send from the loop itself would wait for itself
		}
		if g.painter != nil {
			g.painter.Frame(v) // keeps it for the painter's goroutine: no I/O here
		}
	}()
	return g.inner.View()
}

// cmdType is the element type of Batch's and Sequence's messages.
var cmdType = reflect.TypeFor[tea.Cmd]()

// guard wraps cmd so that a panic in it is recovered and ends the program.
// A Cmd answering with more Cmds (tea.Batch, tea.Sequence: a slice of
// Cmds, Sequence's of a type of Bubble Tea's own) gets them guarded too.
func (g *guarded) guard(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	return func() (msg tea.Msg) {
		defer func() {
			if r := recover(); r != nil {
				g.edge.record(r)
				msg = panicked{}
			}
		}()
		msg = cmd()
		v := reflect.ValueOf(msg)
		if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != cmdType {
			return msg
		}
		out := reflect.MakeSlice(v.Type(), v.Len(), v.Len())
		for i := range v.Len() {
			c, _ := v.Index(i).Interface().(tea.Cmd)
			out.Index(i).Set(reflect.ValueOf(g.guard(c)))
		}
		return out.Interface()
	}
}
