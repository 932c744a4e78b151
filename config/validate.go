package config

import (
	"errors"
	"fmt"
	"net/mail"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"
	"unicode"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
)

// SettingsError says which setting is wrong, where it was set and what is
// allowed. File is the settings file, "environment" or "command line"; Line
// is 0 when unknown. Value is shown as written in TOML (strings quoted).
type SettingsError struct {
	File  string
	Line  int
	Key   string
	Value string
	Rule  string
}

// Error reads like `config.toml:7: theme = "blue": must be one of auto, dark, light`.
func (e *SettingsError) Error() string {
	var b strings.Builder
	if e.File != "" {
		b.WriteString(e.File)
		if e.Line > 0 {
			b.WriteString(":" + strconv.Itoa(e.Line))
		}
		b.WriteString(": ")
	}
	if e.Key != "" {
		b.WriteString(e.Key)
		if e.Value != "" {
			b.WriteString(" = " + e.Value)
		}
		b.WriteString(": ")
	}
	b.WriteString(e.Rule)
	return b.String()
}

// Rules shown to the user, one per key.
const (
	ruleBaseURL     = "must be an http or https URL such as " + DefaultBaseURL
	ruleBaseHTTPS   = "must use https: plain http would send the client secret and the access token unencrypted (http is allowed only for a loopback address such as 127.0.0.1 or localhost, where a local sandbox runs)"
	ruleEmail       = "must be a plain e-mail address such as you@example.com"
	ruleAccount     = "must be an account slug: letters, digits, - and _"
	ruleFlow        = "must be one of client_credentials, authorization_code"
	ruleClientID    = "must not contain spaces or control characters"
	ruleRedirectURI = "must be an http or https URL"
	ruleTheme       = "must be one of auto, dark, light"
	ruleLocale      = "must be one of auto, cs, sk, en"
	ruleLists       = `must be a duration of at least 1s, such as "5m"`
	ruleFloor       = `must be a duration of at least 1s, such as "30s"`
	ruleShare       = "must be a number from 1 to 100"
	ruleWorkDays    = `must name weekdays, such as "mon-fri" or "mon,wed,fri"`
	ruleWorkHours   = `must be a day's hours, such as "07:00-19:00"`
	ruleAccounts    = `must be "all" or a list of account slugs, like ["acme", "beta-s-r-o"]`
	ruleLogLevel    = "must be one of info, debug"
	ruleBool        = "must be true or false"
	ruleStart       = "must be one of "
	ruleRequired    = "must be set to sign in"
)

// ruleStartSection names the sections start_section may be.
func ruleStartSection() string { return ruleStart + strings.Join(StartSections(), ", ") }

// minInterval keeps refresh loops from hammering the service by mistake.
const minInterval = time.Second

// Validate checks every setting's form and returns all problems joined;
// errors.As finds the first *SettingsError. Empty optional values are fine:
// use ValidateComplete before signing in.
func (s Settings) Validate() error {
	var errs []error
	for _, p := range s.problems() {
		errs = append(errs, p)
	}
	return errors.Join(errs...)
}

// ValidateComplete is Validate plus the settings sign-in needs: contact_email,
// client_id, and redirect_uri for the authorization_code flow.
func (s Settings) ValidateComplete() error {
	errs := []error{s.Validate()}
	if s.ContactEmail == "" {
		errs = append(errs, &SettingsError{Key: "contact_email", Rule: ruleRequired + " (the service requires it in the User-Agent)"})
	}
	if s.ClientID == "" {
		errs = append(errs, &SettingsError{Key: "client_id", Rule: ruleRequired})
	}
	if s.Flow == FlowAuthorizationCode && s.RedirectURI == "" {
		errs = append(errs, &SettingsError{Key: "redirect_uri", Rule: ruleRequired + " with the authorization_code flow"})
	}
	return errors.Join(errs...)
}

// problems lists each invalid setting keyed by its TOML name.
func (s Settings) problems() []*SettingsError {
	var out []*SettingsError
	add := func(ok bool, key, value, rule string) {
		if !ok {
			out = append(out, &SettingsError{Key: key, Value: value, Rule: rule})
		}
	}
	add(isHTTPURL(s.BaseURL), "base_url", quote(s.BaseURL), ruleBaseURL)
	add(!isHTTPURL(s.BaseURL) || !isPlainHTTPElsewhere(s.BaseURL), "base_url", quote(s.BaseURL), ruleBaseHTTPS)
	add(s.ContactEmail == "" || isEmail(s.ContactEmail), "contact_email", quote(s.ContactEmail), ruleEmail)
	add(s.Account == "" || isSlug(s.Account), "account", quote(s.Account), ruleAccount)
	add(s.Flow == FlowClientCredentials || s.Flow == FlowAuthorizationCode, "flow", quote(string(s.Flow)), ruleFlow)
	add(isPrintableToken(s.ClientID), "client_id", quote(s.ClientID), ruleClientID)
	add(s.RedirectURI == "" || isHTTPURL(s.RedirectURI), "redirect_uri", quote(s.RedirectURI), ruleRedirectURI)
	add(s.Theme == ThemeAuto || s.Theme == ThemeDark || s.Theme == ThemeLight, "theme", quote(string(s.Theme)), ruleTheme)
	add(locale.Valid(s.Locale), "locale", quote(s.Locale), ruleLocale)
	add(s.Refresh.Lists.Duration >= minInterval, "refresh.lists", quote(s.Refresh.Lists.String()), ruleLists)
	add(s.Refresh.MonitorFloor.Duration >= minInterval, "refresh.monitor_floor", quote(s.Refresh.MonitorFloor.String()), ruleFloor)
	_, werr := parseWorkDays(s.Refresh.WorkDays)
	add(werr == nil, "refresh.work_days", quote(s.Refresh.WorkDays), ruleWorkDays)
	_, _, herr := parseWorkHours(s.Refresh.WorkHours)
	add(herr == nil, "refresh.work_hours", quote(s.Refresh.WorkHours), ruleWorkHours)
	add(s.MonitorQuotaShare >= 1 && s.MonitorQuotaShare <= 100, "monitor_quota_share", formatFloat(s.MonitorQuotaShare), ruleShare)
	add(s.MonitorAccounts.valid(), "monitor_accounts", s.MonitorAccounts.String(), ruleAccounts)
	add(s.LogLevel == LogInfo || s.LogLevel == LogDebug, "log_level", quote(string(s.LogLevel)), ruleLogLevel)
	add(s.StartSection == "" || slices.Contains(StartSections(), s.StartSection), "start_section", quote(s.StartSection), ruleStartSection())
	return out
}

func isHTTPURL(v string) bool {
	u, err := url.Parse(v)
	if err != nil || u.Host == "" || u.User != nil {
		return false
	}
	return u.Scheme == "http" || u.Scheme == "https"
}

// isEmail accepts a bare address only: it goes inside "kasa (...)", so a
// display name or angle brackets would garble the User-Agent.
func isEmail(v string) bool {
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" {
		return false
	}
	at := strings.LastIndexByte(v, '@')
	return at > 0 && at < len(v)-1 && !strings.ContainsAny(v, "()<> \t")
}

func isSlug(v string) bool {
	for i, r := range v {
		ok := r < unicode.MaxASCII && (unicode.IsLetter(r) || unicode.IsDigit(r) || (i > 0 && (r == '-' || r == '_')))
		if !ok {
			return false
		}
	}
	return v != ""
}

func isPrintableToken(v string) bool {
	for _, r := range v {
		if unicode.IsSpace(r) || unicode.IsControl(r) {
			return false
		}
	}
	return true
}

// isLoopback reports URLs whose host is this machine (localhost or a
// loopback IP address): redirect URLs the service refuses.
func isLoopback(v string) bool {
	u, err := url.Parse(v)
	return err == nil && apiclient.IsLoopbackHost(u.Hostname())
}

// isPlainHTTPElsewhere reports an http:// URL to a host that is not this
// machine: what the client secret and the token must never travel over.
func isPlainHTTPElsewhere(v string) bool {
	u, err := url.Parse(v)
	return err == nil && strings.EqualFold(u.Scheme, "http") && !apiclient.IsLoopbackHost(u.Hostname())
}

func quote(v string) string { return tomlString(v) }

func formatFloat(f float64) string { return strconv.FormatFloat(f, 'f', -1, 64) }

// tomlString writes v as a TOML basic string, escaping what TOML requires.
func tomlString(v string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range v {
		switch {
		case r == '"':
			b.WriteString(`\"`)
		case r == '\\':
			b.WriteString(`\\`)
		case r == '\n':
			b.WriteString(`\n`)
		case r == '\t':
			b.WriteString(`\t`)
		case r < 0x20 || r == 0x7f:
			fmt.Fprintf(&b, `\u%04X`, r)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}
