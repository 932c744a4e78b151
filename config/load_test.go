package config

import (
	"errors"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// envMap turns a map into a getenv func.
func envMap(m map[string]string) func(string) string {
	return func(k string) string { return m[k] }
}

func ptr[T any](v T) *T { return &v }

func writeConfig(t *testing.T, text string) string {
	t.Helper()
	path := filepath.Join(t.TempDir(), "config.toml")
	if err := os.WriteFile(path, []byte(text), 0o600); err != nil {
		t.Fatal(err)
	}
	return path
}

func TestLoadMissingFileGivesDefaults(t *testing.T) {
	s, warnings, err := Load(filepath.Join(t.TempDir(), "nope", "config.toml"), nil, Overrides{})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings = %v, want none", warnings)
	}
	if diff := cmp.Diff(Defaults(), s); diff != "" {
		t.Errorf("settings differ from defaults (-want +got):\n%s", diff)
	}
	if s.BaseURL != "https://app.fakturoid.cz/api/v3" || s.Flow != FlowClientCredentials || s.Theme != ThemeAuto ||
		s.Refresh.Lists.Duration != 5*time.Minute || s.Refresh.MonitorFloor.Duration != 30*time.Second ||
		s.Refresh.WorkDays != "mon-fri" || s.Refresh.WorkHours != "07:00-19:00" ||
		s.MonitorQuotaShare != 75 || s.LogLevel != LogInfo || s.InsecureStorage {
		t.Errorf("defaults are not the documented ones: %+v", s)
	}
}

func TestLoadReadsEveryKey(t *testing.T) {
	path := writeConfig(t, `
base_url = "https://sandbox.example.test/api/v3"
contact_email = "anna@example.com"
account = "anna-s"
flow = "authorization_code"
client_id = "abc123"
redirect_uri = "https://example.com/callback"
theme = "dark"
locale = "cs"
monitor_quota_share = 40.5
log_level = "debug"
start_section = "invoices"
insecure_storage = true

[refresh]
lists = "2m"
monitor_floor = "1m30s"
work_days = "mon-thu,sat"
work_hours = "08:30-16:00"
`)
	got, warnings, err := Load(path, nil, Overrides{})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if len(warnings) != 0 {
		t.Errorf("warnings = %v", warnings)
	}
	want := Settings{
		BaseURL:      "https://sandbox.example.test/api/v3",
		ContactEmail: "anna@example.com",
		Account:      "anna-s",
		Flow:         FlowAuthorizationCode,
		ClientID:     "abc123",
		RedirectURI:  "https://example.com/callback",
		Theme:        ThemeDark,
		Locale:       "cs",
		Refresh: Refresh{Lists: Dur(2 * time.Minute), MonitorFloor: Dur(90 * time.Second),
			WorkDays: "mon-thu,sat", WorkHours: "08:30-16:00"},
		MonitorQuotaShare: 40.5,
		LogLevel:          LogDebug,
		StartSection:      "invoices",
		InsecureStorage:   true,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Load (-want +got):\n%s", diff)
	}
}

func TestLoadIntegerQuotaShare(t *testing.T) {
	got, _, err := Load(writeConfig(t, "monitor_quota_share = 10\n"), nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if got.MonitorQuotaShare != 10 {
		t.Errorf("share = %v, want 10", got.MonitorQuotaShare)
	}
}

func TestLoadPrecedenceDefaultsFileEnvFlags(t *testing.T) {
	path := writeConfig(t, `
account = "from-file"
theme = "light"
client_id = "file-id"
contact_email = "file@example.com"
`)
	env := envMap(map[string]string{
		"KASA_ACCOUNT":          "from-env",
		"KASA_THEME":            "dark",
		"KASA_BASE_URL":         "http://127.0.0.1:9999/api/v3",
		"KASA_FLOW":             "authorization_code",
		"KASA_INSECURE_STORAGE": "1",
	})
	flags := Overrides{Account: ptr("from-flag"), Debug: ptr(true), InsecureStorage: ptr(false)}
	got, _, err := Load(path, env, flags)
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	checks := []struct{ name, got, want string }{
		{"account (flag beats env and file)", got.Account, "from-flag"},
		{"theme (env beats file)", string(got.Theme), "dark"},
		{"client_id (file beats default)", got.ClientID, "file-id"},
		{"contact_email (file)", got.ContactEmail, "file@example.com"},
		{"base_url (env beats default)", got.BaseURL, "http://127.0.0.1:9999/api/v3"},
		{"flow (env)", string(got.Flow), "authorization_code"},
		{"log_level (--debug)", string(got.LogLevel), "debug"},
		{"monitor_quota_share (default)", formatFloat(got.MonitorQuotaShare), "75"},
	}
	for _, c := range checks {
		if c.got != c.want {
			t.Errorf("%s = %q, want %q", c.name, c.got, c.want)
		}
	}
	if got.InsecureStorage {
		t.Error("insecure_storage: flag false should beat env true")
	}
}

func TestLoadEveryFlagApplies(t *testing.T) {
	flags := Overrides{
		BaseURL:         ptr("https://f.example/api/v3"),
		Account:         ptr("acct"),
		ContactEmail:    ptr("f@example.com"),
		ClientID:        ptr("fid"),
		Flow:            ptr("authorization_code"),
		Theme:           ptr("light"),
		InsecureStorage: ptr(true),
		Debug:           ptr(false),
	}
	got, _, err := Load(filepath.Join(t.TempDir(), "none.toml"), nil, flags)
	if err != nil {
		t.Fatal(err)
	}
	want := Defaults()
	want.BaseURL, want.Account, want.ContactEmail, want.ClientID = "https://f.example/api/v3", "acct", "f@example.com", "fid"
	want.Flow, want.Theme, want.InsecureStorage = FlowAuthorizationCode, ThemeLight, true
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestLoadEveryEnvApplies(t *testing.T) {
	env := envMap(map[string]string{
		"KASA_BASE_URL":      "https://e.example/api/v3",
		"KASA_CONTACT_EMAIL": "e@example.com",
		"KASA_ACCOUNT":       "eacct",
		"KASA_FLOW":          "authorization_code",
		"KASA_CLIENT_ID":     "eid",
		"KASA_THEME":         "dark",
	})
	got, _, err := Load(filepath.Join(t.TempDir(), "none.toml"), env, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	want := Defaults()
	want.BaseURL, want.ContactEmail, want.Account, want.ClientID = "https://e.example/api/v3", "e@example.com", "eacct", "eid"
	want.Flow, want.Theme = FlowAuthorizationCode, ThemeDark
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("(-want +got):\n%s", diff)
	}
}

func TestLoadSyntaxErrorNamesFileAndLine(t *testing.T) {
	path := writeConfig(t, "theme = \"dark\"\naccount = \n")
	_, _, err := Load(path, nil, Overrides{})
	var se *SettingsError
	if !errors.As(err, &se) {
		t.Fatalf("err = %v, want *SettingsError", err)
	}
	if se.File != path || se.Line != 2 {
		t.Errorf("File, Line = %q, %d; want %q, 2", se.File, se.Line, path)
	}
	if !strings.HasPrefix(err.Error(), path+":2: ") {
		t.Errorf("error %q does not start with file:line", err)
	}
}

func TestLoadBadValuesNameFileLineKeyAndRule(t *testing.T) {
	tests := []struct {
		name, text string
		line       int
		key        string
		msg        string // expected after "file:line: "
	}{
		{"theme", "# c\n\n\n\n\n\ntheme = \"blue\"\n", 7, "theme", `theme = "blue": must be one of auto, dark, light`},
		{"locale", "locale = \"de\"\n", 1, "locale", `locale = "de": must be one of auto, cs, sk, en`},
		{"flow", "flow = \"password\"\n", 1, "flow", `flow = "password": must be one of client_credentials, authorization_code`},
		{"log level", "\nlog_level = \"trace\"\n", 2, "log_level", `log_level = "trace": must be one of info, debug`},
		{"base url scheme", "base_url = \"ftp://x.example/api\"\n", 1, "base_url", `base_url = "ftp://x.example/api": must be an http or https URL`},
		{"base url not url", "base_url = \"app.fakturoid.cz\"\n", 1, "base_url", `must be an http or https URL`},
		{"email", "contact_email = \"not-an-email\"\n", 1, "contact_email", `contact_email = "not-an-email": must be a plain e-mail address`},
		{"email with name", "contact_email = \"Anna <a@example.com>\"\n", 1, "contact_email", `must be a plain e-mail address`},
		{"share high", "monitor_quota_share = 150\n", 1, "monitor_quota_share", `monitor_quota_share = 150: must be a number from 1 to 100`},
		{"share low", "monitor_quota_share = 0.5\n", 1, "monitor_quota_share", `monitor_quota_share = 0.5: must be a number from 1 to 100`},
		{"share type", "monitor_quota_share = \"lots\"\n", 1, "monitor_quota_share", `monitor_quota_share = "lots": must be a number from 1 to 100 (a number, not a string)`},
		{"duration", "[refresh]\nlists = \"soon\"\n", 2, "refresh.lists", `refresh.lists = "soon": must be a duration of at least 1s, such as "5m"`},
		{"duration int", "[refresh]\nmonitor_floor = 30\n", 2, "refresh.monitor_floor", `refresh.monitor_floor = 30: must be a duration of at least 1s, such as "30s" (a string, not an integer)`},
		{"duration too short", "refresh.monitor_floor = \"10ms\"\n", 1, "refresh.monitor_floor", `refresh.monitor_floor = "10ms": must be a duration of at least 1s`},
		{"refresh not table", "refresh = 5\n", 1, "refresh", `refresh = 5: must be a [refresh] table`},
		{"theme type", "theme = 3\n", 1, "theme", `theme = 3: must be one of auto, dark, light (a string, not an integer)`},
		{"bool type", "insecure_storage = \"yes\"\n", 1, "insecure_storage", `insecure_storage = "yes": must be true or false (a boolean, not a string)`},
		{"account", "account = \"my firm/x\"\n", 1, "account", `account = "my firm/x": must be an account slug`},
		{"client id", "client_id = \"a b\"\n", 1, "client_id", `client_id = "a b": must not contain spaces`},
		{"redirect", "redirect_uri = \"example.com/cb\"\n", 1, "redirect_uri", `must be an http or https URL`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			path := writeConfig(t, tt.text)
			_, _, err := Load(path, nil, Overrides{})
			var se *SettingsError
			if !errors.As(err, &se) {
				t.Fatalf("err = %v, want *SettingsError", err)
			}
			if se.File != path || se.Line != tt.line || se.Key != tt.key {
				t.Errorf("File, Line, Key = %q, %d, %q; want %q, %d, %q", se.File, se.Line, se.Key, path, tt.line, tt.key)
			}
			prefix := path + ":" + itoa(tt.line) + ": "
			if !strings.HasPrefix(err.Error(), prefix) || !strings.Contains(err.Error(), tt.msg) {
				t.Errorf("error = %q\nwant prefix %q containing %q", err, prefix, tt.msg)
			}
		})
	}
}

func itoa(i int) string { return formatFloat(float64(i)) }

func TestLoadReportsAllBadKeys(t *testing.T) {
	path := writeConfig(t, "theme = \"blue\"\nflow = \"x\"\n")
	_, _, err := Load(path, nil, Overrides{})
	if err == nil {
		t.Fatal("want error")
	}
	msg := err.Error()
	ti, fi := strings.Index(msg, ":1: theme"), strings.Index(msg, ":2: flow")
	if ti < 0 || fi < 0 || ti > fi {
		t.Errorf("err = %q, want theme (line 1) then flow (line 2)", msg)
	}
}

func TestLoadUnknownKeysAreWarnings(t *testing.T) {
	path := writeConfig(t, `theme = "dark"
foo = 1

[refresh]
lists = "1m"
sometimes = "x"

[colors]
accent = "red"
muted = "grey"
`)
	s, warnings, err := Load(path, nil, Overrides{})
	if err != nil {
		t.Fatalf("Load: %v", err)
	}
	if s.Theme != ThemeDark || s.Refresh.Lists.Duration != time.Minute {
		t.Errorf("known keys not applied: %+v", s)
	}
	var got []string
	for _, w := range warnings {
		got = append(got, w.String())
	}
	want := []string{
		path + `:2: unknown key "foo" ignored`,
		path + `:6: unknown key "refresh.sometimes" ignored`,
		path + `:8: unknown key "colors" ignored`,
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("warnings (-want +got):\n%s", diff)
	}
}

func TestLoadHintsAtTopLevelKeyUnderRefresh(t *testing.T) {
	path := writeConfig(t, "[refresh]\nlists = \"1m\"\nlog_level = \"debug\"\n")
	s, warnings, err := Load(path, nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if s.LogLevel != LogInfo {
		t.Errorf("log_level under [refresh] was applied: %q", s.LogLevel)
	}
	if len(warnings) != 1 || warnings[0].Line != 3 || !strings.Contains(warnings[0].Message, "put it above [refresh]") {
		t.Errorf("warnings = %v, want a hint to move log_level above [refresh]", warnings)
	}
}

func TestLoadWarnsAboutLocalhostRedirect(t *testing.T) {
	path := writeConfig(t, "flow = \"authorization_code\"\nredirect_uri = \"http://localhost:8080/cb\"\n")
	_, warnings, err := Load(path, nil, Overrides{})
	if err != nil {
		t.Fatal(err)
	}
	if len(warnings) != 1 || warnings[0].Line != 2 || !strings.Contains(warnings[0].Message, "localhost") {
		t.Errorf("warnings = %v, want one about localhost on line 2", warnings)
	}
}

func TestLoadBadEnvNamesVariable(t *testing.T) {
	tests := []struct {
		env  map[string]string
		want string
	}{
		{map[string]string{"KASA_THEME": "blue"}, `environment: KASA_THEME = "blue": must be one of auto, dark, light`},
		{map[string]string{"KASA_LOCALE": "de"}, `environment: KASA_LOCALE = "de": must be one of auto, cs, sk, en`},
		{map[string]string{"KASA_BASE_URL": "nope"}, `environment: KASA_BASE_URL = "nope": must be an http or https URL`},
		{map[string]string{"KASA_INSECURE_STORAGE": "maybe"}, `environment: KASA_INSECURE_STORAGE = "maybe": must be true or false`},
		{map[string]string{"KASA_CONTACT_EMAIL": "x@"}, `environment: KASA_CONTACT_EMAIL = "x@": must be a plain e-mail address`},
	}
	for _, tt := range tests {
		_, _, err := Load(filepath.Join(t.TempDir(), "none.toml"), envMap(tt.env), Overrides{})
		if err == nil || !strings.HasPrefix(err.Error(), tt.want) {
			t.Errorf("env %v: err = %v\nwant prefix %q", tt.env, err, tt.want)
		}
	}
}

func TestLoadBadFlagNamesFlag(t *testing.T) {
	_, _, err := Load(filepath.Join(t.TempDir(), "none.toml"), nil, Overrides{Flow: ptr("implicit")})
	want := `command line: --flow = "implicit": must be one of client_credentials, authorization_code`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant %s", err, want)
	}
}

func TestLoadUnreadableFileIsError(t *testing.T) {
	dir := t.TempDir() // a directory cannot be read as a file
	if _, _, err := Load(dir, nil, Overrides{}); err == nil {
		t.Error("Load of a directory: want error")
	}
}

func TestEnvClientSecret(t *testing.T) {
	if got := EnvClientSecret(envMap(map[string]string{"KASA_CLIENT_SECRET": "s3"})); got != "s3" {
		t.Errorf("EnvClientSecret = %q", got)
	}
	if got := EnvClientSecret(nil); got != "" {
		t.Errorf("EnvClientSecret(nil) = %q", got)
	}
}

func TestKeyLineFollowsTablesAndDottedKeys(t *testing.T) {
	raw := "a = 1\n[t]\n# x = 0\nx = 2\n[[arr]]\ny = 1\n[u]\n\"q\" . r = 3\n"
	cases := []struct {
		key  []string
		want int
	}{
		{[]string{"a"}, 1}, {[]string{"t"}, 2}, {[]string{"t", "x"}, 4},
		{[]string{"arr", "y"}, 6}, {[]string{"u", "q", "r"}, 8}, {[]string{"missing"}, 0},
	}
	for _, c := range cases {
		if got := keyLine(raw, c.key); got != c.want {
			t.Errorf("keyLine(%v) = %d, want %d", c.key, got, c.want)
		}
	}
}

// monitor_accounts is "all", a list of slugs or empty; anything else is
// refused with a message naming the key and the rule, and the file kasa
// writes reads back the same.
func TestMonitorAccounts(t *testing.T) {
	for raw, want := range map[string]AccountList{
		`monitor_accounts = "all"`:                {All: true},
		`monitor_accounts = ["acme", "beta-sro"]`: {Slugs: []string{"acme", "beta-sro"}},
		`monitor_accounts = []`:                   {Slugs: []string{}},
		``:                                        {},
	} {
		got, _, err := Load(writeConfig(t, raw+"\n"), nil, Overrides{})
		if err != nil || got.MonitorAccounts.All != want.All || !slices.Equal(got.MonitorAccounts.Slugs, want.Slugs) {
			t.Errorf("%s: %+v, %v", raw, got.MonitorAccounts, err)
			continue
		}
		again, _, err := Load(writeConfig(t, render(got)), nil, Overrides{})
		if err != nil || again.MonitorAccounts.String() != got.MonitorAccounts.String() {
			t.Errorf("%s: written and read back as %s (%v)", raw, again.MonitorAccounts, err)
		}
	}
	for _, raw := range []string{`monitor_accounts = "some"`, `monitor_accounts = [1, 2]`, `monitor_accounts = ["a b"]`} {
		_, _, err := Load(writeConfig(t, raw+"\n"), nil, Overrides{})
		if err == nil || !strings.Contains(err.Error(), "monitor_accounts") || !strings.Contains(err.Error(), `must be "all" or a list of account slugs`) {
			t.Errorf("%s: %v", raw, err)
		}
	}
}
