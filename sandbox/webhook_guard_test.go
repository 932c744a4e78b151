package sandbox_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"testing"
	"time"
)

// TestWebhooksRefuseLinkLocalAndMetadataAddresses: a webhook to a cloud's
// metadata service or any link-local address is invalid; loopback and
// private receivers are what the sandbox is for.
func TestWebhooksRefuseLinkLocalAndMetadataAddresses(t *testing.T) {
	e := newEnv(t)
	for _, u := range []string{
		"http://169.254.169.254/latest/meta-data/", "http://169.254.1.2:8080/", "http://[fe80::1]/",
		"http://[fd00:ec2::254]/", "http://[::ffff:169.254.169.254]/", "https://[fe80::1%25eth0]/",
	} {
		status, _, b := e.do("POST", e.acct("webhooks.json"), map[string]any{"webhook_url": u, "events": []string{"invoice_paid"}})
		if got := errorsOf(t, b)["webhook_url"]; status != http.StatusUnprocessableEntity || len(got) == 0 || got[0] != "is invalid" {
			t.Errorf("%s: %d %s", u, status, b)
		}
	}
	for _, u := range []string{"http://127.0.0.1:9000/hook", "http://localhost:9000/", "http://10.0.0.5/", "http://192.168.1.10/", "http://[fd12::1]/", "https://hooks.example.com/"} {
		if status, _, b := e.do("POST", e.acct("webhooks.json"), map[string]any{"webhook_url": u, "events": []string{"invoice_paid"}}); status != http.StatusCreated {
			t.Errorf("%s: %d %s", u, status, b)
		}
	}
}

// TestWebhookDeliveriesFollowNoRedirect: a receiver that redirects gets the
// delivery, the redirect's target never does, and the delivery is failed
// with the redirect's status.
func TestWebhookDeliveriesFollowNoRedirect(t *testing.T) {
	e := newEnv(t)
	target := newWHReceiver(t, http.StatusOK, "secret of the target")
	redirector := httptest.NewServer(http.RedirectHandler(target.URL+"/inside", http.StatusTemporaryRedirect))
	t.Cleanup(redirector.Close)
	w := whCreate(t, e, map[string]any{"webhook_url": redirector.URL, "events": []string{"inbox_file_created"}})
	whUploadInboxFile(t, e, "a.pdf")
	d := e.Srv.NewWebhookDeliverer(&http.Client{Timeout: 5 * time.Second})
	d.Backoff = func(int) time.Duration { return time.Millisecond }
	d.DeliverNow(context.Background())
	if n := len(target.received()); n != 0 {
		t.Fatalf("the redirect's target got %d requests", n)
	}
	fds := whFailed(t, e, w.FailedDeliveriesUUID)
	if len(fds) != 1 || fds[0].Deliveries[0].ResponseStatus != "307" {
		t.Fatalf("failed deliveries %+v", fds)
	}
}
