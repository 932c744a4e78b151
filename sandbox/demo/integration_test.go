package demo_test

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
)

const userAgent = "demo-test (test@example.com)"

// TestDemoIntegrationRunsTheAuthorizationCodeFlow plays the integration the
// demo registers: consent with approve=1, the code from the redirect, the
// exchange, and a request to the demo account with the token.
func TestDemoIntegrationRunsTheAuthorizationCodeFlow(t *testing.T) {
	srv, info := demo.New(demo.Options{Options: sandbox.Options{Seed: 1}})
	ts := httptest.NewServer(srv)
	defer ts.Close()
	base := ts.URL + "/api/v3"
	in := info.Integration
	if in.ClientID == "" || in.ClientSecret == "" || in.RedirectURI != demo.IntegrationRedirectURI {
		t.Fatalf("integration %+v", in)
	}

	q := url.Values{"client_id": {in.ClientID}, "redirect_uri": {in.RedirectURI}, "response_type": {"code"}, "state": {"xyz"}}
	page := send(t, "GET", base+"/oauth?"+q.Encode(), "")
	if page.StatusCode != http.StatusOK {
		t.Fatalf("consent page: %d", page.StatusCode)
	}
	q.Set("approve", "1")
	redirect := send(t, "GET", base+"/oauth?"+q.Encode(), "")
	loc, err := url.Parse(redirect.Header.Get("Location"))
	if err != nil || redirect.StatusCode != http.StatusFound || !strings.HasPrefix(loc.String(), in.RedirectURI+"?") || loc.Query().Get("state") != "xyz" {
		t.Fatalf("approve: %d %q", redirect.StatusCode, redirect.Header.Get("Location"))
	}

	form := url.Values{"grant_type": {"authorization_code"}, "code": {loc.Query().Get("code")}, "redirect_uri": {in.RedirectURI}}
	status, body := postToken(t, base, in, form)
	var tok struct {
		AccessToken  string `json:"access_token"`
		RefreshToken string `json:"refresh_token"`
	}
	if err := json.Unmarshal(body, &tok); err != nil || status != http.StatusOK || tok.RefreshToken == "" {
		t.Fatalf("exchange: %d %s", status, body)
	}
	if got := send(t, "GET", base+"/accounts/"+demo.Slug+"/subjects.json", "Bearer "+tok.AccessToken); got.StatusCode != http.StatusOK {
		t.Fatalf("subjects with the integration's token: %d", got.StatusCode)
	}
	// An integration's credentials do not work with client credentials.
	if status, body := postToken(t, base, in, url.Values{"grant_type": {"client_credentials"}}); status != http.StatusBadRequest {
		t.Fatalf("client credentials with the integration: %d %s, want 400", status, body)
	}
}

// postToken posts a form to /oauth/token with the integration's Basic header.
func postToken(t *testing.T, base string, in demo.Integration, form url.Values) (int, []byte) {
	t.Helper()
	req, err := http.NewRequest("POST", base+"/oauth/token", strings.NewReader(form.Encode()))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("User-Agent", userAgent)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(in.ClientID, in.ClientSecret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return resp.StatusCode, body
}

// send makes a request without following redirects and closes the body.
func send(t *testing.T, method, u, auth string) *http.Response {
	t.Helper()
	req, err := http.NewRequest(method, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("User-Agent", userAgent)
	if auth != "" {
		req.Header.Set("Authorization", auth)
	}
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	return resp
}
