package cli_test

import (
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
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
