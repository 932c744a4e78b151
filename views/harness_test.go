package views_test

import (
	"flag"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/google/go-cmp/cmp"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// TestMain declares -update unless teatest's golden package already has:
// `go test ./views -update` rewrites testdata/*.golden.
func TestMain(m *testing.M) {
	if flag.Lookup("update") == nil {
		flag.Bool("update", false, "rewrite the golden files in testdata")
	}
	os.Exit(m.Run())
}

func updating() bool {
	f := flag.Lookup("update")
	return f != nil && f.Value.String() == "true"
}

// recorder stands in for the browser and the clipboard.
type recorder struct {
	opened, copied []string
}

// harness is the real shell with the real makers on a client, driven
// synchronously: every Cmd runs to its message, which is fed back in.
type harness struct {
	t    *testing.T
	m    *ui.Model
	deps *common.Deps
	rec  *recorder
	seen []tea.Msg
}

func testDeps(c *apiclient.Client, rec *recorder, dir string) *common.Deps {
	return common.Deps{
		Client:      func() *apiclient.Client { return c },
		Styles:      ui.NewStyles(true),
		TableStyles: table.PlainStyles(),
		Keys:        ui.DefaultKeyMap(),
		Now:         func() time.Time { return fixedTime },
		Timeout:     10 * time.Second,
		SearchDelay: time.Millisecond,
		Loc:         time.UTC,
		OpenURL: func(url string) tea.Cmd {
			return func() tea.Msg { rec.opened = append(rec.opened, url); return nil }
		},
		Copy: func(text string) tea.Cmd {
			return func() tea.Msg { rec.copied = append(rec.copied, text); return nil }
		},
		DownloadDir: dir,
	}.WithDefaults()
}

func newHarness(t *testing.T, c *apiclient.Client, w, h int) *harness {
	t.Helper()
	rec := &recorder{}
	d := testDeps(c, rec, t.TempDir())
	m := ui.New(ui.Options{
		Sections:      nav.Sections(),
		Makers:        views.Makers(d),
		Styles:        d.Styles,
		Account:       "test",
		User:          "tester@example.com",
		Width:         w,
		Height:        h,
		ToastDuration: time.Hour, // toasts stay until the test looks
	})
	hs := &harness{t: t, m: m, deps: d, rec: rec}
	hs.run(m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

// send feeds msg and everything its Cmds yield, until the shell is idle.
// Spinner ticks are dropped (they only animate) and so are the toast
// expiry ticks, which would otherwise wait an hour.
func (h *harness) send(msg tea.Msg) {
	queue := []tea.Msg{msg}
	for n := 0; len(queue) > 0; n++ {
		if n > 10000 {
			h.t.Fatal("message loop does not settle")
		}
		msg, queue = queue[0], queue[1:]
		if _, ok := msg.(spinner.TickMsg); ok {
			continue
		}
		h.seen = append(h.seen, msg)
		_, cmd := h.m.Update(msg)
		queue = append(queue, h.collect(cmd)...)
	}
}

func (h *harness) run(cmd tea.Cmd) {
	for _, msg := range h.collect(cmd) {
		h.send(msg)
	}
}

// collect runs cmd and the batches and sequences it yields.
func (h *harness) collect(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	if isToastTick(cmd) {
		return nil
	}
	msg := cmd()
	if msg == nil {
		return nil
	}
	if b, ok := msg.(tea.BatchMsg); ok {
		var out []tea.Msg
		for _, c := range b {
			out = append(out, h.collect(c)...)
		}
		return out
	}
	if v := reflect.ValueOf(msg); v.Kind() == reflect.Slice && v.Type().Elem() == reflect.TypeFor[tea.Cmd]() {
		var out []tea.Msg
		for i := range v.Len() {
			out = append(out, h.collect(v.Index(i).Interface().(tea.Cmd))...)
		}
		return out
	}
	return []tea.Msg{msg}
}

// isToastTick recognises the shell's toast expiry Cmd (a tea.Tick closure
// from package ui) without running it.
func isToastTick(cmd tea.Cmd) bool {
	name := runtimeFuncName(cmd)
	return strings.Contains(name, "kasa/ui.(*toastState)") || strings.Contains(name, "bubbletea.Tick")
}

func (h *harness) keys(keys ...string) {
	for _, k := range keys {
		h.send(tuitest.Key(k))
	}
}

func (h *harness) typeText(s string) {
	for _, r := range s {
		h.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
}

func (h *harness) view() string { return h.m.View() }

func (h *harness) topID() ui.PageID {
	id, _ := h.m.TopID()
	return id
}

// toasts are the toast texts seen so far.
func (h *harness) toasts() []string {
	var out []string
	for _, m := range h.seen {
		if t, ok := m.(ui.Toast); ok {
			out = append(out, t.Text)
		}
	}
	return out
}

// golden compares got with testdata/<name>.golden; -update rewrites it.
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name+".golden")
	if updating() {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatalf("write golden: %v", err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("read golden (run with -update to create): %v", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s differs from the golden (-want +got):\n%s", name, diff)
	}
}
