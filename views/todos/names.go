package todos

import (
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/views/more/kit"
)

// sentences are the to-do names the reference lists, as a person would say
// them. The list is not complete (api-v3.md): other names are humanised.
var sentences = map[string]string{
	"expense_payment_unpaired":            locale.Key("A payment could not be paired with an expense"),
	"email_bounced":                       locale.Key("An invoice e-mail bounced"),
	"inbox_files_too_many_attachments":    locale.Key("An e-mail to the inbox had too many attachments"),
	"account_exceeded_vat_turnover_limit": locale.Key("The turnover exceeded the VAT registration limit"),
}

// Sentence is a to-do name as a readable sentence in l's language: a known
// name's own sentence, any other "some_name" as "Some name".
func Sentence(l locale.Locale, name string) string {
	if s, ok := sentences[name]; ok {
		return l.T(s)
	}
	return kit.Humanize(name)
}
