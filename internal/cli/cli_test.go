package cli_test

import (
	"bytes"
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/cli"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/sandbox"
)

const (
	integID     = "integ0000000000000000000000000000000077"
	integSecret = "integ-secret-00000000000000000000000077"
	callback    = "https://example.com/callback"
	email       = "ucetni@example.com"
)

var ctx = context.Background()

// world is a sandbox, kasa's paths in a temporary directory, and flags that
// keep secrets in the file store (never the test machine's keyring).
type world struct {
	t     *testing.T
	srv   *sandbox.Server
	setup sandbox.TestSetup
	ts    *httptest.Server
	paths config.Paths
	flags config.Overrides
	env   map[string]string
}

func newWorld(t *testing.T) *world {
	t.Helper()
	srv, setup := sandbox.NewWithAccount(sandbox.Options{Seed: 3}, "testfirma", sandbox.PlanUnlimited)
	srv.AddClient(&sandbox.OAuthClient{ID: integID, Secret: integSecret, UserID: setup.Owner.ID, RedirectURI: callback, Integration: true})
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	dir := t.TempDir()
	insecure := true
	return &world{
		t: t, srv: srv, setup: setup, ts: ts,
		paths: config.Paths{ConfigFile: filepath.Join(dir, "config", "kasa", "config.toml"), StateDir: filepath.Join(dir, "state", "kasa"), CacheDir: filepath.Join(dir, "cache")},
		flags: config.Overrides{InsecureStorage: &insecure},
		env:   map[string]string{},
	}
}

func (w *world) baseURL() string { return w.ts.URL + "/api/v3" }

func (w *world) getenv(k string) string { return w.env[k] }

// settingsText is config.toml as saved.
func (w *world) settingsText() string {
	w.t.Helper()
	b, err := os.ReadFile(w.paths.ConfigFile)
	if err != nil {
		w.t.Fatalf("read settings: %v", err)
	}
	return string(b)
}

// savedSecrets is the secrets file's text ("" when there is none).
func (w *world) savedSecrets() string {
	b, err := os.ReadFile(w.paths.SecretsFile())
	if err != nil {
		return ""
	}
	return string(b)
}

func (w *world) status() string {
	w.t.Helper()
	var out bytes.Buffer
	if err := cli.Status(ctx, &out, w.paths, w.flags, w.getenv); err != nil {
		w.t.Fatalf("status: %v\n%s", err, out.String())
	}
	return out.String()
}

func lines(ls ...string) io.Reader { return strings.NewReader(strings.Join(ls, "\n") + "\n") }

// loginClientCredentials signs in through the line-based form.
func (w *world) loginClientCredentials() string {
	w.t.Helper()
	var out bytes.Buffer
	in := lines(
		"1",         // flow: client credentials
		w.baseURL(), // API address
		w.setup.Client.ID,
		w.setup.Client.Secret,
		email,
	)
	err := cli.Login(ctx, cli.LoginIO{In: in, Out: &out, Accessible: true}, w.paths, w.flags, w.getenv)
	if err != nil {
		w.t.Fatalf("login: %v\n%s", err, out.String())
	}
	return out.String()
}

func TestLoginClientCredentialsWithScriptedInput(t *testing.T) {
	w := newWorld(t)
	out := w.loginClientCredentials()
	for _, want := range []string{"Signed in as " + w.setup.Owner.FullName, "testfirma", "default", w.paths.SecretsFile()} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, w.setup.Client.Secret) {
		t.Error("the secret was echoed")
	}
	settings := w.settingsText()
	for _, want := range []string{`base_url = "` + w.baseURL() + `"`, `client_id = "` + w.setup.Client.ID + `"`, `account = "testfirma"`, `contact_email = "` + email + `"`, `flow = "client_credentials"`} {
		if !strings.Contains(settings, want) {
			t.Errorf("config.toml lacks %s:\n%s", want, settings)
		}
	}
	if strings.Contains(settings, w.setup.Client.Secret) {
		t.Fatal("config.toml holds the client secret")
	}
	secrets := w.savedSecrets()
	if !strings.Contains(secrets, w.setup.Client.Secret) || !strings.Contains(secrets, "access_token") {
		t.Fatalf("secrets file lacks the secret or the token")
	}
	info, err := os.Stat(w.paths.SecretsFile())
	if err != nil || info.Mode().Perm() != 0o600 {
		t.Fatalf("secrets file: %v %v", info.Mode(), err)
	}
}

func TestLoginDefaultsComeFromSettings(t *testing.T) {
	w := newWorld(t)
	w.loginClientCredentials()
	// A second sign-in takes every default with Enter, but the secret.
	var out bytes.Buffer
	err := cli.Login(ctx, cli.LoginIO{In: lines("", "", "", w.setup.Client.Secret, ""), Out: &out, Accessible: true}, w.paths, w.flags, w.getenv)
	if err != nil {
		t.Fatalf("login with defaults: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "["+w.baseURL()+"]") {
		t.Errorf("the prompt does not show the saved address as default:\n%s", out.String())
	}
	if !strings.Contains(w.settingsText(), `client_id = "`+w.setup.Client.ID+`"`) {
		t.Fatal("defaults were not kept")
	}
}

func TestLoginWrongSecretSaysSoAndSavesNothing(t *testing.T) {
	w := newWorld(t)
	var out bytes.Buffer
	err := cli.Login(ctx, cli.LoginIO{In: lines("1", w.baseURL(), w.setup.Client.ID, "wrong-secret-xyz", email), Out: &out, Accessible: true}, w.paths, w.flags, w.getenv)
	if err == nil || !strings.Contains(err.Error(), "The client ID or secret was refused (invalid_client)") {
		t.Fatalf("got %v", err)
	}
	if strings.Contains(err.Error(), "wrong-secret-xyz") || strings.Contains(out.String(), "wrong-secret-xyz") {
		t.Fatal("the secret shows")
	}
	if _, err := os.Stat(w.paths.ConfigFile); err == nil {
		t.Fatal("settings were saved after a failed sign-in")
	}
}

func TestLoginAuthorizationCodePicksAnAccount(t *testing.T) {
	w := newWorld(t)
	// A second account for the same user.
	second := sandbox.NewAccount("zweitfirma", sandbox.DefaultAccountInfo("zweitfirma", "Druhá s.r.o.", sandbox.PlanFree), sandbox.PlanFree.Limits)
	w.srv.AddAccount(second)
	w.srv.Do(func() { w.setup.Owner.Grants["zweitfirma"] = sandbox.Grant{Permission: "owner"} })
	choice := accountNumber(t, w, "zweitfirma")

	pr, pw := io.Pipe()
	defer pw.Close()
	go func() {
		_, _ = io.WriteString(pw, strings.Join([]string{"2", w.baseURL(), integID, integSecret, email, callback}, "\n")+"\n")
	}()
	var opened string
	browser := func(_ context.Context, consentURL string) error {
		opened = consentURL
		redirected := approve(t, consentURL)
		go func() { _, _ = io.WriteString(pw, redirected+"\n"+choice+"\n") }()
		return nil
	}
	var out bytes.Buffer
	err := cli.Login(ctx, cli.LoginIO{In: pr, Out: &out, Accessible: true, OpenBrowser: browser}, w.paths, w.flags, w.getenv)
	if err != nil {
		t.Fatalf("login: %v\n%s", err, out.String())
	}
	if opened == "" || !strings.Contains(out.String(), opened) {
		t.Fatalf("the consent page was not both opened and printed:\n%s", out.String())
	}
	settings := w.settingsText()
	for _, want := range []string{`flow = "authorization_code"`, `account = "zweitfirma"`, `redirect_uri = "` + callback + `"`} {
		if !strings.Contains(settings, want) {
			t.Errorf("config.toml lacks %s", want)
		}
	}
	if !strings.Contains(w.savedSecrets(), "refresh_token") {
		t.Fatal("no refresh token saved")
	}

	// Logout revokes at the service: neither token works afterwards.
	signIn := w.savedSignIn()
	if !w.tokenWorks(signIn.AccessToken) || !w.refreshWorks(integID, integSecret, signIn.RefreshToken) {
		t.Fatal("the saved tokens do not work before logout")
	}
	out.Reset()
	if err := cli.Logout(ctx, &out, w.paths, w.flags, w.getenv); err != nil {
		t.Fatalf("logout: %v", err)
	}
	if w.tokenWorks(signIn.AccessToken) || w.refreshWorks(integID, integSecret, signIn.RefreshToken) {
		t.Error("a token still works at the service after logout")
	}
	if !strings.Contains(out.String(), "Revoked kasa's access") {
		t.Fatalf("logout said:\n%s", out.String())
	}
	if w.savedSecrets() != "" {
		t.Fatal("secrets remain after logout")
	}
}

func TestLoginPastedAddressWithWrongStateIsRefused(t *testing.T) {
	w := newWorld(t)
	pr, pw := io.Pipe()
	defer pw.Close()
	go func() {
		_, _ = io.WriteString(pw, strings.Join([]string{"2", w.baseURL(), integID, integSecret, email, callback}, "\n")+"\n")
	}()
	browser := func(_ context.Context, consentURL string) error {
		redirected := approve(t, consentURL)
		forged := strings.Replace(redirected, "state=", "state=x", 1)
		go func() { _, _ = io.WriteString(pw, forged+"\n") }()
		return nil
	}
	var out bytes.Buffer
	err := cli.Login(ctx, cli.LoginIO{In: pr, Out: &out, Accessible: true, OpenBrowser: browser}, w.paths, w.flags, w.getenv)
	if err == nil || !strings.Contains(err.Error(), "state does not match") {
		t.Fatalf("got %v", err)
	}
}

// approve plays the browser on the consent page and returns where it lands.
func approve(t *testing.T, consentURL string) string {
	req, err := http.NewRequest("GET", consentURL+"&approve=1", nil)
	if err != nil {
		t.Error(err)
		return ""
	}
	req.Header.Set("User-Agent", "browser")
	c := &http.Client{CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
	resp, err := c.Do(req)
	if err != nil {
		t.Error(err)
		return ""
	}
	resp.Body.Close()
	return resp.Header.Get("Location")
}

// accountNumber is the 1-based position of slug in /user.json's accounts,
// which is the order the account question lists them in.
func accountNumber(t *testing.T, w *world, slug string) string {
	t.Helper()
	c, err := apiclient.New(w.baseURL(), apiclient.WithUserAgent("test", "t@example.com"),
		apiclient.WithTransport(apiclient.StaticBearer(nil, w.srv.IssueToken(w.setup.Owner.ID, w.setup.Client.ID))))
	if err != nil {
		t.Fatal(err)
	}
	u, _, err := c.Users.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	for i, a := range u.Accounts {
		if a.Slug == slug {
			return string(rune('1' + i))
		}
	}
	t.Fatalf("%s not among the accounts", slug)
	return ""
}

func TestLoginNonInteractive(t *testing.T) {
	w := newWorld(t)
	w.env = map[string]string{
		"KASA_BASE_URL":      w.baseURL(),
		"KASA_CLIENT_ID":     w.setup.Client.ID,
		"KASA_CLIENT_SECRET": w.setup.Client.Secret,
		"KASA_CONTACT_EMAIL": email,
	}
	var out bytes.Buffer
	// No input at all: any prompt would fail.
	err := cli.Login(ctx, cli.LoginIO{In: strings.NewReader(""), Out: &out, NonInteractive: true}, w.paths, w.flags, w.getenv)
	if err != nil {
		t.Fatalf("login: %v\n%s", err, out.String())
	}
	if !strings.Contains(w.settingsText(), `account = "testfirma"`) || !strings.Contains(w.savedSecrets(), "access_token") {
		t.Fatal("sign-in not saved")
	}
	if strings.Contains(w.settingsText(), w.setup.Client.Secret) {
		t.Fatal("config.toml holds the secret")
	}
}

func TestLoginNonInteractiveNeedsTheEnvironment(t *testing.T) {
	w := newWorld(t)
	w.env = map[string]string{"KASA_CLIENT_ID": w.setup.Client.ID}
	err := cli.Login(ctx, cli.LoginIO{Out: io.Discard, NonInteractive: true}, w.paths, w.flags, w.getenv)
	if err == nil || !strings.Contains(err.Error(), "KASA_CLIENT_SECRET") || !strings.Contains(err.Error(), "KASA_CONTACT_EMAIL") || strings.Contains(err.Error(), "KASA_CLIENT_ID,") {
		t.Fatalf("got %v", err)
	}
	w.env = map[string]string{"KASA_CLIENT_ID": integID, "KASA_CLIENT_SECRET": integSecret, "KASA_CONTACT_EMAIL": email, "KASA_FLOW": "authorization_code"}
	err = cli.Login(ctx, cli.LoginIO{Out: io.Discard, NonInteractive: true}, w.paths, w.flags, w.getenv)
	if err == nil || !strings.Contains(err.Error(), "client_credentials") {
		t.Fatalf("authorization_code without prompts: %v", err)
	}
}

func TestStatusWhenSignedIn(t *testing.T) {
	w := newWorld(t)
	w.loginClientCredentials()
	out := w.status()
	for _, want := range []string{
		"Signed in:", w.setup.Owner.FullName, w.setup.Owner.Email,
		"Account:", "testfirma",
		"Secrets:", w.paths.SecretsFile(),
		"API quota:", "of 20000 requests used this month",
		"Rate limit:", "of 400 requests left",
		"client_credentials",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("status lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, w.setup.Client.Secret) {
		t.Fatal("status shows the secret")
	}
}

func TestStatusWhenNotSignedIn(t *testing.T) {
	w := newWorld(t)
	out := w.status()
	if !strings.Contains(out, "Not signed in") || !strings.Contains(out, "kasa login") {
		t.Fatalf("status said:\n%s", out)
	}
}

// With the locale Czech (here from LANG) the commands speak Czech: the
// status's labels and sentences, and the not-signed-in hint.
func TestStatusInCzech(t *testing.T) {
	w := newWorld(t)
	w.env = map[string]string{"LANG": "cs_CZ.UTF-8"}
	if out := w.status(); !strings.Contains(out, "Nejste přihlášeni.") {
		t.Errorf("status not signed in, in Czech:\n%s", out)
	}
	w.loginClientCredentials()
	w.env["LANG"] = "cs_CZ.UTF-8"
	out := w.status()
	for _, want := range []string{"Přihlášen:", "Účet:", "Kvóta API:", "z 20000 požadavků tento měsíc"} {
		if !strings.Contains(out, want) {
			t.Errorf("the Czech status lacks %q:\n%s", want, out)
		}
	}
}

func TestLogoutClientCredentials(t *testing.T) {
	w := newWorld(t)
	w.loginClientCredentials()
	cached := filepath.Join(w.paths.CacheDir, "pages", "acme", "invoices.page")
	if err := os.MkdirAll(filepath.Dir(cached), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(cached, []byte("kasa-page-1\n"), 0o600); err != nil {
		t.Fatal(err)
	}
	copyPath := store.Path(w.paths.CacheDir, "acme")
	st, err := store.Open(ctx, copyPath)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.SetValue(ctx, "user", []byte("{}")); err != nil {
		t.Fatal(err)
	}
	st.Close()
	access := w.savedSignIn().AccessToken
	if !w.tokenWorks(access) {
		t.Fatal("the saved token does not work before logout")
	}
	var out bytes.Buffer
	if err := cli.Logout(ctx, &out, w.paths, w.flags, w.getenv); err != nil {
		t.Fatalf("logout: %v", err)
	}
	if w.tokenWorks(access) {
		t.Error("the access token still works at the service after logout")
	}
	if _, err := os.Stat(w.paths.CacheDir); !os.IsNotExist(err) || !strings.Contains(out.String(), "Deleted the local copies of the accounts") {
		t.Fatalf("the cache outlived the logout (%v):\n%s", err, out.String())
	}
	for _, suffix := range []string{"", "-wal", "-shm"} {
		if _, err := os.Stat(copyPath + suffix); !os.IsNotExist(err) {
			t.Errorf("the account's local copy%s outlived the logout (%v)", suffix, err)
		}
	}
	if !strings.Contains(out.String(), "Revoked kasa's access") {
		t.Fatalf("logout said:\n%s", out.String())
	}
	if w.savedSecrets() != "" {
		t.Fatal("secrets remain")
	}
	if !strings.Contains(w.status(), "Not signed in") {
		t.Fatal("status after logout does not say not signed in")
	}
	// Logging out again is harmless and says so.
	out.Reset()
	if err := cli.Logout(ctx, &out, w.paths, w.flags, w.getenv); err != nil || !strings.Contains(out.String(), "nothing to sign out of") {
		t.Fatalf("second logout: %v %s", err, out.String())
	}
}

func TestLoginWithOtherCredentialsForgetsThePreviousOnes(t *testing.T) {
	w := newWorld(t)
	w.loginClientCredentials()
	other := &sandbox.OAuthClient{ID: "other0000000000000000000000000000000001", Secret: "other-secret-000000000000000000000001", UserID: w.setup.Owner.ID}
	w.srv.AddClient(other)
	var out bytes.Buffer
	err := cli.Login(ctx, cli.LoginIO{In: lines("1", "", other.ID, other.Secret, ""), Out: &out, Accessible: true}, w.paths, w.flags, w.getenv)
	if err != nil {
		t.Fatalf("second login: %v\n%s", err, out.String())
	}
	secrets := w.savedSecrets()
	if strings.Contains(secrets, w.setup.Client.Secret) || !strings.Contains(secrets, other.Secret) {
		t.Fatal("the previous credentials were kept, or the new ones not saved")
	}
	if !strings.Contains(out.String(), "Signed out of the previous sign-in") {
		t.Fatalf("output:\n%s", out.String())
	}
}
