package sandbox_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
)

func TestBlockedAccountAnswers402WithTheUnpaidInvoices(t *testing.T) {
	e := newEnv(t, func(o *sandbox.Options) { o.Blocked = true })
	bodies := refusedInMode(t, e, http.StatusPaymentRequired, "GET subjects.json", "GET account.json", "POST subjects.json")
	for i, body := range bodies {
		got := decode[struct {
			Status          string `json:"status"`
			OverdueInvoices []struct {
				InvoiceURL string `json:"invoice_url"`
			} `json:"overdue_invoices"`
		}](t, body)
		if got.Status != "Account blocked" || len(got.OverdueInvoices) != 1 || !strings.HasPrefix(got.OverdueInvoices[0].InvoiceURL, e.TS.URL+"/") {
			t.Fatalf("request %d: body %s", i, body)
		}
	}
	// The user is no account: a client can still find out who it is.
	if status, _, body := e.do("GET", "/user.json", nil); status != http.StatusOK {
		t.Fatalf("user.json while blocked: %d %s", status, body)
	}
	e.Srv.SetBlocked(false)
	if status, _, body := e.do("GET", e.acct("subjects.json"), nil); status != http.StatusOK {
		t.Fatalf("after the block is lifted: %d %s", status, body)
	}
	var created int
	e.Srv.Do(func() { created = e.Setup.Account.Subjects.Len() })
	if created != 0 {
		t.Fatalf("a blocked create committed %d subjects", created)
	}
}

func TestMaintenanceIsReadOnly(t *testing.T) {
	e := newEnv(t, func(o *sandbox.Options) { o.Maintenance = true })
	if status, _, body := e.do("GET", e.acct("subjects.json"), nil); status != http.StatusOK {
		t.Fatalf("read in maintenance: %d %s", status, body)
	}
	for i, body := range refusedInMode(t, e, http.StatusServiceUnavailable, "POST subjects.json", "PATCH subjects/1.json", "DELETE subjects/1.json") {
		if code, desc := refusalOf(t, body); code == "" || desc == "" {
			t.Fatalf("request %d: body %s, want error and error_description", i, body)
		}
	}
	// A client can still sign in to meet the read-only mode.
	status, _, body := e.doWith("POST", "/oauth/token", []byte("grant_type=client_credentials"), map[string]string{
		"User-Agent": oauthUserAgent, "Content-Type": oauthFormHeader, "Authorization": basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)})
	if status != http.StatusOK {
		t.Fatalf("token in maintenance: %d %s", status, body)
	}
	e.Srv.SetMaintenance(false)
	if status, _, body := e.do("POST", e.acct("subjects.json"), map[string]any{"name": "Nový odběratel"}); status != http.StatusCreated {
		t.Fatalf("create after maintenance: %d %s", status, body)
	}
}

// refusedInMode sends each "METHOD path" (under the account, with a small
// subject body), checks the status and the rate-limit headers, and returns the
// bodies.
func refusedInMode(t *testing.T, e *env, want int, reqs ...string) [][]byte {
	t.Helper()
	var bodies [][]byte
	for _, r := range reqs {
		method, path, _ := strings.Cut(r, " ")
		status, h, body := e.do(method, e.acct(path), map[string]any{"name": "Nový odběratel"})
		if status != want || h.Get("X-RateLimit") == "" {
			t.Fatalf("%s: status %d (%s), rate limit %q; want %d with the headers", r, status, body, h.Get("X-RateLimit"), want)
		}
		bodies = append(bodies, body)
	}
	return bodies
}
