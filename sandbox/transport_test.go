package sandbox_test

import (
	"net/http"
	"regexp"
	"strings"
	"testing"
)

var rateLimitValue = regexp.MustCompile(`^default;r=\d+;t=\d+$`)

func TestRateLimitHeadersOnEveryAnswer(t *testing.T) {
	e := newEnv(t)
	ok := "kasa-test (test@example.com)"
	bearer := "Bearer " + e.Token
	for _, tc := range []struct {
		name, method, path string
		headers            map[string]string
		want               int
	}{
		{"missing User-Agent", "GET", e.acct("subjects.json"), map[string]string{"Authorization": bearer}, http.StatusBadRequest},
		{"generic User-Agent", "GET", e.acct("subjects.json"), map[string]string{"User-Agent": "curl/8.0", "Authorization": bearer}, http.StatusBadRequest},
		{"no token", "GET", e.acct("subjects.json"), map[string]string{"User-Agent": ok}, http.StatusUnauthorized},
		{"wrong token", "GET", "/user.json", map[string]string{"User-Agent": ok, "Authorization": "Bearer nope"}, http.StatusUnauthorized},
		{"not JSON", "GET", e.acct("subjects.json"), map[string]string{"User-Agent": ok, "Authorization": bearer, "Accept": "text/html"}, http.StatusUnsupportedMediaType},
		{"unknown path", "GET", "/nowhere.json", map[string]string{"User-Agent": ok, "Authorization": bearer}, http.StatusNotFound},
		{"token without Basic", "POST", "/oauth/token", map[string]string{"User-Agent": ok}, http.StatusBadRequest},
	} {
		status, h, body := e.doWith(tc.method, tc.path, nil, tc.headers)
		if status != tc.want {
			t.Errorf("%s: status %d (%s), want %d", tc.name, status, body, tc.want)
		}
		if h.Get("X-RateLimit-Policy") != "default;q=400;w=60" || !rateLimitValue.MatchString(h.Get("X-RateLimit")) {
			t.Errorf("%s: rate-limit headers %q %q", tc.name, h.Get("X-RateLimit-Policy"), h.Get("X-RateLimit"))
		}
	}
}

func TestGenericUserAgentIs400(t *testing.T) {
	e := newEnv(t)
	for _, ua := range []string{"Python-urllib/3.11", "curl/8.0", "Go-http-client/1.1", "kasa", "kasa (no contact)", "(a@example.com)", "kasa (a@example.com"} {
		status, _, body := e.doWith("GET", e.acct("subjects.json"), nil, map[string]string{"User-Agent": ua, "Authorization": "Bearer " + e.Token})
		if status != http.StatusBadRequest {
			t.Errorf("%q: status %d, want 400", ua, status)
			continue
		}
		code, desc := refusalOf(t, body)
		if code != "invalid_request" || !strings.Contains(desc, `"YourAppName (you@example.com)"`) {
			t.Errorf("%q: %q %q", ua, code, desc)
		}
	}
	for _, ua := range []string{"kasa (a@example.com)", "MyApp/1.2 (dev@firma.cz)", "Shop sync (ops@shop.example; +https://shop.example)"} {
		if status, _, body := e.doWith("GET", e.acct("subjects.json"), nil, map[string]string{"User-Agent": ua, "Authorization": "Bearer " + e.Token}); status != http.StatusOK {
			t.Errorf("%q: status %d (%s), want 200", ua, status, body)
		}
	}
}

func TestConsentPageTakesABrowsersUserAgent(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	browser := "Mozilla/5.0 (X11; Linux x86_64; rv:132.0) Gecko/20100101 Firefox/132.0"
	status, _, body := e.doWith("GET", "/oauth?"+consentQuery().Encode(), nil, map[string]string{"User-Agent": browser})
	if status != http.StatusOK || !strings.Contains(string(body), `value="allow"`) {
		t.Fatalf("consent page for a browser: %d %s", status, body)
	}
	// The token endpoint is an application's: the browser's agent is refused.
	status, _, _ = e.doWith("POST", "/oauth/token", []byte("grant_type=client_credentials"), map[string]string{"User-Agent": browser, "Content-Type": oauthFormHeader, "Authorization": basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)})
	if status != http.StatusBadRequest {
		t.Fatalf("token request with a browser's agent: %d, want 400", status)
	}
}

func TestWrongMethodOnKnownPathIs404(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct{ method, path string }{
		{"DELETE", "/user.json"},
		{"PUT", e.acct("subjects.json")},
		{"PATCH", e.acct("account.json")},
		{"GET", "/oauth/token"},
		{"DELETE", e.acct("invoices/1/fire.json")},
	} {
		status, _, body := e.do(tc.method, tc.path, nil)
		if status != http.StatusNotFound {
			t.Errorf("%s %s: status %d, want 404", tc.method, tc.path, status)
			continue
		}
		if code, _ := refusalOf(t, body); code != "not_found" {
			t.Errorf("%s %s: error %q", tc.method, tc.path, code)
		}
	}
	if status, _, _ := e.do("HEAD", e.acct("subjects.json"), nil); status != http.StatusOK {
		t.Errorf("HEAD subjects.json: %d, want 200 (Rails answers HEAD with the GET route)", status)
	}
}
