package locale

import (
	"regexp"
	"slices"
	"strings"
	"testing"
)

// verbs are a format's printf verbs, in order.
var verbRE = regexp.MustCompile(`%[-+# 0-9.*]*[a-zA-Z%]`)

// Every entry of the catalog has its Czech text, the same printf verbs in
// the same order in each language (a translation cannot drop or swap an
// argument), its plural forms (two in English, three in Czech and Slovak),
// and one English text has one translation (two areas may both list it).
func TestEveryEntryHasEachLanguage(t *testing.T) {
	seen := map[string]Entry{}
	for _, e := range Entries() {
		if e.En == "" || e.Cs == "" {
			t.Errorf("entry %q lacks a language (en %q, cs %q)", e.En, e.En, e.Cs)
			continue
		}
		if was, ok := seen[e.En]; ok && was != e {
			t.Errorf("%q is translated twice: %q and %q", e.En, was.Cs+"/"+was.Sk, e.Cs+"/"+e.Sk)
		}
		seen[e.En] = e
		plural := strings.Contains(e.En, "|")
		for _, tr := range []struct{ lang, text string }{{"cs", e.Cs}, {"sk", e.Sk}} {
			if tr.text == "" {
				continue
			}
			if plural != strings.Contains(tr.text, "|") {
				t.Errorf("%q: %s %q is not plural as the English is", e.En, tr.lang, tr.text)
			}
			for i, form := range strings.Split(tr.text, "|") {
				en := strings.Split(e.En, "|")
				want := verbRE.FindAllString(en[min(i, len(en)-1)], -1)
				if got := verbRE.FindAllString(form, -1); !slices.Equal(got, want) {
					t.Errorf("%q: %s %q has the verbs %v, the English %v", e.En, tr.lang, form, got, want)
				}
			}
			if plural && (strings.Count(e.En, "|") != 1 || strings.Count(tr.text, "|") != 2) {
				t.Errorf("%q: a plural is one|other in English, one|few|many in %s (%q)", e.En, tr.lang, tr.text)
			}
		}
	}
}

func TestTranslate(t *testing.T) {
	cs, sk, en := New(Czech), New(Slovak), New(English)
	if got := en.T("a text the catalog lacks"); got != "a text the catalog lacks" {
		t.Errorf("English T = %q", got)
	}
	if len(Entries()) == 0 {
		t.Skip("the catalog is empty")
	}
	e := Entries()[0]
	if cs.T(e.En) != e.Cs || en.T(e.En) != e.En {
		t.Errorf("T(%q): cs %q, en %q", e.En, cs.T(e.En), en.T(e.En))
	}
	if want := cmpOr(e.Sk, e.Cs); sk.T(e.En) != want {
		t.Errorf("sk T(%q) = %q, want %q", e.En, sk.T(e.En), want)
	}
}

func cmpOr(a, b string) string {
	if a != "" {
		return a
	}
	return b
}

// Plurals take the form of the count: Czech one, few, many; English one,
// other.
func TestPluralForms(t *testing.T) {
	cs, en := New(Czech), New(English)
	forms := "%d day|%d days"
	if cs.T(forms) == forms {
		t.Skip("the catalog has no Czech for " + forms)
	}
	for n, want := range map[int]string{1: "1 den", 3: "3 dny", 5: "5 dní", 0: "0 dní"} {
		if got := cs.Nf(n, forms, n); got != want {
			t.Errorf("cs %d: %q, want %q", n, got, want)
		}
	}
	for n, want := range map[int]string{1: "1 day", 2: "2 days", 0: "0 days"} {
		if got := en.Nf(n, forms, n); got != want {
			t.Errorf("en %d: %q, want %q", n, got, want)
		}
	}
}

// A plural form may leave the count out ("every month"): it reads as
// written, with no formatting error for the count (issue 28).
func TestPluralFormWithoutTheCount(t *testing.T) {
	forms := "every month|every %d months"
	for _, c := range []struct {
		tag  Tag
		n    int
		want string
	}{
		{English, 1, "every month"}, {English, 3, "every 3 months"},
		{Czech, 1, "každý měsíc"}, {Czech, 3, "každé 3 měsíce"}, {Czech, 6, "každých 6 měsíců"},
	} {
		if got := New(c.tag).Nf(c.n, forms, c.n); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.tag, c.n, got, c.want)
		}
	}
}
