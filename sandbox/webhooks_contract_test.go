package sandbox_test

import (
	"context"
	"errors"
	"net/http"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

func TestWebhooksContractLifecycleAndFailedDeliveries(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	rcv := newWHReceiver(t, http.StatusServiceUnavailable, `{"error":"down"}`)

	w, resp, err := e.Client.Webhooks.Create(ctx, &apiclient.WebhookParams{
		WebhookURL: apiclient.Ptr(rcv.URL + "/in"),
		AuthHeader: apiclient.Ptr("Token abc"),
		Events:     &[]string{"inbox_file_created"},
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusCreated || !w.Active || w.FailedDeliveriesUUID == "" {
		t.Fatalf("created %+v", w)
	}

	webhooksContractReads(ctx, t, e, w, rcv.URL+"/in")

	if _, _, err := e.Client.InboxFiles.CreateFromBytes(ctx, "application/pdf", []byte("%PDF"), "x.pdf", false); err != nil {
		t.Fatal(err)
	}
	e.Srv.DeliverWebhooksNow(ctx, rcv.Client())
	fds, _, err := e.Client.Webhooks.FailedDeliveries(ctx, w.FailedDeliveriesUUID)
	if err != nil {
		t.Fatal(err)
	}
	if len(fds) != 1 || fds[0].EventName != "inbox_file_created" || len(fds[0].Deliveries) == 0 || fds[0].Deliveries[0].ResponseStatus != "503" {
		t.Fatalf("failed deliveries %+v", fds)
	}
	if b := fds[0].Deliveries[0].ResponseBody; b == nil || *b != `{"error":"down"}` {
		t.Fatalf("response body %v", b)
	}

	paused, _, err := e.Client.Webhooks.Update(ctx, w.ID, &apiclient.WebhookParams{Active: apiclient.Ptr(false)})
	if err != nil || paused.Active || paused.AuthHeader != "Token abc" {
		t.Fatalf("pause: %v %+v", err, paused)
	}
	// A paused webhook gets nothing.
	before := len(rcv.received())
	if _, _, err := e.Client.InboxFiles.CreateFromBytes(ctx, "application/pdf", []byte("%PDF"), "y.pdf", false); err != nil {
		t.Fatal(err)
	}
	d := e.Srv.NewWebhookDeliverer(rcv.Client())
	d.DeliverNow(ctx)
	if after := len(rcv.received()); after != before {
		// The fresh deliverer looks at the whole log, and the webhook is paused.
		t.Fatalf("paused webhook received %d deliveries", after-before)
	}

	_, _, err = e.Client.Webhooks.Update(ctx, w.ID, &apiclient.WebhookParams{Events: &[]string{}})
	var verr *apiclient.ValidationError
	if !errors.As(err, &verr) || verr.Fields["events"][0] != "can't be empty" {
		t.Fatalf("empty events: %v", err)
	}

	if _, err := e.Client.Webhooks.Delete(ctx, w.ID); err != nil {
		t.Fatal(err)
	}
	if _, _, err := e.Client.Webhooks.Get(ctx, w.ID); !errors.As(err, new(*apiclient.NotFoundError)) {
		t.Fatalf("get after delete: %v", err)
	}
}

// webhooksContractReads: Get, List and ListAll see the webhook w, sent to url.
func webhooksContractReads(ctx context.Context, t *testing.T, e *env, w *apiclient.Webhook, url string) {
	t.Helper()
	got, _, err := e.Client.Webhooks.Get(ctx, w.ID)
	if err != nil || got.WebhookURL != url || got.AuthHeader != "Token abc" {
		t.Fatalf("get: %v %+v", err, got)
	}
	list, _, err := e.Client.Webhooks.List(ctx, apiclient.ListOptions{})
	if err != nil || len(list) != 1 || list[0].ID != w.ID {
		t.Fatalf("list: %v %+v", err, list)
	}
	n := 0
	for hook, err := range e.Client.Webhooks.ListAll(ctx, apiclient.ListOptions{}) {
		if err != nil {
			t.Fatal(err)
		}
		if hook.ID == w.ID {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("ListAll saw the webhook %d times", n)
	}
}

func TestWebhooksContractFreePlanIsRefusal(t *testing.T) {
	e := newEnvPlan(t, sandbox.PlanFree)
	_, _, err := e.Client.Webhooks.List(context.Background(), apiclient.ListOptions{})
	var refusal *apiclient.RefusalError
	if !errors.As(err, &refusal) || refusal.Code != apiclient.RefusalForbidden {
		t.Fatalf("free plan: %v, want RefusalError forbidden", err)
	}
}
