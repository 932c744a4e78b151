package main

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/internal/locale"
)

// serviceCodes are values the service sends as codes (its enums): a
// screen shows each in words, never as sent. Words that are also plain
// English are only codes on a screen in another language.
var serviceCodes = []string{
	"with_vat", "without_vat", "numerical_with_vat", "from_total_with_vat",
	"vat_payer", "non_vat_payer", "identified_person", "one_stop_shop",
	"partial_proforma", "tax_document", "final_invoice", "correction_document",
	"cz",
}

var codesInEnglishWords = []string{
	"bank", "cash", "cod", "card", "paypal", "none", "disabled", "enabled", "supplier", "customer",
	"both", "true", "false", "yes", "no", "always", "never", "open", "sent", "paid", "overdue",
	"cancelled", "uncollectible", "Invoice", "Expense", "Sent", "Paid", "goods", "service", "proforma",
	"estimate", "quote", "inherit", "automatically",
}

// snakeCase is a code as the service writes it ("without_vat"). The names
// of webhook events are the exception: a receiver matches them as written,
// so the webhook's page shows them so.
var (
	snakeCase   = regexp.MustCompile(`(^|[\s(·,])([a-z]+_[a-z_]+)($|[\s),·])`)
	webhookName = regexp.MustCompile(`^(invoice|expense|generator|recurring_generator|inbox_file|inventory_item|inventory_move|subject|estimate)_`)
)

// cutFigure is an amount, a date or a number cut mid-way ("34 877…").
var cutFigure = regexp.MustCompile(`[0-9]…`)

// problems lists what an interface-language screen must not show: a raw
// code of the service's, a formatting verb's error, a value cut.
func problems(lang locale.Tag, view string) []string {
	var out []string
	words := serviceCodes
	if lang != locale.English {
		words = append(append([]string(nil), words...), codesInEnglishWords...)
	}
	for i, line := range strings.Split(view, "\n") {
		if cutFigure.MatchString(line) {
			out = append(out, fmt.Sprintf("line %d: a value cut: %q", i+1, line))
		}
		if strings.Contains(line, "%!") {
			out = append(out, fmt.Sprintf("line %d: a formatting error: %q", i+1, line))
		}
		if m := snakeCase.FindStringSubmatch(line); m != nil && !webhookName.MatchString(m[2]) {
			out = append(out, fmt.Sprintf("line %d: the code %q: %q", i+1, m[2], line))
		}
		for _, w := range words {
			re := regexp.MustCompile(`(^|[\s(·,:])` + regexp.QuoteMeta(w) + `($|[\s),·])`)
			if re.MatchString(line) {
				out = append(out, fmt.Sprintf("line %d: the code %q: %q", i+1, w, line))
			}
		}
	}
	return out
}

// TestEveryScreenIsComplete draws every page, form and help screen of the
// demo in each language at 80x24, 160x45 and 160x100 (a detail page whole)
// and fails on a code of the service's shown as sent, a formatting error
// or a value cut (issue 28).
func TestEveryScreenIsComplete(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every screen")
	}
	now, loc := testNow()
	for _, lang := range []locale.Tag{locale.English, locale.Czech} {
		for _, size := range [][2]int{{80, 24}, {160, 45}, {160, 100}} {
			for _, sh := range pages() {
				sh.lang, sh.w, sh.h = lang, size[0], size[1]
				t.Run(fmt.Sprintf("%s/%s/%dx%d", lang, sh.file, sh.w, sh.h), func(t *testing.T) {
					view, err := screen(context.Background(), sh, now, loc)
					if err != nil {
						t.Fatal(err)
					}
					for _, p := range problems(lang, ansi.Strip(view)) {
						t.Error(p)
					}
				})
			}
		}
	}
}
