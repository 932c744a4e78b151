package sandbox_test

import (
	"encoding/json"
	"net/http"
	"regexp"
	"testing"
)

// hex80 is the shape of the docs' example codes and tokens.
var hex80 = regexp.MustCompile(`^[0-9a-f]{80}$`)

// jsonOAuth posts a JSON body to an OAuth endpoint with the integration's Basic
// header, as the official Ruby client does.
func jsonOAuth(e *env, path string, body map[string]string) (int, []byte) {
	status, _, b := e.doWith("POST", path, body, map[string]string{
		"User-Agent": oauthUserAgent, "Accept": "application/json",
		"Authorization": basicURLSafe(oauthIntegID, oauthIntegSec),
	})
	return status, b
}

// TestAuthorizationCodeFlowAsDocumented walks authorization.md with the
// `.json` paths: consent, exchange, use, refresh, revoke.
func TestAuthorizationCodeFlowAsDocumented(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	code := getCode(t, e)
	if !hex80.MatchString(code) {
		t.Fatalf("code %q, want 80 hex characters", code)
	}

	status, b := jsonOAuth(e, "/oauth/token.json", map[string]string{"grant_type": "authorization_code", "code": code, "redirect_uri": oauthCallback})
	if status != http.StatusOK {
		t.Fatalf("exchange: %d %s", status, b)
	}
	tok := decode[tokenBody](t, b)
	if tok.TokenType != "Bearer" || tok.ExpiresIn != 7200 || !hex80.MatchString(tok.AccessToken) || !hex80.MatchString(tok.RefreshToken) {
		t.Fatalf("exchange answer %s", b)
	}
	if got := apiStatus(e, tok.AccessToken); got != http.StatusOK {
		t.Fatalf("API with the access token: %d", got)
	}

	status, b = jsonOAuth(e, "/oauth/token.json", map[string]string{"grant_type": "refresh_token", "refresh_token": tok.RefreshToken})
	if status != http.StatusOK {
		t.Fatalf("refresh: %d %s", status, b)
	}
	var fields map[string]any
	if err := json.Unmarshal(b, &fields); err != nil {
		t.Fatal(err)
	}
	if _, has := fields["refresh_token"]; has || len(fields) != 3 || fields["token_type"] != "Bearer" || fields["expires_in"] != float64(7200) {
		t.Fatalf("refresh answer %s, want access_token, token_type and expires_in only", b)
	}
	refreshed := decode[tokenBody](t, b).AccessToken
	if got := apiStatus(e, refreshed); got != http.StatusOK {
		t.Fatalf("API with the refreshed token: %d", got)
	}

	status, b = jsonOAuth(e, "/oauth/revoke.json", map[string]string{"token": tok.RefreshToken})
	if status != http.StatusOK {
		t.Fatalf("revoke: %d %s", status, b)
	}
	if got := apiStatus(e, refreshed); got != http.StatusUnauthorized {
		t.Fatalf("API after revoke: %d, want 401", got)
	}
	status, b = jsonOAuth(e, "/oauth/token.json", map[string]string{"grant_type": "refresh_token", "refresh_token": tok.RefreshToken})
	if code, _ := refusalOf(t, b); status != http.StatusBadRequest || code != "invalid_grant" {
		t.Fatalf("refresh after revoke: %d %s", status, b)
	}
}

func TestOAuthJSONSuffixKeepsTheRules(t *testing.T) {
	e := newEnv(t)
	addIntegration(e)
	// Credentials in the body are refused at token.json as at token.
	status, _, b := e.doWith("POST", "/oauth/token.json", map[string]string{"grant_type": "client_credentials", "client_id": e.Setup.Client.ID, "client_secret": e.Setup.Client.Secret},
		map[string]string{"User-Agent": oauthUserAgent})
	if _, desc := refusalOf(t, b); status != http.StatusBadRequest || desc != "Client ID and Client Secret have to be sent via HTTP Basic Authorization" {
		t.Fatalf("body credentials at token.json: %d %s", status, b)
	}
	status, _, b = e.doWith("POST", "/oauth/token.json", []byte("grant_type=client_credentials"), map[string]string{
		"User-Agent": oauthUserAgent, "Content-Type": oauthFormHeader, "Authorization": basicURLSafe(e.Setup.Client.ID, e.Setup.Client.Secret)})
	if status != http.StatusOK {
		t.Fatalf("client credentials at token.json: %d %s", status, b)
	}
	if status, _, _ := e.do("GET", "/oauth/revoke.json", nil); status != http.StatusNotFound {
		t.Fatalf("GET revoke.json: %d, want 404", status)
	}
}
