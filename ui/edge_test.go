package ui_test

import (
	"context"
	"errors"
	"io"
	"log/slog"
	"path/filepath"
	"runtime"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
)

// boomForm is a form that panics when a boom reaches it: in Update, in a
// Cmd, in a Cmd inside a Batch inside a Sequence, or in View.
type boomForm struct {
	*form.Host
	inView atomic.Bool
}

type boom struct {
	page  ui.PageID
	where string
}

func (b boom) Target() ui.PageID { return b.page }

func (p *boomForm) Update(msg tea.Msg) tea.Cmd {
	b, ok := msg.(boom)
	if !ok {
		return p.Host.Update(msg)
	}
	explode := func() tea.Msg { panic("injected in a Cmd") }
	switch b.where {
	case "Update":
		panic("injected in Update")
	case "Cmd":
		return explode
	case "Batch in Sequence":
		return tea.Sequence(func() tea.Msg { return nil }, tea.Batch(func() tea.Msg { return nil }, explode))
	case "View":
		p.inView.Store(true)
	}
	return nil
}

func (p *boomForm) View() string {
	if p.inView.Load() {
		panic("injected in View")
	}
	return p.Host.View()
}

// A panic anywhere in the program (Update, a Cmd, a Cmd nested in Batch
// and Sequence, View) ends the shell with a *PanicError after the open
// form's input was written as its draft, and its stack is in the log
// (issue 23.5). The form's own draft tick is an hour away: only the edge's
// flush can have written it.
func TestPanicKeepsDraftsAndLogsTheStack(t *testing.T) {
	for _, where := range []string{"Update", "Cmd", "Batch in Sequence", "View"} {
		t.Run(where, func(t *testing.T) {
			dir := filepath.Join(t.TempDir(), "drafts")
			store := form.FileDrafts{Dir: dir}
			formID := ui.PageID{Kind: "note_form", ID: "new"}
			spec := &form.Spec{Title: "New note", Noun: "note",
				Fields:  []form.Field{{Key: "text", Label: "Text"}},
				Initial: form.Values{"text": ""}}
			var logs tuitest.Buffer
			events := make(chan tea.Msg, 1)
			opts := ui.Options{
				Sections: []ui.Section{{Key: "1", Title: "Notes", Root: formID}},
				Makers: map[ui.Kind]ui.Maker{
					"note_form": func(id ui.PageID) (ui.Page, error) {
						return &boomForm{Host: form.New(form.Options{ID: id, Title: "New note", Drafts: store, DraftDelay: time.Hour,
							Load: func() form.Loaded { return form.Loaded{Spec: spec} }})}, nil
					},
				},
				Logger: slog.New(slog.NewTextHandler(&logs, nil)),
				Events: events,
			}
			in, typing := io.Pipe()
			out := &tuitest.Buffer{}
			done := make(chan error, 1)
			go func() { done <- ui.Run(context.Background(), opts, tea.WithInput(in), tea.WithOutput(out)) }()
			if _, err := typing.Write([]byte("Call the bank")); err != nil {
				t.Fatal(err)
			}
			waitFor(t, out, "Call the bank")
			events <- boom{page: formID, where: where}
			var err error
			select {
			case err = <-done:
			case <-time.After(10 * time.Second):
				buf := make([]byte, 1<<20)
				t.Fatalf("the shell did not end after the panic\n%s", buf[:runtime.Stack(buf, true)])
			}
			typing.Close()
			var pe *ui.PanicError
			if !errors.As(err, &pe) || !strings.Contains(pe.Error(), "injected in ") {
				t.Fatalf("Run returned %v, want the panic", err)
			}
			d, ok, lerr := store.Load(form.DraftID(formID))
			if lerr != nil || !ok || d.Values["text"] != "Call the bank" {
				t.Errorf("the draft after the panic: %v %v %v", d.Values, ok, lerr)
			}
			if log := logs.String(); !strings.Contains(log, "level=ERROR msg=panic") || !strings.Contains(log, "edge_test.go") {
				t.Errorf("the log has no panic with its stack:\n%s", log)
			}
		})
	}
}

func waitFor(t *testing.T, out *tuitest.Buffer, s string) {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(out.String(), s) {
		if time.Now().After(deadline) {
			t.Fatalf("%q never showed", s)
		}
		time.Sleep(5 * time.Millisecond)
	}
}
