package more_test

import (
	"context"
	"slices"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/more"
	"github.com/kasa-tui/kasa/views/more/kit/kittest"
	"github.com/kasa-tui/kasa/views/nav"
)

var bg = context.Background()

// flat is a screen with its line breaks and runs of spaces made single spaces.
func flat(s string) string { return strings.Join(strings.Fields(s), " ") }

func newHook(t *testing.T, c *apiclient.Client, url string) *apiclient.Webhook {
	t.Helper()
	w, _, err := c.Webhooks.Create(bg, &apiclient.WebhookParams{WebhookURL: apiclient.Ptr(url),
		AuthHeader: apiclient.Ptr("Bearer s3cret-token"), Events: &[]string{"invoice_paid", "expense_paid", "invoice_sent"}})
	if err != nil {
		t.Fatal(err)
	}
	return w
}

func TestWebhookListSwitchesOffAndDeletes(t *testing.T) {
	_, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	a := newHook(t, c, "https://hooks.example/a")
	newHook(t, c, "https://hooks.example/b")
	p, err := more.NewWebhooks(kittest.Deps(c), ui.PageID{Kind: nav.Webhooks})
	if err != nil {
		t.Fatal(err)
	}
	d := kittest.New(t, p, 100, 20)
	if n := p.Table().Len(); n != 2 {
		t.Fatalf("%d webhooks listed, want 2", n)
	}
	d.Key("G") // a, the older one
	if sel, _ := p.Selected(); sel.ID != a.ID {
		t.Fatalf("selected %d, want %d", sel.ID, a.ID)
	}
	d.Key(" ")
	if got, _, _ := c.Webhooks.Get(bg, a.ID); !got.Active {
		t.Fatal("space switched the webhook off before the user confirmed")
	}
	d.Confirm()
	got, _, err := c.Webhooks.Get(bg, a.ID)
	if err != nil || got.Active {
		t.Fatalf("after space the service has active=%v (err %v), want off", got.Active, err)
	}
	if !strings.Contains(p.View(), "○ off") {
		t.Errorf("the row does not show the webhook off:\n%s", p.View())
	}
	d.Key("d")
	if _, _, err := c.Webhooks.Get(bg, a.ID); err != nil {
		t.Fatal("d deleted before the user confirmed")
	}
	d.Confirm()
	if _, _, err := c.Webhooks.Get(bg, a.ID); err == nil {
		t.Error("confirmed delete left the webhook on the service")
	}
	if n := p.Table().Len(); n != 1 {
		t.Errorf("%d rows after delete, want 1", n)
	}
}

func TestWebhookRefusalsAreExplained(t *testing.T) {
	t.Run("free plan", func(t *testing.T) {
		_, _, c := kittest.Sandbox(t, sandbox.PlanFree)
		p, _ := more.NewWebhooks(kittest.Deps(c), ui.PageID{Kind: nav.Webhooks})
		kittest.New(t, p, 200, 20)
		if v := flat(p.View()); !strings.Contains(v, "Webhooks work only on paid plans") {
			t.Errorf("the free plan's refusal is not explained:\n%s", v)
		}
	})
	t.Run("credential without management", func(t *testing.T) {
		env := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: kittest.Start, Plan: sandbox.PlanStandard})
		cl := &sandbox.OAuthClient{ID: "no-hooks-client", Secret: "x", UserID: env.Setup.Owner.ID}
		env.Server.AddClient(cl)
		c := env.ClientWith(t, env.Server.IssueToken(env.Setup.Owner.ID, cl.ID), apiclient.WithRetries(0))
		p, _ := more.NewWebhooks(kittest.Deps(c), ui.PageID{Kind: nav.Webhooks})
		kittest.New(t, p, 200, 20)
		if v := flat(p.View()); !strings.Contains(v, "switched on for this credential") {
			t.Errorf("the credential's refusal is not explained:\n%s", v)
		}
	})
}

func TestWebhookDetailShowsFailedDeliveriesAndHidesTheSecret(t *testing.T) {
	srv, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	w := newHook(t, c, "https://hooks.example/a")
	body := "upstream down"
	kittest.Seed(t, srv, func(a *sandbox.Account) {
		a.FailedDeliveries[w.FailedDeliveriesUUID] = []sandbox.FailedDelivery{{
			ID: 1, EventName: "invoice_paid", CreatedAt: sandbox.DateTime{Time: kittest.Start},
			Deliveries: []sandbox.DeliveryAttempt{
				{ID: 2, ResponseStatus: "503", ResponseBody: &body, StartedAt: sandbox.DateTime{Time: kittest.Start}},
				{ID: 1, ResponseStatus: "timeout", StartedAt: sandbox.DateTime{Time: kittest.Start}},
			},
		}}
	})
	p, err := more.NewWebhook(kittest.Deps(c), nav.Record(nav.Webhook, w.ID))
	if err != nil {
		t.Fatal(err)
	}
	d := kittest.New(t, p, 100, 60)
	v := p.View()
	for _, s := range []string{"invoice_paid", "✕ HTTP 503", "upstream down", "✕ timed out", "expense_paid", "● on"} {
		if !strings.Contains(v, s) {
			t.Errorf("detail lacks %q:\n%s", s, v)
		}
	}
	if strings.Contains(v, "s3cret") {
		t.Errorf("the auth header is on screen:\n%s", v)
	}
	d.Key("x")
	d.Confirm()
	if got, _, _ := c.Webhooks.Get(bg, w.ID); got.Active {
		t.Error("x did not switch the webhook off")
	}
	if !strings.Contains(p.View(), "○ off") {
		t.Errorf("the detail was not refreshed:\n%s", p.View())
	}
	d.Key("d")
	d.Confirm()
	var back bool
	for _, m := range d.Seen {
		if _, ok := m.(ui.Back); ok {
			back = true
		}
	}
	if !back {
		t.Error("deleting from the detail did not go back")
	}
}

func seedRecurring(t *testing.T, c *apiclient.Client) *apiclient.RecurringGenerator {
	t.Helper()
	s, _, err := c.Subjects.Create(bg, &apiclient.SubjectParams{Name: apiclient.Ptr("Acme s.r.o.")})
	if err != nil {
		t.Fatal(err)
	}
	r, _, err := c.RecurringGenerators.Create(bg, &apiclient.RecurringGeneratorParams{
		GeneratorParams: apiclient.GeneratorParams{Name: apiclient.Ptr("Hosting"), SubjectID: &s.ID,
			Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Hosting"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("500")),
				VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}},
		StartDate: apiclient.Ptr(apiclient.NewDate(2026, 12, 1)), MonthsPeriod: apiclient.Ptr(1),
	})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestRecurringPauseAndActivateWithADate(t *testing.T) {
	_, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	r := seedRecurring(t, c)
	p, err := more.NewRecurring(kittest.Deps(c), nav.Record(nav.RecurringGenerator, r.ID))
	if err != nil {
		t.Fatal(err)
	}
	d := kittest.New(t, p, 100, 40)
	if v := p.View(); !strings.Contains(v, "▶ active") || !strings.Contains(v, "Hosting") {
		t.Fatalf("detail:\n%s", v)
	}
	d.Key("p")
	if got, _, _ := c.RecurringGenerators.Get(bg, r.ID); !got.Active {
		t.Fatal("p paused before the question was answered (issue 15.10)")
	}
	d.Confirm()
	if got, _, _ := c.RecurringGenerators.Get(bg, r.ID); got.Active {
		t.Fatal("p and yes did not pause it on the service")
	}
	d.Key("p")
	if got, _, _ := c.RecurringGenerators.Get(bg, r.ID); got.Active {
		t.Fatal("p on a paused template changed it")
	}
	if !strings.Contains(p.View(), "‖ paused") {
		t.Errorf("the detail does not show it paused:\n%s", p.View())
	}
	d.Key("a")
	if !p.Prompting() || !p.Capturing() {
		t.Fatal("a did not ask for the next date")
	}
	d.Type("2026-13")
	if v := p.View(); !strings.Contains(v, "is not a date") {
		t.Errorf("a bad date is not flagged as typed:\n%s", v)
	}
	d.Key("enter")
	if !p.Prompting() {
		t.Fatal("enter on a bad date closed the prompt")
	}
	for range 2 {
		d.Key("backspace")
	}
	d.Type("12-15")
	if v := p.View(); !strings.Contains(v, "✓ next invoice on 2026-12-15") {
		t.Errorf("a good date is not confirmed as typed:\n%s", v)
	}
	d.Key("enter")
	got, _, _ := c.RecurringGenerators.Get(bg, r.ID)
	if !got.Active || got.NextOccurrenceOn.String() != "2026-12-15" {
		t.Errorf("after activation the service has active=%v next=%s", got.Active, got.NextOccurrenceOn)
	}
	// Activating what is active says so at once, without asking for a date
	// the service would refuse (issue 15.7).
	d.Key("a")
	if p.Prompting() {
		t.Error("a on an active template asks for a date")
	}
	if !slices.ContainsFunc(d.Toasts(), func(s ui.Toast) bool { return strings.Contains(s.Text, "is active already") }) {
		t.Errorf("a on an active template: toasts %v", d.Toasts())
	}
}

func TestGeneratorDetailShowsLinesAndTotals(t *testing.T) {
	_, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	s, _, err := c.Subjects.Create(bg, &apiclient.SubjectParams{Name: apiclient.Ptr("Acme s.r.o.")})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := c.Generators.Create(bg, &apiclient.GeneratorParams{Name: apiclient.Ptr("Consulting"), SubjectID: &s.ID,
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Advice"), Quantity: apiclient.Ptr(apiclient.MustDecimal("10")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1500")), VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}})
	if err != nil {
		t.Fatal(err)
	}
	p, err := more.NewGenerator(kittest.Deps(c), nav.Record(nav.Generator, g.ID))
	if err != nil {
		t.Fatal(err)
	}
	d := kittest.New(t, p, 100, 60)
	v := p.View()
	for _, want := range []string{"Advice", kittest.Deps(c).Money(g.Total, g.Currency), "Lines", "Totals"} {
		if !strings.Contains(v, want) {
			t.Errorf("generator detail lacks %q:\n%s", want, v)
		}
	}
	d.Key("S")
	if got := d.Opens(); len(got) != 1 || got[0] != nav.Record(nav.Subject, s.ID) {
		t.Errorf("S opened %v, want subject %d", got, s.ID)
	}
}

func TestAccountShowsUsageAsAPercentage(t *testing.T) {
	srv, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	kittest.Seed(t, srv, func(a *sandbox.Account) { a.Info.APICallsUsed = 750 })
	p := more.NewAccount(kittest.Deps(c), ui.PageID{Kind: nav.Account})
	d := kittest.New(t, p, 100, 80)
	v := p.View()
	for _, want := range []string{"of 3,000 calls this month (25.0%)", "VAT payer", "Na každý den"} {
		if !strings.Contains(v, want) {
			t.Errorf("account lacks %q:\n%s", want, v)
		}
	}
	var st ui.APIStatus
	for _, m := range d.Seen {
		if s, ok := m.(ui.APIStatus); ok {
			st = s
		}
	}
	// The sandbox counts the account.json request itself.
	if st.CallsUsed < 750 || st.CallsUsed > 751 || st.CallsLimit != 3000 {
		t.Errorf("the status bar was told %d/%d calls, want 750 (or 751)/3000", st.CallsUsed, st.CallsLimit)
	}
}

func TestBankAccountsAndUsers(t *testing.T) {
	_, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	b, _ := more.NewBankAccounts(kittest.Deps(c), ui.PageID{Kind: nav.BankAccounts})
	kittest.New(t, b, 120, 10)
	if v := b.View(); !strings.Contains(v, "2000145399/2010") || !strings.Contains(v, "★ default") {
		t.Errorf("bank accounts:\n%s", v)
	}
	u, _ := more.NewUsers(kittest.Deps(c), ui.PageID{Kind: nav.Users})
	kittest.New(t, u, 120, 10)
	if v := u.View(); !strings.Contains(v, "owner") || !strings.Contains(v, "reports, expenses, invoices") {
		t.Errorf("users:\n%s", v)
	}
}

func TestMenuOpensEachPage(t *testing.T) {
	_, _, c := kittest.Sandbox(t, sandbox.PlanStandard)
	m, _ := more.NewMenu(kittest.Deps(c), ui.PageID{Kind: nav.More})
	d := kittest.New(t, m, 100, 20)
	var want []ui.PageID
	for range 6 {
		d.Key("enter")
		d.Key("j")
	}
	for _, k := range []ui.Kind{nav.Generators, nav.RecurringGenerators, nav.Webhooks, nav.Account, nav.BankAccounts, nav.Users} {
		want = append(want, ui.PageID{Kind: k})
	}
	got := d.Opens()
	if len(got) != len(want) {
		t.Fatalf("opened %v, want %v", got, want)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("entry %d opened %v, want %v", i, got[i], want[i])
		}
	}
}
