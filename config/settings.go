package config

import (
	"log/slog"
	"time"
)

// Flow names an OAuth 2.0 grant the service supports.
type Flow string

// The two sign-in flows of the service.
const (
	// FlowClientCredentials uses the credentials from the user's own settings
	// screen; it has no refresh token.
	FlowClientCredentials Flow = "client_credentials"
	// FlowAuthorizationCode uses an integration (OAuth application) and a
	// browser consent; its refresh token never expires.
	FlowAuthorizationCode Flow = "authorization_code"
)

// Theme chooses the colour palette.
type Theme string

// Themes; ThemeAuto follows the terminal's background.
const (
	ThemeAuto  Theme = "auto"
	ThemeDark  Theme = "dark"
	ThemeLight Theme = "light"
)

// LogLevel is how much kasa writes to its log file.
type LogLevel string

// Log levels.
const (
	LogInfo  LogLevel = "info"
	LogDebug LogLevel = "debug"
)

// DefaultBaseURL is the API root of the real service.
const DefaultBaseURL = "https://app.fakturoid.cz/api/v3"

// Settings are kasa's non-secret settings. The client secret and tokens are
// deliberately not fields: they belong to the credential store.
type Settings struct {
	// BaseURL is the API root including the version segment.
	BaseURL string `toml:"base_url"`
	// ContactEmail goes into the User-Agent as "kasa (<email>)"; the service
	// refuses requests without one.
	ContactEmail string `toml:"contact_email"`
	// Account is the account slug; empty means the user's default_account.
	Account string `toml:"account"`
	// Flow is the OAuth grant used to sign in.
	Flow Flow `toml:"flow"`
	// ClientID identifies the credentials or integration.
	ClientID string `toml:"client_id"`
	// RedirectURI is the integration's redirect URL (authorization_code only).
	RedirectURI string `toml:"redirect_uri"`
	// Theme chooses colours.
	Theme Theme `toml:"theme"`
	// Locale chooses the language and how money and dates are written:
	// auto (from LC_ALL, LC_MESSAGES, LANG), cs, sk or en.
	Locale string `toml:"locale"`
	// Refresh holds automatic refresh intervals.
	Refresh Refresh `toml:"refresh"`
	// MonitorQuotaShare is the percentage (1..100) of each account's monthly
	// API quota kasa's own reads may spend: the monitor's and the refreshes
	// of the list on screen (one plan per account).
	MonitorQuotaShare float64 `toml:"monitor_quota_share"`
	// MonitorAccounts are the accounts the monitor watches: "all", a list
	// of slugs, or empty for the account kasa opens (`kasa monitor --all`
	// overrides it).
	MonitorAccounts AccountList `toml:"monitor_accounts"`
	// LogLevel is "info" or "debug".
	LogLevel LogLevel `toml:"log_level"`
	// StartSection is the section the application opens on (StartSections).
	StartSection string `toml:"start_section"`
	// InsecureStorage keeps secrets in a 0600 file instead of the keyring.
	InsecureStorage bool `toml:"insecure_storage"`
}

// Refresh is the [refresh] table of the settings file.
type Refresh struct {
	// Lists is how often an open list reloads on its own.
	Lists Duration `toml:"lists"`
	// MonitorFloor is the shortest interval between two monitor polls.
	MonitorFloor Duration `toml:"monitor_floor"`
	// WorkDays and WorkHours are when the request budget is mostly spent:
	// "mon-fri" and "07:00-19:00" (see Work).
	WorkDays  string `toml:"work_days"`
	WorkHours string `toml:"work_hours"`
}

// Defaults returns the settings used when nothing else says otherwise.
func Defaults() Settings {
	return Settings{
		BaseURL: DefaultBaseURL,
		Flow:    FlowClientCredentials,
		Theme:   ThemeAuto,
		Locale:  "auto",
		Refresh: Refresh{Lists: Dur(5 * time.Minute), MonitorFloor: Dur(30 * time.Second),
			WorkDays: DefaultWorkDays, WorkHours: DefaultWorkHours},
		MonitorQuotaShare: 75,
		LogLevel:          LogInfo,
		StartSection:      "overview",
	}
}

// StartSections are the sections kasa can open on: the overview (key 0)
// and the sections 1 to 9, by their page kinds (views/nav).
func StartSections() []string {
	return []string{"overview", "subjects", "invoices", "expenses", "inventory", "inbox", "todos", "events", "more", "monitor"}
}

// SlogLevel maps LogLevel to the slog level to log at.
func (s Settings) SlogLevel() slog.Level {
	if s.LogLevel == LogDebug {
		return slog.LevelDebug
	}
	return slog.LevelInfo
}

// UserAgent is the User-Agent header the service requires: "kasa (<email>)".
func (s Settings) UserAgent() string {
	return "kasa (" + s.ContactEmail + ")"
}

// AccountKey is the credential-store key for these settings.
func (s Settings) AccountKey() string {
	return AccountKey(s.BaseURL, s.ClientID)
}
