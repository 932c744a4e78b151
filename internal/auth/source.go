package auth

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"sync"
	"time"

	"golang.org/x/oauth2"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/config"
)

// expiryMargin renews a token this long before it expires, so a request
// does not leave with a token that dies on the way.
const expiryMargin = 10 * time.Second

// renewer gets a fresh token when the current one (maybe nil) is spent.
type renewer func(ctx context.Context, current *oauth2.Token) (*oauth2.Token, error)

// persistingSource hands out the saved token while it is valid, renews it
// when it is not, and saves every new token. After a renewal fails for good
// (revoked, refused credentials) it answers that error without asking the
// service again: no retry loop.
type persistingSource struct {
	mu      sync.Mutex
	renew   renewer
	store   config.SecretStore
	key     string
	secrets config.Secrets
	now     func() time.Time
	logger  *slog.Logger
	failed  error
}

// Token implements oauth2.TokenSource.
func (s *persistingSource) Token() (*oauth2.Token, error) {
	return s.tokenCtx(context.Background())
}

func (s *persistingSource) valid(t *oauth2.Token) bool {
	if t == nil || t.AccessToken == "" {
		return false
	}
	return t.Expiry.IsZero() || s.now().Add(expiryMargin).Before(t.Expiry)
}

// tokenCtx returns a valid token, renewing it within ctx when needed.
func (s *persistingSource) tokenCtx(ctx context.Context) (*oauth2.Token, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.failed != nil {
		return nil, s.failed
	}
	if t := s.secrets.Token(); s.valid(t) {
		return t, nil
	}
	return s.renewLocked(ctx, s.secrets.Token())
}

// invalidate drops the current token when it is still the one given (the API
// refused it), so the next tokenCtx renews it.
func (s *persistingSource) invalidate(accessToken string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.secrets.AccessToken == accessToken {
		s.secrets.AccessToken = ""
		s.secrets.Expiry = time.Time{}
	}
}

func (s *persistingSource) renewLocked(ctx context.Context, current *oauth2.Token) (*oauth2.Token, error) {
	t, err := s.renew(ctx, current)
	if err != nil {
		var te *TokenError
		if errors.Is(err, ErrSignInAgain) || (errors.As(err, &te) && te.permanent()) {
			if !errors.Is(err, ErrSignInAgain) {
				err = &signInAgainError{cause: err}
			}
			s.failed = err
		}
		s.logger.Warn("token renewal failed", "err", err.Error())
		return nil, err
	}
	s.secrets = s.secrets.WithToken(t)
	s.logger.Info("token renewed", "expiry", t.Expiry.UTC().Format(time.RFC3339))
	if err := s.store.Save(ctx, s.key, s.secrets); err != nil {
		// The token works; only the next launch will have to ask again.
		s.logger.Warn("could not save the new token", "where", s.store.Where(), "err", err.Error())
	}
	return s.secrets.Token(), nil
}

// current returns a copy of the secrets held now.
func (s *persistingSource) current() config.Secrets {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.secrets
}

// bearerTransport adds the access token to every request and renews it once
// when the API answers 401 to a token believed valid (it was revoked, or the
// service forgot it).
func bearerTransport(src *persistingSource, base http.RoundTripper) *apiclient.BearerTransport {
	return &apiclient.BearerTransport{
		Base: base,
		Token: func(ctx context.Context) (string, error) {
			t, err := src.tokenCtx(ctx)
			if err != nil {
				return "", err
			}
			return t.AccessToken, nil
		},
		Renew: func(ctx context.Context, refused string) (string, error) {
			src.invalidate(refused)
			fresh, err := src.tokenCtx(ctx)
			if errors.Is(err, ErrSignInAgain) {
				return "", err
			}
			if err != nil {
				return "", nil // keep the 401: the renewal may work next time
			}
			return fresh.AccessToken, nil
		},
	}
}
