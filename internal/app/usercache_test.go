package app

import (
	"context"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// A start that reaches the service keeps who signed in; a start that
// cannot reach it opens on that (the cached pages then show), and one with
// nothing kept fails as before. An answer of the service (a 401) is never
// taken for an unreachable service. The file holds no token.
func TestSessionStartsWithoutTheService(t *testing.T) {
	env := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC)})
	token := env.Server.IssueToken(env.Setup.Owner.ID, env.Setup.Client.ID)
	dir := t.TempDir()
	up := newSession()
	up.cacheDir = dir
	up.client.Store(env.ClientWith(t, token))
	if err := up.loadUser(context.Background()); err != nil {
		t.Fatal(err)
	}
	if b, _ := os.ReadFile(userCachePath(dir)); strings.Contains(string(b), token) || !strings.Contains(string(b), up.user) {
		t.Fatalf("the kept user: %s", b)
	}

	down, err := apiclient.New("http://127.0.0.1:1/api/v3", apiclient.WithAccount("testfirma"),
		apiclient.WithUserAgent("kasa-test", "test@example.com"), apiclient.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	off := newSession()
	off.cacheDir = dir
	off.client.Store(down)
	if err := off.loadUser(context.Background()); err != nil || off.user != up.user || len(off.accounts) != len(up.accounts) {
		t.Fatalf("offline start: %v, user %q, accounts %v", err, off.user, off.accounts)
	}

	never := newSession()
	never.cacheDir = t.TempDir()
	never.client.Store(down)
	if err := never.loadUser(context.Background()); err == nil {
		t.Error("an offline start with nothing kept succeeded")
	}
	revoked := newSession()
	revoked.cacheDir = dir
	revoked.client.Store(env.ClientWith(t, "not-a-token"))
	if err := revoked.loadUser(context.Background()); err == nil {
		t.Error("a 401 was taken for an unreachable service")
	}
}
