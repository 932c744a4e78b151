package auth

import (
	"context"
	"fmt"

	"github.com/kasa-tui/kasa/config"
)

// ClientCredentials is the client-credentials flow: credentials from the
// user's own settings screen, a token per 2 hours, no refresh token.
type ClientCredentials struct {
	settings config.Settings
	secret   string
	store    config.SecretStore
	opts     options
}

// NewClientCredentials prepares the flow for settings (flow client_credentials)
// with the client secret; tokens are saved to store.
func NewClientCredentials(settings config.Settings, secret string, store config.SecretStore, opts ...Option) (*ClientCredentials, error) {
	settings.Flow = config.FlowClientCredentials
	if err := settings.ValidateComplete(); err != nil {
		return nil, fmt.Errorf("sign in: %w", err)
	}
	if secret == "" {
		return nil, fmt.Errorf("sign in: the client secret is empty")
	}
	return &ClientCredentials{settings: settings, secret: secret, store: store, opts: buildOptions(opts)}, nil
}

// SignIn obtains a token, saves it with the client secret, and returns the
// session.
func (f *ClientCredentials) SignIn(ctx context.Context) (*Session, error) {
	sess := newSession(f.settings, f.store, config.Secrets{ClientSecret: f.secret}, f.opts)
	t, err := sess.tc.clientCredentials(ctx)
	if err != nil {
		return nil, fmt.Errorf("sign in: %w", err)
	}
	return sess.begin(ctx, t)
}
