package cli_test

import (
	"bytes"
	"context"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/cli"
)

// A newcomer's first commands (issue 28): --version prints what `kasa
// version` does; `kasa --demo status` describes the demo instead of
// saying "not signed in".
func TestNewcomersFirstCommands(t *testing.T) {
	env := map[string]string{"XDG_CONFIG_HOME": t.TempDir(), "XDG_STATE_HOME": t.TempDir(), "XDG_CACHE_HOME": t.TempDir(), "HOME": t.TempDir()}
	getenv := func(k string) string { return env[k] }
	run := func(args ...string) string {
		var out, errOut bytes.Buffer
		if err := cli.Run(context.Background(), "v1.2.3", args, strings.NewReader(""), &out, &errOut, getenv); err != nil {
			t.Fatalf("kasa %v: %v\n%s", args, err, errOut.String())
		}
		return out.String()
	}
	for _, args := range [][]string{{"version"}, {"--version"}} {
		if got := run(args...); got != "kasa v1.2.3\n" {
			t.Errorf("kasa %v = %q, want the version", args, got)
		}
	}
	got := run("--demo", "status")
	if !strings.Contains(got, "fresh living demo account") || strings.Contains(got, "Not signed in") {
		t.Errorf("kasa --demo status = %q, want a description of the demo", got)
	}
	if got := run("--demo", "--locale", "cs", "status"); !strings.Contains(got, "nový živý demo účet") {
		t.Errorf("kasa --demo --locale cs status = %q, want it in Czech", got)
	}
}
