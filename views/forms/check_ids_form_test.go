package forms_test

import (
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/views/forms"
)

// The subject form warns as the identifiers are typed (issue 28: IČO
// 12345678 and a SWIFT of free text were taken silently), and a warning
// never blocks: the subject is saved with what was typed.
func TestSubjectFormWarnsOnIdentifiersAsTyped(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectPage())
	r.Set("Name", "Odběratel s.r.o.")
	for _, c := range []struct{ label, bad, want, good string }{
		{"Registration no.", "12345678", "! the registration number's check digit does not match: a typo?", "27074358"},
		{"VAT no.", "CZ1234", "! a Czech VAT number is CZ and 8 to 10 digits, like CZ27074358", "CZ27074358"},
		{"SWIFT/BIC", "moje banka", "! not a SWIFT/BIC: 8 or 11 letters and digits, like KOMBCZPP or GIBACZPX123", "KOMBCZPP"},
	} {
		r.Set(c.label, c.good)
		if v := r.Page.View(); strings.Contains(v, c.want) {
			t.Errorf("%s %q is warned of:\n%s", c.label, c.good, v)
		}
		r.Set(c.label, c.bad)
		if v := r.Page.View(); !strings.Contains(v, c.want) {
			t.Errorf("%s %q: no warning as typed, want %q:\n%s", c.label, c.bad, c.want, v)
		}
	}
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "/subjects.json"); n != 1 {
		t.Fatalf("%d POSTs: a warning blocked the save:\n%s", n, r.Page.View())
	}
}
