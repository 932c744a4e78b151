package forms_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestWebhookNeedsAnEventAndAnAddress(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewWebhookPage())
	r.Set("Address", "ftp://example.com")
	if errs := r.host().FieldErrors("webhook_url"); len(errs) == 0 || !strings.Contains(errs[0], "http:// or https://") {
		t.Errorf("url errors %q", errs)
	}
	r.Set("Address", "https://example.com/hooks")
	r.Keys("ctrl+s")
	if errs := r.host().FieldErrors("group_invoice"); len(errs) != 1 || errs[0] != "Choose at least one event (the service refuses an empty list)" {
		t.Errorf("events errors %q", errs)
	}
	if !strings.Contains(r.Page.View(), "✕ Choose at least one event") {
		t.Errorf("rule not shown:\n%s", r.Page.View())
	}
	if n := e.rt.Count("POST", "/webhooks.json"); n != 0 {
		t.Errorf("%d POSTs without events", n)
	}
}

func TestWebhookIsCreatedWithChosenEvents(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewWebhookPage())
	r.Set("Address", "https://example.com/hooks")
	r.Set("Authorization header", "Bearer s3cret")
	r.Focus("Invoices")
	r.Keys("right") // all
	r.Focus("Expenses")
	r.Keys("right", "right") // pick
	if !strings.Contains(r.Page.View(), "15 of 53 chosen") {
		t.Errorf("count not shown:\n%s", r.Page.View())
	}
	r.Focus("  paid")
	r.Keys("space")
	r.Keys("ctrl+s")
	if p := r.host().Problem(); p != "" {
		t.Fatalf("problem %q", p)
	}
	hooks, _, err := e.c.Webhooks.List(e.ctx, apiclient.ListOptions{})
	if err != nil || len(hooks) != 1 {
		t.Fatalf("webhooks %v %v", hooks, err)
	}
	w := hooks[0]
	if w.WebhookURL != "https://example.com/hooks" || w.AuthHeader != "Bearer s3cret" || !w.Active ||
		len(w.Events) != 16 || !slices.Contains(w.Events, "expense_paid") || !slices.Contains(w.Events, "invoice_created") {
		t.Errorf("created %+v", w)
	}
	if ch, ok := changed(r.Out, nav.Webhook, w.ID); !ok || ch.Op != ui.ChangeCreated || ch.Record == nil {
		t.Errorf("no news of the created webhook for the list: %v", r.Out)
	}
}

func TestWebhookRefusalsInWords(t *testing.T) {
	free := newEnv(t, sandbox.PlanFree)
	r := free.open(forms.NewWebhookPage())
	r.Set("Address", "https://example.com/hooks")
	r.Focus("Subjects")
	r.Keys("right")
	r.Keys("ctrl+s")
	if p := r.host().Problem(); !strings.HasPrefix(p, "Webhooks are available only on paid plans: upgrade the account's plan to use them") {
		t.Errorf("free plan: %q", p)
	}

	e := newEnv(t, sandbox.PlanUnlimited)
	e.srv.Do(func() { e.setup.Client.WebhooksAllowed = false })
	r = e.open(forms.NewWebhookPage())
	r.Set("Address", "https://example.com/hooks")
	r.Focus("Subjects")
	r.Keys("right")
	r.Keys("ctrl+s")
	if p := r.host().Problem(); !strings.HasPrefix(p, "Webhook management is not switched on for the credential kasa signs in with") {
		t.Errorf("credential: %q", p)
	}
	if _, ok := has[ui.Back](r.Out); ok {
		t.Error("a refused form closed")
	}
}

func TestWebhookEditSendsOnlyChanges(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	w, _, err := e.c.Webhooks.Create(e.ctx, &apiclient.WebhookParams{WebhookURL: apiclient.Ptr("https://example.com/a"),
		Events: apiclient.Ptr([]string{"invoice_paid", "expense_paid"})})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(forms.EditWebhookPage(w.ID))
	if v := r.host().Values(); v["group_invoice"] != "pick" || v["event_invoice_paid"] != "true" || v["active"] != "true" {
		t.Fatalf("loaded %v", v)
	}
	b := e.recordBodies("PATCH", ".json")
	r.Focus("Sending")
	r.Keys("space")
	r.Keys("ctrl+s")
	if body := b.Last(t); len(body) != 1 || body["active"] != false {
		t.Errorf("PATCH body %v, want only active", body)
	}
	got, _, _ := e.c.Webhooks.Get(e.ctx, w.ID)
	if got.Active || len(got.Events) != 2 {
		t.Errorf("after the edit %+v", got)
	}
	// Picking no event at all is refused before anything is sent.
	r2 := e.open(forms.EditWebhookPage(w.ID))
	r2.Focus("Invoices")
	r2.Keys("left") // pick -> all -> none
	r2.Keys("left")
	r2.Focus("Expenses")
	r2.Keys("left", "left")
	r2.Keys("ctrl+s")
	if n := e.rt.Count("PATCH", ".json"); n != 1 {
		t.Errorf("%d PATCHes, want only the first", n)
	}
}

func TestWebhookAuthHeaderIsNotKeptInDrafts(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewWebhookPage())
	r.Set("Address", "https://example.com/hooks")
	r.Set("Authorization header", "Bearer topsecret")
	files, _ := filepath.Glob(filepath.Join(e.fd.DraftsDir, "*.json"))
	if len(files) != 1 {
		t.Fatalf("drafts %v", files)
	}
	b, err := os.ReadFile(files[0])
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "topsecret") || !strings.Contains(string(b), "example.com/hooks") {
		t.Errorf("draft %s", b)
	}
}

// The edit form masks the Authorization value as the webhook's page does,
// and ctrl+t shows it (issue 15.10).
func TestWebhookFormMasksTheAuthorization(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	w, _, err := e.c.Webhooks.Create(e.ctx, &apiclient.WebhookParams{WebhookURL: apiclient.Ptr("https://example.com/a"),
		AuthHeader: apiclient.Ptr("Bearer s3cret-token"), Events: apiclient.Ptr([]string{"invoice_paid"})})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(forms.EditWebhookPage(w.ID))
	if strings.Contains(r.Page.View(), "s3cret") {
		t.Fatalf("the Authorization value is on screen:\n%s", r.Page.View())
	}
	r.Focus("Authorization header")
	r.Keys("ctrl+t")
	if !strings.Contains(r.Page.View(), "s3cret") {
		t.Errorf("ctrl+t did not show it:\n%s", r.Page.View())
	}
	r.Keys("ctrl+t")
	if strings.Contains(r.Page.View(), "s3cret") {
		t.Errorf("a second ctrl+t did not hide it again")
	}
}
