package forms_test

import (
	"context"
	"maps"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
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
	"github.com/kasa-tui/kasa/views/expenses"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/subjects"
)

// TestMain: `go test ./views/forms -update` rewrites testdata/*.golden.
func TestMain(m *testing.M) { tuitest.Main(m) }

// sandboxStart is the sandbox clock's start: a Monday morning in Prague.
var (
	prague       = time.FixedZone("CET", 3600)
	sandboxStart = time.Date(2026, 11, 2, 9, 0, 0, 0, prague)
)

type env struct {
	t     *testing.T
	sb    *tuitest.Sandbox
	srv   *sandbox.Server
	setup sandbox.TestSetup
	c     *apiclient.Client
	rt    *tuitest.Transport
	fd    forms.Deps
	token string
	// journalDir keeps the journal of writes across a restart.
	journalDir string
	ctx        context.Context
}

func newEnv(t *testing.T, plan sandbox.Plan) *env {
	t.Helper()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Plan: plan})
	srv, setup := sb.Server, sb.Setup
	token := srv.IssueToken(setup.Owner.ID, setup.Client.ID)
	rt := &tuitest.Transport{Base: apiclient.StaticBearer(nil, token)}
	journalDir := filepath.Join(t.TempDir(), "journal")
	j := journal.Open(journalDir, srv.Now)
	// The pages' client sends every write through the journal and meets the
	// fault plan; the test's own (seeding, counting) goes to the sandbox
	// past the plan.
	raw := httptest.NewServer(srv)
	t.Cleanup(raw.Close)
	c, err := apiclient.New(raw.URL+"/api/v3", apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithAccount(tuitest.Slug), apiclient.WithTransport(rt),
		apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }))
	if err != nil {
		t.Fatal(err)
	}
	pc := sb.ClientWith(t, token, apiclient.WithTransport(rt), apiclient.WithWriteHook(j.Hook),
		apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }))
	d := common.Deps{
		Journal:     j,
		Client:      func() *apiclient.Client { return pc },
		Styles:      ui.NewStyles(true),
		TableStyles: table.PlainStyles(),
		Now:         srv.Now,
		Timeout:     10 * time.Second,
		Loc:         prague,
	}.WithDefaults()
	return &env{t: t, sb: sb, srv: srv, token: token, journalDir: journalDir, setup: setup, c: c, rt: rt, ctx: context.Background(),
		fd: forms.Deps{Deps: d, DraftsDir: filepath.Join(t.TempDir(), "drafts"), DraftDelay: time.Millisecond, CheckDelay: time.Millisecond}}
}

// subject makes a customer with an e-mail address.
func (e *env) subject(name, email string) int64 {
	e.t.Helper()
	s, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(name), Email: apiclient.Ptr(email)})
	if err != nil {
		e.t.Fatalf("seed subject: %v", err)
	}
	return s.ID
}

// invoice makes an invoice of 10 000 CZK + 21 % VAT = 12 100 CZK.
func (e *env) invoice(docType string) *apiclient.Invoice {
	e.t.Helper()
	sub := e.subject("Odběratel s.r.o.", "ucetni@odberatel.example")
	p := &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(sub), Note: apiclient.Ptr("Thank you"),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Consulting"), Quantity: apiclient.Ptr(apiclient.MustDecimal("10")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1000")), VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}}
	if docType != "" {
		p.DocumentType = apiclient.Ptr(docType)
	}
	inv, _, err := e.c.Invoices.Create(e.ctx, p)
	if err != nil {
		e.t.Fatalf("seed invoice: %v", err)
	}
	return inv
}

// expense makes an expense of 1 000 CZK + 21 % VAT = 1 210 CZK.
func (e *env) expense() *apiclient.Expense {
	e.t.Helper()
	sub := e.subject("Dodavatel a.s.", "dodavatel@example.com")
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: apiclient.Ptr(sub), VariableSymbol: apiclient.Ptr("20261001"),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Paper"), Quantity: apiclient.Ptr(apiclient.MustDecimal("1")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1000")), VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}})
	if err != nil {
		e.t.Fatalf("seed expense: %v", err)
	}
	return x
}

// item makes a tracked item with 12 pieces in stock.
func (e *env) item(allowBelowZero bool) *apiclient.InventoryItem {
	e.t.Helper()
	it, _, err := e.c.InventoryItems.Create(e.ctx, &apiclient.InventoryItemParams{
		Name: apiclient.Ptr("Desk lamp"), SKU: apiclient.Ptr("LAMP-1"), UnitName: apiclient.Ptr("ks"),
		TrackQuantity: apiclient.Ptr(true), Quantity: apiclient.Ptr(apiclient.MustDecimal("12")),
		AllowBelowZero:      apiclient.Ptr(allowBelowZero),
		NativePurchasePrice: apiclient.Ptr(apiclient.MustDecimal("400")), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("650")),
	})
	if err != nil {
		e.t.Fatalf("seed item: %v", err)
	}
	return it
}

// makers are the forms plus the subject and expense pages that open some.
func (e *env) makers() map[ui.Kind]ui.Maker {
	m := forms.Makers(e.fd)
	maps.Copy(m, subjects.Makers(e.fd.Deps))
	maps.Copy(m, expenses.Makers(e.fd.Deps))
	return m
}

// rig drives one page without the shell (pagetest.Rig).
type rig struct{ *pagetest.Rig }

func (e *env) open(id ui.PageID) *rig {
	e.t.Helper()
	mk := e.makers()[id.Kind]
	p, err := mk(id)
	if err != nil {
		e.t.Fatalf("make %v: %v", id, err)
	}
	return &rig{pagetest.NewRig(e.t, id, p, 80, 20)}
}

func (r *rig) host() *form.Host { return r.Page.(*form.Host) }

func has[T any](msgs []tea.Msg) (T, bool) { return tuitest.Find[T](msgs) }

// changed finds the news of record id of kind among msgs.
func changed(msgs []tea.Msg, kind ui.Kind, id int64) (ui.Changed, bool) {
	for _, m := range msgs {
		if c, ok := m.(ui.Changed); ok && c.Kind == kind && c.ID == id {
			return c, true
		}
	}
	return ui.Changed{}, false
}

func toasts(msgs []tea.Msg) []string {
	var out []string
	for _, m := range msgs {
		if t, ok := m.(ui.Toast); ok {
			out = append(out, t.Text)
		}
	}
	return out
}

// shell is the real shell on the form makers, driven synchronously, for
// golden screens. Ticks (spinner, toasts, drafts) are not run.
type shell struct {
	t *testing.T
	m *ui.Model
}

func (e *env) shell(start ui.PageID) *shell {
	e.t.Helper()
	return e.shellAt(&start)
}

// shellAt starts the shell on the subject list, with start (if any) on top.
func (e *env) shellAt(start *ui.PageID) *shell {
	e.t.Helper()
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: e.makers(), Styles: e.fd.Styles,
		Account: "testfirma", User: "tester@example.com", Width: 80, Height: 24, Start: start, ToastDuration: time.Hour})
	s := &shell{t: e.t, m: m}
	s.run(m.Init())
	s.send(tea.WindowSizeMsg{Width: 80, Height: 24})
	return s
}

func (s *shell) send(msg tea.Msg) {
	queue := []tea.Msg{msg}
	for n := 0; len(queue) > 0; n++ {
		if n > 10000 {
			s.t.Fatal("message loop does not settle")
		}
		msg, queue = queue[0], queue[1:]
		if _, ok := msg.(spinner.TickMsg); ok {
			continue
		}
		_, cmd := s.m.Update(msg)
		queue = append(queue, tuitest.CollectNow(cmd)...)
	}
}

func (s *shell) run(cmd tea.Cmd) {
	for _, m := range tuitest.CollectNow(cmd) {
		s.send(m)
	}
}

func (s *shell) keys(ks ...string) {
	for _, k := range ks {
		s.send(tuitest.Key(k))
	}
}

func (s *shell) typeText(text string) {
	for _, c := range text {
		s.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{c}})
	}
}
