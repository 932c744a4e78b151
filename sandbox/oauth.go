package sandbox

import (
	"crypto/subtle"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"mime"
	"net"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"
)

// codeLifetime is how long an authorization code may be exchanged (api-v3.md).
const codeLifetime = 5 * time.Minute

// msgBasicOnly is the service's answer to client credentials sent in the body.
const msgBasicOnly = "Client ID and Client Secret have to be sent via HTTP Basic Authorization"

// routesOAuth registers the OAuth endpoints. They are public (no bearer token)
// and rate-limited per client id.
//
// Sandbox extensions, for tests and scripts (the real service has neither):
//   - GET /oauth?...&approve=1 skips the consent page and redirects with a code
//     at once, as if the user had pressed "Allow".
//   - POST /oauth/token accepts `expires_in` (seconds): the access token then
//     lives that long, when it is shorter than Options.TokenLifetime.
//
// The sandbox has no log-in: the consenting user is always the integration's
// owner (OAuthClient.UserID).
//
// The token and revoke endpoints also answer with the `.json` suffix, as the
// service does: the official Ruby client posts to /oauth/token.json.
func (s *Server) routesOAuth() {
	s.router.handleBrowser("GET", "/oauth", s.oauthConsent)
	s.router.handleBrowser("POST", "/oauth", s.oauthDecide)
	for _, suffix := range []string{"", ".json"} {
		s.router.handlePublic("POST", "/oauth/token"+suffix, s.oauthToken)
		s.router.handlePublic("POST", "/oauth/revoke"+suffix, s.oauthRevoke)
	}
}

// consentRequest is what GET and POST /oauth carry.
type consentRequest struct {
	ClientID, RedirectURI, ResponseType, State string
}

func consentFrom(v url.Values) consentRequest {
	return consentRequest{ClientID: v.Get("client_id"), RedirectURI: v.Get("redirect_uri"), ResponseType: v.Get("response_type"), State: v.Get("state")}
}

// checkConsent validates a consent request. Problems with the client or the
// redirect URL are shown as a page (never redirect to an unchecked address);
// a bad response_type is redirected back with error=unsupported_response_type.
func (s *Server) checkConsent(c *Ctx, req consentRequest) (*OAuthClient, *User, bool) {
	if req.ClientID != "" && !s.rateCheck(c, "client:"+req.ClientID) {
		return nil, nil, false
	}
	cl, ok := s.clients[req.ClientID]
	if !ok || !cl.Integration {
		oauthPage(c, http.StatusBadRequest, "Unknown integration", "No integration has this client_id. Integrations are created in the account's settings; credentials from a user's settings work with the client credentials flow only.")
		return nil, nil, false
	}
	if isLocalhost(cl.RedirectURI) {
		oauthPage(c, http.StatusBadRequest, "Redirect URL refused", "A localhost address is not accepted as the redirect URL. Register an address on another host.")
		return nil, nil, false
	}
	if req.RedirectURI != cl.RedirectURI {
		oauthPage(c, http.StatusBadRequest, "Redirect URL mismatch", "redirect_uri must equal the integration's configured redirect URL.")
		return nil, nil, false
	}
	if req.ResponseType != "code" {
		redirectBack(c, cl.RedirectURI, url.Values{"error": {"unsupported_response_type"}, "error_description": {"response_type must be code"}}, req.State)
		return nil, nil, false
	}
	u, ok := s.users[cl.UserID]
	if !ok {
		oauthPage(c, http.StatusBadRequest, "No user", "The integration's owner no longer exists.")
		return nil, nil, false
	}
	return cl, u, true
}

// oauthConsent is GET /oauth: the consent page, or with approve=1 the redirect.
func (s *Server) oauthConsent(c *Ctx) {
	q := c.QueryValues()
	req := consentFrom(q)
	cl, u, ok := s.checkConsent(c, req)
	if !ok {
		return
	}
	if q.Get("approve") == "1" {
		s.grantCode(c, cl, req)
		return
	}
	hidden := func(name, value string) string {
		return fmt.Sprintf(`<input type="hidden" name="%s" value="%s">`, name, htmlEscape(value))
	}
	body := fmt.Sprintf(`<p>The integration <code>%s</code> asks to use the invoicing API on behalf of <b>%s</b> (%s).</p>
<p>It will be able to read and change the data of your accounts. You can revoke access at any time.</p>
<form method="post" action="%s">%s%s%s%s
<button type="submit" name="decision" value="allow">Allow</button>
<button type="submit" name="decision" value="deny">Deny</button>
</form>`,
		htmlEscape(cl.ID), htmlEscape(u.FullName), htmlEscape(u.Email), htmlEscape(c.Base+"/oauth"),
		hidden("client_id", req.ClientID), hidden("redirect_uri", req.RedirectURI),
		hidden("response_type", req.ResponseType), hidden("state", req.State))
	oauthPage(c, http.StatusOK, "Allow access?", body)
}

// oauthDecide is POST /oauth: the consent form's answer.
func (s *Server) oauthDecide(c *Ctx) {
	vals, ok := s.oauthParams(c)
	if !ok {
		return
	}
	req := consentFrom(vals)
	cl, _, ok := s.checkConsent(c, req)
	if !ok {
		return
	}
	if vals.Get("decision") == "deny" {
		redirectBack(c, cl.RedirectURI, url.Values{"error": {"access_denied"}, "error_description": {"The user denied access"}}, req.State)
		return
	}
	s.grantCode(c, cl, req)
}

// grantCode issues an 80-character code valid 5 minutes and redirects to the
// integration with it and the state unchanged.
func (s *Server) grantCode(c *Ctx, cl *OAuthClient, req consentRequest) {
	for k, ac := range s.codes {
		if !c.Now.Before(ac.ExpiresAt) {
			delete(s.codes, k)
		}
	}
	ac := &authCode{Code: s.randomToken(80), ClientID: cl.ID, UserID: cl.UserID, RedirectURI: cl.RedirectURI, ExpiresAt: c.Now.Add(codeLifetime)}
	s.codes[ac.Code] = ac
	redirectBack(c, cl.RedirectURI, url.Values{"code": {ac.Code}}, req.State)
}

// redirectBack answers 302 to target with extra query parameters and the state.
func redirectBack(c *Ctx, target string, params url.Values, state string) {
	u, err := url.Parse(target)
	if err != nil {
		oauthPage(c, http.StatusBadRequest, "Bad redirect URL", "The integration's redirect URL cannot be parsed.")
		return
	}
	q := u.Query()
	for k, v := range params {
		q[k] = v
	}
	if state != "" {
		q.Set("state", state)
	}
	u.RawQuery = q.Encode()
	c.W.Header().Set("Location", u.String())
	c.W.WriteHeader(http.StatusFound)
}

// oauthPage writes a small HTML page.
func oauthPage(c *Ctx, status int, title, bodyHTML string) {
	c.W.Header().Set("Content-Type", "text/html; charset=utf-8")
	c.W.Header().Set("Cache-Control", "no-store")
	c.W.WriteHeader(status)
	fmt.Fprintf(c.W, "<!doctype html><html><head><meta charset=\"utf-8\"><title>%s · kasa sandbox</title></head><body><h1>%s</h1>%s</body></html>",
		htmlEscape(title), htmlEscape(title), bodyHTML)
}

// isLocalhost reports redirect URLs the service refuses.
func isLocalhost(raw string) bool {
	u, err := url.Parse(raw)
	if err != nil {
		return false
	}
	h := strings.ToLower(u.Hostname())
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return true
	}
	ip := net.ParseIP(h)
	return ip != nil && ip.IsLoopback()
}

// oauthParams reads a JSON or form body into values. JSON numbers and booleans
// become their text. A body of another type is answered 400.
func (s *Server) oauthParams(c *Ctx) (url.Values, bool) {
	body := c.Body()
	ct := c.R.Header.Get("Content-Type")
	mt, _, _ := mime.ParseMediaType(ct)
	switch {
	case mt == "application/json":
		vals := url.Values{}
		if len(strings.TrimSpace(string(body))) == 0 {
			return vals, true
		}
		var raw map[string]json.RawMessage
		if err := json.Unmarshal(body, &raw); err != nil {
			c.Error(http.StatusBadRequest, "invalid_request", "The body is not a JSON object")
			return nil, false
		}
		for k, v := range raw {
			var str string
			if json.Unmarshal(v, &str) == nil {
				vals.Set(k, str)
				continue
			}
			var n json.Number
			if json.Unmarshal(v, &n) == nil {
				vals.Set(k, n.String())
				continue
			}
			var b bool
			if json.Unmarshal(v, &b) == nil {
				vals.Set(k, strconv.FormatBool(b))
			}
		}
		return vals, true
	case mt == "application/x-www-form-urlencoded" || ct == "":
		vals, err := url.ParseQuery(string(body))
		if err != nil {
			c.Error(http.StatusBadRequest, "invalid_request", "The form body cannot be parsed")
			return nil, false
		}
		return vals, true
	default:
		c.Error(http.StatusBadRequest, "invalid_request", "Send the body as application/json or application/x-www-form-urlencoded")
		return nil, false
	}
}

// clientAuth reads the body and authenticates the client from the Basic
// header only (URL-safe base64 of "id:secret"; standard base64 decodes the
// same for most values and is accepted too).
func (s *Server) clientAuth(c *Ctx) (*OAuthClient, url.Values, bool) {
	c.W.Header().Set("Cache-Control", "no-store")
	c.W.Header().Set("Pragma", "no-cache")
	if !acceptsJSON(c.R.Header.Get("Accept")) {
		c.Error(http.StatusUnsupportedMediaType, "unsupported_media_type", "Only application/json responses are served")
		return nil, nil, false
	}
	vals, ok := s.oauthParams(c)
	if !ok {
		return nil, nil, false
	}
	id, secret, hasBasic := basicCredentials(c.R.Header.Get("Authorization"))
	if vals.Has("client_id") || vals.Has("client_secret") || !hasBasic {
		rateID := id
		if rateID == "" {
			rateID = vals.Get("client_id")
		}
		if !s.rateCheck(c, "client:"+rateID) {
			return nil, nil, false
		}
		c.Error(http.StatusBadRequest, "invalid_request", msgBasicOnly)
		return nil, nil, false
	}
	if !s.rateCheck(c, "client:"+id) {
		return nil, nil, false
	}
	cl, found := s.clients[id]
	if !found || subtle.ConstantTimeCompare([]byte(cl.Secret), []byte(secret)) != 1 {
		c.W.Header().Set("WWW-Authenticate", `Basic realm="sandbox"`)
		c.Error(http.StatusUnauthorized, "invalid_client", "Client authentication failed: unknown client or wrong secret")
		return nil, nil, false
	}
	return cl, vals, true
}

// basicCredentials decodes "Basic <base64(id:secret)>". ok is false without a
// Basic header; a Basic header that does not decode gives empty id and secret.
func basicCredentials(h string) (id, secret string, ok bool) {
	kind, enc, _ := strings.Cut(strings.TrimSpace(h), " ")
	if !strings.EqualFold(kind, "Basic") {
		return "", "", false
	}
	enc = strings.TrimSpace(enc)
	for _, e := range []*base64.Encoding{base64.URLEncoding, base64.RawURLEncoding, base64.StdEncoding, base64.RawStdEncoding} {
		raw, err := e.DecodeString(enc)
		if err != nil {
			continue
		}
		id, secret, found := strings.Cut(string(raw), ":")
		if !found {
			return "", "", true
		}
		return id, secret, true
	}
	return "", "", true
}

// tokenResponse is the body of a successful token request.
type tokenResponse struct {
	AccessToken  string `json:"access_token"`
	TokenType    string `json:"token_type"`
	ExpiresIn    int    `json:"expires_in"`
	RefreshToken string `json:"refresh_token,omitempty"`
}

// oauthToken is POST /oauth/token.
func (s *Server) oauthToken(c *Ctx) {
	cl, vals, ok := s.clientAuth(c)
	if !ok {
		return
	}
	life, ok := s.requestedLifetime(c, vals)
	if !ok {
		return
	}
	switch vals.Get("grant_type") {
	case "":
		c.Error(http.StatusBadRequest, "invalid_request", "Missing parameter grant_type")
	case "client_credentials":
		if cl.Integration {
			c.Error(http.StatusBadRequest, "unauthorized_client", "An integration's credentials work only with the authorization code flow")
			return
		}
		at := s.issueAccess(cl.UserID, cl.ID, "", life)
		c.OK(tokenResponse{AccessToken: at.Token, TokenType: "Bearer", ExpiresIn: seconds(life)})
	case "authorization_code":
		s.exchangeCode(c, cl, vals, life)
	case "refresh_token":
		s.refreshGrant(c, cl, vals, life)
	default:
		c.Error(http.StatusBadRequest, "unsupported_grant_type", "grant_type must be authorization_code, refresh_token or client_credentials")
	}
}

// requestedLifetime is the token lifetime: Options.TokenLifetime, or the
// shorter `expires_in` a request asks for (sandbox extension).
func (s *Server) requestedLifetime(c *Ctx, vals url.Values) (time.Duration, bool) {
	life := s.opts.TokenLifetime
	v := vals.Get("expires_in")
	if v == "" {
		return life, true
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < 1 {
		c.Error(http.StatusBadRequest, "invalid_request", "expires_in must be a whole number of seconds, at least 1")
		return 0, false
	}
	return min(life, time.Duration(n)*time.Second), true
}

func seconds(d time.Duration) int { return int(d / time.Second) }

func (s *Server) exchangeCode(c *Ctx, cl *OAuthClient, vals url.Values, life time.Duration) {
	if !cl.Integration {
		c.Error(http.StatusBadRequest, "unauthorized_client", "Credentials from a user's settings work only with the client credentials flow")
		return
	}
	code, ok := requiredParam(c, vals, "code")
	if !ok {
		return
	}
	ac, found := s.codes[code]
	if !found || ac.ClientID != cl.ID {
		c.Error(http.StatusBadRequest, "invalid_grant", "The authorization code is invalid, already used, or issued to another client")
		return
	}
	// A code is good for one attempt, whatever its outcome.
	delete(s.codes, code)
	if !c.Now.Before(ac.ExpiresAt) {
		c.Error(http.StatusBadRequest, "invalid_grant", "The authorization code expired: codes are valid for 5 minutes")
		return
	}
	if vals.Get("redirect_uri") != ac.RedirectURI {
		c.Error(http.StatusBadRequest, "invalid_grant", "redirect_uri does not match the one the code was issued for")
		return
	}
	rt := &refreshToken{Token: s.randomToken(80), UserID: ac.UserID, ClientID: cl.ID}
	s.refresh[rt.Token] = rt
	at := s.issueAccess(ac.UserID, cl.ID, rt.Token, life)
	c.OK(tokenResponse{AccessToken: at.Token, TokenType: "Bearer", ExpiresIn: seconds(life), RefreshToken: rt.Token})
}

func (s *Server) refreshGrant(c *Ctx, cl *OAuthClient, vals url.Values, life time.Duration) {
	tok, ok := requiredParam(c, vals, "refresh_token")
	if !ok {
		return
	}
	rt, found := s.refresh[tok]
	if !found || rt.ClientID != cl.ID {
		c.Error(http.StatusBadRequest, "invalid_grant", "The refresh token is invalid or was revoked")
		return
	}
	if _, ok := s.users[rt.UserID]; !ok {
		c.Error(http.StatusBadRequest, "invalid_grant", "The refresh token's user no longer exists")
		return
	}
	// No new refresh token: the old one stays valid until revoked.
	at := s.issueAccess(rt.UserID, cl.ID, rt.Token, life)
	c.OK(tokenResponse{AccessToken: at.Token, TokenType: "Bearer", ExpiresIn: seconds(life)})
}

// oauthRevoke is POST /oauth/revoke with `token`, the refresh token: it deletes
// the refresh token and every access token issued from it. An access token is
// accepted too (its grant goes with it). An unknown token, or another
// client's, changes nothing and still answers 200 (RFC 7009).
func (s *Server) oauthRevoke(c *Ctx) {
	cl, vals, ok := s.clientAuth(c)
	if !ok {
		return
	}
	tok, ok := requiredParam(c, vals, "token")
	if !ok {
		return
	}
	if at, found := s.tokens[tok]; found && at.ClientID == cl.ID {
		delete(s.tokens, tok)
		tok = at.Refresh
	}
	if rt, found := s.refresh[tok]; found && rt.ClientID == cl.ID {
		delete(s.refresh, tok)
		for k, at := range s.tokens {
			if at.Refresh == tok {
				delete(s.tokens, k)
			}
		}
	}
	c.OK(struct{}{})
}

// requiredParam is a form parameter that must be there: 400 invalid_request
// when it is missing.
func requiredParam(c *Ctx, vals url.Values, name string) (string, bool) {
	v := vals.Get(name)
	if v == "" {
		c.Error(http.StatusBadRequest, "invalid_request", "Missing parameter "+name)
		return "", false
	}
	return v, true
}
