package auth

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/config"
)

// CodeLifetime is how long the service accepts an authorization code.
const CodeLifetime = 5 * time.Minute

// AuthorizationCode is the authorization-code flow: the user consents in a
// browser, pastes back where they were sent, and kasa trades the code for a
// refresh token that never expires and access tokens of 2 hours.
type AuthorizationCode struct {
	settings config.Settings
	secret   string
	store    config.SecretStore
	opts     options
}

// NewAuthorizationCode prepares the flow for settings (flow
// authorization_code, with the integration's redirect URI).
func NewAuthorizationCode(settings config.Settings, secret string, store config.SecretStore, opts ...Option) (*AuthorizationCode, error) {
	settings.Flow = config.FlowAuthorizationCode
	if err := settings.ValidateComplete(); err != nil {
		return nil, fmt.Errorf("sign in: %w", err)
	}
	if secret == "" {
		return nil, errors.New("sign in: the client secret is empty")
	}
	return &AuthorizationCode{settings: settings, secret: secret, store: store, opts: buildOptions(opts)}, nil
}

// NewState returns a random state for one consent: 32 bytes, base64url.
func NewState() (string, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("make a sign-in state: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b), nil
}

// ConsentURL is the page where the user allows kasa access.
func (f *AuthorizationCode) ConsentURL(state string) string {
	q := url.Values{
		"client_id":     {f.settings.ClientID},
		"redirect_uri":  {f.settings.RedirectURI},
		"response_type": {"code"},
	}
	if state != "" {
		q.Set("state", state)
	}
	return strings.TrimRight(f.settings.BaseURL, "/") + "/oauth?" + q.Encode()
}

// ErrStateMismatch is matched when a pasted address belongs to another
// sign-in attempt (or was tampered with).
var ErrStateMismatch = errors.New("the pasted address is from another sign-in attempt (its state does not match); start again and paste the address you are sent to this time")

// ParsePasted reads what the user pasted after consenting: the whole address
// they were redirected to (its state must equal wantState) or just the code.
func ParsePasted(input, wantState string) (string, error) {
	in := strings.TrimSpace(input)
	if in == "" {
		return "", errors.New("nothing was pasted: paste the address your browser was sent to, or the code in it")
	}
	looksLikeQuery := strings.Contains(in, "?")
	for _, k := range []string{"code=", "state=", "error="} {
		looksLikeQuery = looksLikeQuery || strings.Contains(in, k)
	}
	if !looksLikeQuery {
		if strings.ContainsAny(in, " \t/") {
			return "", errors.New("that does not look like an address or a code: paste the whole address your browser was sent to")
		}
		return in, nil
	}
	raw := in
	if i := strings.Index(raw, "?"); i >= 0 {
		raw = raw[i+1:]
	}
	if i := strings.Index(raw, "#"); i >= 0 {
		raw = raw[:i]
	}
	q, err := url.ParseQuery(raw)
	if err != nil {
		return "", errors.New("the pasted address cannot be read: paste it whole, as the browser shows it")
	}
	if e := q.Get("error"); e != "" {
		msg := "the service did not grant access (" + e + ")"
		if e == "access_denied" {
			msg = "access was denied on the consent page (access_denied); run `kasa login` again and choose Allow"
		}
		return "", errors.New(msg)
	}
	if q.Get("state") != wantState {
		return "", ErrStateMismatch
	}
	code := q.Get("code")
	if code == "" {
		return "", errors.New("the pasted address has no code: paste the address your browser was sent to after you allowed access")
	}
	return code, nil
}

// Exchange trades the code for tokens, saves them with the client secret and
// returns the session. Codes are valid 5 minutes and once only.
func (f *AuthorizationCode) Exchange(ctx context.Context, code string) (*Session, error) {
	sess := newSession(f.settings, f.store, config.Secrets{ClientSecret: f.secret}, f.opts)
	t, err := sess.tc.exchange(ctx, code, f.settings.RedirectURI)
	var te *TokenError
	if errors.As(err, &te) && te.Code == "invalid_grant" {
		return nil, fmt.Errorf("sign in: the code was refused: codes are valid for %d minutes and only once; start again with `kasa login`: %w", int(CodeLifetime/time.Minute), err)
	}
	if err != nil {
		return nil, fmt.Errorf("sign in: %w", err)
	}
	if t.RefreshToken == "" {
		return nil, errors.New("sign in: the service gave no refresh token; the sign-in could not be saved")
	}
	return sess.begin(ctx, t)
}
