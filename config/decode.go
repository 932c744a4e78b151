package config

import (
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"

	"github.com/BurntSushi/toml"
)

// rawFile defers decoding each key so that a wrong type can be reported
// against that key, with its line and what is allowed.
type rawFile struct {
	BaseURL           toml.Primitive `toml:"base_url"`
	ContactEmail      toml.Primitive `toml:"contact_email"`
	Account           toml.Primitive `toml:"account"`
	Flow              toml.Primitive `toml:"flow"`
	ClientID          toml.Primitive `toml:"client_id"`
	RedirectURI       toml.Primitive `toml:"redirect_uri"`
	Theme             toml.Primitive `toml:"theme"`
	Locale            toml.Primitive `toml:"locale"`
	Refresh           toml.Primitive `toml:"refresh"`
	MonitorQuotaShare toml.Primitive `toml:"monitor_quota_share"`
	MonitorAccounts   toml.Primitive `toml:"monitor_accounts"`
	LogLevel          toml.Primitive `toml:"log_level"`
	StartSection      toml.Primitive `toml:"start_section"`
	InsecureStorage   toml.Primitive `toml:"insecure_storage"`
}

type rawRefresh struct {
	Lists        toml.Primitive `toml:"lists"`
	MonitorFloor toml.Primitive `toml:"monitor_floor"`
	WorkDays     toml.Primitive `toml:"work_days"`
	WorkHours    toml.Primitive `toml:"work_hours"`
}

// fileDecoder decodes one settings file and remembers where keys are.
type fileDecoder struct {
	path string
	raw  string
	md   toml.MetaData
	errs []*SettingsError
}

// decodeFile overlays the file's values on s and checks them.
func decodeFile(path, raw string, s *Settings) ([]Warning, error) {
	var rf rawFile
	md, err := toml.Decode(raw, &rf)
	if err != nil {
		var pe toml.ParseError
		if errors.As(err, &pe) {
			return nil, &SettingsError{File: path, Line: pe.Position.Line, Key: pe.LastKey, Rule: "not valid TOML: " + pe.Message}
		}
		return nil, &SettingsError{File: path, Rule: "not valid TOML: " + err.Error()}
	}
	d := &fileDecoder{path: path, raw: raw, md: md}

	d.decode(rf.BaseURL, &s.BaseURL, "a string", ruleBaseURL, "base_url")
	d.decode(rf.ContactEmail, &s.ContactEmail, "a string", ruleEmail, "contact_email")
	d.decode(rf.Account, &s.Account, "a string", ruleAccount, "account")
	d.decode(rf.Flow, &s.Flow, "a string", ruleFlow, "flow")
	d.decode(rf.ClientID, &s.ClientID, "a string", ruleClientID, "client_id")
	d.decode(rf.RedirectURI, &s.RedirectURI, "a string", ruleRedirectURI, "redirect_uri")
	d.decode(rf.Theme, &s.Theme, "a string", ruleTheme, "theme")
	d.decode(rf.Locale, &s.Locale, "a string", ruleLocale, "locale")
	d.decode(rf.MonitorQuotaShare, &s.MonitorQuotaShare, "a number", ruleShare, "monitor_quota_share")
	d.decode(rf.MonitorAccounts, &s.MonitorAccounts, "a string or an array", ruleAccounts, "monitor_accounts")
	d.decode(rf.LogLevel, &s.LogLevel, "a string", ruleLogLevel, "log_level")
	d.decode(rf.StartSection, &s.StartSection, "a string", ruleStartSection(), "start_section")
	d.decode(rf.InsecureStorage, &s.InsecureStorage, "a boolean", ruleBool, "insecure_storage")
	var rr rawRefresh
	if d.decode(rf.Refresh, &rr, "a table", "must be a [refresh] table with lists, monitor_floor, work_days and work_hours", "refresh") {
		d.decode(rr.Lists, &s.Refresh.Lists, "a string", ruleLists, "refresh", "lists")
		d.decode(rr.MonitorFloor, &s.Refresh.MonitorFloor, "a string", ruleFloor, "refresh", "monitor_floor")
		d.decode(rr.WorkDays, &s.Refresh.WorkDays, "a string", ruleWorkDays, "refresh", "work_days")
		d.decode(rr.WorkHours, &s.Refresh.WorkHours, "a string", ruleWorkHours, "refresh", "work_hours")
	}
	if err := d.err(); err != nil {
		return nil, err
	}

	for _, p := range s.problems() {
		p.File = path
		p.Line = keyLine(raw, strings.Split(p.Key, "."))
		d.errs = append(d.errs, p)
	}
	if err := d.err(); err != nil {
		return nil, err
	}
	return d.warnings(s), nil
}

// err joins the recorded problems in file order, or returns nil.
func (d *fileDecoder) err() error {
	slices.SortStableFunc(d.errs, func(a, b *SettingsError) int { return a.Line - b.Line })
	errs := make([]error, len(d.errs))
	for i, e := range d.errs {
		errs[i] = e
	}
	return errors.Join(errs...)
}

// decode decodes key into dst when the file defines it; on failure it
// records an error and returns false.
func (d *fileDecoder) decode(p toml.Primitive, dst any, kind, rule string, key ...string) bool {
	if !d.md.IsDefined(key...) {
		return false
	}
	if err := d.md.PrimitiveDecode(p, dst); err != nil {
		if d.md.Type(key...) != "String" || kind != "a string" {
			rule = fmt.Sprintf("%s (%s, not %s)", rule, kind, article(d.md.Type(key...)))
		}
		d.errs = append(d.errs, &SettingsError{
			File:  d.path,
			Line:  keyLine(d.raw, key),
			Key:   strings.Join(key, "."),
			Value: d.literal(p),
			Rule:  rule,
		})
		return false
	}
	return true
}

// literal shows a value as TOML would: strings quoted, tables elided.
func (d *fileDecoder) literal(p toml.Primitive) string {
	var v any
	if err := d.md.PrimitiveDecode(p, &v); err != nil {
		return ""
	}
	switch v := v.(type) {
	case string:
		return tomlString(v)
	case map[string]any:
		return "{...}"
	default:
		return fmt.Sprint(v)
	}
}

// warnings reports unknown keys (only the outermost of a nested unknown
// table) and settings the service will refuse.
func (d *fileDecoder) warnings(s *Settings) []Warning {
	var out []Warning
	seen := map[string]bool{}
	for _, k := range d.md.Undecoded() {
		if seen[k[:len(k)-1].String()] {
			seen[k.String()] = true
			continue
		}
		seen[k.String()] = true
		msg := fmt.Sprintf("unknown key %q ignored", k.String())
		if len(k) == 2 && k[0] == "refresh" && isTopLevelKey(k[1]) {
			msg += fmt.Sprintf(" (%s is a top-level key: put it above [refresh])", k[1])
		}
		out = append(out, Warning{File: d.path, Line: keyLine(d.raw, k), Message: msg})
	}
	if s.RedirectURI != "" && isLoopback(s.RedirectURI) {
		out = append(out, Warning{File: d.path, Line: keyLine(d.raw, []string{"redirect_uri"}),
			Message: "redirect_uri is a localhost address, which the service does not accept as a redirect URL"})
	}
	return out
}

// isTopLevelKey reports whether name is a key that belongs above [refresh].
func isTopLevelKey(name string) bool {
	for f := range reflect.TypeFor[rawFile]().Fields() {
		if f.Tag.Get("toml") == name && name != "refresh" {
			return true
		}
	}
	return false
}

func article(tomlType string) string {
	switch tomlType {
	case "":
		return "a value"
	case "Integer", "Array", "Array Table":
		return "an " + strings.ToLower(tomlType)
	default:
		return "a " + strings.ToLower(tomlType)
	}
}

// keyLine finds the 1-based line where key is set, following [table]
// headers and dotted keys; 0 when not found. It is a scan, not a parser:
// good enough to point a person at the right line.
func keyLine(raw string, key []string) int {
	var table []string
	for i, line := range strings.Split(raw, "\n") {
		t := strings.TrimSpace(line)
		switch {
		case t == "" || t[0] == '#':
			continue
		case strings.HasPrefix(t, "[["):
			end := strings.Index(t, "]]")
			if end < 0 {
				continue
			}
			table = splitKey(t[2:end])
		case t[0] == '[':
			end := strings.IndexByte(t, ']')
			if end < 0 {
				continue
			}
			table = splitKey(t[1:end])
			if slices.Equal(table, key) {
				return i + 1
			}
		default:
			eq := strings.IndexByte(t, '=')
			if eq < 0 {
				continue
			}
			full := append(slices.Clone(table), splitKey(t[:eq])...)
			if slices.Equal(full, key) {
				return i + 1
			}
		}
	}
	return 0
}

func splitKey(s string) []string {
	parts := strings.Split(s, ".")
	for i, p := range parts {
		parts[i] = strings.Trim(strings.TrimSpace(p), `"'`)
	}
	return parts
}
