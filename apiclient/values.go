package apiclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Decimal is a money or quantity value that keeps the exact text the service sent
// ("1.0" stays "1.0"), so what a bookkeeper sees is never rounded through float64.
// It decodes JSON strings and numbers and always encodes as a string. The zero value
// is "not set" and encodes as null.
//
// Text that is not a number is kept as sent (String shows it, Valid reports
// false, Dec reads it as zero) and reported as an error, which the client's
// response decoding passes over: one odd value never costs its record.
type Decimal struct {
	text    string
	invalid bool
}

// NewDecimal parses s as a decimal number and keeps its text.
func NewDecimal(s string) (Decimal, error) {
	s = strings.TrimSpace(s)
	if s == "" {
		return Decimal{}, nil
	}
	// A plain number (sign, digits, one dot) is always a valid decimal, so the
	// check needs no parse: decoding a page of documents stays cheap.
	if !isPlainNumber(s) {
		return Decimal{}, fmt.Errorf("%q is not a number", s)
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

// IsSet reports whether the value was given (valid or not).
func (d Decimal) IsSet() bool { return d.text != "" }

// Valid reports whether the value is a number or unset: false for text the
// service sent that is not a number.
func (d Decimal) Valid() bool { return !d.invalid }

// Raw is the text as received, a number or not.
func (d Decimal) Raw() string { return d.text }

// IsZero is for the `omitzero` JSON option: an unset Decimal is omitted.
func (d Decimal) IsZero() bool { return d.text == "" }

// String returns the exact text, or "" when unset.
func (d Decimal) String() string { return d.text }

// Dec returns the value for arithmetic; an unset Decimal is zero.
func (d Decimal) Dec() decimal.Decimal {
	if d.text == "" || d.invalid {
		return decimal.Zero
	}
	v, err := decimal.NewFromString(d.text)
	if err != nil {
		return decimal.Zero
	}
	return v
}

// MarshalJSON encodes as a JSON string, or null when unset.
func (d Decimal) MarshalJSON() ([]byte, error) {
	if d.text == "" {
		return []byte("null"), nil
	}
	return json.Marshal(d.text)
}

// UnmarshalJSON accepts "1.0", 1.0, "" and null (unset); anything else is kept
// as text, marked invalid and reported (a server validating input needs to know).
func (d *Decimal) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		*d = Decimal{}
		return nil
	}
	s, ok := jsonText(b)
	if !ok {
		var n json.Number
		if err := json.Unmarshal(b, &n); err != nil {
			*d = Decimal{text: keptText(string(b)), invalid: true}
			return &valueError{kind: "decimal", text: string(b), want: "a number"}
		}
		s = n.String()
	}
	s = strings.TrimSpace(s)
	if s == "" {
		*d = Decimal{}
		return nil
	}
	if len(s) > maxDecimalText {
		// No amount has this many digits: kept shortened and marked, so that
		// nothing parses or formats a million digits (a hostile or broken
		// server) and a list that holds it still shows at once.
		*d = Decimal{text: keptText(s[:maxDecimalText/2]) + "…", invalid: true}
		return &valueError{kind: "decimal", text: s, want: "a number of at most 40 characters"}
	}
	v, err := NewDecimal(normalizeExponent(s))
	if err != nil {
		*d = Decimal{text: keptText(s), invalid: true}
		return &valueError{kind: "decimal", text: s, want: "a number"}
	}
	*d = v
	return nil
}

// valueError is a Decimal, Date or DateTime text that does not parse; the value
// keeps the text all the same.
type valueError struct{ kind, text, want string }

func (e *valueError) Error() string {
	return fmt.Sprintf("%s %q: want %s", e.kind, truncateForError([]byte(e.text)), e.want)
}

// keptText is text kept as received, made valid UTF-8 so that it shows and
// re-encodes as it will read back.
func keptText(s string) string { return strings.ToValidUTF8(s, "\uFFFD") }

// jsonText returns the content of a JSON string; ok is false for any other value.
func jsonText(b []byte) (string, bool) {
	if plain, ok := unquoteSimple(b); ok {
		return plain, true
	}
	var s string
	if len(b) == 0 || b[0] != '"' || json.Unmarshal(b, &s) != nil {
		return "", false
	}
	return s, true
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

// maxDecimalText bounds the text of a decimal read from an answer: 40
// characters hold any amount or quantity (the service stores 14 digits
// before the point).
const maxDecimalText = 40

func truncateForError(b []byte) string {
	const max = 40
	if len(b) > max {
		return string(b[:max]) + "…"
	}
	return string(b)
}

// Date is a calendar day, YYYY-MM-DD on the wire. The zero value is "not set".
// A date-time gives its date part (as Rails casts it); text that is no date is
// kept as sent (String shows it, Valid reports false) and reported as an error.
type Date struct {
	time.Time
	raw string
}

// DateLayout is the wire format of Date.
const DateLayout = "2006-01-02"

// NewDate makes a Date from year, month and day.
func NewDate(y int, m time.Month, d int) Date {
	return Date{Time: time.Date(y, m, d, 0, 0, 0, 0, time.UTC)}
}

// DateOf returns the calendar day of t in t's own zone.
func DateOf(t time.Time) Date { return NewDate(t.Year(), t.Month(), t.Day()) }

// ParseDate parses YYYY-MM-DD.
func ParseDate(s string) (Date, error) {
	t, err := time.Parse(DateLayout, strings.TrimSpace(s))
	if err != nil {
		return Date{}, fmt.Errorf("date %q: want YYYY-MM-DD", s)
	}
	return Date{Time: t}, nil
}

// String is YYYY-MM-DD, the text as received when it is no date, or "" when unset.
func (d Date) String() string {
	if d.raw != "" {
		return d.raw
	}
	if d.IsZero() {
		return ""
	}
	return d.Format(DateLayout)
}

// IsSet reports whether a value was given (valid or not).
func (d Date) IsSet() bool { return d.raw != "" || !d.IsZero() }

// Valid reports whether the value is a date or unset: false for text that is none.
func (d Date) Valid() bool { return d.raw == "" }

// Raw is the text as received when it is no date, else String.
func (d Date) Raw() string { return d.String() }

// MarshalJSON encodes YYYY-MM-DD, the text as received when it is no date, or
// null when unset.
func (d Date) MarshalJSON() ([]byte, error) {
	if d.raw != "" {
		return json.Marshal(d.raw)
	}
	if d.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + d.Format(DateLayout) + `"`), nil
}

// UnmarshalJSON accepts "YYYY-MM-DD", a date-time (its date part), "" and null;
// anything else is kept as text, marked invalid and reported.
func (d *Date) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		*d = Date{}
		return nil
	}
	s, ok := jsonText(b)
	if !ok {
		*d = Date{raw: keptText(string(b))}
		return &valueError{kind: "date", text: string(b), want: "YYYY-MM-DD"}
	}
	s = strings.TrimSpace(s)
	if s == "" {
		*d = Date{}
		return nil
	}
	if v, err := ParseDate(s); err == nil {
		*d = v
		return nil
	}
	// A date-time's date part, as written: Rails casts "2023-11-15T23:30+01:00"
	// to 2023-11-15 whatever the reader's zone.
	if len(s) > len(DateLayout) && (s[len(DateLayout)] == 'T' || s[len(DateLayout)] == ' ') {
		if v, err := ParseDate(s[:len(DateLayout)]); err == nil {
			*d = v
			return nil
		}
	}
	*d = Date{raw: keptText(s)}
	return &valueError{kind: "date", text: s, want: "YYYY-MM-DD"}
}

// DateTime is an instant, ISO 8601 with offset and milliseconds on the wire
// (2026-11-22T14:05:00.123+01:00). The zero value is "not set". A bare date is
// midnight UTC of that day, a time without an offset is read as UTC, and other
// text is kept as sent (String shows it, Valid reports false) and reported as an error.
type DateTime struct {
	time.Time
	raw string
}

// DateTimeLayout is the wire format of DateTime.
const DateTimeLayout = "2006-01-02T15:04:05.000Z07:00"

// ParseDateTime accepts ISO 8601 with an offset, with or without a fraction.
func ParseDateTime(s string) (DateTime, error) {
	t, err := time.Parse(time.RFC3339Nano, strings.TrimSpace(s))
	if err != nil {
		return DateTime{}, fmt.Errorf("date-time %q: want ISO 8601 with offset, like 2026-11-22T14:05:00.000+01:00", s)
	}
	return DateTime{Time: t}, nil
}

// String is the wire format, the text as received when it is no date-time, or
// "" when unset.
func (t DateTime) String() string {
	if t.raw != "" {
		return t.raw
	}
	if t.IsZero() {
		return ""
	}
	return t.Format(DateTimeLayout)
}

// IsSet reports whether a value was given (valid or not).
func (t DateTime) IsSet() bool { return t.raw != "" || !t.IsZero() }

// Valid reports whether the value is a date-time or unset: false for text that is none.
func (t DateTime) Valid() bool { return t.raw == "" }

// Raw is the text as received when it is no date-time, else String.
func (t DateTime) Raw() string { return t.String() }

// MarshalJSON encodes the wire format, the text as received when it is no
// date-time, or null when unset.
func (t DateTime) MarshalJSON() ([]byte, error) {
	if t.raw != "" {
		return json.Marshal(t.raw)
	}
	if t.IsZero() {
		return []byte("null"), nil
	}
	return []byte(`"` + t.Format(DateTimeLayout) + `"`), nil
}

// Layouts a DateTime also reads: a time without an offset and a bare date.
const (
	dateTimeNoZoneLayout = "2006-01-02T15:04:05.999999999"
	dateTimeSpaceLayout  = "2006-01-02 15:04:05.999999999"
)

// UnmarshalJSON accepts the wire format, a time without an offset (as UTC), a
// bare date (midnight UTC), "" and null; anything else is kept as text, marked
// invalid and reported.
func (t *DateTime) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) == 0 || bytes.Equal(b, []byte("null")) {
		*t = DateTime{}
		return nil
	}
	s, ok := jsonText(b)
	if !ok {
		*t = DateTime{raw: keptText(string(b))}
		return &valueError{kind: "date-time", text: string(b), want: dateTimeWant}
	}
	s = strings.TrimSpace(s)
	if s == "" {
		*t = DateTime{}
		return nil
	}
	if v, err := ParseDateTime(s); err == nil {
		*t = v
		return nil
	}
	for _, layout := range []string{dateTimeNoZoneLayout, dateTimeSpaceLayout, DateLayout} {
		if v, err := time.Parse(layout, s); err == nil {
			*t = DateTime{Time: v}
			return nil
		}
	}
	*t = DateTime{raw: keptText(s)}
	return &valueError{kind: "date-time", text: s, want: dateTimeWant}
}

const dateTimeWant = "ISO 8601 with offset, like 2026-11-22T14:05:00.000+01:00"

// Ptr returns a pointer to v: for the optional fields of create and update params.
func Ptr[T any](v T) *T { return &v }

// Cmp orders two decimals exactly by their text, without parsing them into
// big numbers: sorting 50,000 documents by total compares about a million
// pairs, and a parse per comparison costs a hundred times more. Text that is
// not a plain number is compared by Dec (as zero).
func (d Decimal) Cmp(o Decimal) int {
	// Valid text is always a plain number (NewDecimal, DecimalFrom, JSON).
	if d.invalid || o.invalid || d.text == "" || o.text == "" {
		return d.Dec().Cmp(o.Dec())
	}
	an, ai, af := splitPlain(d.text)
	bn, bi, bf := splitPlain(o.text)
	switch {
	case an && !bn:
		return -1
	case !an && bn:
		return 1
	}
	c := len(ai) - len(bi)
	if c == 0 {
		c = strings.Compare(ai, bi)
	}
	if c == 0 {
		c = strings.Compare(af, bf)
	}
	c = max(-1, min(1, c))
	if an {
		return -c
	}
	return c
}

// OrderKey is a number that orders decimals as Cmp does, read once per
// record so that sorting 50,000 of them orders numbers, not texts: unset
// first, then by value to a millionth. exact is false where another value
// may share the key (more than six decimal places, more than twelve whole
// digits, text that is not a number); a sort settles those with Cmp.
func (d Decimal) OrderKey() (key uint64, exact bool) {
	if d.text == "" {
		return 0, true
	}
	if d.invalid {
		k, _ := Decimal{text: "0"}.OrderKey() // Cmp reads it as zero
		return k, false
	}
	neg, whole, frac := splitPlain(d.text)
	exact = true
	if len(whole) > 12 {
		whole, frac, exact = "999999999999", "999999", false // all beyond share the top
	}
	if len(frac) > 6 {
		frac, exact = frac[:6], false
	}
	var v int64
	for i := range len(whole) {
		v = v*10 + int64(whole[i]-'0')
	}
	for i := range 6 {
		v *= 10
		if i < len(frac) {
			v += int64(frac[i] - '0')
		}
	}
	if neg {
		v = -v
	}
	// Flipping the sign bit orders negatives before positives; |v| < 10^18
	// keeps every value above 0, the key of unset.
	return uint64(v) ^ 1<<63, exact
}

// splitPlain takes a plain number apart: negative (never for zero), the
// integer digits without leading zeros, the fraction without trailing ones.
func splitPlain(s string) (neg bool, whole, frac string) {
	if s[0] == '-' || s[0] == '+' {
		neg, s = s[0] == '-', s[1:]
	}
	whole, frac, _ = strings.Cut(s, ".")
	whole = strings.TrimLeft(whole, "0")
	frac = strings.TrimRight(frac, "0")
	if whole == "" && frac == "" {
		neg = false
	}
	return neg, whole, frac
}
