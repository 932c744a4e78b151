package locale

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
	"golang.org/x/text/currency"
)

// Digits is how many decimals an amount in code shows: the ISO 4217 minor
// unit from the CLDR data (2 for CZK and EUR, 0 for JPY), 2 for a code the
// data does not know.
func Digits(code string) int {
	u, err := currency.ParseISO(code)
	if err != nil {
		return 2
	}
	scale, _ := currency.Standard.Rounding(u)
	return scale
}

// symbols are the currency symbols, after the CLDR data, of the currencies
// a Czech or Slovak account meets most; other codes show as the code. One
// departure: Slovak writes CZK as "Kč" (CLDR: "CZK"), as issue 14 asks.
var symbols = map[Tag]map[string]string{
	Czech:   {"CZK": "Kč", "EUR": "€", "USD": "US$", "GBP": "£"},
	Slovak:  {"CZK": "Kč", "EUR": "€", "USD": "USD", "GBP": "GBP"},
	English: {"EUR": "€", "USD": "$", "GBP": "£"},
}

// Symbol is the currency's symbol in the language, or its code.
func (l Locale) Symbol(code string) string {
	if s, ok := symbols[l.Tag][code]; ok {
		return s
	}
	return code
}

// Number writes d with grouped thousands and at least places decimals; it
// never drops a digit the value has (1.234 at 2 places stays 1.234).
func (l Locale) Number(d decimal.Decimal, places int) string {
	if places < 0 {
		places = 0
	}
	if e := -int(d.Exponent()); e > places {
		places = e
	}
	s := d.StringFixed(int32(places))
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if neg {
		b.WriteString("−") // U+2212, the minus sign typesetters use
	}
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteString(l.group)
		}
		b.WriteRune(r)
	}
	if frac != "" {
		b.WriteString(l.decimal)
		b.WriteString(frac)
	}
	return b.String()
}

// Money writes an amount in its currency's decimals: "51 183,00 Kč" in
// Czech and Slovak (the symbol after the amount, no-break spaces), "CZK
// 51,183.00" and "€840.00" in English (CLDR's pattern "¤#,##0.00", with a
// no-break space after a symbol of letters).
func (l Locale) Money(d decimal.Decimal, code string) string {
	n, sym := l.Number(d, Digits(code)), l.Symbol(code)
	if code == "" {
		return n
	}
	if l.Tag != English {
		return n + nbsp + sym
	}
	neg := strings.HasPrefix(n, "−")
	n = strings.TrimPrefix(n, "−")
	sep := ""
	if isLetters(sym) {
		sep = nbsp
	}
	if neg {
		return "−" + sym + sep + n
	}
	return sym + sep + n
}

// Percent writes a rate: "21 %" in Czech and Slovak, "21%" in English.
func (l Locale) Percent(d decimal.Decimal) string {
	if l.Tag == English {
		return l.Number(d, 0) + "%"
	}
	return l.Number(d, 0) + nbsp + "%"
}

// Quantity writes a quantity with its unit: "1,5 ks".
func (l Locale) Quantity(d decimal.Decimal, unit string) string {
	// A count is written as a count: "1" where the service wrote "1.0",
	// "1,5" for "1.50"; the zeros after the point say nothing.
	if t, err := decimal.NewFromString(d.String()); err == nil {
		d = t
	}
	if unit == "" {
		return l.Number(d, 0)
	}
	return l.Number(d, 0) + nbsp + unit
}

func isLetters(s string) bool {
	for _, r := range s {
		if r < 'A' || r > 'Z' {
			return false
		}
	}
	return s != ""
}

// ParseNumber reads a number as the locale's user types it, and as the API
// writes it: "1 234,50", "1234,5", "1234.50", "1,234.50" (English), "−12",
// with or without a currency code or symbol around it. A lone separator is
// the decimal one, except a comma followed by exactly three digits in
// English ("1,234"), which groups.
func (l Locale) ParseNumber(s string) (decimal.Decimal, error) {
	in := s
	s = strings.NewReplacer("−", "-", "\u00a0", "", "\u202f", "", " ", "", "'", "").Replace(strings.TrimSpace(s))
	// A sign may stand before a currency symbol ("−€840.00"); the symbol,
	// a code or "%" around the number are dropped, nothing inside it.
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(strings.TrimPrefix(s, "-"), "+")
	s = strings.TrimFunc(s, func(r rune) bool { return !(r >= '0' && r <= '9') && r != ',' && r != '.' && r != '-' })
	if strings.HasPrefix(s, "-") && !neg {
		neg, s = true, s[1:]
	}
	if s == "" || strings.ContainsAny(s, "-+") {
		return decimal.Decimal{}, fmt.Errorf("%q is not a number", strings.TrimSpace(in))
	}
	if neg {
		s = "-" + s
	}
	lastComma, lastDot := strings.LastIndex(s, ","), strings.LastIndex(s, ".")
	switch {
	case lastComma >= 0 && lastDot >= 0: // both: the last one is the decimal separator
		if lastComma > lastDot {
			s = strings.ReplaceAll(s, ".", "")
			s = strings.Replace(s, ",", ".", 1)
		} else {
			s = strings.ReplaceAll(s, ",", "")
		}
	case lastComma >= 0:
		if l.Tag == English && strings.Count(s, ",") >= 1 && groupsOfThree(s, ",") {
			s = strings.ReplaceAll(s, ",", "")
		} else if strings.Count(s, ",") == 1 {
			s = strings.Replace(s, ",", ".", 1)
		}
	case lastDot >= 0 && strings.Count(s, ".") > 1 && groupsOfThree(s, "."):
		s = strings.ReplaceAll(s, ".", "") // "1.234.567" grouped with dots
	}
	d, err := decimal.NewFromString(s)
	if err != nil || strings.ContainsAny(s, "eE") {
		return decimal.Decimal{}, fmt.Errorf("%q is not a number", strings.TrimSpace(in))
	}
	return d, nil
}

// groupsOfThree reports whether every part after the first of s split at
// sep has exactly three digits (a thousands grouping).
func groupsOfThree(s, sep string) bool {
	parts := strings.Split(strings.TrimLeft(s, "+-"), sep)
	if len(parts[0]) == 0 || len(parts[0]) > 3 {
		return false
	}
	for _, p := range parts[1:] {
		if len(p) != 3 {
			return false
		}
	}
	return true
}
