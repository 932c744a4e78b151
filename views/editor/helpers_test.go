package editor_test

import (
	"context"
	"net/http/httptest"
	"path/filepath"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/pagetest"
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

type env struct {
	t   testing.TB
	sb  *tuitest.Sandbox
	c   *apiclient.Client
	rt  *tuitest.Transport
	fd  forms.Deps
	ctx context.Context
	// token and journalDir make the pages' client again on a restart.
	token, journalDir string
	opts              []apiclient.Option
}

func newEnv(t *testing.T) *env { return newEnvOn(t, sandbox.PlanUnlimited) }

// newEnvOn is an editor's test world on an account of plan.
func newEnvOn(t testing.TB, plan sandbox.Plan) *env {
	t.Helper()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: start, Plan: plan})
	token := sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID)
	rt := &tuitest.Transport{Base: apiclient.StaticBearer(nil, token)}
	// The client keeps to the rate limit on the sandbox's clock: no real waits.
	journalDir := filepath.Join(t.TempDir(), "journal")
	j := journal.Open(journalDir, sb.Server.Now)
	// The pages' client sends every write through the journal and meets the
	// fault plan; the test's own (seeding, counting) goes to the sandbox past
	// the plan.
	opts := []apiclient.Option{apiclient.WithTransport(rt), apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }),
		apiclient.WithClock(sb.Clock.Now), apiclient.WithSleeper(func(_ context.Context, d time.Duration) error { sb.Clock.Advance(d); return nil })}
	raw := httptest.NewServer(sb.Server)
	t.Cleanup(raw.Close)
	c, err := apiclient.New(raw.URL+"/api/v3", append([]apiclient.Option{apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithAccount(tuitest.Slug)}, opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	pc := sb.ClientWith(t, token, append(opts, apiclient.WithWriteHook(j.Hook))...)
	d := common.Deps{Client: func() *apiclient.Client { return pc }, Journal: j, Styles: ui.NewStyles(true), TableStyles: table.PlainStyles(),
		Now: sb.Server.Now, Timeout: 10 * time.Second, Loc: prague, SearchDelay: time.Millisecond}.WithDefaults()
	return &env{t: t, sb: sb, c: c, rt: rt, ctx: context.Background(), token: token, journalDir: journalDir, opts: opts,
		fd: forms.Deps{Deps: d, DraftsDir: filepath.Join(t.TempDir(), "drafts"), DraftDelay: time.Millisecond, CheckDelay: time.Millisecond}}
}

func (e *env) subject(name, typ string) int64 {
	e.t.Helper()
	s, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(name), Type: apiclient.Ptr(typ)})
	if err != nil {
		e.t.Fatal(err)
	}
	return s.ID
}

// expenseOfBeta is a new expense's editor with the supplier Beta Supplies
// picked.
func (e *env) expenseOfBeta() *rig {
	e.t.Helper()
	e.subject("Beta Supplies s.r.o.", "supplier")
	r := e.open(editor.NewPage(editor.ExpenseKind))
	r.pickSubject("Supplier", "Beta")
	return r
}

// rig drives one editor page (pagetest.Rig).
type rig struct {
	*pagetest.Rig
	lines string // the lines field's label in the editor's language
}

func (e *env) open(id ui.PageID) *rig {
	e.t.Helper()
	p, err := editor.Makers(e.fd)[id.Kind](id)
	if err != nil {
		e.t.Fatal(err)
	}
	r := &rig{Rig: pagetest.NewRig(e.t, id, p, 120, 60), lines: e.fd.L.T("Lines")}
	if !r.host().Ready() {
		e.t.Fatalf("the editor did not load:\n%s", p.View())
	}
	return r
}

func (r *rig) host() *form.Host { return r.Page.(*form.Host) }

// pickSubject types a name into the subject field and picks the first match.
func (r *rig) pickSubject(label, name string) {
	r.T.Helper()
	r.Focus(label)
	r.TypeText(name)
	r.Keys("enter")
	if v := r.host().Values()["subject_id"]; !strings.Contains(v, name) {
		r.T.Fatalf("the picker did not pick %q: %q\n%s", name, v, r.Page.View())
	}
}

// line adds a line: name, quantity, unit, price and rate typed over the
// cells' defaults.
func (r *rig) line(name, qty, unit, price, rate string) {
	r.T.Helper()
	r.Focus(r.lines)
	r.Keys("a")
	for i, v := range []string{name, qty, unit, price, rate} {
		if i > 0 {
			r.Keys("tab")
		}
		if v == "" {
			continue
		}
		for range 12 {
			r.Keys("backspace")
		}
		r.TypeText(v)
	}
	r.Keys("enter")
}

func find[T any](msgs []tea.Msg) (T, bool) { return tuitest.Find[T](msgs) }
