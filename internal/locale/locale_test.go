package locale

import (
	"math/rand/v2"
	"testing"
	"time"

	"github.com/shopspring/decimal"
)

func TestResolveReadsTheEnvironment(t *testing.T) {
	env := func(m map[string]string) func(string) string { return func(k string) string { return m[k] } }
	for _, c := range []struct {
		setting string
		env     map[string]string
		want    Tag
	}{
		{"cs", nil, Czech},
		{"SK", nil, Slovak},
		{"en", map[string]string{"LANG": "cs_CZ.UTF-8"}, English},
		{"auto", map[string]string{"LANG": "cs_CZ.UTF-8"}, Czech},
		{"", map[string]string{"LANG": "sk_SK.UTF-8"}, Slovak},
		{"auto", map[string]string{"LC_ALL": "en_GB.UTF-8", "LANG": "cs_CZ.UTF-8"}, English},
		{"auto", map[string]string{"LC_MESSAGES": "cs_CZ", "LANG": "en_US.UTF-8"}, Czech},
		{"auto", map[string]string{"LANG": "C"}, English},
		{"auto", nil, English},
		{"de", map[string]string{"LANG": "cs_CZ.UTF-8"}, English},
	} {
		if got := Resolve(c.setting, env(c.env)); got != c.want {
			t.Errorf("Resolve(%q, %v) = %s, want %s", c.setting, c.env, got, c.want)
		}
	}
	if Valid("de") || !Valid("auto") || !Valid("cs") {
		t.Error("Valid accepts de or refuses auto or cs")
	}
}

func TestMoneyAsABookkeeperWritesIt(t *testing.T) {
	d := decimal.RequireFromString
	cs, sk, en := New(Czech), New(Slovak), New(English)
	for _, c := range []struct {
		l    Locale
		v    string
		cur  string
		want string
	}{
		{cs, "51183.0", "CZK", "51\u00a0183,00\u00a0Kč"},
		{sk, "51183.0", "CZK", "51\u00a0183,00\u00a0Kč"},
		{cs, "840.0", "EUR", "840,00\u00a0€"},
		{en, "51183.0", "CZK", "CZK\u00a051,183.00"},
		{en, "840", "EUR", "€840.00"},
		{en, "-840.5", "EUR", "−€840.50"},
		{cs, "-1234567.891", "CZK", "−1\u00a0234\u00a0567,891\u00a0Kč"}, // no digit is dropped
		{cs, "1500", "JPY", "1\u00a0500\u00a0JPY"},
		{cs, "12.5", "PLN", "12,50\u00a0PLN"},
		{cs, "0", "CZK", "0,00\u00a0Kč"},
	} {
		if got := c.l.Money(d(c.v), c.cur); got != c.want {
			t.Errorf("%s Money(%s %s) = %q, want %q", c.l.Tag, c.v, c.cur, got, c.want)
		}
	}
	if got := cs.Percent(d("21")); got != "21\u00a0%" {
		t.Errorf("cs Percent = %q", got)
	}
	if got := cs.Quantity(d("1.5"), "ks"); got != "1,5\u00a0ks" {
		t.Errorf("cs Quantity = %q", got)
	}
	// A whole count is written whole, as the service's "1.0" means it.
	for in, want := range map[string]string{"1.0": "1", "1.50": "1,5", "520.0": "520", "1200.000": "1\u00a0200", "0.125": "0,125"} {
		if got := cs.Quantity(d(in), ""); got != want {
			t.Errorf("cs Quantity(%s) = %q, want %q", in, got, want)
		}
	}
}

func TestParseNumberTakesWhatUsersType(t *testing.T) {
	cs, en := New(Czech), New(English)
	for _, c := range []struct {
		l    Locale
		in   string
		want string
	}{
		{cs, "1 234,50", "1234.5"},
		{cs, "1\u00a0234,50\u00a0Kč", "1234.5"},
		{cs, "1234.50", "1234.5"},
		{cs, "1234,5", "1234.5"},
		{cs, "−12", "-12"},
		{cs, "1.234.567,8", "1234567.8"},
		{en, "1,234.50", "1234.5"},
		{en, "1,234", "1234"},
		{en, "1,5", "1.5"},
		{en, "CZK 51,183.00", "51183"},
		{en, "−€840.50", "-840.5"},
		{cs, "21 %", "21"},
	} {
		got, err := c.l.ParseNumber(c.in)
		if err != nil || !got.Equal(decimal.RequireFromString(c.want)) {
			t.Errorf("%s ParseNumber(%q) = %s, %v; want %s", c.l.Tag, c.in, got, err, c.want)
		}
	}
	for _, bad := range []string{"", "abc", "12abc34", "1-2", "1e5", "--3"} {
		if _, err := cs.ParseNumber(bad); err == nil {
			t.Errorf("ParseNumber(%q) took it", bad)
		}
	}
}

// Property (issue 14): for random decimals and currencies, formatting then
// parsing in each language gives back the same decimal.
func TestMoneyFormatsAndParsesBackExactly(t *testing.T) {
	seed := uint64(time.Now().UnixNano())
	rng := rand.New(rand.NewPCG(seed, 14))
	codes := []string{"CZK", "EUR", "USD", "GBP", "PLN", "HUF", "JPY", "CHF", ""}
	for range 3000 {
		v := decimal.New(rng.Int64N(2_000_000_000_000)-1_000_000_000_000, -int32(rng.IntN(5)))
		code := codes[rng.IntN(len(codes))]
		for _, tag := range []Tag{Czech, Slovak, English} {
			l := New(tag)
			for _, text := range []string{l.Money(v, code), l.Number(v, rng.IntN(4))} {
				back, err := l.ParseNumber(text)
				if err != nil || !back.Equal(v) {
					t.Fatalf("seed %d: %s %s %s -> %q -> %s, %v", seed, tag, v, code, text, back, err)
				}
			}
		}
	}
}

func TestDatesAndTheirHints(t *testing.T) {
	prague, _ := time.LoadLocation("Europe/Prague")
	day := time.Date(2026, 11, 23, 0, 0, 0, 0, prague)
	cs, sk, en := New(Czech), New(Slovak), New(English)
	if got := cs.Date(day); got != "23.\u00a011.\u00a02026" {
		t.Errorf("cs Date = %q", got)
	}
	if got := en.Date(day); got != "2026-11-23" {
		t.Errorf("en Date = %q", got)
	}
	for _, in := range []string{"23. 11. 2026", "23.11.2026", "2026-11-23", "23. 11.", cs.Date(day)} {
		got, err := cs.ParseDate(in, day, prague)
		if err != nil || !got.Equal(day) {
			t.Errorf("ParseDate(%q) = %v, %v", in, got, err)
		}
	}
	for _, bad := range []string{"31. 2. 2026", "2026-13-01", "23/11", "zítra"} {
		if _, err := cs.ParseDate(bad, day, prague); err == nil {
			t.Errorf("ParseDate(%q) took it", bad)
		}
	}
	for _, c := range []struct {
		l    Locale
		days int
		want string
	}{
		{cs, 1, "za 1 den"}, {cs, 3, "za 3 dny"}, {cs, 5, "za 5 dní"}, {cs, -12, "12 dní po splatnosti"},
		{cs, -2, "2 dny po splatnosti"}, {cs, 0, "dnes"},
		{sk, 3, "o 3 dni"}, {sk, -1, "1 deň po splatnosti"},
		{en, 3, "in 3 days"}, {en, -1, "1 day overdue"}, {en, 0, "today"},
	} {
		if got := c.l.Due(c.days); got != c.want {
			t.Errorf("%s Due(%d) = %q, want %q", c.l.Tag, c.days, got, c.want)
		}
	}
}

// "open" among statuses is the state, not the verb, and a word with no
// context entry reads as it does anywhere: the invoice filter's choices
// said "otevřít" (to open) for open invoices.
func TestContextWordsReadInTheirSense(t *testing.T) {
	cs := New(Czech)
	for _, c := range []struct{ ctx, en, want string }{
		{"status", "open", "otevřeno"},
		{"status", "invoice", cs.T("invoice")},
		{"status", "no such word", "no such word"},
	} {
		if got := cs.TC(c.ctx, c.en); got != c.want {
			t.Errorf("TC(%q, %q) = %q, want %q", c.ctx, c.en, got, c.want)
		}
	}
	if cs.T("open") == cs.TC("status", "open") {
		t.Errorf("the verb and the state read alike: %q", cs.T("open"))
	}
	if got := New(English).TC("status", "open"); got != "open" {
		t.Errorf("English: %q", got)
	}
	// Whether the language has a word in a context at all (the section
	// bar's short forms): "invoice" among statuses has none.
	if s, ok := cs.InContext("status", "open"); !ok || s != "otevřeno" {
		t.Errorf("InContext(status, open) = %q, %v", s, ok)
	}
	if s, ok := cs.InContext("status", "invoice"); ok {
		t.Errorf("InContext(status, invoice) = %q, want none", s)
	}
}
