package locale

import (
	"strings"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/runes"
	"golang.org/x/text/transform"
	"golang.org/x/text/unicode/norm"
)

// Fold is s as the pickers compare it: case folded and without diacritics
// ("Účetní" and "ucetni" alike fold to "ucetni"). The marks are taken off
// after a canonical decomposition, so ř, ů, ľ and ô lose theirs as á does;
// the letters of other scripts stay as they are.
func Fold(s string) string {
	t := transform.Chain(norm.NFD, runes.Remove(runes.In(unicode.Mn)), cases.Fold(), norm.NFC)
	out, _, err := transform.String(t, s)
	if err != nil {
		return strings.ToLower(s) // invalid UTF-8: case folded at least
	}
	return out
}

// MatchFold reports whether query is part of any of texts, ignoring case and
// diacritics: the one match of every picker, so "kava" finds "Káva" and
// "ucetni" finds "Účetní" whatever the service's own search does. An empty
// query matches everything.
func MatchFold(query string, texts ...string) bool {
	q := Fold(strings.TrimSpace(query))
	if q == "" {
		return true
	}
	for _, t := range texts {
		if t != "" && strings.Contains(Fold(t), q) {
			return true
		}
	}
	return false
}
