package sandbox_test

import (
	"encoding/base64"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

const (
	oauthIntegID    = "integ0000000000000000000000000000000001"
	oauthIntegSec   = "integsecret00000000000000000000000000001"
	oauthCallback   = "https://example.com/callback"
	oauthUserAgent  = "kasa-test (test@example.com)"
	oauthFormHeader = "application/x-www-form-urlencoded"
)

// addIntegration registers an integration owned by the account's owner.
func addIntegration(e *env) *sandbox.OAuthClient {
	cl := &sandbox.OAuthClient{ID: oauthIntegID, Secret: oauthIntegSec, UserID: e.Setup.Owner.ID, RedirectURI: oauthCallback, Integration: true}
	e.Srv.AddClient(cl)
	return cl
}

func basicURLSafe(id, secret string) string {
	return "Basic " + base64.URLEncoding.EncodeToString([]byte(id+":"+secret))
}

// noRedirect is a client that reports redirects instead of following them.
var noRedirect = &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}

// consent sends GET /oauth with the query and returns the status and Location.
func consent(t *testing.T, e *env, q url.Values) (int, *url.URL, string) {
	t.Helper()
	req, _ := http.NewRequest("GET", e.TS.URL+"/api/v3/oauth?"+q.Encode(), nil)
	req.Header.Set("User-Agent", oauthUserAgent)
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body strings.Builder
	buf := make([]byte, 4096)
	for {
		n, err := resp.Body.Read(buf)
		body.Write(buf[:n])
		if err != nil {
			break
		}
	}
	var loc *url.URL
	if l := resp.Header.Get("Location"); l != "" {
		loc, err = url.Parse(l)
		if err != nil {
			t.Fatal(err)
		}
	}
	return resp.StatusCode, loc, body.String()
}

func consentQuery(extra ...string) url.Values {
	q := url.Values{"client_id": {oauthIntegID}, "redirect_uri": {oauthCallback}, "response_type": {"code"}, "state": {"st-123"}}
	for i := 0; i+1 < len(extra); i += 2 {
		q.Set(extra[i], extra[i+1])
	}
	return q
}

// getCode runs the consent with approve=1 and returns the code.
func getCode(t *testing.T, e *env) string {
	t.Helper()
	status, loc, body := consent(t, e, consentQuery("approve", "1"))
	if status != http.StatusFound || loc == nil {
		t.Fatalf("approve: status %d body %s", status, body)
	}
	return loc.Query().Get("code")
}

// tokenReq posts a form to an OAuth endpoint with Basic auth of the integration.
func tokenReq(e *env, path string, form url.Values, auth string) (int, http.Header, []byte) {
	h := map[string]string{"User-Agent": oauthUserAgent, "Content-Type": oauthFormHeader}
	if auth != "" {
		h["Authorization"] = auth
	}
	return e.doWith("POST", path, []byte(form.Encode()), h)
}

type tokenBody struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
}

// apiStatus calls an account endpoint with the token and returns the status.
func apiStatus(e *env, token string) int {
	status, _, _ := e.doWith("GET", e.acct("subjects.json"), nil, map[string]string{"User-Agent": oauthUserAgent, "Authorization": "Bearer " + token})
	return status
}

func TestOAuthConsentPageShowsAllowForm(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	status, loc, body := consent(t, e, consentQuery())
	if status != http.StatusOK || loc != nil {
		t.Fatalf("status %d, location %v", status, loc)
	}
	for _, want := range []string{`<form method="post"`, `/api/v3/oauth"`, `value="allow"`, `value="st-123"`, e.Setup.Owner.FullName} {
		if !strings.Contains(body, want) {
			t.Errorf("consent page lacks %q:\n%s", want, body)
		}
	}
}

func TestOAuthConsentFormPostRedirectsWithCodeAndState(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	form := url.Values{"client_id": {oauthIntegID}, "redirect_uri": {oauthCallback}, "response_type": {"code"}, "state": {"a b&c"}, "decision": {"allow"}}
	req, _ := http.NewRequest("POST", e.TS.URL+"/api/v3/oauth", strings.NewReader(form.Encode()))
	req.Header.Set("User-Agent", oauthUserAgent)
	req.Header.Set("Content-Type", oauthFormHeader)
	resp, err := noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if resp.StatusCode != http.StatusFound {
		t.Fatalf("status %d", resp.StatusCode)
	}
	loc, _ := url.Parse(resp.Header.Get("Location"))
	if got := loc.Scheme + "://" + loc.Host + loc.Path; got != oauthCallback {
		t.Fatalf("redirected to %s", got)
	}
	if code := loc.Query().Get("code"); len(code) != 80 {
		t.Fatalf("code %q has %d characters, want 80", code, len(code))
	}
	if st := loc.Query().Get("state"); st != "a b&c" {
		t.Fatalf("state %q, want it unchanged", st)
	}

	form.Set("decision", "deny")
	req, _ = http.NewRequest("POST", e.TS.URL+"/api/v3/oauth", strings.NewReader(form.Encode()))
	req.Header.Set("User-Agent", oauthUserAgent)
	req.Header.Set("Content-Type", oauthFormHeader)
	resp, err = noRedirect.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	loc, _ = url.Parse(resp.Header.Get("Location"))
	if loc.Query().Get("error") != "access_denied" || loc.Query().Get("code") != "" {
		t.Fatalf("deny redirected to %s", loc)
	}
}

func TestOAuthConsentApproveRedirectsDirectly(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	status, loc, _ := consent(t, e, consentQuery("approve", "1"))
	if status != http.StatusFound || len(loc.Query().Get("code")) != 80 || loc.Query().Get("state") != "st-123" {
		t.Fatalf("status %d location %v", status, loc)
	}
}

func TestOAuthConsentRefusals(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	e.Srv.AddClient(&sandbox.OAuthClient{ID: "local", Secret: "s", UserID: e.Setup.Owner.ID, RedirectURI: "http://localhost:8080/cb", Integration: true})
	e.Srv.AddClient(&sandbox.OAuthClient{ID: "loop", Secret: "s", UserID: e.Setup.Owner.ID, RedirectURI: "http://127.0.0.1/cb", Integration: true})
	cases := []struct {
		name string
		q    url.Values
	}{
		{"unknown client", consentQuery("client_id", "nope")},
		{"client credentials pair is no integration", consentQuery("client_id", e.Setup.Client.ID)},
		{"redirect_uri differs", consentQuery("redirect_uri", "https://example.com/other")},
		{"localhost redirect", consentQuery("client_id", "local", "redirect_uri", "http://localhost:8080/cb")},
		{"loopback IP redirect", consentQuery("client_id", "loop", "redirect_uri", "http://127.0.0.1/cb")},
	}
	for _, tc := range cases {
		status, loc, _ := consent(t, e, tc.q)
		if status != http.StatusBadRequest || loc != nil {
			t.Errorf("%s: status %d location %v, want 400 without redirect", tc.name, status, loc)
		}
	}
	// A wrong response_type goes back to the checked redirect URL with an error.
	status, loc, _ := consent(t, e, consentQuery("response_type", "token", "approve", "1"))
	if status != http.StatusFound || loc.Query().Get("error") != "unsupported_response_type" || loc.Query().Get("code") != "" {
		t.Fatalf("response_type=token: status %d location %v", status, loc)
	}
}

func TestOAuthTokenCredentialsInBodyAre400(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	cases := []struct {
		name string
		form url.Values
		auth string
	}{
		{"id and secret in body", url.Values{"grant_type": {"client_credentials"}, "client_id": {e.Setup.Client.ID}, "client_secret": {e.Setup.Client.Secret}}, ""},
		{"secret in body beside Basic", url.Values{"grant_type": {"client_credentials"}, "client_secret": {e.Setup.Client.Secret}}, basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)},
		{"no credentials", url.Values{"grant_type": {"client_credentials"}}, ""},
	}
	for _, tc := range cases {
		status, _, body := tokenReq(e, "/oauth/token", tc.form, tc.auth)
		code, desc := refusalOf(t, body)
		if status != http.StatusBadRequest || code != "invalid_request" || desc != "Client ID and Client Secret have to be sent via HTTP Basic Authorization" {
			t.Errorf("%s: %d %q %q", tc.name, status, code, desc)
		}
	}
	// The same in JSON.
	status, _, body := e.doWith("POST", "/oauth/token", map[string]string{"grant_type": "client_credentials", "client_id": e.Setup.Client.ID, "client_secret": e.Setup.Client.Secret}, map[string]string{"User-Agent": oauthUserAgent})
	if code, _ := refusalOf(t, body); status != http.StatusBadRequest || code != "invalid_request" {
		t.Fatalf("JSON body: %d %s", status, body)
	}
}

func TestOAuthTokenWrongClientOrSecretIs401(t *testing.T) {
	e := newEnv(t)
	for _, auth := range []string{basicURLSafe(e.Setup.Client.ID, "wrong"), basicURLSafe("nobody", "x"), "Basic !!!not-base64"} {
		status, h, body := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}}, auth)
		if code, _ := refusalOf(t, body); status != http.StatusUnauthorized || code != "invalid_client" {
			t.Errorf("%s: %d %s", auth, status, body)
		}
		if h.Get("WWW-Authenticate") == "" && status == http.StatusUnauthorized {
			t.Errorf("401 without WWW-Authenticate")
		}
	}
}

func TestOAuthClientCredentialsGrant(t *testing.T) {
	e := newEnv(t)
	// URL-safe and standard base64, form and JSON bodies: all accepted.
	std := "Basic " + base64.StdEncoding.EncodeToString([]byte(e.Setup.Client.ID+":"+e.Setup.Client.Secret))
	for _, auth := range []string{basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret), std} {
		status, h, body := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}}, auth)
		if status != http.StatusOK {
			t.Fatalf("status %d %s", status, body)
		}
		tb := decode[tokenBody](t, body)
		if tb.AccessToken == "" || tb.TokenType != "Bearer" || tb.ExpiresIn != 7200 || tb.RefreshToken != "" {
			t.Fatalf("token %+v", tb)
		}
		if h.Get("Cache-Control") != "no-store" {
			t.Errorf("Cache-Control %q", h.Get("Cache-Control"))
		}
		if s := apiStatus(e, tb.AccessToken); s == http.StatusUnauthorized {
			t.Fatal("issued token refused")
		}
	}
	status, _, body := e.doWith("POST", "/oauth/token", map[string]string{"grant_type": "client_credentials"},
		map[string]string{"User-Agent": oauthUserAgent, "Authorization": basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)})
	if status != http.StatusOK {
		t.Fatalf("JSON body: %d %s", status, body)
	}
}

func TestOAuthClientCredentialsRefusedForIntegrations(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	status, _, body := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}}, basicURLSafe(oauthIntegID, oauthIntegSec))
	if code, _ := refusalOf(t, body); status != http.StatusBadRequest || code != "unauthorized_client" {
		t.Fatalf("%d %s", status, body)
	}
}

func TestOAuthTokenGrantTypeErrors(t *testing.T) {
	e := newEnv(t)
	auth := basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)
	status, _, body := tokenReq(e, "/oauth/token", url.Values{}, auth)
	if code, _ := refusalOf(t, body); status != http.StatusBadRequest || code != "invalid_request" {
		t.Errorf("missing grant_type: %d %s", status, body)
	}
	status, _, body = tokenReq(e, "/oauth/token", url.Values{"grant_type": {"password"}}, auth)
	if code, _ := refusalOf(t, body); status != http.StatusBadRequest || code != "unsupported_grant_type" {
		t.Errorf("password grant: %d %s", status, body)
	}
}

func TestOAuthExpiresInParameterShortensTheToken(t *testing.T) {
	e := newEnv(t)
	auth := basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)
	status, _, body := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}, "expires_in": {"60"}}, auth)
	tb := decode[tokenBody](t, body)
	if status != http.StatusOK || tb.ExpiresIn != 60 {
		t.Fatalf("%d %+v", status, tb)
	}
	e.Clock.Advance(61 * time.Second)
	if s := apiStatus(e, tb.AccessToken); s != http.StatusUnauthorized {
		t.Fatalf("token past its 60 s: status %d", s)
	}
	// Longer than the server's lifetime is capped.
	_, _, body = tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}, "expires_in": {"99999"}}, auth)
	if tb := decode[tokenBody](t, body); tb.ExpiresIn != 7200 {
		t.Fatalf("expires_in %d, want capped at 7200", tb.ExpiresIn)
	}
	status, _, _ = tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}, "expires_in": {"soon"}}, auth)
	if status != http.StatusBadRequest {
		t.Fatalf("bad expires_in: %d", status)
	}
}

// exchange trades a code at the token endpoint.
func exchange(e *env, code, redirect string) (int, []byte) {
	status, _, body := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirect}}, basicURLSafe(oauthIntegID, oauthIntegSec))
	return status, body
}

func TestOAuthAuthorizationCodeExchangeAndRefresh(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	status, body := exchange(e, getCode(t, e), oauthCallback)
	if status != http.StatusOK {
		t.Fatalf("exchange: %d %s", status, body)
	}
	first := decode[tokenBody](t, body)
	if first.AccessToken == "" || first.TokenType != "Bearer" || first.ExpiresIn != 7200 || len(first.RefreshToken) != 80 {
		t.Fatalf("exchange answer %+v", first)
	}
	if s := apiStatus(e, first.AccessToken); s == http.StatusUnauthorized {
		t.Fatal("access token refused")
	}

	e.Clock.Advance(2*time.Hour + time.Second)
	if s := apiStatus(e, first.AccessToken); s != http.StatusUnauthorized {
		t.Fatalf("expired token: %d", s)
	}
	refresh := func() (int, tokenBody, []byte) {
		status, _, body := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {first.RefreshToken}}, basicURLSafe(oauthIntegID, oauthIntegSec))
		var tb tokenBody
		if status == http.StatusOK {
			tb = decode[tokenBody](t, body)
		}
		return status, tb, body
	}
	status, second, body := refresh()
	if status != http.StatusOK || second.AccessToken == "" || second.ExpiresIn != 7200 || second.RefreshToken != "" {
		t.Fatalf("refresh: %d %s", status, body)
	}
	if s := apiStatus(e, second.AccessToken); s == http.StatusUnauthorized {
		t.Fatal("refreshed token refused")
	}
	// The refresh token stays valid: it can be used again.
	if status, third, _ := refresh(); status != http.StatusOK || third.AccessToken == second.AccessToken {
		t.Fatalf("second refresh: %d", status)
	}
}

func TestOAuthCodeIsSingleUse(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	code := getCode(t, e)
	if status, _ := exchange(e, code, oauthCallback); status != http.StatusOK {
		t.Fatalf("first exchange %d", status)
	}
	status, body := exchange(e, code, oauthCallback)
	if c, _ := refusalOf(t, body); status != http.StatusBadRequest || c != "invalid_grant" {
		t.Fatalf("second exchange: %d %s", status, body)
	}
}

func TestOAuthCodeExpiresAfterFiveMinutes(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	code := getCode(t, e)
	e.Clock.Advance(5 * time.Minute)
	status, body := exchange(e, code, oauthCallback)
	if c, _ := refusalOf(t, body); status != http.StatusBadRequest || c != "invalid_grant" {
		t.Fatalf("at 5 minutes: %d %s", status, body)
	}
	// Just inside the window it works.
	code = getCode(t, e)
	e.Clock.Advance(5*time.Minute - time.Second)
	if status, body := exchange(e, code, oauthCallback); status != http.StatusOK {
		t.Fatalf("at 4:59: %d %s", status, body)
	}
}

func TestOAuthCodeRedirectMustMatch(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	status, body := exchange(e, getCode(t, e), "https://example.com/elsewhere")
	if c, _ := refusalOf(t, body); status != http.StatusBadRequest || c != "invalid_grant" {
		t.Fatalf("%d %s", status, body)
	}
	status, body = exchange(e, "x"+strings.Repeat("y", 79), oauthCallback)
	if c, _ := refusalOf(t, body); status != http.StatusBadRequest || c != "invalid_grant" {
		t.Fatalf("unknown code: %d %s", status, body)
	}
}

func TestOAuthRevokeDeletesRefreshAndAccessTokens(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	_, body := exchange(e, getCode(t, e), oauthCallback)
	tb := decode[tokenBody](t, body)
	auth := basicURLSafe(oauthIntegID, oauthIntegSec)

	// Credentials in the body are refused here too.
	status, _, body := tokenReq(e, "/oauth/revoke", url.Values{"token": {tb.RefreshToken}, "client_id": {oauthIntegID}, "client_secret": {oauthIntegSec}}, "")
	if status != http.StatusBadRequest {
		t.Fatalf("revoke with body credentials: %d %s", status, body)
	}
	status, _, body = tokenReq(e, "/oauth/revoke", url.Values{"token": {tb.RefreshToken}}, basicURLSafe(oauthIntegID, "wrong"))
	if status != http.StatusUnauthorized {
		t.Fatalf("revoke with a wrong secret: %d %s", status, body)
	}

	status, _, body = tokenReq(e, "/oauth/revoke", url.Values{"token": {tb.RefreshToken}}, auth)
	if status != http.StatusOK || strings.TrimSpace(string(body)) != "{}" {
		t.Fatalf("revoke: %d %s", status, body)
	}
	if s := apiStatus(e, tb.AccessToken); s != http.StatusUnauthorized {
		t.Fatalf("access token after revoke: %d", s)
	}
	status, _, body = tokenReq(e, "/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {tb.RefreshToken}}, auth)
	if c, _ := refusalOf(t, body); status != http.StatusBadRequest || c != "invalid_grant" {
		t.Fatalf("refresh after revoke: %d %s", status, body)
	}
	// Revoking again (an unknown token) is still 200.
	if status, _, _ := tokenReq(e, "/oauth/revoke", url.Values{"token": {tb.RefreshToken}}, auth); status != http.StatusOK {
		t.Fatalf("second revoke: %d", status)
	}
	if status, _, _ := tokenReq(e, "/oauth/revoke", url.Values{}, auth); status != http.StatusBadRequest {
		t.Fatalf("revoke without token: %d", status)
	}
}

func TestOAuthRefreshWithUnknownTokenIsInvalidGrant(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	status, _, body := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"refresh_token"}, "refresh_token": {strings.Repeat("r", 80)}}, basicURLSafe(oauthIntegID, oauthIntegSec))
	if c, _ := refusalOf(t, body); status != http.StatusBadRequest || c != "invalid_grant" {
		t.Fatalf("%d %s", status, body)
	}
}

func TestOAuthEndpointsAreRateLimitedPerClient(t *testing.T) {
	e := newEnv(t, func(o *sandbox.Options) { o.RateLimit = 2; o.RateWindow = 10 * time.Second })
	auth := basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)
	for i := 0; i < 2; i++ {
		if status, _, _ := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}}, auth); status != http.StatusOK {
			t.Fatalf("request %d: %d", i+1, status)
		}
	}
	status, h, _ := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}}, auth)
	if status != http.StatusTooManyRequests || h.Get("X-RateLimit") == "" {
		t.Fatalf("third request: %d", status)
	}
	// Another client has its own window.
	addIntegration(e)
	if status, _ := exchange(e, "nope", oauthCallback); status == http.StatusTooManyRequests {
		t.Fatal("other client limited")
	}
	e.Clock.Advance(10 * time.Second)
	if status, _, _ := tokenReq(e, "/oauth/token", url.Values{"grant_type": {"client_credentials"}}, auth); status != http.StatusOK {
		t.Fatalf("after the window: %d", status)
	}
}

func TestOAuthTokenNeedsUserAgent(t *testing.T) {
	e := newEnv(t)
	status, _, _ := e.doWith("POST", "/oauth/token", []byte("grant_type=client_credentials"),
		map[string]string{"User-Agent": "", "Content-Type": oauthFormHeader, "Authorization": basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)})
	if status != http.StatusBadRequest {
		t.Fatalf("%d", status)
	}
}
