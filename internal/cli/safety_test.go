package cli_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/internal/cli"
)

// runEnv is the environment under which cli.Run finds the world's paths.
func (w *world) runEnv() func(string) string {
	dir := filepath.Dir(filepath.Dir(filepath.Dir(w.paths.ConfigFile)))
	env := map[string]string{"XDG_CONFIG_HOME": filepath.Join(dir, "config"), "XDG_STATE_HOME": filepath.Join(dir, "state"),
		"XDG_CACHE_HOME": filepath.Join(dir, "cachehome"), "HOME": dir}
	return func(k string) string { return env[k] }
}

// kasa export --format csv writes a subject named like a formula as text:
// a quote before it and the cell quoted.
func TestExportCommandEscapesFormulaCells(t *testing.T) {
	w := newWorld(t)
	w.loginClientCredentials()
	c, err := apiclient.New(w.baseURL(), apiclient.WithUserAgent("kasa-test", email), apiclient.WithAccount("testfirma"),
		apiclient.WithTransport(apiclient.StaticBearer(nil, w.srv.IssueToken(w.setup.Owner.ID, w.setup.Client.ID))))
	if err != nil {
		t.Fatal(err)
	}
	payloads := []string{`=HYPERLINK("http://evil.example","Open")`, `+cmd|' /C calc'!A0`, `@SUM(1+1)`, "-2+3"}
	for _, p := range payloads {
		if _, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(p)}); err != nil {
			t.Fatal(err)
		}
	}
	out := filepath.Join(t.TempDir(), "subjects.csv")
	var stderr strings.Builder
	if err := cli.Run(ctx, "test", []string{"--insecure-storage", "export", "subjects", "--format", "csv", "--output", out},
		strings.NewReader(""), io.Discard, &stderr, w.runEnv()); err != nil {
		t.Fatalf("export: %v\n%s", err, stderr.String())
	}
	b, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range payloads {
		if quoted := `"'` + strings.ReplaceAll(p, `"`, `""`) + `"`; !strings.Contains(string(b), quoted) {
			t.Errorf("%q is not escaped as %s in:\n%s", p, quoted, b)
		}
	}
}

// savedSignIn is the one sign-in in the secrets file.
func (w *world) savedSignIn() config.Secrets {
	w.t.Helper()
	var all map[string]config.Secrets
	if err := json.Unmarshal([]byte(w.savedSecrets()), &all); err != nil || len(all) != 1 {
		w.t.Fatalf("secrets file: %d sign-ins, %v", len(all), err)
	}
	for _, s := range all {
		return s
	}
	return config.Secrets{}
}

// tokenWorks reports whether the sandbox still takes an access token.
func (w *world) tokenWorks(access string) bool {
	w.t.Helper()
	req, _ := http.NewRequest(http.MethodGet, w.baseURL()+"/user.json", nil)
	req.Header.Set("Authorization", "Bearer "+access)
	req.Header.Set("User-Agent", "kasa-test ("+email+")")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// refreshWorks reports whether the sandbox still renews with a refresh token.
func (w *world) refreshWorks(id, secret, refresh string) bool {
	w.t.Helper()
	req, _ := http.NewRequest(http.MethodPost, w.baseURL()+"/oauth/token",
		strings.NewReader(url.Values{"grant_type": {"refresh_token"}, "refresh_token": {refresh}}.Encode()))
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("User-Agent", "kasa-test ("+email+")")
	req.SetBasicAuth(id, secret)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode == http.StatusOK
}

// When the service refuses the revoke, logout says what it answered, and
// the saved credentials are deleted all the same.
func TestLogoutSaysWhatTheServiceAnswered(t *testing.T) {
	w := newWorld(t)
	w.loginClientCredentials()
	// A secret the service no longer takes (rotated in its settings).
	b := strings.Replace(w.savedSecrets(), w.setup.Client.Secret, "rotated-secret-0000000000000000000000", 1)
	if err := os.WriteFile(w.paths.SecretsFile(), []byte(b), 0o600); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := cli.Logout(ctx, &out, w.paths, w.flags, w.getenv)
	if err == nil || !strings.Contains(err.Error(), "invalid_client") || !strings.Contains(err.Error(), "deleted anyway") {
		t.Fatalf("logout: %v\n%s", err, out.String())
	}
	if w.savedSecrets() != "" && strings.Contains(w.savedSecrets(), "access_token") {
		t.Error("the saved token outlived the refused revoke")
	}
}

// kasa --debug login is for that run: config.toml keeps the log level it
// had.
func TestDebugIsNeverSaved(t *testing.T) {
	w := newWorld(t)
	debug := true
	w.flags.Debug = &debug
	w.loginClientCredentials()
	settings := w.settingsText()
	if strings.Contains(settings, `log_level = "debug"`) || !strings.Contains(settings, `log_level = "info"`) {
		t.Errorf("config.toml after kasa --debug login:\n%s", settings)
	}
}

// The sign-in form refuses a plain http address of another host at once,
// says why, and takes the next answer.
func TestLoginRefusesPlainHTTPElsewhere(t *testing.T) {
	w := newWorld(t)
	var out bytes.Buffer
	in := lines("1", "http://app.fakturoid.cz/api/v3", w.baseURL(), w.setup.Client.ID, w.setup.Client.Secret, email)
	if err := cli.Login(ctx, cli.LoginIO{In: in, Out: &out, Accessible: true}, w.paths, w.flags, w.getenv); err != nil {
		t.Fatalf("login: %v\n%s", err, out.String())
	}
	if !strings.Contains(out.String(), "use https: plain http would send the client secret and the token unencrypted") {
		t.Errorf("the form did not say why:\n%s", out.String())
	}
	if !strings.Contains(w.settingsText(), `base_url = "`+w.baseURL()+`"`) {
		t.Errorf("config.toml:\n%s", w.settingsText())
	}
}
