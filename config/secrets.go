package config

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strconv"
	"strings"
	"time"

	"golang.org/x/oauth2"
)

// ErrNoSecrets means nothing is saved under the key: the user has to sign in.
var ErrNoSecrets = errors.New("no saved credentials")

// ErrKeyringUnavailable means the system keyring did not answer in time or
// failed; the file store is the fallback.
var ErrKeyringUnavailable = errors.New("system keyring unavailable")

// Secrets are what the credential store keeps per account key. Printing or
// logging a Secrets shows only which parts are set (see Redacted).
type Secrets struct {
	ClientSecret string    `json:"client_secret,omitempty"`
	AccessToken  string    `json:"access_token,omitempty"`
	TokenType    string    `json:"token_type,omitempty"`
	Expiry       time.Time `json:"expiry,omitzero"`
	RefreshToken string    `json:"refresh_token,omitempty"`
}

// SecretStore keeps Secrets per account key (see AccountKey).
type SecretStore interface {
	// Load returns the secrets under key, or an error wrapping ErrNoSecrets.
	Load(ctx context.Context, key string) (Secrets, error)
	// Save replaces the secrets under key.
	Save(ctx context.Context, key string, s Secrets) error
	// Delete forgets key; deleting what is not there is not an error.
	Delete(ctx context.Context, key string) error
	// Where says where secrets are kept, for the user ("system keyring", a path).
	Where() string
}

// AccountKey is the store key of one set of credentials: "<base_url>|<client_id>".
// A trailing slash on the base URL does not make a different key.
func AccountKey(baseURL, clientID string) string {
	return strings.TrimRight(baseURL, "/") + "|" + clientID
}

// Token returns the stored token for golang.org/x/oauth2, or nil when no
// access token is stored.
func (s Secrets) Token() *oauth2.Token {
	if s.AccessToken == "" {
		return nil
	}
	return &oauth2.Token{AccessToken: s.AccessToken, TokenType: s.TokenType, RefreshToken: s.RefreshToken, Expiry: s.Expiry}
}

// WithToken returns s with t's token. A refresh response carries no new
// refresh token, so an empty one keeps the old.
func (s Secrets) WithToken(t *oauth2.Token) Secrets {
	if t == nil {
		return s
	}
	s.AccessToken = t.AccessToken
	s.TokenType = t.TokenType
	s.Expiry = t.Expiry
	if t.RefreshToken != "" {
		s.RefreshToken = t.RefreshToken
	}
	return s
}

// Redacted describes s without any secret value, e.g.
// "client_secret=<set> access_token=<set, expires 2026-11-22T05:00:00Z> token_type=Bearer refresh_token=<not set>".
func (s Secrets) Redacted() string {
	access := presence(s.AccessToken)
	if s.AccessToken != "" && !s.Expiry.IsZero() {
		access = "<set, expires " + s.Expiry.UTC().Format(time.RFC3339) + ">"
	}
	tokenType := s.TokenType
	if tokenType == "" {
		tokenType = "<not set>"
	}
	return "client_secret=" + presence(s.ClientSecret) +
		" access_token=" + access +
		" token_type=" + tokenType +
		" refresh_token=" + presence(s.RefreshToken)
}

func presence(v string) string {
	if v == "" {
		return "<not set>"
	}
	return "<set>"
}

// String is Redacted.
func (s Secrets) String() string { return s.Redacted() }

// GoString keeps %#v from printing the fields.
func (s Secrets) GoString() string { return "config.Secrets{" + s.Redacted() + "}" }

// Format makes every verb (%v, %+v, %#v, %s, %q, …) print the redacted form.
func (s Secrets) Format(f fmt.State, verb rune) {
	switch {
	case verb == 'q':
		_, _ = f.Write([]byte(strconv.Quote(s.Redacted())))
	case verb == 'v' && f.Flag('#'):
		_, _ = f.Write([]byte(s.GoString()))
	default:
		_, _ = f.Write([]byte(s.Redacted()))
	}
}

// LogValue keeps slog from logging the values, in any handler.
func (s Secrets) LogValue() slog.Value {
	expiry := ""
	if !s.Expiry.IsZero() {
		expiry = s.Expiry.UTC().Format(time.RFC3339)
	}
	return slog.GroupValue(
		slog.Bool("client_secret_set", s.ClientSecret != ""),
		slog.Bool("access_token_set", s.AccessToken != ""),
		slog.String("token_type", s.TokenType),
		slog.String("expiry", expiry),
		slog.Bool("refresh_token_set", s.RefreshToken != ""),
	)
}
