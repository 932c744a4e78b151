// Package locale writes and reads numbers, money and dates as a Czech,
// Slovak or English bookkeeper writes them: "51 183,00 Kč", "23. 11. 2026",
// "za 3 dny". Everything is exact: amounts go from the service's decimal
// text through shopspring decimals, never through float64.
package locale

import (
	"strings"
)

// Tag is a language kasa speaks.
type Tag string

// The languages.
const (
	Czech   Tag = "cs"
	Slovak  Tag = "sk"
	English Tag = "en"
)

// Auto is the setting that reads the environment (LC_ALL, LC_MESSAGES, LANG).
const Auto = "auto"

// Resolve turns the setting (auto, cs, sk, en) into a Tag; auto reads the
// POSIX variables in their order of precedence through getenv and falls back
// to English. An unknown setting is English too: the caller checks settings
// with Valid first, where a message can name it.
func Resolve(setting string, getenv func(string) string) Tag {
	switch s := Tag(strings.ToLower(strings.TrimSpace(setting))); s {
	case Czech, Slovak, English:
		return s
	}
	if !strings.EqualFold(strings.TrimSpace(setting), Auto) && strings.TrimSpace(setting) != "" {
		return English
	}
	for _, name := range []string{"LC_ALL", "LC_MESSAGES", "LANG"} {
		v := getenv(name)
		if v == "" {
			continue
		}
		// "cs_CZ.UTF-8", "sk_SK", "en_GB.UTF-8@euro", "C": the language is
		// what comes before the first _ . or @.
		lang := strings.ToLower(strings.FieldsFunc(v, func(r rune) bool { return r == '_' || r == '.' || r == '@' || r == '-' })[0])
		switch Tag(lang) {
		case Czech, Slovak:
			return Tag(lang)
		}
		return English
	}
	return English
}

// Valid reports whether s is a setting Resolve knows.
func Valid(s string) bool {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", Auto, string(Czech), string(Slovak), string(English):
		return true
	}
	return false
}

// Locale formats and parses for one language.
type Locale struct {
	Tag     Tag
	decimal string // the decimal separator
	group   string // the thousands separator
}

// nbsp is the no-break space: Czech and Slovak group thousands with it and
// put it between an amount and its currency, so neither is ever broken
// across a line or a column.
const nbsp = "\u00a0"

// New is the Locale of tag (English for anything else).
func New(tag Tag) Locale {
	switch tag {
	case Czech, Slovak:
		return Locale{Tag: tag, decimal: ",", group: nbsp}
	}
	return Locale{Tag: English, decimal: ".", group: ","}
}

// Decimal is the decimal separator, for aligning columns on it.
func (l Locale) Decimal() string { return l.decimal }
