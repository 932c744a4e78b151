package common

import (
	"slices"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/locale"
)

// Names sort as the language orders them (issue 28): in Czech "Ú" with U,
// not after Z, and "ch" after "h"; the order's key agrees with its
// comparison, which the table relies on.
func TestNamesSortInTheLanguagesCollation(t *testing.T) {
	type rec struct{ name string }
	by := ByText("name", func(r *rec) string { return r.name })
	for _, c := range []struct {
		tag  locale.Tag
		want string
	}{
		{locale.Czech, "Alfa|Hora|Chata|Účetní kancelář|Vinařství|Žilina"},
		{locale.English, "Alfa|Chata|Hora|Účetní kancelář|Vinařství|Žilina"},
	} {
		o := orders(locale.New(c.tag), []Sort[rec]{by})[0]
		recs := []*rec{{"Žilina"}, {"Účetní kancelář"}, {"Chata"}, {"Vinařství"}, {"Alfa"}, {"Hora"}}
		slices.SortFunc(recs, o.Cmp)
		names := make([]string, len(recs))
		for i, r := range recs {
			names[i] = r.name
		}
		if got := strings.Join(names, "|"); got != c.want {
			t.Errorf("%s: %s, want %s", c.tag, got, c.want)
		}
		for i := 1; i < len(recs); i++ {
			a, _ := o.Key(recs[i-1])
			b, _ := o.Key(recs[i])
			if a > b {
				t.Errorf("%s: the key of %q is above that of %q, which sorts after it", c.tag, recs[i-1].name, recs[i].name)
			}
		}
	}
}
