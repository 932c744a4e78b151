package cli

import (
	"bufio"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
)

// startSandbox runs `kasa sandbox` with args on a free port and returns the
// banner's fields by label ("base URL", "client id", ...; the integration's
// under "integration client id" and so on).
func startSandbox(t *testing.T, args ...string) map[string]string {
	t.Helper()
	ctx, cancel := context.WithCancel(context.Background())
	pr, pw := io.Pipe()
	done := make(chan error, 1)
	go func() {
		done <- runSandbox(ctx, append([]string{"--listen", "127.0.0.1:0"}, args...), pw, io.Discard)
		pw.Close()
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("sandbox: %v", err)
		}
	})
	fields := map[string]string{}
	prefix := ""
	sc := bufio.NewScanner(pr)
	for sc.Scan() && !strings.HasPrefix(sc.Text(), "Press Ctrl+C") {
		line := sc.Text()
		if strings.HasPrefix(line, "OAuth integration") {
			prefix = "integration "
		}
		for _, label := range []string{"base URL", "client id", "client secret", "redirect URI", "consent URL"} {
			if v, ok := strings.CutPrefix(strings.TrimSpace(line), label+" "); ok {
				fields[prefix+label] = strings.TrimSpace(v)
			}
		}
	}
	// Keep draining: the sandbox prints again when it stops.
	go io.Copy(io.Discard, pr)
	return fields
}

// sandboxToken gets a client-credentials token from the printed credentials.
func sandboxToken(t *testing.T, f map[string]string) string {
	t.Helper()
	req, _ := http.NewRequest("POST", f["base URL"]+"/oauth/token", strings.NewReader("grant_type=client_credentials"))
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.SetBasicAuth(f["client id"], f["client secret"])
	var tok struct {
		AccessToken string `json:"access_token"`
	}
	if status := call(t, req, &tok); status != http.StatusOK {
		t.Fatalf("token: %d", status)
	}
	return tok.AccessToken
}

// call sends req, decodes a JSON answer into v when v is not nil, and returns the status.
func call(t *testing.T, req *http.Request, v any) int {
	t.Helper()
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if v != nil {
		if err := json.NewDecoder(resp.Body).Decode(v); err != nil {
			t.Fatalf("%s %s: %v", req.Method, req.URL, err)
		}
	}
	return resp.StatusCode
}

func apiCall(t *testing.T, f map[string]string, token, method, path string) int {
	t.Helper()
	req, _ := http.NewRequest(method, f["base URL"]+path, strings.NewReader(`{"name":"Nový odběratel"}`))
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("Authorization", "Bearer "+token)
	return call(t, req, nil)
}

func TestSandboxCommandPrintsTheIntegrationAndItsConsentURLWorks(t *testing.T) {
	f := startSandbox(t)
	for _, k := range []string{"base URL", "client id", "client secret", "integration client id", "integration client secret", "integration redirect URI", "integration consent URL"} {
		if f[k] == "" {
			t.Fatalf("banner lacks %q: %v", k, f)
		}
	}
	req, _ := http.NewRequest("GET", f["integration consent URL"]+"&approve=1", nil)
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	resp, err := (&http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}).Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if resp.StatusCode != http.StatusFound || loc == nil || loc.Query().Get("code") == "" || !strings.HasPrefix(loc.String(), f["integration redirect URI"]) {
		t.Fatalf("consent URL with approve=1: %d %q", resp.StatusCode, resp.Header.Get("Location"))
	}
}

func TestSandboxCommandModes(t *testing.T) {
	blocked := startSandbox(t, "--blocked")
	if got := apiCall(t, blocked, sandboxToken(t, blocked), "GET", "/accounts/kasa-demo/subjects.json"); got != http.StatusPaymentRequired {
		t.Fatalf("--blocked: GET subjects %d, want 402", got)
	}
	maint := startSandbox(t, "--maintenance")
	tok := sandboxToken(t, maint)
	if got := apiCall(t, maint, tok, "GET", "/accounts/kasa-demo/subjects.json"); got != http.StatusOK {
		t.Fatalf("--maintenance: GET subjects %d, want 200", got)
	}
	if got := apiCall(t, maint, tok, "POST", "/accounts/kasa-demo/subjects.json"); got != http.StatusServiceUnavailable {
		t.Fatalf("--maintenance: POST subjects %d, want 503", got)
	}
}
