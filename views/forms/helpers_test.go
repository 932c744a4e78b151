package forms_test

import (
	"context"
	"maps"
	"net/http"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
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

// counter is the test's transport: it counts requests by "METHOD path",
// lets a test break or rewrite one kind of request, and sends the rest on
// with the token (base).
type counter struct {
	base http.RoundTripper
	mu   sync.Mutex
	n    map[string]int
	// hook, when set, may answer a request itself (resp or err not nil).
	hook func(r *http.Request) (*http.Response, error)
}

func (c *counter) RoundTrip(r *http.Request) (*http.Response, error) {
	c.mu.Lock()
	if c.n == nil {
		c.n = map[string]int{}
	}
	c.n[r.Method+" "+r.URL.Path]++
	hook := c.hook
	c.mu.Unlock()
	if hook != nil {
		if resp, err := hook(r); resp != nil || err != nil {
			return resp, err
		}
	}
	return c.base.RoundTrip(r)
}

// count is how many requests had method and a path ending in suffix.
func (c *counter) count(method, suffix string) int {
	c.mu.Lock()
	defer c.mu.Unlock()
	n := 0
	for k, v := range c.n {
		m, p, _ := strings.Cut(k, " ")
		if m == method && strings.HasSuffix(p, suffix) {
			n += v
		}
	}
	return n
}

type env struct {
	t     *testing.T
	srv   *sandbox.Server
	setup sandbox.TestSetup
	c     *apiclient.Client
	rt    *counter
	fd    forms.Deps
	ctx   context.Context
}

func newEnv(t *testing.T, plan sandbox.Plan) *env {
	t.Helper()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Plan: plan})
	srv, setup := sb.Server, sb.Setup
	token := srv.IssueToken(setup.Owner.ID, setup.Client.ID)
	rt := &counter{base: apiclient.StaticBearer(nil, token)}
	c := sb.ClientWith(t, token, apiclient.WithTransport(rt),
		apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }))
	d := common.Deps{
		Client:      func() *apiclient.Client { return c },
		Styles:      ui.NewStyles(true),
		TableStyles: table.PlainStyles(),
		Now:         srv.Now,
		Timeout:     10 * time.Second,
		Loc:         prague,
	}.WithDefaults()
	return &env{t: t, srv: srv, setup: setup, c: c, rt: rt, ctx: context.Background(),
		fd: forms.Deps{Deps: d, DraftsDir: filepath.Join(t.TempDir(), "drafts"), DraftDelay: time.Millisecond}}
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

// rig drives one page without the shell: routed answers go back to the
// page, every other message is kept in out.
type rig struct {
	t   *testing.T
	id  ui.PageID
	p   ui.Page
	out []tea.Msg
}

func (e *env) open(id ui.PageID) *rig {
	e.t.Helper()
	mk := e.makers()[id.Kind]
	p, err := mk(id)
	if err != nil {
		e.t.Fatalf("make %v: %v", id, err)
	}
	r := &rig{t: e.t, id: id, p: p}
	p.SetSize(80, 20)
	r.run(p.Init())
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

func (r *rig) press(k string) tea.Cmd { return r.p.Update(tuitest.Key(k)) }

func (r *rig) keys(ks ...string) {
	for _, k := range ks {
		r.run(r.press(k))
	}
}

func (r *rig) typeText(s string) {
	for _, c := range s {
		r.run(r.p.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{c}}))
	}
}

// focus moves the focus to the field whose line starts with label.
func (r *rig) focus(label string) {
	r.t.Helper()
	for range 100 {
		for _, l := range strings.Split(r.p.View(), "\n") {
			if strings.HasPrefix(l, "▸ "+label) {
				return
			}
		}
		r.keys("tab")
	}
	r.t.Fatalf("no field %q:\n%s", label, r.p.View())
}

// set replaces the value of the text field labelled label.
func (r *rig) set(label, value string) {
	r.t.Helper()
	r.focus(label)
	r.keys("ctrl+u") // delete to the start: the cursor sits at the end
	r.typeText(value)
}

// lineValue is the text between the brackets of the field labelled label.
func (r *rig) lineValue(label string) string {
	l := r.line(label)
	_, v, _ := strings.Cut(l, "[")
	v, _, _ = strings.Cut(v, "]")
	return strings.TrimSpace(v)
}

func (r *rig) line(prefix string) string {
	for _, l := range strings.Split(r.p.View(), "\n") {
		if strings.HasPrefix(strings.TrimLeft(l, "▸ "), prefix) {
			return l
		}
	}
	return ""
}

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
