package editor_test

import (
	"context"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/forms"
)

func TestMain(m *testing.M) { tuitest.Main(m) }

var (
	prague = time.FixedZone("CET", 3600)
	start  = time.Date(2026, 11, 2, 9, 0, 0, 0, prague)
)

// transport counts requests by method and path.
type transport struct {
	base http.RoundTripper
	mu   sync.Mutex
	n    map[string]int
}

func (t *transport) RoundTrip(r *http.Request) (*http.Response, error) {
	t.mu.Lock()
	if t.n == nil {
		t.n = map[string]int{}
	}
	t.n[r.Method+" "+r.URL.Path]++
	t.mu.Unlock()
	return t.base.RoundTrip(r)
}

func (t *transport) count(method, suffix string) int {
	t.mu.Lock()
	defer t.mu.Unlock()
	n := 0
	for k, v := range t.n {
		m, p, _ := strings.Cut(k, " ")
		if m == method && strings.HasSuffix(p, suffix) {
			n += v
		}
	}
	return n
}

type env struct {
	t   *testing.T
	sb  *tuitest.Sandbox
	c   *apiclient.Client
	rt  *transport
	fd  forms.Deps
	ctx context.Context
}

func newEnv(t *testing.T) *env {
	t.Helper()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start, Plan: sandbox.PlanUnlimited})
	token := sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID)
	rt := &transport{base: apiclient.StaticBearer(nil, token)}
	// The client keeps to the rate limit on the sandbox's clock: no real waits.
	c := sb.ClientWith(t, token, apiclient.WithTransport(rt), apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }),
		apiclient.WithClock(sb.Clock.Now), apiclient.WithSleeper(func(_ context.Context, d time.Duration) error { sb.Clock.Advance(d); return nil }))
	d := common.Deps{Client: func() *apiclient.Client { return c }, Styles: ui.NewStyles(true), TableStyles: table.PlainStyles(),
		Now: sb.Server.Now, Timeout: 10 * time.Second, Loc: prague, SearchDelay: time.Millisecond}.WithDefaults()
	return &env{t: t, sb: sb, c: c, rt: rt, ctx: context.Background(),
		fd: forms.Deps{Deps: d, DraftsDir: filepath.Join(t.TempDir(), "drafts"), DraftDelay: time.Millisecond}}
}

func (e *env) subject(name, typ string) int64 {
	e.t.Helper()
	s, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(name), Type: apiclient.Ptr(typ)})
	if err != nil {
		e.t.Fatal(err)
	}
	return s.ID
}

// rig drives one editor page: routed answers go back to it, the rest is
// kept in out.
type rig struct {
	t   *testing.T
	id  ui.PageID
	p   ui.Page
	out []tea.Msg
}

func (e *env) open(id ui.PageID) *rig {
	e.t.Helper()
	p, err := editor.Makers(e.fd)[id.Kind](id)
	if err != nil {
		e.t.Fatal(err)
	}
	r := &rig{t: e.t, id: id, p: p}
	p.SetSize(120, 60)
	r.run(p.Init())
	if !r.host().Ready() {
		e.t.Fatalf("the editor did not load:\n%s", p.View())
	}
	return r
}

func (r *rig) host() *form.Host { return r.p.(*form.Host) }

func (r *rig) run(cmd tea.Cmd) {
	for _, m := range tuitest.Collect(cmd) {
		if rt, ok := m.(ui.Routed); ok && rt.Target() == r.id {
			r.run(r.p.Update(m))
			continue
		}
		r.out = append(r.out, m)
	}
}

func (r *rig) keys(ks ...string) {
	for _, k := range ks {
		r.run(r.p.Update(tuitest.Key(k)))
	}
}

func (r *rig) typeText(s string) {
	for _, c := range s {
		r.run(r.p.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{c}}))
	}
}

// focus moves to the field whose line starts with label.
func (r *rig) focus(label string) {
	r.t.Helper()
	for range 80 {
		for _, l := range strings.Split(r.p.View(), "\n") {
			if strings.HasPrefix(l, "▸ "+label) {
				return
			}
		}
		r.keys("tab")
	}
	r.t.Fatalf("no field %q:\n%s", label, r.p.View())
}

func (r *rig) set(label, value string) {
	r.t.Helper()
	r.focus(label)
	r.keys("ctrl+u")
	r.typeText(value)
}

// pickSubject types a name into the subject field and picks the first match.
func (r *rig) pickSubject(label, name string) {
	r.t.Helper()
	r.focus(label)
	r.typeText(name)
	r.keys("enter")
	if v := r.host().Values()["subject_id"]; !strings.Contains(v, name) {
		r.t.Fatalf("the picker did not pick %q: %q\n%s", name, v, r.p.View())
	}
}

// line adds a line: name, quantity, unit, price and rate typed over the
// cells' defaults.
func (r *rig) line(name, qty, unit, price, rate string) {
	r.t.Helper()
	r.focus("Lines")
	r.keys("a")
	for i, v := range []string{name, qty, unit, price, rate} {
		if i > 0 {
			r.keys("tab")
		}
		if v == "" {
			continue
		}
		for range 12 {
			r.keys("backspace")
		}
		r.typeText(v)
	}
	r.keys("enter")
}

func find[T any](msgs []tea.Msg) (T, bool) { return tuitest.Find[T](msgs) }
