package config

import (
	"errors"
	"strings"
)

// AccountList is monitor_accounts: the accounts `kasa monitor` watches.
// Empty is the account kasa opens; All every account the user reaches;
// Slugs those accounts.
type AccountList struct {
	All   bool
	Slugs []string
}

// errAccountList is why a value is not an AccountList (the rule says it
// to the user).
var errAccountList = errors.New("not an account list")

// UnmarshalTOML reads "all" or a list of slugs.
func (a *AccountList) UnmarshalTOML(v any) error {
	switch v := v.(type) {
	case string:
		if v != "all" {
			return errAccountList
		}
		*a = AccountList{All: true}
		return nil
	case []any:
		var out AccountList
		for _, e := range v {
			s, ok := e.(string)
			if !ok {
				return errAccountList
			}
			out.Slugs = append(out.Slugs, s)
		}
		*a = out
		return nil
	}
	return errAccountList
}

// String is the value as the settings file writes it.
func (a AccountList) String() string {
	if a.All {
		return `"all"`
	}
	q := make([]string, len(a.Slugs))
	for i, s := range a.Slugs {
		q[i] = tomlString(s)
	}
	return "[" + strings.Join(q, ", ") + "]"
}

// valid: every slug is one.
func (a AccountList) valid() bool {
	for _, s := range a.Slugs {
		if !isSlug(s) {
			return false
		}
	}
	return true
}
