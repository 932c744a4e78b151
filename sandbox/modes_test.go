package sandbox_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
)

func TestBlockedAccountAnswers402WithTheUnpaidInvoices(t *testing.T) {
	e := newEnv(t, func(o *sandbox.Options) { o.Blocked = true })
	for _, tc := range []struct{ method, path string }{
		{"GET", e.acct("subjects.json")},
		{"GET", e.acct("account.json")},
		{"POST", e.acct("subjects.json")},
	} {
		status, h, body := e.do(tc.method, tc.path, map[string]any{"name": "Nový odběratel"})
		if status != http.StatusPaymentRequired {
			t.Fatalf("%s %s: status %d (%s), want 402", tc.method, tc.path, status, body)
		}
		got := decode[struct {
			Status          string `json:"status"`
			OverdueInvoices []struct {
				InvoiceURL string `json:"invoice_url"`
			} `json:"overdue_invoices"`
		}](t, body)
		if got.Status != "Account blocked" || len(got.OverdueInvoices) != 1 || !strings.HasPrefix(got.OverdueInvoices[0].InvoiceURL, e.TS.URL+"/") {
			t.Fatalf("%s %s: body %s", tc.method, tc.path, body)
		}
		if h.Get("X-RateLimit") == "" {
			t.Fatalf("%s %s: no rate-limit headers", tc.method, tc.path)
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
	for _, tc := range []struct{ method, path string }{
		{"POST", e.acct("subjects.json")},
		{"PATCH", e.acct("subjects/1.json")},
		{"DELETE", e.acct("subjects/1.json")},
	} {
		status, h, body := e.do(tc.method, tc.path, map[string]any{"name": "Nový odběratel"})
		if status != http.StatusServiceUnavailable {
			t.Fatalf("%s %s: status %d (%s), want 503", tc.method, tc.path, status, body)
		}
		if code, desc := refusalOf(t, body); code == "" || desc == "" {
			t.Fatalf("%s %s: body %s, want error and error_description", tc.method, tc.path, body)
		}
		if h.Get("X-RateLimit") == "" {
			t.Fatalf("%s %s: no rate-limit headers", tc.method, tc.path)
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
