package locale

import "testing"

func TestFoldIgnoresCaseAndDiacritics(t *testing.T) {
	for _, c := range []struct {
		query, text string
		want        bool
	}{
		{"kava", "Káva zrnková 1 kg", true},
		{"ucetni", "Účetní kancelář Brno", true},
		{"UCETNI", "účetní", true},
		{"kancelar", "Účetní kancelář", true},
		{"zlutoucky kun", "Žluťoučký kůň", true},
		{"lubovolny", "ľubovoľný", true}, // Slovak
		{"stastie", "šťastie", true},
		{"Káva", "kava", true}, // diacritics typed, none in the name
		{"kava", "Kafe", false},
		{"", "anything", true},
		{"  kava ", "Káva", true},
	} {
		if got := MatchFold(c.query, "", c.text); got != c.want {
			t.Errorf("MatchFold(%q, %q) = %v, want %v", c.query, c.text, got, c.want)
		}
	}
	if Fold("Účetní") != "ucetni" || Fold("ŘEPA") != "repa" {
		t.Errorf("Fold: %q %q", Fold("Účetní"), Fold("ŘEPA"))
	}
}
