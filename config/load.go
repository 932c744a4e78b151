package config

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"strconv"
)

// Overrides are settings given as command-line flags; nil means "not given".
// main.go fills them from --base-url, --account, --contact-email,
// --client-id, --flow, --theme, --locale, --insecure-storage and --debug.
type Overrides struct {
	BaseURL         *string
	Account         *string
	ContactEmail    *string
	ClientID        *string
	Flow            *string
	Theme           *string
	Locale          *string
	InsecureStorage *bool
	// Debug true sets log_level to debug.
	Debug *bool
}

// Warning is something odd in the settings that kasa worked around, such as
// an unknown key it ignored. Line is 0 when unknown.
type Warning struct {
	File    string
	Line    int
	Message string
}

// String reads like `config.toml:3: unknown key "foo" ignored`.
func (w Warning) String() string {
	prefix := ""
	if w.File != "" {
		prefix = w.File
		if w.Line > 0 {
			prefix += ":" + strconv.Itoa(w.Line)
		}
		prefix += ": "
	}
	return prefix + w.Message
}

// Sources named in errors for values that did not come from the file.
const (
	sourceEnv  = "environment"
	sourceFlag = "command line"
)

// EnvClientSecretVar holds the client secret for scripted use. It is read
// on its own (EnvClientSecret) so that it never enters Settings or the file.
const EnvClientSecretVar = "KASA_CLIENT_SECRET"

// EnvClientSecret returns KASA_CLIENT_SECRET, or "" when unset.
func EnvClientSecret(getenv func(string) string) string {
	if getenv == nil {
		return ""
	}
	return getenv(EnvClientSecretVar)
}

// stringSetting ties a settings key to its environment variable and flag.
type stringSetting struct {
	key  string
	env  string
	flag string
	set  func(*Settings, string)
	over func(Overrides) *string
}

// stringSettings lists the string settings that the environment and flags
// may override, in the order they are applied.
var stringSettings = []stringSetting{
	{"base_url", "KASA_BASE_URL", "--base-url", func(s *Settings, v string) { s.BaseURL = v }, func(o Overrides) *string { return o.BaseURL }},
	{"contact_email", "KASA_CONTACT_EMAIL", "--contact-email", func(s *Settings, v string) { s.ContactEmail = v }, func(o Overrides) *string { return o.ContactEmail }},
	{"account", "KASA_ACCOUNT", "--account", func(s *Settings, v string) { s.Account = v }, func(o Overrides) *string { return o.Account }},
	{"flow", "KASA_FLOW", "--flow", func(s *Settings, v string) { s.Flow = Flow(v) }, func(o Overrides) *string { return o.Flow }},
	{"client_id", "KASA_CLIENT_ID", "--client-id", func(s *Settings, v string) { s.ClientID = v }, func(o Overrides) *string { return o.ClientID }},
	{"theme", "KASA_THEME", "--theme", func(s *Settings, v string) { s.Theme = Theme(v) }, func(o Overrides) *string { return o.Theme }},
	{"locale", "KASA_LOCALE", "--locale", func(s *Settings, v string) { s.Locale = v }, func(o Overrides) *string { return o.Locale }},
}

const (
	envInsecureStorage  = "KASA_INSECURE_STORAGE"
	flagInsecureStorage = "--insecure-storage"
	flagDebug           = "--debug"
)

// Load builds the settings from defaults, then the file at path, then the
// environment (getenv; nil means none), then flags. A missing file means
// defaults. A bad value is an error naming where it was set, the key and
// what is allowed (see SettingsError); unknown keys come back as warnings.
func Load(path string, getenv func(string) string, flags Overrides) (Settings, []Warning, error) {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	s := Defaults()
	var warnings []Warning

	raw, err := os.ReadFile(path)
	switch {
	case errors.Is(err, fs.ErrNotExist):
		// No file yet: defaults stand.
	case err != nil:
		return Settings{}, nil, fmt.Errorf("read settings: %w", err)
	default:
		warnings, err = decodeFile(path, string(raw), &s)
		if err != nil {
			return Settings{}, warnings, err
		}
	}

	if err := applyEnv(&s, getenv); err != nil {
		return Settings{}, warnings, err
	}
	if err := applyFlags(&s, flags); err != nil {
		return Settings{}, warnings, err
	}
	return s, warnings, nil
}

func applyEnv(s *Settings, getenv func(string) string) error {
	names := map[string]string{}
	for _, st := range stringSettings {
		if v := getenv(st.env); v != "" {
			st.set(s, v)
			names[st.key] = st.env
		}
	}
	if v := getenv(envInsecureStorage); v != "" {
		b, err := strconv.ParseBool(v)
		if err != nil {
			return &SettingsError{File: sourceEnv, Key: envInsecureStorage, Value: quote(v), Rule: ruleBool}
		}
		s.InsecureStorage = b
	}
	return blame(s.problems(), sourceEnv, names)
}

func applyFlags(s *Settings, o Overrides) error {
	names := map[string]string{}
	for _, st := range stringSettings {
		if v := st.over(o); v != nil {
			st.set(s, *v)
			names[st.key] = st.flag
		}
	}
	if o.InsecureStorage != nil {
		s.InsecureStorage = *o.InsecureStorage
	}
	if o.Debug != nil && *o.Debug {
		s.LogLevel = LogDebug
	}
	return blame(s.problems(), sourceFlag, names)
}

// blame renames each problem after the variable or flag that set it. Each
// stage starts from valid settings, so every problem is that stage's doing.
func blame(problems []*SettingsError, source string, names map[string]string) error {
	var errs []error
	for _, p := range problems {
		p.File = source
		if n, ok := names[p.Key]; ok {
			p.Key = n
		}
		errs = append(errs, p)
	}
	return errors.Join(errs...)
}
