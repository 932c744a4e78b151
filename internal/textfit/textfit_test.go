package textfit

import (
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// cutFigure is a value cut mid-way: an ellipsis right after a digit.
var cutFigure = regexp.MustCompile(`[0-9]…`)

// A cut never ends in a figure: a word with a digit goes whole, and a
// text of one word loses its trailing figure.
func TestCutNeverEndsInAFigure(t *testing.T) {
	cases := []struct {
		in   string
		w    int
		want string
	}{
		{"Výdaj N2026-0031: uhrazeno (795,00 €)", 30, "Výdaj N2026-0031: uhrazeno …"},
		{"Výdaj N2026-0031: uhrazeno", 14, "Výdaj …"},
		{"expense 2026-0043 was paid", 18, "expense …"},
		{"N2026-0043", 7, "N…"},
		{"Acme Corporation s.r.o.", 10, "Acme Corp…"},
		{"fits", 4, "fits"},
	}
	for _, c := range cases {
		if got := Cut(c.in, c.w); got != c.want {
			t.Errorf("Cut(%q, %d) = %q, want %q", c.in, c.w, got, c.want)
		}
	}
	for _, s := range []string{"Výdaj N2026-0031: uhrazeno (1\u00a0197,90\u00a0Kč)", "A payment of 1 000,00 EUR was added to expense N2026-0043", "26. 11. 2026 08:15"} {
		for w := 1; w < ansi.StringWidth(s); w++ {
			got := Cut(s, w)
			if ansi.StringWidth(got) > w || cutFigure.MatchString(got) || !strings.HasPrefix(s, strings.TrimSuffix(got, Ellipsis)) {
				t.Errorf("Cut(%q, %d) = %q", s, w, got)
			}
		}
	}
}
