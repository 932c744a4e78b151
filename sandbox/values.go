package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Decimal is a money or quantity value kept as text, never through float64. It
// decodes JSON strings and numbers and encodes as the service writes a decimal
// (see railsDecimal), whatever text it was given. The zero value is "not set"
// and encodes as null.
type Decimal struct {
	text string
}

// Bounds of a decimal the sandbox stores. The service keeps money and
// quantities in decimal columns of fixed precision (the docs do not say
// which); the sandbox takes 14 digits before the point, more than any amount
// of the docs needs (10^14 is a hundred trillion), and 6 after it, more than
// the docs ever show (three: a move's purchase price "1273.474"). A value
// past the integer digits is refused as "is too long" (the database would
// refuse it); more decimals are rounded half up to 6, as Rails casts a value
// to a decimal column's scale. Text longer than maxDecimalText is refused
// before any parsing, so a million digits cost a length check, not a parse.
const (
	maxIntegerDigits  = 14
	maxFractionDigits = 6
	maxDecimalText    = 64
)

// ErrDecimalTooLong is a number with more digits than the sandbox stores.
var ErrDecimalTooLong = errors.New("is too long")

// NewDecimal parses s as a decimal number and keeps its text; more decimals
// than the sandbox stores are rounded, more integer digits are refused
// (ErrDecimalTooLong). Its work is linear in the length of s.
func NewDecimal(s string) (Decimal, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Decimal{}, nil
	}
	if len(s) > maxDecimalText {
		return Decimal{}, fmt.Errorf("%s…: %w", s[:20], ErrDecimalTooLong)
	}
	// A plain number (sign, digits, one dot) is always a valid decimal, so the
	// check needs no parse: decoding a page of documents stays cheap.
	if !isPlainNumber(s) {
		return Decimal{}, fmt.Errorf("%q is not a number", s)
	}
	whole, frac, _ := strings.Cut(strings.TrimLeft(s, "+-"), ".")
	if len(strings.TrimLeft(whole, "0")) > maxIntegerDigits {
		return Decimal{}, fmt.Errorf("%q: %w", s, ErrDecimalTooLong)
	}
	if len(frac) > maxFractionDigits {
		// Bounded text: the parse is cheap.
		return Decimal{text: decimal.RequireFromString(s).Round(maxFractionDigits).String()}, nil
	}
	return Decimal{text: s}, nil
}

// MustDecimal is NewDecimal for constants in code and tests; it panics on bad input.
func MustDecimal(s string) Decimal {
	d, err := NewDecimal(s)
	if err != nil {
		panic(err)
	}
	return d
}

// DecimalFrom converts a shopspring decimal, for computed values.
func DecimalFrom(d decimal.Decimal) Decimal { return Decimal{text: d.String()} }

// Amount is a computed money value written as the service writes decimals:
// rounded to two places, with at most two and at least one ("121.0", "12.34").
func Amount(d decimal.Decimal) Decimal {
	s := d.Round(2).StringFixed(2)
	return Decimal{text: strings.TrimSuffix(s, "0")}
}

// isPlainNumber accepts an optional sign, digits, and an optional fraction:
// no exponents, which shopspring accepts but the service never sends.
func isPlainNumber(s string) bool {
	if s == "" {
		return false
	}
	if s[0] == '-' || s[0] == '+' {
		s = s[1:]
	}
	digits, dot := 0, false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c >= '0' && c <= '9':
			digits++
		case c == '.' && !dot:
			dot = true
		default:
			return false
		}
	}
	return digits > 0
}

// IsSet reports whether the value was given.
func (d Decimal) IsSet() bool { return d.text != "" }

// IsZero is for the `omitzero` JSON option: an unset Decimal is omitted.
func (d Decimal) IsZero() bool { return d.text == "" }

// String returns the exact text, or "" when unset.
func (d Decimal) String() string { return d.text }

// Dec returns the value for arithmetic; an unset Decimal is zero.
func (d Decimal) Dec() decimal.Decimal {
	if d.text == "" {
		return decimal.Zero
	}
	v, err := decimal.NewFromString(d.text)
	if err != nil {
		return decimal.Zero
	}
	return v
}

// Cmp compares the numeric values.
func (d Decimal) Cmp(o Decimal) int { return d.Dec().Cmp(o.Dec()) }

// MarshalJSON encodes as a JSON string, or null when unset.
func (d Decimal) MarshalJSON() ([]byte, error) {
	if d.text == "" {
		return []byte("null"), nil
	}
	return json.Marshal(railsDecimal(d.text))
}

// railsDecimal writes a plain number as Rails writes a BigDecimal (to_s):
// at least one decimal place and no trailing zeros beyond it, so "40000",
// "40000.00" and "+40000" are all "40000.0", and "1.50" is "1.5".
func railsDecimal(s string) string {
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimLeft(s, "+-")
	whole, frac, _ := strings.Cut(s, ".")
	whole = strings.TrimLeft(whole, "0")
	frac = strings.TrimRight(frac, "0")
	if whole == "" {
		whole = "0"
	}
	if frac == "" {
		frac = "0"
	}
	if neg && (whole != "0" || frac != "0") {
		whole = "-" + whole
	}
	return whole + "." + frac
}

// UnmarshalJSON accepts "1.0", 1.0 and null.
func (d *Decimal) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if bytes.Equal(b, []byte("null")) {
		*d = Decimal{}
		return nil
	}
	var s string
	if plain, ok := unquoteSimple(b); ok {
		s = plain
	} else if len(b) > 0 && b[0] == '"' {
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("decimal: %w", err)
		}
	} else {
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			return fmt.Errorf("decimal: %s is not a number", truncateForError(b))
		}
		s = n.String()
	}
	if strings.TrimSpace(s) == "" {
		*d = Decimal{}
		return nil
	}
	if len(s) > maxDecimalText {
		return fmt.Errorf("decimal: %w", ErrDecimalTooLong) // before a parse of the exponent form
	}
	v, err := NewDecimal(normalizeExponent(s))
	if err != nil {
		return fmt.Errorf("decimal: %w", err)
	}
	*d = v
	return nil
}

// unquoteSimple returns the content of a JSON string without escapes, the form
// every decimal, date and date-time of the service takes, without the cost of a
// full JSON decode.
func unquoteSimple(b []byte) (string, bool) {
	if len(b) < 2 || b[0] != '"' || b[len(b)-1] != '"' {
		return "", false
	}
	inner := b[1 : len(b)-1]
	for _, c := range inner {
		if c == '\\' || c == '"' || c < 0x20 || c >= 0x80 {
			return "", false
		}
	}
	return string(inner), true
}

// normalizeExponent rewrites a JSON number with an exponent (1e2) as plain text,
// so that numbers the service or a user sends in that form still decode.
func normalizeExponent(s string) string {
	if !strings.ContainsAny(s, "eE") {
		return s
	}
	v, err := decimal.NewFromString(s)
	if err != nil {
		return s
	}
	// 1e999999999 would otherwise be written out as a billion zeros: refuse
	// exponents no money or quantity needs (the caller reports s as not a number).
	if e := v.Exponent(); e > maxDecimalExponent || e < -maxDecimalExponent {
		return s
	}
	return v.String()
}

// maxDecimalExponent bounds the exponent of a JSON number a Decimal accepts.
const maxDecimalExponent = 64

func truncateForError(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}

// Date is a calendar day, YYYY-MM-DD on the wire. The zero value is "not set".
type Date struct {
	time.Time
}

// DateLayout is the wire format of Date.
const DateLayout = "2006-01-02"

// NewDate makes a Date from year, month and day.
func NewDate(y int, m time.Month, d int) Date {
	return Date{time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
}

// DateOf returns the calendar day of t in t's own zone.
func DateOf(t time.Time) Date { return NewDate(t.Year(), t.Month(), t.Day()) }

// ParseDate parses YYYY-MM-DD. A date-time takes its date part as written, as
// Rails casts a date-time string given for a date attribute:
// "2026-11-22T23:30:00+01:00" is 2026-11-22.
func ParseDate(s string) (Date, error) {
	s = strings.TrimSpace(s)
	t, err := time.Parse(DateLayout, s)
	if err != nil {
		dt, dtErr := time.Parse(time.RFC3339Nano, s)
		if dtErr != nil {
			return Date{}, fmt.Errorf("date %q: want YYYY-MM-DD", s)
		}
		t = time.Date(dt.Year(), dt.Month(), dt.Day(), 0, 0, 0, 0, time.UTC)
	}
	return Date{t}, nil
}

// String is YYYY-MM-DD, or "" when unset.
func (d Date) String() string {
	if d.IsZero() {
		return ""
	}
	return d.Format(DateLayout)
}

// MarshalJSON encodes YYYY-MM-DD, or null when unset.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + d.Format(DateLayout) + `"`), nil
}

// UnmarshalJSON accepts "YYYY-MM-DD", "" and null.
func (d *Date) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		*d = Date{}
		return nil
	}
	s, ok := unquoteSimple(b)
	if !ok {
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("date: %s is not a string", truncateForError(b))
		}
	}
	if s == "" {
		*d = Date{}
		return nil
	}
	v, err := ParseDate(s)
	if err != nil {
		return err
	}
	*d = v
	return nil
}

// DateTime is an instant, ISO 8601 with offset and milliseconds on the wire
// (2026-11-22T14:05:00.123+01:00). The zero value is "not set".
type DateTime struct {
	time.Time
}

// DateTimeLayout is the wire format of DateTime.
const DateTimeLayout = "2006-01-02T15:04:05.000Z07:00"

// ParseDateTime accepts ISO 8601 with an offset, with or without a fraction.
func ParseDateTime(s string) (DateTime, error) {
	t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s))
	if err != nil {
		return DateTime{}, fmt.Errorf("date-time %q: want ISO 8601 with offset, like 2026-11-22T14:05:00.000+01:00", s)
	}
	return DateTime{t}, nil
}

// String is the wire format, or "" when unset.
func (t DateTime) String() string {
	if t.IsZero() {
		return ""
	}
	return t.Format(DateTimeLayout)
}

// MarshalJSON encodes the wire format, or null when unset.
func (t DateTime) MarshalJSON() ([]byte, error) {
	if t.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + t.Format(DateTimeLayout) + `"`), nil
}

// UnmarshalJSON accepts the wire format, "" and null.
func (t *DateTime) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		*t = DateTime{}
		return nil
	}
	s, ok := unquoteSimple(b)
	if !ok {
		if err := json.Unmarshal(b, &s); err != nil {
			return fmt.Errorf("date-time: %s is not a string", truncateForError(b))
		}
	}
	if s == "" {
		*t = DateTime{}
		return nil
	}
	v, err := ParseDateTime(s)
	if err != nil {
		return err
	}
	*t = v
	return nil
}

// Ptr returns a pointer to v: for the optional fields of create and update params.
func Ptr[T any](v T) *T { return &v }

// Text is a text field the service writes as null while it is unset: the
// docs' examples show "custom_id": null, never "".
type Text string

// MarshalJSON writes null for "".
func (s Text) MarshalJSON() ([]byte, error) {
	if s == "" {
		return []byte("null"), nil
	}
	return json.Marshal(string(s))
}

// Rate is a VAT rate: the service writes it as a JSON number (21, 12.5) on
// lines and in vat_rates_summary, where its other decimals are strings.
type Rate struct{ Decimal }

// RateOf makes a Rate from a decimal.
func RateOf(d Decimal) Rate { return Rate{d} }

// MarshalJSON writes a number, or null when unset.
func (r Rate) MarshalJSON() ([]byte, error) {
	if !r.IsSet() {
		return []byte("null"), nil
	}
	return []byte(strings.TrimSuffix(railsDecimal(r.text), ".0")), nil
}
