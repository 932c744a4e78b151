package config

import (
	"errors"
	"path/filepath"
	"strings"
	"testing"
)

// A base_url of plain http to a host that is not this machine is refused
// wherever it is set, and the message says why; loopback is fine (the
// sandbox runs there).
func TestPlainHTTPBaseURLIsRefusedUnlessLoopback(t *testing.T) {
	const why = "must use https: plain http would send the client secret and the access token unencrypted"
	path := writeConfig(t, "\nbase_url = \"http://app.fakturoid.cz/api/v3\"\n")
	_, _, err := Load(path, nil, Overrides{})
	var se *SettingsError
	if !errors.As(err, &se) || se.Key != "base_url" || se.Line != 2 || !strings.Contains(err.Error(), why) {
		t.Errorf("file: %v", err)
	}
	none := filepath.Join(t.TempDir(), "none.toml")
	_, _, err = Load(none, envMap(map[string]string{"KASA_BASE_URL": "http://192.168.1.5/api/v3"}), Overrides{})
	if err == nil || !strings.HasPrefix(err.Error(), "environment: KASA_BASE_URL") || !strings.Contains(err.Error(), why) {
		t.Errorf("environment: %v", err)
	}
	_, _, err = Load(none, nil, Overrides{BaseURL: ptr("http://127.evil.example/api/v3")})
	if err == nil || !strings.HasPrefix(err.Error(), "command line: --base-url") || !strings.Contains(err.Error(), why) {
		t.Errorf("command line: %v", err)
	}
	for _, ok := range []string{"http://127.0.0.1:8080/api/v3", "http://localhost:8080/api/v3", "http://[::1]:8080/api/v3", "https://app.fakturoid.cz/api/v3"} {
		if _, _, err := Load(none, nil, Overrides{BaseURL: ptr(ok)}); err != nil {
			t.Errorf("%s: %v", ok, err)
		}
	}
}
