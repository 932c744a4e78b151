package auth

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"

	"golang.org/x/oauth2"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/config"
)

// Session is a signed-in set of credentials: it hands out a valid token,
// renewing and saving it as needed, and an *http.Client that adds it.
type Session struct {
	settings config.Settings
	store    config.SecretStore
	key      string
	tc       *tokenClient
	src      *persistingSource
	opts     options
}

// Open resumes the sign-in saved for settings (see config.Settings.AccountKey).
// It makes no request: a saved token that is still valid is used as it is.
// Nothing saved gives ErrNotSignedIn.
func Open(ctx context.Context, settings config.Settings, store config.SecretStore, opts ...Option) (*Session, error) {
	if err := settings.ValidateComplete(); err != nil {
		return nil, fmt.Errorf("open the sign-in: %w", err)
	}
	key := settings.AccountKey()
	secrets, err := store.Load(ctx, key)
	if errors.Is(err, config.ErrNoSecrets) {
		return nil, ErrNotSignedIn
	}
	if err != nil {
		return nil, fmt.Errorf("open the sign-in: %w", err)
	}
	o := buildOptions(opts)
	if o.clientSecret != "" {
		secrets.ClientSecret = o.clientSecret
	}
	return newSession(settings, store, secrets, o), nil
}

// newSession wires the token client and the persisting source for a flow.
func newSession(settings config.Settings, store config.SecretStore, secrets config.Secrets, o options) *Session {
	tc := newTokenClient(settings.BaseURL, settings.ClientID, secrets.ClientSecret, settings.UserAgent(), o)
	s := &Session{settings: settings, store: store, key: settings.AccountKey(), tc: tc, opts: o}
	s.src = &persistingSource{store: store, key: s.key, secrets: secrets, now: o.now, logger: o.logger}
	s.src.renew = s.renewer()
	return s
}

// renewer picks how a spent token is replaced: a new client-credentials
// token, or a refresh (never a retry: a refused refresh means sign in again).
func (s *Session) renewer() renewer {
	if s.settings.Flow == config.FlowAuthorizationCode {
		return func(ctx context.Context, current *oauth2.Token) (*oauth2.Token, error) {
			rt := s.src.secrets.RefreshToken
			if rt == "" {
				return nil, &signInAgainError{}
			}
			if s.tc.secret == "" {
				return nil, &signInAgainError{cause: errors.New("no client secret saved")}
			}
			t, err := s.tc.refresh(ctx, rt)
			if err != nil {
				return nil, fmt.Errorf("refresh the access token: %w", err)
			}
			return t, nil
		}
	}
	return func(ctx context.Context, current *oauth2.Token) (*oauth2.Token, error) {
		if s.tc.secret == "" {
			return nil, &signInAgainError{cause: errors.New("no client secret saved")}
		}
		return s.tc.clientCredentials(ctx)
	}
}

// begin takes the first token of a sign-in and saves it with the client
// secret, replacing whatever was saved under the key.
func (s *Session) begin(ctx context.Context, t *oauth2.Token) (*Session, error) {
	s.src.mu.Lock()
	s.src.secrets = s.src.secrets.WithToken(t)
	secrets := s.src.secrets
	s.src.mu.Unlock()
	if err := s.store.Save(ctx, s.key, secrets); err != nil {
		return nil, fmt.Errorf("save the sign-in: %w", err)
	}
	s.opts.logger.Info("signed in", "flow", string(s.settings.Flow), "expiry", t.Expiry.UTC().Format("2006-01-02T15:04:05Z07:00"))
	return s, nil
}

// Settings are the settings the session was made from.
func (s *Session) Settings() config.Settings { return s.settings }

// TokenSource is the session's oauth2.TokenSource (renewing and saving).
func (s *Session) TokenSource() oauth2.TokenSource { return s.src }

// Token returns a valid token, renewing it within ctx when needed.
func (s *Session) Token(ctx context.Context) (*oauth2.Token, error) { return s.src.tokenCtx(ctx) }

// CanRevoke reports whether there is a token the service can revoke: the
// refresh token (authorization code), else the access token (client
// credentials).
func (s *Session) CanRevoke() bool { return revocable(s.src.current()) != "" }

// revocable is the token that signs out at the service: the refresh token
// takes the access tokens made from it along; a client-credentials sign-in
// has only its access token.
func revocable(sec config.Secrets) string {
	if sec.RefreshToken != "" {
		return sec.RefreshToken
	}
	return sec.AccessToken
}

// HTTPClient is an *http.Client whose requests carry the bearer token, for
// apiclient.WithHTTPClient.
func (s *Session) HTTPClient() *http.Client {
	return &http.Client{Transport: bearerTransport(s.src, s.opts.transport)}
}

// Client is an API client on account slug ("" for none yet) using the session.
func (s *Session) Client(slug string) (*apiclient.Client, error) {
	opts := append([]apiclient.Option{
		apiclient.WithHTTPClient(s.HTTPClient()),
		apiclient.WithUserAgent(apiclient.DefaultAppName, s.settings.ContactEmail),
		apiclient.WithAccount(slug),
		apiclient.WithLogger(s.opts.logger),
	}, s.opts.apiOptions...)
	c, err := apiclient.New(s.settings.BaseURL, opts...)
	if err != nil {
		return nil, fmt.Errorf("make the API client: %w", err)
	}
	return c, nil
}

// Revoke signs out: it revokes the sign-in's token at the service (see
// revocable) and then deletes every saved secret for these settings, also
// when the service could not be reached or refused. An error says what did
// not happen and what the service answered.
func (s *Session) Revoke(ctx context.Context) error {
	var revokeErr error
	if tok := revocable(s.src.current()); tok != "" {
		if s.tc.secret == "" {
			revokeErr = errors.New("revoke the sign-in: no client secret saved")
		} else {
			revokeErr = s.tc.revoke(ctx, tok)
		}
	}
	s.src.mu.Lock()
	s.src.secrets = config.Secrets{}
	s.src.failed = ErrNotSignedIn
	s.src.mu.Unlock()
	if err := s.store.Delete(ctx, s.key); err != nil {
		return errors.Join(revokeErr, fmt.Errorf("delete the saved credentials: %w", err))
	}
	if revokeErr != nil {
		return fmt.Errorf("%w (the saved credentials were deleted anyway)", revokeErr)
	}
	return nil
}

// Where says where the session's secrets are kept.
func (s *Session) Where() string { return s.store.Where() }

// NewClient resumes the saved sign-in and returns an API client on account
// slug; "" means settings.Account, and when that is empty too the user's
// default account (one GET /user.json).
func NewClient(ctx context.Context, settings config.Settings, store config.SecretStore, logger *slog.Logger, slug string, opts ...Option) (*apiclient.Client, error) {
	sess, err := Open(ctx, settings, store, append([]Option{WithLogger(logger)}, opts...)...)
	if err != nil {
		return nil, err
	}
	if slug == "" {
		slug = settings.Account
	}
	c, err := sess.Client(slug)
	if err != nil {
		return nil, err
	}
	if slug != "" {
		return c, nil
	}
	u, err := Accounts(ctx, c)
	if err != nil {
		return nil, err
	}
	return c.ForAccount(DefaultSlug(u, "")), nil
}

// Accounts is GET /user.json: the user, their accounts and default account.
func Accounts(ctx context.Context, c *apiclient.Client) (*apiclient.CurrentUser, error) {
	u, _, err := c.Users.Current(ctx)
	if err != nil {
		return nil, fmt.Errorf("find your accounts: %w", err)
	}
	return u, nil
}

// DefaultSlug is the account to open: want when the user has it, else the
// user's default account, else the first account ("" when there is none).
func DefaultSlug(u *apiclient.CurrentUser, want string) string {
	has := func(slug string) bool {
		for _, a := range u.Accounts {
			if a.Slug == slug {
				return true
			}
		}
		return false
	}
	switch {
	case want != "" && has(want):
		return want
	case u.DefaultAccount.String() != "":
		return u.DefaultAccount.String()
	case len(u.Accounts) > 0:
		return u.Accounts[0].Slug
	}
	return want
}
