package apiclient

import (
	"encoding/json"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

func TestDecimalKeepsExactText(t *testing.T) {
	cases := []struct {
		in, text string
	}{
		{`"1.0"`, "1.0"},
		{`1.0`, "1.0"},
		{`"11000.0"`, "11000.0"},
		{`21`, "21"},
		{`"21"`, "21"},
		{`"-0.50"`, "-0.50"},
		{`0.1`, "0.1"},
		{`123456789012345678901234567890.123456789`, "123456789012345678901234567890.123456789"},
		{`1e2`, "100"},
		{`1.5E-1`, "0.15"},
		{`" 2.5 "`, "2.5"},
	}
	for _, tc := range cases {
		var d Decimal
		if err := json.Unmarshal([]byte(tc.in), &d); err != nil {
			t.Errorf("%s: %v", tc.in, err)
			continue
		}
		if d.String() != tc.text || !d.IsSet() {
			t.Errorf("%s decoded as %q, want %q", tc.in, d.String(), tc.text)
		}
		out, err := json.Marshal(d)
		if err != nil {
			t.Fatal(err)
		}
		if string(out) != `"`+tc.text+`"` {
			t.Errorf("%s encoded as %s, want the string %q", tc.in, out, tc.text)
		}
	}
}

func TestDecimalUnsetAndInvalid(t *testing.T) {
	for _, in := range []string{`null`, `""`, `"  "`} {
		d := MustDecimal("7")
		if err := json.Unmarshal([]byte(in), &d); err != nil || d.IsSet() {
			t.Errorf("%s: %v, set=%v; want unset", in, err, d.IsSet())
		}
	}
	// Not a number: kept as sent and marked, and reported (the client's decoding
	// passes over the error; a server validating input needs it).
	for _, in := range []string{`"abc"`, `"1,5"`, `"0x10"`, `true`, `{}`, `[1]`, `"NaN"`, `"1.2.3"`, `"-"`, `1e999999999`, `"1e-999999999"`, `"` + strings.Repeat("9", 5) + `x"`} {
		var d Decimal
		if err := d.UnmarshalJSON([]byte(in)); err == nil || d.Valid() || !d.IsSet() || d.Raw() == "" || !d.Dec().IsZero() {
			t.Errorf("%s: %v; valid %v, raw %q, dec %s: want invalid, kept, zero", in, err, d.Valid(), d.Raw(), d.Dec())
		}
		out, err := json.Marshal(d)
		var again Decimal
		if err != nil || json.Unmarshal(out, &again) == nil || again.Raw() != d.Raw() {
			t.Errorf("%s: kept text does not survive a round trip: %s %v", in, out, err)
		}
	}
	out, _ := json.Marshal(Decimal{})
	if string(out) != "null" {
		t.Errorf("unset encodes as %s", out)
	}
	// Inside a params struct an unset pointer is omitted, a set one is a string.
	b, _ := json.Marshal(LineParams{UnitPrice: Ptr(MustDecimal("1.10"))})
	if string(b) != `{"unit_price":"1.10"}` {
		t.Errorf("params: %s", b)
	}
	if _, err := NewDecimal("1e3"); err == nil {
		t.Error("NewDecimal accepts an exponent")
	}
	if d, err := NewDecimal(""); err != nil || d.IsSet() {
		t.Errorf("NewDecimal(\"\") = %v, %v", d, err)
	}
	defer func() {
		if recover() == nil {
			t.Error("MustDecimal(bad) did not panic")
		}
	}()
	MustDecimal("zz")
}

func TestDecimalArithmetic(t *testing.T) {
	a, b := MustDecimal("1.0"), MustDecimal("1")
	if a.Cmp(b) != 0 || a.String() == b.String() {
		t.Errorf("1.0 vs 1: cmp %d, texts %q %q", a.Cmp(b), a, b)
	}
	if MustDecimal("0.1").Dec().Add(MustDecimal("0.2").Dec()).String() != "0.3" {
		t.Error("0.1+0.2 is not exactly 0.3")
	}
	if (Decimal{}).Dec().Sign() != 0 || !(Decimal{}).IsZero() {
		t.Error("unset decimal is not zero")
	}
	if DecimalFrom(decimal.RequireFromString("12.50")).String() != "12.5" {
		t.Errorf("DecimalFrom: %q", DecimalFrom(decimal.RequireFromString("12.50")))
	}
	if MustDecimal("2").Cmp(MustDecimal("10")) >= 0 {
		t.Error("2 >= 10")
	}
}

// vat_rate comes back as a number and is sent as a string by examples: both decode.
func TestLineVatRateNumberOrString(t *testing.T) {
	for _, in := range []string{`{"vat_rate":21}`, `{"vat_rate":"21"}`} {
		var l Line
		if err := json.Unmarshal([]byte(in), &l); err != nil {
			t.Fatalf("%s: %v", in, err)
		}
		if l.VatRate.String() != "21" {
			t.Errorf("%s: vat_rate %q", in, l.VatRate)
		}
	}
	var l Line
	if err := json.Unmarshal([]byte(`{"vat_rate":12.5}`), &l); err != nil || l.VatRate.String() != "12.5" {
		t.Errorf("12.5: %q %v", l.VatRate, err)
	}
}

func TestDate(t *testing.T) {
	var d Date
	if err := json.Unmarshal([]byte(`"2026-02-28"`), &d); err != nil {
		t.Fatal(err)
	}
	if d.Year() != 2026 || d.Month() != time.February || d.Day() != 28 || d.String() != "2026-02-28" {
		t.Errorf("decoded %v", d)
	}
	out, _ := json.Marshal(d)
	if string(out) != `"2026-02-28"` {
		t.Errorf("encoded %s", out)
	}
	for _, in := range []string{`null`, `""`} {
		d := NewDate(2020, 1, 1)
		if err := json.Unmarshal([]byte(in), &d); err != nil || !d.IsZero() {
			t.Errorf("%s: %v %v", in, d, err)
		}
	}
	// A date-time gives its date part as written, whatever its offset (Rails).
	for _, in := range []string{`"2026-02-01T10:00:00Z"`, `"2026-02-01T23:30:00.000-09:00"`, `"2026-02-01 08:00"`} {
		var d Date
		if err := json.Unmarshal([]byte(in), &d); err != nil || !d.Valid() || d.String() != "2026-02-01" {
			t.Errorf("%s: %v %v, want 2026-02-01", in, d, err)
		}
	}
	for _, in := range []string{`"2026-02-30"`, `"26-02-01"`, `20260201`, `"01.02.2026"`, `{}`} {
		var d Date
		if err := d.UnmarshalJSON([]byte(in)); err == nil || d.Valid() || !d.IsSet() || d.String() == "" {
			t.Errorf("%s: %v, valid %v, text %q: want kept as text, invalid", in, err, d.Valid(), d.String())
		}
	}
	if out, _ := json.Marshal(Date{}); string(out) != "null" || (Date{}).String() != "" {
		t.Errorf("unset date encodes as %s", out)
	}
	late := time.Date(2026, 3, 1, 23, 30, 0, 0, time.FixedZone("X", 5*3600))
	if DateOf(late).String() != "2026-03-01" {
		t.Errorf("DateOf keeps the day of its own zone: %s", DateOf(late))
	}
}

func TestDateTime(t *testing.T) {
	var v DateTime
	if err := json.Unmarshal([]byte(`"2026-11-22T14:05:00.123+01:00"`), &v); err != nil {
		t.Fatal(err)
	}
	want := time.Date(2026, 11, 22, 13, 5, 0, 123e6, time.UTC)
	if !v.Equal(want) {
		t.Errorf("decoded %v, want %v", v.Time, want)
	}
	out, _ := json.Marshal(v)
	if string(out) != `"2026-11-22T14:05:00.123+01:00"` {
		t.Errorf("encoded %s: want the offset and milliseconds kept", out)
	}
	// Without a fraction and in UTC.
	if err := json.Unmarshal([]byte(`"2026-11-22T13:05:00Z"`), &v); err != nil {
		t.Fatal(err)
	}
	if v.String() != "2026-11-22T13:05:00.000Z" {
		t.Errorf("UTC re-encoded as %q", v.String())
	}
	for _, in := range []string{`null`, `""`} {
		v := DateTime{Time: time.Now()}
		if err := json.Unmarshal([]byte(in), &v); err != nil || !v.IsZero() {
			t.Errorf("%s: %v %v", in, v, err)
		}
	}
	// A bare date is its midnight UTC; a time without an offset is read as UTC.
	for in, want := range map[string]string{`"2026-11-22"`: "2026-11-22T00:00:00.000Z",
		`"2026-11-22T14:05:00"`: "2026-11-22T14:05:00.000Z", `"2026-11-22 14:05:00"`: "2026-11-22T14:05:00.000Z"} {
		var v DateTime
		if err := json.Unmarshal([]byte(in), &v); err != nil || !v.Valid() || v.String() != want {
			t.Errorf("%s: %v %v, want %s", in, v, err, want)
		}
	}
	for _, in := range []string{`12345`, `"yesterday"`, `"2026-13-01"`} {
		var v DateTime
		if err := v.UnmarshalJSON([]byte(in)); err == nil || v.Valid() || !v.IsSet() || v.String() == "" {
			t.Errorf("%s: %v, valid %v, text %q: want kept as text, invalid", in, err, v.Valid(), v.String())
		}
	}
	if out, _ := json.Marshal(DateTime{}); string(out) != "null" || (DateTime{}).String() != "" {
		t.Errorf("unset date-time encodes as %s", out)
	}
}

// FuzzDecimal: whatever decodes re-encodes to the same text and decodes again
// to the same value; nothing panics.
func FuzzDecimal(f *testing.F) {
	for _, s := range []string{`"1.0"`, `1.0`, `21`, `"21"`, `"-0.50"`, `null`, `""`, `1e2`, `-1E-3`, `"abc"`, `"+5"`, `".5"`, `"5."`,
		`123456789012345678901234567890.5`, `1e999999999`, `"1e5"`, `true`, `[]`, `"\u0031"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var d Decimal
		if err := json.Unmarshal(in, &d); err != nil {
			if json.Valid(in) && (d.Valid() || d.Raw() == "") {
				t.Fatalf("%q: refused without keeping the text: %v", in, err)
			}
			return
		}
		out, err := json.Marshal(d)
		if err != nil {
			t.Fatalf("%q decoded but does not encode: %v", in, err)
		}
		var again Decimal
		if err := json.Unmarshal(out, &again); err != nil {
			t.Fatalf("%q -> %s does not decode again: %v", in, out, err)
		}
		if again.String() != d.String() {
			t.Fatalf("%q -> %q -> %q: text changed", in, d.String(), again.String())
		}
		if d.IsSet() {
			if _, err := decimal.NewFromString(d.String()); err != nil {
				t.Fatalf("%q kept text %q that is not a number", in, d.String())
			}
			if len(d.String()) > len(in)+2*maxDecimalExponent+8 {
				t.Fatalf("%q grew to %d characters", in, len(d.String()))
			}
		}
	})
}

// FuzzDate: an accepted text re-encodes to itself (it is exactly YYYY-MM-DD).
func FuzzDate(f *testing.F) {
	for _, s := range []string{"2026-11-22", "2024-02-29", "2023-02-29", "0001-01-01", "9999-12-31", "", " 2026-01-01 ", "2026-1-1", "2026-13-01"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		d, err := ParseDate(s)
		if err != nil || d.IsZero() {
			return // 0001-01-01 is the zero value, which means "not set"
		}
		if got := d.String(); got != strings.TrimSpace(s) {
			t.Fatalf("ParseDate(%q) re-encodes as %q", s, got)
		}
		b, _ := json.Marshal(d)
		var again Date
		if err := json.Unmarshal(b, &again); err != nil || !again.Equal(d.Time) {
			t.Fatalf("%q -> %s -> %v, %v", s, b, again, err)
		}
	})
}

// FuzzDateTime: an accepted text keeps its instant to the millisecond and its
// offset, and the wire form is stable after one round.
func FuzzDateTime(f *testing.F) {
	for _, s := range []string{"2026-11-22T14:05:00.123+01:00", "2026-11-22T13:05:00Z", "2026-11-22T13:05:00.123456789-09:30",
		"0001-01-01T00:00:00Z", "9999-12-31T23:59:59.999+14:00", "2026-11-22T14:05:00", "garbage", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		v, err := ParseDateTime(s)
		if err != nil {
			return
		}
		b, err := json.Marshal(v)
		if err != nil {
			t.Fatalf("%q: encode: %v", s, err)
		}
		var again DateTime
		if err := json.Unmarshal(b, &again); err != nil {
			t.Fatalf("%q -> %s does not decode: %v", s, b, err)
		}
		if !again.Equal(v.Truncate(time.Millisecond)) {
			t.Fatalf("%q -> %s: instant %v, want %v", s, b, again.Time, v.Time)
		}
		_, off1 := v.Zone()
		_, off2 := again.Zone()
		if off1 != off2 {
			t.Fatalf("%q -> %s: offset %d became %d", s, b, off1, off2)
		}
		b2, _ := json.Marshal(again)
		if string(b2) != string(b) {
			t.Fatalf("%q: wire form not stable: %s then %s", s, b, b2)
		}
	})
}

func TestAmountWritesComputedMoneyAsTheService(t *testing.T) {
	for in, want := range map[string]string{"121": "121.0", "12.345": "12.35", "12.3": "12.3", "0": "0.0", "-5.10": "-5.1", "1000.00": "1000.0"} {
		if got := Amount(decimal.RequireFromString(in)).String(); got != want {
			t.Errorf("Amount(%s) = %s, want %s", in, got, want)
		}
	}
}

// Decimal.Cmp, which compares texts, orders every pair as the parsed
// numbers do: signs, zeros written many ways, leading and trailing zeros.
// OrderKey agrees with them too: a smaller key is a smaller number, and
// equal exact keys are equal numbers.
func TestDecimalCmpAgreesWithTheNumbers(t *testing.T) {
	texts := []string{"0", "0.0", "-0", "+0.00", "00012.50", "12.5", "12.05", "-12.5", "-12.49", "1", "-1",
		"0.001", "-0.001", "999999999999999999999.99", "1000000000000000000000", "+3", "3.", ".5", "-.5", "0.50",
		"0.0000001", "0.0000002", "-0.0000001", "999999999999.9999999", "-1000000000000", "123456.1234567"}
	rng := rand.New(rand.NewPCG(uint64(time.Now().UnixNano()), 7))
	for range 300 {
		texts = append(texts, fmt.Sprintf("%d.%0*d", rng.IntN(2001)-1000, rng.IntN(4)+1, rng.IntN(1000)),
			fmt.Sprintf("%d.%08d", rng.IntN(21)-10, rng.IntN(300)))
	}
	for _, a := range texts {
		for _, b := range texts {
			da, db := MustDecimal(a), MustDecimal(b)
			want := da.Dec().Cmp(db.Dec())
			if got := da.Cmp(db); got != want {
				t.Fatalf("Cmp(%q, %q) = %d, the numbers say %d", a, b, got, want)
			}
			ka, ea := da.OrderKey()
			kb, eb := db.OrderKey()
			if (ka < kb && want >= 0) || (ka > kb && want <= 0) || (ka == kb && ea && eb && want != 0) {
				t.Fatalf("OrderKey(%q) = %d (exact %v), OrderKey(%q) = %d (exact %v), the numbers say %d", a, ka, ea, b, kb, eb, want)
			}
		}
	}
}

// A number of a million digits from a broken or hostile server is kept
// shortened and marked: nothing parses or formats it at full length.
func TestDecimalOfAMillionDigitsIsShortened(t *testing.T) {
	huge := strings.Repeat("9", 1_000_000)
	for _, raw := range []string{`"` + huge + `"`, huge, `"1` + strings.Repeat("0", 40) + `"`} {
		var d Decimal
		err := d.UnmarshalJSON([]byte(raw))
		if err == nil || d.Valid() || !d.IsSet() || len(d.Raw()) > 24 || !d.Dec().IsZero() {
			t.Errorf("%.20s…: err %v, valid %v, raw %q", raw, err, d.Valid(), d.Raw())
		}
	}
	var d Decimal
	if err := d.UnmarshalJSON([]byte(`"99999999999999.123456"`)); err != nil || !d.Valid() {
		t.Errorf("a stored maximum is refused: %v", err)
	}
}
