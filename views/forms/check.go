package forms

import (
	"errors"
	"fmt"
	"net/mail"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// Live checks of typed values. Each returns nil for a value that may be sent.

func checkDate(v string, _ ui.Values) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("a date is required (YYYY-MM-DD)")
	}
	if _, err := apiclient.ParseDate(v); err != nil {
		return errors.New("not a date: use YYYY-MM-DD")
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
func checkPositive2(v string, _ ui.Values) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("an amount is required")
	}
	d, err := parseDec(v)
	if err != nil {
		return errors.New("not a number: use digits and a dot, like 1200.50")
	}
	if !d.IsPositive() {
		return errors.New("must be more than zero")
	}
	if d.Exponent() < -2 && !d.Equal(d.Round(2)) {
		return errors.New("at most 2 decimal places")
	}
	return nil
}

// optional makes a check pass on an empty value.
func optional(check func(string, ui.Values) error) func(string, ui.Values) error {
	return func(v string, all ui.Values) error {
		if strings.TrimSpace(v) == "" {
			return nil
		}
		return check(v, all)
	}
}

func checkPositive(v string, _ ui.Values) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("a quantity is required")
	}
	d, err := parseDec(v)
	if err != nil {
		return errors.New("not a number: use digits and a dot, like 2.5")
	}
	if !d.IsPositive() {
		return errors.New("must be more than zero")
	}
	return nil
}

func checkPrice(v string, _ ui.Values) error {
	if strings.TrimSpace(v) == "" {
		return errors.New("a price is required")
	}
	d, err := parseDec(v)
	if err != nil {
		return errors.New("not a number: use digits and a dot, like 120.50")
	}
	if d.IsNegative() {
		return errors.New("cannot be negative")
	}
	return nil
}

func checkCurrency(v string, _ ui.Values) error {
	v = strings.TrimSpace(v)
	if len(v) != 3 {
		return errors.New("a 3-letter currency code, like CZK")
	}
	for _, r := range v {
		if r < 'A' || r > 'Z' {
			return errors.New("a 3-letter currency code in capitals, like CZK")
		}
	}
	return nil
}

// checkEmail accepts one plain address (name@domain.tld).
func checkEmail(v string, _ ui.Values) error {
	v = strings.TrimSpace(v)
	if v == "" {
		return nil
	}
	a, err := mail.ParseAddress(v)
	if err != nil || a.Address != v || a.Name != "" {
		return errors.New("not an e-mail address")
	}
	_, domain, _ := strings.Cut(v, "@")
	if !strings.Contains(domain, ".") || strings.HasSuffix(domain, ".") {
		return errors.New("not an e-mail address")
	}
	return nil
}

// money writes a computed amount the way the rest of kasa shows money: the
// service's own decimal text with the currency ("12100.0 CZK"), so a form
// and the page behind it never disagree on how an amount looks.
func money(d decimal.Decimal, currency string) string {
	return common.Money(apiclient.Amount(d), currency)
}

// failure turns a failed send into a FormResult: field messages for a 422,
// words for a refusal (refusal may return "" to use the service's text),
// an unknown outcome, or a fault that kept nothing from the user.
func failure(err error, noun string, refusal func(code, desc string) string) ui.FormResult {
	var ve *apiclient.ValidationError
	var re *apiclient.RefusalError
	switch {
	case errors.Is(err, apiclient.ErrOutcomeUnknown):
		return ui.FormResult{Unknown: true,
			Problem: fmt.Sprintf("The connection dropped after the %s was sent: it may or may not have been recorded.", noun)}
	case errors.As(err, &ve):
		if len(ve.Fields) > 0 {
			return ui.FormResult{FieldErrors: ve.Fields}
		}
		return ui.FormResult{Problem: fmt.Sprintf("The service refused the %s: %s", noun, describe(&ve.ErrorResponse))}
	case errors.As(err, &re):
		if refusal != nil {
			if s := refusal(re.Code, re.Description); s != "" {
				return ui.FormResult{Problem: s}
			}
		}
		if len(re.Fields) > 0 {
			return ui.FormResult{FieldErrors: re.Fields}
		}
		return ui.FormResult{Problem: fmt.Sprintf("The service refused the %s: %s", noun, describe(&re.ErrorResponse))}
	}
	return ui.FormResult{Problem: fmt.Sprintf("Could not send the %s: %s. Nothing was lost: your input is still here; send again with ctrl+s.", noun, common.FaultReason(err))}
}

func describe(e *apiclient.ErrorResponse) string {
	switch {
	case e.Description != "":
		return e.Description
	case len(e.Fields) > 0:
		return e.FieldSummary()
	case e.Code != "":
		return e.Code
	}
	return fmt.Sprintf("status %d", e.StatusCode)
}
