package forms

import (
	"errors"
	"github.com/kasa-tui/kasa/internal/locale"
	"math/big"
	"net/mail"
	"net/url"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
)

// Live checks of typed values: each returns nil for a value that may be
// sent. The messages name the rule as the service words it; one that names
// its field is a whole sentence (common.Sentence), capitalised as the
// service's full messages are.

type check = func(string, form.Values) error

// minName is the reference's minimum length of a subject's or an item's name.
const minName = 2

func checkName(v string, _ form.Values) error {
	n := utf8.RuneCountInString(strings.TrimSpace(v))
	switch {
	case n == 0:
		return common.Sentence(locale.Key("Name can't be blank"))
	case n < minName:
		return common.Sentence(locale.Key("Name is too short (minimum is 2 characters)"))
	}
	return nil
}

// required wraps a check with blank, the catalog key of "<label> can't be
// blank", for an empty value.
func required(blank string, c check) check {
	return func(v string, all form.Values) error {
		if strings.TrimSpace(v) == "" {
			return common.Sentence(blank)
		}
		if c != nil {
			return c(v, all)
		}
		return nil
	}
}

// optional makes a check pass on an empty value.
func optional(c check) check {
	return func(v string, all form.Values) error {
		if strings.TrimSpace(v) == "" {
			return nil
		}
		return c(v, all)
	}
}

// checkEmail accepts one plain address (name@domain.tld) or nothing.
func checkEmail(v string, _ form.Values) error {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	a, err := mail.ParseAddress(v)
	_, domain, _ := strings.Cut(v, "@")
	if err != nil || a.Address != v || a.Name != "" || !strings.Contains(domain, ".") ||
		strings.HasSuffix(domain, ".") || strings.ContainsAny(v, " ,;") {
		return errors.New(locale.Key("is not an e-mail address (one address, like ucetni@firma.cz)"))
	}
	return nil
}

// letters reports whether v is n ASCII letters.
func letters(v string, n int) bool {
	if len(v) != n {
		return false
	}
	for _, r := range v {
		if (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') {
			return false
		}
	}
	return true
}

func checkCountry(v string, _ form.Values) error {
	if !letters(strings.TrimSpace(v), 2) {
		return errors.New(locale.Key("a 2-letter country code, like CZ or SK"))
	}
	return nil
}

func checkCurrency(v string, _ form.Values) error {
	if !letters(strings.TrimSpace(v), 3) {
		return errors.New(locale.Key("a 3-letter currency code, like CZK or EUR"))
	}
	return nil
}

// checkDays is a whole number of days, 0 or more.
func checkDays(v string, _ form.Values) error {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return errors.New(locale.Key("a whole number of days, like 14"))
	}
	if n < 0 {
		return errors.New(locale.Key("must be greater than or equal to 0"))
	}
	return nil
}

// checkDecimal is a plain decimal ("1200", "1200.5"); commas are refused so
// that "1,5" cannot be read as fifteen.
func checkDecimal(v string, _ form.Values) error {
	if _, err := apiclient.NewDecimal(v); err != nil {
		return errors.New(locale.Key("is not a number: use digits and a dot, like 120.50"))
	}
	return nil
}

// checkVariableSymbol is up to 10 digits (what a Czech bank transfer carries).
func checkVariableSymbol(v string, _ form.Values) error {
	v = strings.TrimSpace(v)
	if len(v) > 10 || strings.Trim(v, "0123456789") != "" {
		return errors.New(locale.Key("up to 10 digits"))
	}
	return nil
}

// checkRegistrationNo is digits only (a Czech IČO has 8).
func checkRegistrationNo(v string, _ form.Values) error {
	if strings.Trim(strings.TrimSpace(v), "0123456789") != "" {
		return errors.New(locale.Key("digits only, like 27074358"))
	}
	return nil
}

// checkIBAN verifies the length and the mod-97 check digits.
func checkIBAN(v string, _ form.Values) error {
	s := strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(v), " ", ""))
	if len(s) < 15 || len(s) > 34 || !letters(s[:2], 2) {
		return errors.New(locale.Key("not an IBAN: 2 letters, 2 check digits, the account (like CZ65 0800 0000 1920 0014 5399)"))
	}
	var digits strings.Builder
	for _, r := range s[4:] + s[:4] {
		switch {
		case r >= '0' && r <= '9':
			digits.WriteRune(r)
		case r >= 'A' && r <= 'Z':
			digits.WriteString(strconv.Itoa(int(r-'A') + 10))
		default:
			return errors.New(locale.Key("an IBAN has only letters and digits"))
		}
	}
	n, ok := new(big.Int).SetString(digits.String(), 10)
	if !ok || n.Mod(n, big.NewInt(97)).Int64() != 1 {
		return errors.New(locale.Key("the IBAN's check digits do not match: a typo?"))
	}
	return nil
}

// warnBankAccount remarks on a Czech account number not in [prefix-]number/bank form.
func warnBankAccount(v string, _ form.Values) string {
	v = strings.TrimSpace(v)
	if v == "" {
		return ""
	}
	num, bank, ok := strings.Cut(v, "/")
	if !ok || len(bank) != 4 || strings.Trim(bank, "0123456789") != "" || strings.Trim(num, "0123456789-") != "" || num == "" {
		return locale.Key("Czech accounts are written number/bank code, like 2000145399/2010")
	}
	return ""
}

// checkURL is an absolute http or https address with a host.
func checkURL(v string, _ form.Values) error {
	v = strings.TrimSpace(v)
	if v == "" {
		return common.Sentence(locale.Key("Address can't be blank"))
	}
	u, err := url.Parse(v)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Hostname() == "" {
		return errors.New(locale.Key("an http:// or https:// address, like https://example.com/hooks/fakturoid"))
	}
	return nil
}

// warnRegistrationNo remarks on a Czech or Slovak registration number (IČO)
// whose check digit does not match: the weights 8…2 over the first seven
// digits, 11 − (sum mod 11), mod 10. Fewer digits are read with leading
// zeros, as the register pads them; a foreign number is not checked.
func warnRegistrationNo(v string, all form.Values) string {
	v = strings.TrimSpace(v)
	country := strings.ToUpper(strings.TrimSpace(all["country"]))
	if v == "" || len(v) > 8 || strings.Trim(v, "0123456789") != "" || country != "" && country != "CZ" && country != "SK" {
		return ""
	}
	v = strings.Repeat("0", 8-len(v)) + v
	sum := 0
	for i := range 7 {
		sum += int(v[i]-'0') * (8 - i)
	}
	if (11-sum%11)%10 != int(v[7]-'0') {
		return locale.Key("the registration number's check digit does not match: a typo?")
	}
	return ""
}

// warnVatNo remarks on a VAT number without the usual country prefix, and
// on a Czech one (DIČ) that is not CZ and 8 to 10 digits.
func warnVatNo(v string, _ form.Values) string {
	v = strings.ToUpper(strings.ReplaceAll(strings.TrimSpace(v), " ", ""))
	switch {
	case v == "":
		return ""
	case len(v) < 3 || !letters(v[:2], 2):
		return locale.Key("VAT numbers usually start with the country code, like CZ27074358")
	case v[:2] == "CZ" && (len(v) < 10 || len(v) > 12 || strings.Trim(v[2:], "0123456789") != ""):
		return locale.Key("a Czech VAT number is CZ and 8 to 10 digits, like CZ27074358")
	}
	return ""
}

// warnSwift remarks on a SWIFT/BIC that is not 8 or 11 characters: the
// bank's 4 letters, the country's 2, the place's 2, the branch's 3.
func warnSwift(v string, _ form.Values) string {
	v = strings.ToUpper(strings.TrimSpace(v))
	if v == "" {
		return ""
	}
	if (len(v) != 8 && len(v) != 11) || !letters(v[:4], 4) || !letters(v[4:6], 2) || strings.Trim(v[6:], "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ") != "" {
		return locale.Key("not a SWIFT/BIC: 8 or 11 letters and digits, like KOMBCZPP or GIBACZPX123")
	}
	return ""
}
