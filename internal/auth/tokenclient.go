package auth

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/url"
	"strings"
	"time"

	"golang.org/x/oauth2"

	"github.com/kasa-tui/kasa/apiclient"
)

// tokenTimeout bounds one request to the token or revoke endpoint.
const tokenTimeout = 30 * time.Second

// tokenClient talks to /oauth/token and /oauth/revoke for one client.
type tokenClient struct {
	baseURL  string
	clientID string
	secret   string
	hc       *http.Client
	now      func() time.Time
	logger   *slog.Logger
}

func newTokenClient(baseURL, clientID, secret, userAgent string, o options) *tokenClient {
	return &tokenClient{
		baseURL:  strings.TrimRight(baseURL, "/"),
		clientID: clientID,
		secret:   secret,
		hc: &http.Client{
			Transport: &apiclient.UserAgentTransport{Base: o.transport, UserAgent: userAgent},
			Timeout:   tokenTimeout,
			// The token endpoints never redirect; following one could send the
			// credentials elsewhere.
			CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
		},
		now:    o.now,
		logger: o.logger,
	}
}

// basicAuth is the header the service wants: URL-safe base64 of "id:secret"
// (x/oauth2's AuthStyleInHeader query-escapes and uses standard base64).
func (tc *tokenClient) basicAuth() string {
	return "Basic " + base64.URLEncoding.EncodeToString([]byte(tc.clientID+":"+tc.secret))
}

// tokenAnswer is a successful token response.
type tokenAnswer struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int64  `json:"expires_in"`
	RefreshToken string `json:"refresh_token"`
}

// clientCredentials asks for a token with the client-credentials grant.
func (tc *tokenClient) clientCredentials(ctx context.Context) (*oauth2.Token, error) {
	return tc.token(ctx, url.Values{"grant_type": {"client_credentials"}})
}

// exchange trades an authorization code.
func (tc *tokenClient) exchange(ctx context.Context, code, redirectURI string) (*oauth2.Token, error) {
	return tc.token(ctx, url.Values{"grant_type": {"authorization_code"}, "code": {code}, "redirect_uri": {redirectURI}})
}

// refresh asks for a new access token; the answer has no refresh token, so
// the one given is kept on the result.
func (tc *tokenClient) refresh(ctx context.Context, refreshToken string) (*oauth2.Token, error) {
	t, err := tc.token(ctx, url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refreshToken}})
	if err != nil {
		return nil, err
	}
	if t.RefreshToken == "" {
		t.RefreshToken = refreshToken
	}
	return t, nil
}

// token posts a grant and decodes the token; the expiry is computed from
// expires_in on the package clock.
func (tc *tokenClient) token(ctx context.Context, form url.Values) (*oauth2.Token, error) {
	grant := form.Get("grant_type")
	body, err := tc.post(ctx, "/oauth/token", form, grant)
	if err != nil {
		return nil, fmt.Errorf("get a token (%s): %w", grant, err)
	}
	var ta tokenAnswer
	if err := json.Unmarshal(body, &ta); err != nil || ta.AccessToken == "" {
		return nil, fmt.Errorf("get a token (%s): the service's answer holds no access token", grant)
	}
	t := &oauth2.Token{AccessToken: ta.AccessToken, TokenType: ta.TokenType, RefreshToken: ta.RefreshToken, ExpiresIn: ta.ExpiresIn}
	if t.TokenType == "" {
		t.TokenType = "Bearer"
	}
	if ta.ExpiresIn > 0 {
		t.Expiry = tc.now().Add(time.Duration(ta.ExpiresIn) * time.Second)
	}
	return t, nil
}

// revoke posts a token (the refresh token, or a client-credentials access
// token) to /oauth/revoke.
func (tc *tokenClient) revoke(ctx context.Context, token string) error {
	if _, err := tc.post(ctx, "/oauth/revoke", url.Values{"token": {token}}, "revoke"); err != nil {
		return fmt.Errorf("revoke the sign-in: %w", err)
	}
	return nil
}

// post sends a form with Basic authentication and returns a 2xx body, or a
// *TokenError for an error answer. Nothing sent appears in the error.
func (tc *tokenClient) post(ctx context.Context, path string, form url.Values, what string) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, tokenTimeout)
	defer cancel()
	sent := []string{tc.secret}
	for _, k := range []string{"code", "refresh_token", "token"} {
		sent = append(sent, form.Get(k))
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodPost, tc.baseURL+path, strings.NewReader(form.Encode()))
	if err != nil {
		return nil, fmt.Errorf("build the request: %s", scrub(err.Error(), sent...))
	}
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("Accept", "application/json")
	req.Header.Set("Authorization", tc.basicAuth())

	start := tc.now()
	resp, err := tc.hc.Do(req)
	if err != nil {
		tc.logger.Warn("oauth request failed", "endpoint", path, "grant", what, "err", scrub(err.Error(), sent...))
		if ctxErr := ctx.Err(); ctxErr != nil {
			return nil, fmt.Errorf("POST %s: %w", path, ctxErr)
		}
		var ue *url.Error
		if errors.As(err, &ue) {
			return nil, fmt.Errorf("POST %s: %s", path, scrub(ue.Err.Error(), sent...))
		}
		return nil, fmt.Errorf("POST %s: %s", path, scrub(err.Error(), sent...))
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 1<<20))
	tc.logger.Info("oauth request", "endpoint", path, "grant", what, "status", resp.StatusCode, "took", tc.now().Sub(start))
	if err != nil {
		return nil, fmt.Errorf("POST %s: read the answer: %w", path, err)
	}
	if resp.StatusCode >= 200 && resp.StatusCode < 300 {
		return body, nil
	}
	te := &TokenError{Status: resp.StatusCode}
	var eb struct {
		Error       string `json:"error"`
		Description string `json:"error_description"`
	}
	if json.Unmarshal(body, &eb) == nil {
		te.Code = scrub(eb.Error, sent...)
		te.Description = scrub(truncate(eb.Description, 300), sent...)
	}
	tc.logger.Warn("oauth request refused", "endpoint", path, "grant", what, "status", resp.StatusCode, "error", te.Code)
	return nil, te
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	return s[:n] + "…"
}
