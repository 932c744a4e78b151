package forms

import (
	"errors"
	"github.com/kasa-tui/kasa/internal/locale"
	"net/mail"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui/form"
)

// Live checks of typed values. Each returns nil for a value that may be sent.

func checkDate(v string, _ form.Values) error {
	if strings.TrimSpace(v) == "" {
		return errors.New(locale.Key("a date is required (YYYY-MM-DD)"))
	}
	if _, err := apiclient.ParseDate(v); err != nil {
		return errors.New(locale.Key("not a date: use YYYY-MM-DD"))
	}
	return nil
}

// parseDec reads a plain decimal ("1200", "1200.5"); commas are not
// accepted, so that "1,5" cannot be read as fifteen.
func parseDec(v string) (decimal.Decimal, error) {
	d, err := apiclient.NewDecimal(v)
	if err != nil || !d.IsSet() {
		return decimal.Zero, errors.New("not a number")
	}
	return d.Dec(), nil
}

// checkPositive2 is a positive amount with at most two decimal places.
func checkPositive2(v string, _ form.Values) error {
	if strings.TrimSpace(v) == "" {
		return errors.New(locale.Key("an amount is required"))
	}
	d, err := parseDec(v)
	if err != nil {
		return errors.New(locale.Key("not a number: use digits and a dot, like 1200.50"))
	}
	if !d.IsPositive() {
		return errors.New(locale.Key("must be more than zero"))
	}
	if d.Exponent() < -2 && !d.Equal(d.Round(2)) {
		return errors.New(locale.Key("at most 2 decimal places"))
	}
	return nil
}

func checkPositive(v string, _ form.Values) error {
	if strings.TrimSpace(v) == "" {
		return errors.New(locale.Key("a quantity is required"))
	}
	d, err := parseDec(v)
	if err != nil {
		return errors.New(locale.Key("not a number: use digits and a dot, like 2.5"))
	}
	if !d.IsPositive() {
		return errors.New(locale.Key("must be more than zero"))
	}
	return nil
}

func checkPrice(v string, _ form.Values) error {
	if strings.TrimSpace(v) == "" {
		return errors.New(locale.Key("a price is required"))
	}
	d, err := parseDec(v)
	if err != nil {
		return errors.New(locale.Key("not a number: use digits and a dot, like 120.50"))
	}
	if d.IsNegative() {
		return errors.New(locale.Key("cannot be negative"))
	}
	return nil
}

func checkCurrencyCode(v string, _ form.Values) error {
	v = strings.TrimSpace(v)
	if len(v) != 3 {
		return errors.New(locale.Key("a 3-letter currency code, like CZK"))
	}
	for _, r := range v {
		if r < 'A' || r > 'Z' {
			return errors.New(locale.Key("a 3-letter currency code in capitals, like CZK"))
		}
	}
	return nil
}

// checkRecipient accepts one plain address (name@domain.tld).
func checkRecipient(v string, _ form.Values) error {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" {
		return errors.New(locale.Key("not an e-mail address"))
	}
	_, domain, _ := strings.Cut(v, "@")
	if !strings.Contains(domain, ".") || strings.HasSuffix(domain, ".") {
		return errors.New(locale.Key("not an e-mail address"))
	}
	return nil
}

// money writes a computed amount the way the rest of kasa shows money (in
// the locale: "12 100,00 Kč", "CZK 12,100.00"), so a form and the page
// behind it never disagree on how an amount looks.
func money(fd Deps, d decimal.Decimal, currency string) string {
	return fd.MoneyDec(d, currency)
}
