package forms

import (
	"testing"

	"github.com/kasa-tui/kasa/ui/form"
)

// The subject form's identifiers are checked as typed (issue 28): a
// registration number (IČO) with a wrong check digit, a Czech VAT number
// (DIČ) of the wrong shape and a SWIFT/BIC of free text each get a
// warning, which does not block the submit; good ones get none.
func TestIdentifierWarnings(t *testing.T) {
	cz := form.Values{"country": "CZ"}
	for _, c := range []struct {
		name string
		warn func(string, form.Values) string
		v    string
		all  form.Values
		want bool
	}{
		{"IČO with a bad check digit", warnRegistrationNo, "12345678", cz, true},
		{"good IČO", warnRegistrationNo, "27074358", cz, false},
		{"good IČO, check digit 1 (sum mod 11 = 0)", warnRegistrationNo, "25596641", cz, false},
		{"short IČO read with leading zeros", warnRegistrationNo, "6947", nil, false},
		{"short IČO with a bad check digit", warnRegistrationNo, "6948", nil, true},
		{"a German register number is not checked", warnRegistrationNo, "12345678", form.Values{"country": "DE"}, false},
		{"DIČ", warnVatNo, "CZ27074358", nil, false},
		{"DIČ of a person", warnVatNo, "CZ7103192745", nil, false},
		{"DIČ too short", warnVatNo, "CZ1234", nil, true},
		{"no country prefix", warnVatNo, "27074358", nil, true},
		{"Slovak IČ DPH", warnVatNo, "SK2020123456", nil, false},
		{"SWIFT", warnSwift, "KOMBCZPP", nil, false},
		{"SWIFT with branch", warnSwift, "GIBACZPX123", nil, false},
		{"SWIFT of free text", warnSwift, "moje banka", nil, true},
		{"empty SWIFT", warnSwift, "", nil, false},
	} {
		if got := c.warn(c.v, c.all) != ""; got != c.want {
			t.Errorf("%s (%q): warned %v, want %v", c.name, c.v, got, c.want)
		}
	}
}
