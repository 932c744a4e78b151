package auth_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/auth"
)

// TestNoSecretInLogsOrErrors runs every flow, its renewals and its failures
// with a debug logger, and checks that no secret, token or code shows up in
// the log or in any error text.
func TestNoSecretInLogsOrErrors(t *testing.T) {
	h := newHarness(t)
	var secrets []string
	var errTexts []string
	keep := func(s config.Secrets) {
		secrets = append(secrets, s.ClientSecret, s.AccessToken, s.RefreshToken)
	}
	fail := func(err error) {
		if err != nil {
			errTexts = append(errTexts, err.Error())
		}
	}

	// Client credentials: sign-in, renewal after expiry.
	cs, _ := h.signInClientCredentials()
	keep(h.saved(cs))
	h.clock.Advance(3 * time.Hour)
	c, err := h.launch(cs)
	fail(err)
	if c != nil {
		_, _, err = c.Account.Get(ctx)
		fail(err)
	}
	keep(h.saved(cs))

	// Authorization code: sign-in, refresh, revoke, refresh after revoke.
	as, sess := h.signInAuthorizationCode()
	keep(h.saved(as))
	h.clock.Advance(3 * time.Hour)
	_, err = sess.Token(ctx)
	fail(err)
	stale := h.saved(as)
	keep(stale)
	fail(sess.Revoke(ctx))
	fail(h.store.Save(ctx, as.AccountKey(), stale))
	h.clock.Advance(3 * time.Hour)
	sess2, err := auth.Open(ctx, as, h.store, h.opts()...)
	fail(err)
	_, err = sess2.Token(ctx)
	if !errors.Is(err, auth.ErrSignInAgain) {
		t.Fatalf("refresh after revoke: %v", err)
	}
	fail(err)

	// A code used late, a code used twice, a wrong secret.
	f, err := auth.NewAuthorizationCode(as, integSecret, h.store, h.opts()...)
	if err != nil {
		t.Fatal(err)
	}
	code := codeOf(t, h.consent(f.ConsentURL("s")))
	secrets = append(secrets, code)
	h.clock.Advance(6 * time.Minute)
	_, err = f.Exchange(ctx, code)
	fail(err)
	_, err = f.Exchange(ctx, code)
	fail(err)
	const wrong = "wrong-secret-that-must-not-leak-000"
	secrets = append(secrets, wrong)
	bad, _ := auth.NewClientCredentials(cs, wrong, h.store, h.opts()...)
	_, err = bad.SignIn(ctx)
	fail(err)

	if len(errTexts) < 4 {
		t.Fatalf("only %d failures collected; the test lost its teeth", len(errTexts))
	}
	logText := h.logs.String()
	if !strings.Contains(logText, "oauth request") {
		t.Fatal("nothing was logged; the test lost its teeth")
	}
	for _, s := range secrets {
		if s == "" {
			continue
		}
		if strings.Contains(logText, s) {
			t.Errorf("the log holds a secret (%d characters)", len(s))
		}
		for _, e := range errTexts {
			if strings.Contains(e, s) {
				t.Errorf("an error holds a secret: %q", e)
			}
		}
	}
}
