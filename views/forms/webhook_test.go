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
	r.set("Address", "ftp://example.com")
	if errs := r.host().FieldErrors("webhook_url"); len(errs) == 0 || !strings.Contains(errs[0], "http:// or https://") {
		t.Errorf("url errors %q", errs)
	}
	r.set("Address", "https://example.com/hooks")
	r.keys("ctrl+s")
	if errs := r.host().FieldErrors("group_invoice"); len(errs) != 1 || errs[0] != "Choose at least one event (the service refuses an empty list)" {
		t.Errorf("events errors %q", errs)
	}
	if !strings.Contains(r.p.View(), "✕ Choose at least one event") {
		t.Errorf("rule not shown:\n%s", r.p.View())
	}
	if n := e.rt.count("POST", "/webhooks.json"); n != 0 {
		t.Errorf("%d POSTs without events", n)
	}
}

func TestWebhookIsCreatedWithChosenEvents(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewWebhookPage())
	r.set("Address", "https://example.com/hooks")
	r.set("Authorization header", "Bearer s3cret")
	r.focus("Invoices")
	r.keys("right") // all
	r.focus("Expenses")
	r.keys("right", "right") // pick
	if !strings.Contains(r.p.View(), "15 of 53 chosen") {
		t.Errorf("count not shown:\n%s", r.p.View())
	}
	r.focus("  paid")
	r.keys("space")
	r.keys("ctrl+s")
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
	if ch, ok := changed(r.out, nav.Webhook, w.ID); !ok || ch.Op != ui.ChangeCreated || ch.Record == nil {
		t.Errorf("no news of the created webhook for the list: %v", r.out)
	}
}

func TestWebhookRefusalsInWords(t *testing.T) {
	free := newEnv(t, sandbox.PlanFree)
	r := free.open(forms.NewWebhookPage())
	r.set("Address", "https://example.com/hooks")
	r.focus("Subjects")
	r.keys("right")
	r.keys("ctrl+s")
	if p := r.host().Problem(); !strings.HasPrefix(p, "Webhooks are available only on paid plans: upgrade the account's plan to use them") {
		t.Errorf("free plan: %q", p)
	}

	e := newEnv(t, sandbox.PlanUnlimited)
	e.srv.Do(func() { e.setup.Client.WebhooksAllowed = false })
	r = e.open(forms.NewWebhookPage())
	r.set("Address", "https://example.com/hooks")
	r.focus("Subjects")
	r.keys("right")
	r.keys("ctrl+s")
	if p := r.host().Problem(); !strings.HasPrefix(p, "Webhook management is not switched on for the credential kasa signs in with") {
		t.Errorf("credential: %q", p)
	}
	if _, ok := has[ui.Back](r.out); ok {
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
	r.focus("Sending")
	r.keys("space")
	r.keys("ctrl+s")
	if body := b.last(t); len(body) != 1 || body["active"] != false {
		t.Errorf("PATCH body %v, want only active", body)
	}
	got, _, _ := e.c.Webhooks.Get(e.ctx, w.ID)
	if got.Active || len(got.Events) != 2 {
		t.Errorf("after the edit %+v", got)
	}
	// Picking no event at all is refused before anything is sent.
	r2 := e.open(forms.EditWebhookPage(w.ID))
	r2.focus("Invoices")
	r2.keys("left") // pick -> all -> none
	r2.keys("left")
	r2.focus("Expenses")
	r2.keys("left", "left")
	r2.keys("ctrl+s")
	if n := e.rt.count("PATCH", ".json"); n != 1 {
		t.Errorf("%d PATCHes, want only the first", n)
	}
}

func TestWebhookAuthHeaderIsNotKeptInDrafts(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewWebhookPage())
	r.set("Address", "https://example.com/hooks")
	r.set("Authorization header", "Bearer topsecret")
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
