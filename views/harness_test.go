package views_test

import (
	"testing"
	"time"

	"github.com/kasa-tui/kasa/internal/tuitest"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

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
	// timeout drops a Cmd still running after it (0: none), so a screen
	// settles around a request that hangs.
	timeout time.Duration
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
	return newHarnessWith(t, c, w, h, nil)
}

// newHarnessWith is newHarness with the pages' dependencies changed by
// with (a page cache, a locale) before the pages are made.
func newHarnessWith(t *testing.T, c *apiclient.Client, w, h int, with func(*common.Deps)) *harness {
	t.Helper()
	return newHarnessOf(t, c, w, h, with, 0)
}

// newHarnessTimed is newHarnessWith whose Cmds are dropped when still
// running after a second (a service that hangs).
func newHarnessTimed(t *testing.T, c *apiclient.Client, w, h int, with func(*common.Deps)) *harness {
	t.Helper()
	return newHarnessOf(t, c, w, h, with, time.Second)
}

func newHarnessOf(t *testing.T, c *apiclient.Client, w, h int, with func(*common.Deps), timeout time.Duration) *harness {
	t.Helper()
	rec := &recorder{}
	d := testDeps(c, rec, t.TempDir())
	if with != nil {
		with(d)
	}
	m := ui.New(ui.Options{
		Sections:      nav.Sections(),
		Makers:        views.Makers(d),
		Styles:        d.Styles,
		Locale:        d.L,
		Account:       "test",
		User:          "tester@example.com",
		Width:         w,
		Height:        h,
		ToastDuration: time.Hour, // toasts stay until the test looks
	})
	hs := &harness{t: t, m: m, deps: d, rec: rec, timeout: timeout}
	hs.run(m.Init())
	hs.send(tea.WindowSizeMsg{Width: w, Height: h})
	return hs
}

// send feeds msg and everything its Cmds yield, until the shell is idle
// (tuitest.Loop: timers, such as the toasts' hour-long expiry, are not run).
func (h *harness) send(msg tea.Msg) {
	seen, settled := h.loop().Send(msg)
	h.seen = append(h.seen, seen...)
	if !settled {
		h.t.Fatal("message loop does not settle")
	}
}

func (h *harness) run(cmd tea.Cmd) {
	seen, settled := h.loop().Run(cmd)
	h.seen = append(h.seen, seen...)
	if !settled {
		h.t.Fatal("message loop does not settle")
	}
}

func (h *harness) loop() tuitest.Loop {
	l := tuitest.ModelLoop(h.m)
	l.Timeout = h.timeout
	return l
}

func (h *harness) keys(keys ...string) {
	for _, k := range keys {
		h.send(tuitest.Key(k))
	}
}

func (h *harness) typeText(s string) {
	for _, k := range tuitest.Typed(s) {
		h.send(k)
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
