package auth_test

import (
	"context"
	"encoding/base64"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/auth"
)

var ctx = context.Background()

func TestClientCredentialsSignInSavesTokenAndSecret(t *testing.T) {
	h := newHarness(t)
	s, sess := h.signInClientCredentials()
	if n := h.count.tokens.Load(); n != 1 {
		t.Fatalf("token requests %d, want 1", n)
	}
	sec := h.saved(s)
	if sec.ClientSecret != h.setup.Client.Secret || sec.AccessToken == "" || sec.RefreshToken != "" {
		t.Fatalf("saved %v", sec)
	}
	if want := h.clock.Now().Add(7200 * time.Second); !sec.Expiry.Equal(want) {
		t.Fatalf("expiry %v, want %v (the shared clock + expires_in)", sec.Expiry, want)
	}
	c, err := sess.Client("testfirma")
	if err != nil {
		t.Fatal(err)
	}
	u, err := auth.Accounts(ctx, c)
	if err != nil {
		t.Fatalf("GET /user.json with the new token: %v", err)
	}
	if u.Email != h.setup.Owner.Email {
		t.Fatalf("user %q", u.Email)
	}
}

func TestTokenRequestsUseURLSafeBasicAndUserAgent(t *testing.T) {
	h := newHarness(t)
	h.signInClientCredentials()
	hdr := h.count.lastTokenHeader()
	want := "Basic " + base64.URLEncoding.EncodeToString([]byte(h.setup.Client.ID+":"+h.setup.Client.Secret))
	if got := hdr.Get("Authorization"); got != want {
		t.Errorf("Authorization %q, want URL-safe base64 of id:secret", got)
	}
	if got := hdr.Get("User-Agent"); got != "kasa ("+email+")" {
		t.Errorf("User-Agent %q", got)
	}
	if got := hdr.Get("Accept"); got != "application/json" {
		t.Errorf("Accept %q", got)
	}
}

func TestSecondLaunchReusesSavedTokenWithoutTokenRequest(t *testing.T) {
	for _, flow := range []config.Flow{config.FlowClientCredentials, config.FlowAuthorizationCode} {
		t.Run(string(flow), func(t *testing.T) {
			h := newHarness(t)
			var s config.Settings
			if flow == config.FlowClientCredentials {
				s, _ = h.signInClientCredentials()
			} else {
				s, _ = h.signInAuthorizationCode()
			}
			before := h.count.tokens.Load()
			h.clock.Advance(time.Hour) // well inside the 2 hours
			c, err := h.launch(s)
			if err != nil {
				t.Fatalf("launch: %v", err)
			}
			if c.AccountSlug() != "testfirma" {
				t.Fatalf("account %q, want the user's default", c.AccountSlug())
			}
			if _, _, err := c.Account.Get(ctx); err != nil {
				t.Fatalf("account.json: %v", err)
			}
			if n := h.count.tokens.Load() - before; n != 0 {
				t.Fatalf("second launch made %d token requests, want 0", n)
			}
		})
	}
}

func TestClientCredentialsExpiredTokenIsReplacedAndSaved(t *testing.T) {
	h := newHarness(t)
	s, _ := h.signInClientCredentials()
	old := h.saved(s)
	h.clock.Advance(2*time.Hour + time.Second)
	h.launchRenewingOnce(s, "after expiry")
	now := h.saved(s)
	if now.AccessToken == old.AccessToken || !now.Expiry.After(old.Expiry) || now.ClientSecret != old.ClientSecret {
		t.Fatalf("renewed token not saved: %v", now)
	}
	// The renewed token serves the next launch without a request.
	if _, err := h.launch(s); err != nil {
		t.Fatal(err)
	}
	if n := h.count.tokens.Load(); n != 2 {
		t.Fatalf("token requests %d after a third launch, want still 2", n)
	}
}

func TestAuthorizationCodeRefreshIsSavedAndKeepsRefreshToken(t *testing.T) {
	h := newHarness(t)
	s, _ := h.signInAuthorizationCode()
	first := h.saved(s)
	if first.RefreshToken == "" || first.ClientSecret != integSecret {
		t.Fatalf("after exchange: %v", first)
	}
	h.clock.Advance(3 * time.Hour)
	c, err := h.launch(s)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Account.Get(ctx); err != nil {
		t.Fatalf("call after expiry: %v", err)
	}
	now := h.saved(s)
	if now.AccessToken == first.AccessToken || now.RefreshToken != first.RefreshToken {
		t.Fatalf("after refresh: access changed %v, refresh kept %v", now.AccessToken != first.AccessToken, now.RefreshToken == first.RefreshToken)
	}
	if n := h.count.tokens.Load(); n != 2 {
		t.Fatalf("token requests %d, want 2 (exchange and refresh)", n)
	}
}

func TestRevokeThenRefreshFailsWithSignInAgain(t *testing.T) {
	h := newHarness(t)
	s, sess := h.signInAuthorizationCode()
	copyOnAnotherMachine := h.saved(s)
	if err := sess.Revoke(ctx); err != nil {
		t.Fatalf("revoke: %v", err)
	}
	if h.count.revokes.Load() != 1 {
		t.Fatalf("revoke requests %d", h.count.revokes.Load())
	}
	if _, err := h.store.Load(ctx, s.AccountKey()); !errors.Is(err, config.ErrNoSecrets) {
		t.Fatalf("secrets after revoke: %v", err)
	}
	if _, err := h.launch(s); !errors.Is(err, auth.ErrNotSignedIn) {
		t.Fatalf("launch after revoke: %v, want ErrNotSignedIn", err)
	}

	// A copy of the secrets made before the revoke: the access token is gone
	// at the service, and so is the refresh token.
	if err := h.store.Save(ctx, s.AccountKey(), copyOnAnotherMachine); err != nil {
		t.Fatal(err)
	}
	before := h.count.tokens.Load()
	sess, err := auth.Open(ctx, s, h.store, h.opts()...)
	if err != nil {
		t.Fatal(err)
	}
	c, err := sess.Client("testfirma")
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.Account.Get(ctx)
	if !errors.Is(err, auth.ErrSignInAgain) {
		t.Fatalf("call with a revoked sign-in: %v, want ErrSignInAgain", err)
	}
	if !strings.Contains(err.Error(), "run `kasa login` again") {
		t.Fatalf("message %q", err)
	}
	var te *auth.TokenError
	if !errors.As(err, &te) || te.Code != "invalid_grant" {
		t.Fatalf("cause %v, want a TokenError invalid_grant", err)
	}
	if n := h.count.tokens.Load() - before; n != 1 {
		t.Fatalf("refresh attempts %d, want exactly 1 (no retry loop)", n)
	}
	if _, _, err := c.Account.Get(ctx); !errors.Is(err, auth.ErrSignInAgain) {
		t.Fatalf("second call: %v", err)
	}
	if n := h.count.tokens.Load() - before; n != 1 {
		t.Fatalf("refresh attempts after a second call %d, want still 1", n)
	}
}

func TestRevokeClientCredentialsRevokesTheAccessToken(t *testing.T) {
	h := newHarness(t)
	s, sess := h.signInClientCredentials()
	if !sess.CanRevoke() {
		t.Fatal("a client-credentials sign-in has its access token to revoke")
	}
	if err := sess.Revoke(ctx); err != nil {
		t.Fatal(err)
	}
	if h.count.revokes.Load() != 1 {
		t.Fatalf("revoke requests %d, want 1", h.count.revokes.Load())
	}
	if _, err := h.store.Load(ctx, s.AccountKey()); !errors.Is(err, config.ErrNoSecrets) {
		t.Fatalf("secrets after logout: %v", err)
	}
}

func TestUnknownRefreshTokenIsSignInAgain(t *testing.T) {
	h := newHarness(t)
	s := h.settings(config.FlowAuthorizationCode)
	if err := h.store.Save(ctx, s.AccountKey(), config.Secrets{ClientSecret: integSecret, AccessToken: "stale", TokenType: "Bearer",
		Expiry: h.clock.Now().Add(-time.Minute), RefreshToken: strings.Repeat("z", 80)}); err != nil {
		t.Fatal(err)
	}
	sess, err := auth.Open(ctx, s, h.store, h.opts()...)
	if err != nil {
		t.Fatal(err)
	}
	_, err = sess.Token(ctx)
	var te *auth.TokenError
	if !errors.Is(err, auth.ErrSignInAgain) || !errors.As(err, &te) || te.Code != "invalid_grant" || te.Status != 400 {
		t.Fatalf("got %v", err)
	}
}

func TestAPIRefusingATokenGetsANewOneOnce(t *testing.T) {
	h := newHarness(t)
	s, sess := h.signInClientCredentials()
	// The service forgets the token (the sandbox revokes access tokens too).
	tok := h.revokeToken(sess)
	c, err := sess.Client("testfirma")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Account.Get(ctx); err != nil {
		t.Fatalf("call with a forgotten token: %v", err)
	}
	if n := h.count.tokens.Load(); n != 2 {
		t.Fatalf("token requests %d, want 2", n)
	}
	if h.saved(s).AccessToken == tok.AccessToken {
		t.Fatal("the replacement token was not saved")
	}
}

func TestWrongClientSecretIsAClearError(t *testing.T) {
	h := newHarness(t)
	const wrong = "this-is-the-wrong-secret-0123456789"
	f, err := auth.NewClientCredentials(h.settings(config.FlowClientCredentials), wrong, h.store, h.opts()...)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.SignIn(ctx)
	var te *auth.TokenError
	if !errors.As(err, &te) || te.Code != "invalid_client" || te.Status != 401 {
		t.Fatalf("got %v", err)
	}
	if !strings.Contains(err.Error(), "The client ID or secret was refused (invalid_client)") {
		t.Fatalf("message %q", err)
	}
	if strings.Contains(err.Error(), wrong) {
		t.Fatal("the secret is in the error text")
	}
	if _, err := h.store.Load(ctx, h.settings(config.FlowClientCredentials).AccountKey()); !errors.Is(err, config.ErrNoSecrets) {
		t.Fatalf("a refused sign-in saved something: %v", err)
	}
}

func TestIntegrationCannotUseClientCredentials(t *testing.T) {
	h := newHarness(t)
	s := h.settings(config.FlowAuthorizationCode)
	f, err := auth.NewClientCredentials(s, integSecret, h.store, h.opts()...)
	if err != nil {
		t.Fatal(err)
	}
	_, err = f.SignIn(ctx)
	var te *auth.TokenError
	if !errors.As(err, &te) || te.Code != "unauthorized_client" {
		t.Fatalf("got %v", err)
	}
}

func TestParsePasted(t *testing.T) {
	const state = "good-state"
	code := strings.Repeat("c", 80)
	cases := []struct {
		in      string
		want    string
		wantErr string
	}{
		{callback + "?code=" + code + "&state=" + state, code, ""},
		{"  " + callback + "?state=" + state + "&code=" + code + "\n", code, ""},
		{code, code, ""},
		{"AbC-_09==", "AbC-_09==", ""},
		{"code=" + code + "&state=" + state, code, ""},
		{callback + "?code=" + code + "&state=other", "", "state does not match"},
		{callback + "?code=" + code, "", "state does not match"},
		{callback + "?error=access_denied&state=" + state, "", "access was denied"},
		{callback + "?state=" + state, "", "has no code"},
		{"", "", "nothing was pasted"},
		{"not a code", "", "does not look like"},
	}
	for _, tc := range cases {
		got, err := auth.ParsePasted(tc.in, state)
		switch {
		case tc.wantErr == "" && (err != nil || got != tc.want):
			t.Errorf("ParsePasted(%q) = %q, %v", tc.in, got, err)
		case tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)):
			t.Errorf("ParsePasted(%q) error %v, want %q", tc.in, err, tc.wantErr)
		}
	}
	if _, err := auth.ParsePasted(callback+"?code=x&state=bad", state); !errors.Is(err, auth.ErrStateMismatch) {
		t.Errorf("wrong state: %v is not ErrStateMismatch", err)
	}
}

func TestNewStateIsRandom32Bytes(t *testing.T) {
	a, err := auth.NewState()
	if err != nil {
		t.Fatal(err)
	}
	b, _ := auth.NewState()
	raw, err := base64.RawURLEncoding.DecodeString(a)
	if err != nil || len(raw) != 32 || a == b {
		t.Fatalf("state %q (%d bytes, err %v), second %q", a, len(raw), err, b)
	}
}

func TestConsentURL(t *testing.T) {
	h := newHarness(t)
	f, err := auth.NewAuthorizationCode(h.settings(config.FlowAuthorizationCode), integSecret, h.store, h.opts()...)
	if err != nil {
		t.Fatal(err)
	}
	u := f.ConsentURL("st")
	for _, want := range []string{h.ts.URL + "/api/v3/oauth?", "client_id=" + integID, "response_type=code", "state=st", "redirect_uri=https%3A%2F%2Fexample.com%2Fcallback"} {
		if !strings.Contains(u, want) {
			t.Errorf("consent URL %q lacks %q", u, want)
		}
	}
}

func TestCodeOlderThanFiveMinutesSaysStartAgain(t *testing.T) {
	h := newHarness(t)
	s := h.settings(config.FlowAuthorizationCode)
	f, err := auth.NewAuthorizationCode(s, integSecret, h.store, h.opts()...)
	if err != nil {
		t.Fatal(err)
	}
	code := codeOf(t, h.consent(f.ConsentURL("st")))
	h.clock.Advance(5*time.Minute + time.Second)
	_, err = f.Exchange(ctx, code)
	var te *auth.TokenError
	if !errors.As(err, &te) || te.Code != "invalid_grant" {
		t.Fatalf("got %v", err)
	}
	if msg := err.Error(); !strings.Contains(msg, "5 minutes") || !strings.Contains(msg, "start again") {
		t.Fatalf("message %q", msg)
	}
	if strings.Contains(err.Error(), code) {
		t.Fatal("the code is in the error text")
	}
}

func TestNotSignedIn(t *testing.T) {
	h := newHarness(t)
	if _, err := h.launch(h.settings(config.FlowClientCredentials)); !errors.Is(err, auth.ErrNotSignedIn) {
		t.Fatalf("got %v", err)
	}
}

func TestInsecureStorageFileIs0600AndSettingsHoldNoSecret(t *testing.T) {
	h := newHarness(t)
	dir := t.TempDir()
	paths := config.Paths{ConfigFile: filepath.Join(dir, "config", "config.toml"), StateDir: filepath.Join(dir, "state"), CacheDir: filepath.Join(dir, "cache")}
	store, _, err := config.OpenStore(ctx, config.StoreOptions{InsecureStorage: true, SecretsFile: paths.SecretsFile()})
	if err != nil {
		t.Fatal(err)
	}
	h.store = store
	s, _ := h.signInAuthorizationCode()
	s.InsecureStorage = true
	if err := config.Save(paths.ConfigFile, s); err != nil {
		t.Fatal(err)
	}
	info, err := os.Stat(paths.SecretsFile())
	if err != nil {
		t.Fatal(err)
	}
	if mode := info.Mode().Perm(); mode != 0o600 {
		t.Fatalf("secrets file mode %04o, want 0600", mode)
	}
	saved := h.saved(s)
	settingsText, err := os.ReadFile(paths.ConfigFile)
	if err != nil {
		t.Fatal(err)
	}
	for name, v := range map[string]string{"client secret": integSecret, "access token": saved.AccessToken, "refresh token": saved.RefreshToken} {
		if strings.Contains(string(settingsText), v) {
			t.Errorf("config.toml holds the %s", name)
		}
	}
	if !strings.Contains(string(settingsText), integID) {
		t.Error("config.toml lacks the client id (is it the right file?)")
	}
}
