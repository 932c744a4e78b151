package pagecache

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// A webhook's Authorization value never reaches the cache file, whether
// its page is saved or appended; the rest of the record is kept.
func TestWebhookAuthorizationIsNotCached(t *testing.T) {
	const secret = "Bearer s3cret-hook-token"
	dir := t.TempDir()
	s := Open(dir, 0)
	row := func(id int64) json.RawMessage {
		b, err := json.Marshal(apiclient.Webhook{ID: id, WebhookURL: "https://hooks.example/a", AuthHeader: secret, Active: true})
		if err != nil {
			t.Fatal(err)
		}
		return b
	}
	plain := json.RawMessage(`{"id":7,"name":"Acme","note":"\"auth_header\" in a text is just text"}`)
	at := time.Date(2026, 11, 26, 10, 0, 0, 0, time.UTC)
	if err := s.Save("acme", "webhooks", at, []json.RawMessage{row(1), plain}); err != nil {
		t.Fatal(err)
	}
	if err := s.Append("acme", "webhooks", []json.RawMessage{row(2)}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(filepath.Join(dir, "acme", "webhooks.page"))
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(b), "s3cret") {
		t.Fatalf("the cache file holds the webhook's Authorization value:\n%q", b)
	}
	p, err := s.Load("acme", "webhooks")
	if err != nil || p == nil || len(p.Rows) != 3 {
		t.Fatalf("load: %+v, %v", p, err)
	}
	if string(p.Rows[1]) != string(plain) {
		t.Errorf("a record without the field changed: %s", p.Rows[1])
	}
	hooks, bad := Decode[apiclient.Webhook]([]json.RawMessage{p.Rows[0], p.Rows[2]})
	if bad != 0 || hooks[0].ID != 1 || hooks[1].ID != 2 || hooks[0].WebhookURL != "https://hooks.example/a" || !hooks[0].Active || hooks[0].AuthHeader != "" {
		t.Errorf("cached webhooks %+v (%d bad), want them whole but the Authorization value", hooks, bad)
	}
}
