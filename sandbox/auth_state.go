package sandbox

import (
	"fmt"
	"net/http"
	"strings"
	"time"
)

// OAuthClient is a credential pair: a user's client-credentials pair or an
// integration (authorization code flow) with its redirect URL.
type OAuthClient struct {
	ID          string
	Secret      string
	UserID      int64
	RedirectURI string // integrations only
	Integration bool   // true: authorization code flow only
	// WebhooksAllowed: webhook management switched on for this credential.
	WebhooksAllowed bool
}

type accessToken struct {
	Token     string
	UserID    int64
	ClientID  string
	ExpiresAt time.Time
	// Refresh is the refresh token this access token came with ("" for client credentials).
	Refresh string
}

type refreshToken struct {
	Token    string
	UserID   int64
	ClientID string
}

type authCode struct {
	Code        string
	ClientID    string
	UserID      int64
	RedirectURI string
	ExpiresAt   time.Time
}

// rateWindow counts requests in a fixed window.
type rateWindow struct {
	start time.Time
	count int
}

// bearer checks the Authorization header; on failure it answers 401.
func (s *Server) bearer(c *Ctx) (*accessToken, bool) {
	h := c.R.Header.Get("Authorization")
	kind, tok, _ := strings.Cut(h, " ")
	if !strings.EqualFold(kind, "Bearer") || tok == "" {
		c.W.Header().Set("WWW-Authenticate", `Bearer realm="sandbox"`)
		c.Error(http.StatusUnauthorized, "invalid_token", "Missing access token: send Authorization: Bearer <token>")
		return nil, false
	}
	at, ok := s.tokens[tok]
	if !ok {
		c.W.Header().Set("WWW-Authenticate", `Bearer realm="sandbox", error="invalid_token"`)
		c.Error(http.StatusUnauthorized, "invalid_token", "The access token is invalid")
		return nil, false
	}
	if !c.Now.Before(at.ExpiresAt) {
		c.W.Header().Set("WWW-Authenticate", `Bearer realm="sandbox", error="invalid_token"`)
		c.Error(http.StatusUnauthorized, "invalid_token", "The access token expired")
		return nil, false
	}
	if _, ok := s.users[at.UserID]; !ok {
		c.Error(http.StatusUnauthorized, "invalid_token", "The access token's user no longer exists")
		return nil, false
	}
	return at, true
}

// rateCheck counts the request in key's window, sets the rate-limit headers, and
// answers 429 past the limit.
func (s *Server) rateCheck(c *Ctx, key string) bool {
	over, reset := s.rateCount(c, key)
	if over {
		c.Error(http.StatusTooManyRequests, "too_many_requests", fmt.Sprintf("Rate limit exceeded: at most %d requests per %d seconds; try again in %d seconds", s.opts.RateLimit, int(s.opts.RateWindow/time.Second), reset))
		return false
	}
	return true
}

// rateCount counts the request in key's window and sets the rate-limit
// headers; over reports a request past the limit, reset the seconds left in
// the window.
func (s *Server) rateCount(c *Ctx, key string) (over bool, reset int) {
	w := s.rates[key]
	if w == nil || !c.Now.Before(w.start.Add(s.opts.RateWindow)) {
		w = &rateWindow{start: c.Now}
		s.rates[key] = w
	}
	w.count++
	remaining := max(0, s.opts.RateLimit-w.count)
	// Whole seconds rounded up: a client that waits t seconds finds the
	// window over (rounding down told it "0" while it was still refused).
	reset = max(int((w.start.Add(s.opts.RateWindow).Sub(c.Now)+time.Second-1)/time.Second), 0)
	c.W.Header().Set("X-RateLimit-Policy", fmt.Sprintf("default;q=%d;w=%d", s.opts.RateLimit, int(s.opts.RateWindow/time.Second)))
	c.W.Header().Set("X-RateLimit", fmt.Sprintf("default;r=%d;t=%d", remaining, reset))
	return w.count > s.opts.RateLimit, reset
}

// IssueToken creates an access token for a user directly: for tests and the demo,
// which skip the OAuth dance. It returns the token text.
func (s *Server) IssueToken(userID int64, clientID string) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.issueAccess(userID, clientID, "", s.opts.TokenLifetime).Token
}

func (s *Server) issueAccess(userID int64, clientID, refresh string, life time.Duration) *accessToken {
	at := &accessToken{
		Token:     s.randomToken(80),
		UserID:    userID,
		ClientID:  clientID,
		ExpiresAt: s.clock.Now().Add(life),
		Refresh:   refresh,
	}
	s.tokens[at.Token] = at
	return at
}

// randomToken makes an opaque token of n characters from the seeded source:
// lower-case hex, 80 characters for codes and tokens, like the docs' examples.
func (s *Server) randomToken(n int) string {
	const alphabet = "0123456789abcdef"
	b := make([]byte, n)
	for i := range b {
		b[i] = alphabet[s.rng.IntN(len(alphabet))]
	}
	return string(b)
}

// AddClient registers a credential pair for a user.
func (s *Server) AddClient(cl *OAuthClient) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clients[cl.ID] = cl
}
