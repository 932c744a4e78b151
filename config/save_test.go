package config

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

func sampleSettings() Settings {
	return Settings{
		BaseURL:      "https://sandbox.example.test/api/v3",
		ContactEmail: "anna@example.com",
		Account:      "anna_s",
		Flow:         FlowAuthorizationCode,
		ClientID:     "0123456789abcdef",
		RedirectURI:  "https://example.com/cb?x=\"1\"",
		Theme:        ThemeLight,
		Locale:       "sk",
		Refresh: Refresh{Lists: Dur(90 * time.Minute), MonitorFloor: Dur(45 * time.Second),
			WorkDays: "mon,wed-fri", WorkHours: "06:00-14:30"},
		MonitorQuotaShare: 12.5,
		LogLevel:          LogDebug,
		InsecureStorage:   true,
	}
}

func TestSaveThenLoadRoundTrips(t *testing.T) {
	for name, s := range map[string]Settings{"defaults": Defaults(), "sample": sampleSettings()} {
		t.Run(name, func(t *testing.T) {
			path := filepath.Join(t.TempDir(), "kasa", "config.toml")
			if err := Save(path, s); err != nil {
				t.Fatalf("Save: %v", err)
			}
			got, warnings, err := Load(path, nil, Overrides{})
			if err != nil {
				t.Fatalf("Load: %v", err)
			}
			if len(warnings) != 0 {
				t.Errorf("warnings after round trip: %v", warnings)
			}
			if diff := cmp.Diff(s, got); diff != "" {
				t.Errorf("round trip (-saved +loaded):\n%s", diff)
			}
		})
	}
}

func TestSaveModesAndNoTempFiles(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "a", "kasa")
	path := filepath.Join(dir, "config.toml")
	for range 2 { // the second save replaces the first
		if err := Save(path, sampleSettings()); err != nil {
			t.Fatalf("Save: %v", err)
		}
	}
	assertMode(t, path, 0o600)
	assertMode(t, dir, 0o700)
	assertMode(t, filepath.Join(root, "a"), 0o700)
	entries, err := os.ReadDir(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(entries) != 1 || entries[0].Name() != "config.toml" {
		var names []string
		for _, e := range entries {
			names = append(names, e.Name())
		}
		t.Errorf("directory holds %v, want only config.toml", names)
	}
}

func assertMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	info, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := info.Mode().Perm(); got != want {
		t.Errorf("%s mode = %04o, want %04o", path, got, want)
	}
}

func TestSaveCommentsEveryKey(t *testing.T) {
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := Save(path, Defaults()); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(data), "\n")
	var keys []string
	for i, l := range lines {
		if l == "" || strings.HasPrefix(l, "#") || strings.HasPrefix(l, "[") {
			continue
		}
		keys = append(keys, strings.TrimSpace(strings.SplitN(l, "=", 2)[0]))
		if i == 0 || !strings.HasPrefix(lines[i-1], "#") {
			t.Errorf("line %d %q has no comment above it", i+1, l)
		}
	}
	if diff := cmp.Diff(settingsKeys(), keys); diff != "" {
		t.Errorf("keys in the file (-fields +file):\n%s", diff)
	}
}

// settingsKeys lists the leaf TOML keys of Settings in field order, with
// the [refresh] table last as the file must have it.
func settingsKeys() []string {
	var top, table []string
	for f := range reflect.TypeFor[Settings]().Fields() {
		if f.Type == reflect.TypeFor[Refresh]() {
			for g := range f.Type.Fields() {
				table = append(table, g.Tag.Get("toml"))
			}
			continue
		}
		top = append(top, f.Tag.Get("toml"))
	}
	return append(top, table...)
}

func TestSaveRefusesInvalidSettings(t *testing.T) {
	s := Defaults()
	s.Theme = "blue"
	path := filepath.Join(t.TempDir(), "config.toml")
	err := Save(path, s)
	var se *SettingsError
	if !errors.As(err, &se) || se.Key != "theme" {
		t.Fatalf("Save err = %v, want SettingsError for theme", err)
	}
	if _, err := os.Stat(path); !errors.Is(err, os.ErrNotExist) {
		t.Error("invalid settings were written")
	}
}

func TestSaveIntoUnwritablePlaceFails(t *testing.T) {
	file := filepath.Join(t.TempDir(), "plain")
	if err := os.WriteFile(file, nil, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := Save(filepath.Join(file, "config.toml"), Defaults()); err == nil {
		t.Error("Save under a regular file: want error")
	}
}

func TestSettingsHaveNoSecretFields(t *testing.T) {
	var walk func(reflect.Type, string)
	walk = func(typ reflect.Type, prefix string) {
		for f := range typ.Fields() {
			name := strings.ToLower(prefix + f.Name + " " + f.Tag.Get("toml"))
			for _, bad := range []string{"secret", "token", "password"} {
				if strings.Contains(name, bad) {
					t.Errorf("Settings field %s looks secret (%q)", f.Name, bad)
				}
			}
			if f.Type.Kind() == reflect.Struct && f.Type.PkgPath() == typ.PkgPath() {
				walk(f.Type, f.Name+".")
			}
		}
	}
	walk(reflect.TypeFor[Settings](), "")
}

func TestSavedFileNeverHoldsEnvSecret(t *testing.T) {
	const secret = "S3cr3t-value-from-env"
	env := envMap(map[string]string{"KASA_CLIENT_SECRET": secret, "KASA_CLIENT_ID": "cid"})
	path := filepath.Join(t.TempDir(), "config.toml")
	s, _, err := Load(path, env, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if EnvClientSecret(env) != secret {
		t.Fatal("secret not available through EnvClientSecret")
	}
	if err := Save(path, s); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), secret) {
		t.Error("settings file contains the client secret")
	}
	if !strings.Contains(string(data), `client_id = "cid"`) {
		t.Error("settings file lacks the client id from the environment")
	}
}

func TestValidateComplete(t *testing.T) {
	s := Defaults()
	err := s.ValidateComplete()
	for _, key := range []string{"contact_email", "client_id"} {
		if err == nil || !strings.Contains(err.Error(), key) {
			t.Errorf("ValidateComplete() = %v, want %s named", err, key)
		}
	}
	s.ContactEmail, s.ClientID = "a@example.com", "id"
	if err := s.ValidateComplete(); err != nil {
		t.Errorf("complete client_credentials settings: %v", err)
	}
	s.Flow = FlowAuthorizationCode
	if err := s.ValidateComplete(); err == nil || !strings.Contains(err.Error(), "redirect_uri") {
		t.Errorf("authorization_code without redirect_uri: %v", err)
	}
	s.RedirectURI = "https://example.com/cb"
	if err := s.ValidateComplete(); err != nil {
		t.Errorf("complete authorization_code settings: %v", err)
	}
}

func TestSettingsHelpers(t *testing.T) {
	s := Defaults()
	s.ContactEmail = "a@example.com"
	if got := s.UserAgent(); got != "kasa (a@example.com)" {
		t.Errorf("UserAgent = %q", got)
	}
	if s.SlogLevel().String() != "INFO" {
		t.Errorf("SlogLevel = %v", s.SlogLevel())
	}
	s.LogLevel = LogDebug
	if s.SlogLevel().String() != "DEBUG" {
		t.Errorf("SlogLevel = %v", s.SlogLevel())
	}
	s.BaseURL, s.ClientID = "https://x.example/api/v3/", "id"
	if got := s.AccountKey(); got != "https://x.example/api/v3|id" {
		t.Errorf("AccountKey = %q", got)
	}
}

func TestDurationText(t *testing.T) {
	cases := map[time.Duration]string{
		5 * time.Minute: "5m", 30 * time.Second: "30s", 90 * time.Minute: "1h30m",
		2 * time.Hour: "2h", 90 * time.Second: "1m30s", 1500 * time.Millisecond: "1.5s",
	}
	for d, want := range cases {
		text, err := Dur(d).MarshalText()
		if err != nil || string(text) != want {
			t.Errorf("MarshalText(%v) = %q, %v; want %q", d, text, err, want)
		}
		var back Duration
		if err := back.UnmarshalText(text); err != nil || back.Duration != d {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", text, back.Duration, err, d)
		}
	}
	var bad Duration
	if err := bad.UnmarshalText([]byte("5 minutes")); err == nil {
		t.Error("UnmarshalText(\"5 minutes\"): want error")
	}
}

func TestTomlStringEscapes(t *testing.T) {
	got := tomlString("a\"b\\c\nd\te\x01")
	want := `"a\"b\\c\nd\te\u0001"`
	if got != want {
		t.Errorf("tomlString = %s, want %s", got, want)
	}
}
