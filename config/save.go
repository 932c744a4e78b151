package config

import (
	"fmt"
	"strconv"
	"strings"
)

// Save writes s to path atomically (mode 0600, parent directories 0700),
// with a comment above each key. It refuses invalid settings so that the
// next Load does not fail. No secret is ever written: Settings has none.
func Save(path string, s Settings) error {
	if err := s.Validate(); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	if err := writeFileAtomic(path, []byte(render(s))); err != nil {
		return fmt.Errorf("save settings: %w", err)
	}
	return nil
}

// render is a hand-written template rather than toml.Encoder, so that each
// key carries its explanation. Top-level keys come before [refresh]: keys
// after a table header would belong to the table.
func render(s Settings) string {
	var b strings.Builder
	line := func(format string, args ...any) { fmt.Fprintf(&b, format+"\n", args...) }

	line("# kasa settings. `kasa login` writes this file; you may edit it by hand;")
	line("# environment variables (KASA_*) and command-line flags override it.")
	line("# Secrets (client secret, tokens) are never kept here: they live in the system")
	line("# keyring, or in a mode-0600 file in kasa's state directory.")
	line("")
	line("# API root, including the version segment.")
	line("base_url = %s", tomlString(s.BaseURL))
	line("")
	line("# Your e-mail address. The service requires it in the User-Agent header,")
	line("# sent as \"kasa (<email>)\".")
	line("contact_email = %s", tomlString(s.ContactEmail))
	line("")
	line("# Account slug to open. Empty means your user's default account.")
	line("account = %s", tomlString(s.Account))
	line("")
	line("# How kasa signs in: \"client_credentials\" (API credentials from your user")
	line("# settings) or \"authorization_code\" (an integration, with browser consent).")
	line("flow = %s", tomlString(string(s.Flow)))
	line("")
	line("# Client ID of those credentials or that integration. The client secret is")
	line("# asked for at sign-in and kept in the credential store, never here.")
	line("client_id = %s", tomlString(s.ClientID))
	line("")
	line("# Redirect URL registered with the integration (authorization_code only).")
	line("redirect_uri = %s", tomlString(s.RedirectURI))
	line("")
	line("# Colours: \"auto\" (follow the terminal), \"dark\" or \"light\".")
	line("theme = %s", tomlString(string(s.Theme)))
	line("")
	line("# Language, money and dates: \"auto\" (from LC_ALL, LC_MESSAGES, LANG), \"cs\", \"sk\" or \"en\".")
	line("locale = %s", tomlString(s.Locale))
	line("")
	line("# Share of each account's monthly API quota kasa's own reads may spend (the")
	line("# monitor's and the refreshes of the list on screen), in percent (1 to 100).")
	line("monitor_quota_share = %s", strconv.FormatFloat(s.MonitorQuotaShare, 'f', -1, 64))
	line("")
	line("# Accounts the monitor watches: [] for the one kasa opens, \"all\" for every")
	line("# account you reach, or a list of slugs. `kasa monitor --all` is \"all\".")
	line("monitor_accounts = %s", s.MonitorAccounts.String())
	line("")
	line("# Log detail: \"info\" or \"debug\". The log is a file in kasa's state directory.")
	line("log_level = %s", tomlString(string(s.LogLevel)))
	line("")
	line("# The section kasa opens on: \"overview\" (key 0), or one of subjects, invoices,")
	line("# expenses, inventory, inbox, todos, events, more, monitor.")
	line("start_section = %s", tomlString(s.StartSection))
	line("")
	line("# true keeps secrets in a mode-0600 file instead of the system keyring.")
	line("insecure_storage = %t", s.InsecureStorage)
	line("")
	line("[refresh]")
	line("# How often the list on screen reloads while you use kasa, such as \"5m\".")
	line("lists = %s", tomlString(s.Refresh.Lists.String()))
	line("# Shortest interval between two monitor polls, such as \"30s\".")
	line("monitor_floor = %s", tomlString(s.Refresh.MonitorFloor.String()))
	line("# Working days, when the request budget is mostly spent, such as \"mon-fri\".")
	line("work_days = %s", tomlString(s.Refresh.WorkDays))
	line("# Working hours of those days, local time, such as \"07:00-19:00\".")
	line("work_hours = %s", tomlString(s.Refresh.WorkHours))
	return b.String()
}
