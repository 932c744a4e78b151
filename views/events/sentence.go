package events

import (
	"fmt"
	"regexp"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more/kit"
)

// resources are the record kinds an event name starts with, longest first
// so that "recurring_generator_paused" is not read as a generator's.
var resources = []struct{ prefix, noun, related string }{
	{"recurring_generator_", locale.Key("Recurring generator"), apiclient.RelatedRecurringGenerator},
	{"inventory_item_", locale.Key("Inventory item"), ""},
	{"inventory_move_", locale.Key("Inventory move"), ""},
	{"inbox_file_", locale.Key("Inbox file"), ""},
	{"invoice_", locale.Key("Invoice"), apiclient.RelatedInvoice},
	{"expense_", locale.Key("Expense"), apiclient.RelatedExpense},
	{"generator_", locale.Key("Generator"), apiclient.RelatedGenerator},
	{"subject_", locale.Key("Subject"), apiclient.RelatedSubject},
	{"estimate_", locale.Key("Estimate"), apiclient.RelatedEstimate},
}

// verbs say what happened, for the endings of event names (api-v3.md,
// Webhooks): each a sentence about the record ("%s was paid"), so that a
// language can write it without agreeing with the record's gender ("%s:
// uhrazeno").
var verbs = map[string]string{
	"created": locale.Key("%s was created"), "updated": locale.Key("%s was updated"),
	"removed": locale.Key("%s was removed"), "restored": locale.Key("%s was restored"),
	"overdue": locale.Key("%s is overdue"), "paid": locale.Key("%s was paid"), "sent": locale.Key("%s was sent"),
	"locked": locale.Key("%s was locked"), "unlocked": locale.Key("%s was unlocked"),
	"cancelled": locale.Key("%s was cancelled"), "paused": locale.Key("%s was paused"),
	"added": locale.Key("%s was added"), "archived": locale.Key("%s was archived"),
	"unarchived": locale.Key("%s was unarchived"), "uncollectible": locale.Key("%s is uncollectible"),
	"paid_with_thank_you_note":        locale.Key("%s was paid and a thank-you note sent"),
	"payment_added":                   locale.Key("%s: a payment was added"),
	"payment_removed":                 locale.Key("%s: payments were removed"),
	"cancellation_removed":            locale.Key("%s: the cancellation was removed"),
	"uncollectible_removed":           locale.Key("%s is no longer uncollectible"),
	"invoice_created":                 locale.Key("%s issued an invoice"),
	"ocr_processed":                   locale.Key("%s: OCR data were extracted"),
	"ocr_processing_failed":           locale.Key("%s: the upload for OCR failed"),
	"ocr_processing_rejected":         locale.Key("%s: OCR was refused"),
	"removed_all":                     locale.Key("%s: all files were removed"),
	"taxable_fulfillment_due_changed": locale.Key("%s: the taxable supply date was changed"),
}

// Known is a related record's known name (its number) by the service's
// type and id (common.Deps.KnownName); nil knows none.
type Known func(typ string, id int64) (string, bool)

// Sentence is an event as a readable sentence in l's language, its amount
// written as the locale writes money: "Expense N2026-0031 was paid (CZK
// 1,197.90)", "Výdaj N2026-0031: uhrazeno (1 197,90 Kč)". In English the
// service's own words stand where they name the record and carry no amount
// to write ("Invoice 2026-0029 for Acme was created"); led by the record
// when they do not (the service writes just "Sent": "Invoice 2026-0021:
// Sent"). In another language kasa's sentence stands wherever it knows the
// name's verb, and the service's words kasa cannot translate are quoted as
// the service's („Chargeable event changed…“).
func Sentence(l locale.Locale, ev apiclient.Event, known Known) string {
	text := strings.TrimSpace(ev.Text)
	for _, r := range resources {
		rest, ok := strings.CutPrefix(ev.Name, r.prefix)
		if !ok {
			continue
		}
		subject := l.T(r.noun)
		ref, byID := reference(ev, r.related, known)
		if n := numberIn(text); (ref == "" || byID) && n != "" {
			ref, byID = n, false // the service's words name it
		}
		if ref != "" {
			subject += " " + ref
		}
		amount := paymentAmount(l, ev.Params)
		// Only a record's number or name leads the service's words: by an
		// id alone they may well name it already ("Beta GmbH was updated").
		names := ref == "" || byID || strings.Contains(text, ref)
		v, ok := verbs[rest]
		switch {
		case ok && (l.Tag != locale.English || text == "" || amount != "" || !names):
			s := l.Tf(v, subject)
			if amount != "" {
				s = l.Tf("%s (%s)", s, amount)
			}
			return s
		case text != "" && l.Tag != locale.English:
			return subject + ": " + common.Quoted(l, text)
		case text != "" && names:
			return text
		case text != "":
			return subject + ": " + text
		}
		return subject + ": " + strings.ToLower(kit.Humanize(rest))
	}
	switch {
	case text != "" && l.Tag != locale.English:
		return common.Quoted(l, text)
	case text != "":
		return text
	}
	return kit.Humanize(ev.Name)
}

// numberRe is a document's number where the service's words start with
// its kind: "Expense N2026-0031 was paid", "Proforma invoice P2026-0002
// for …".
var numberRe = regexp.MustCompile(`^(?:[A-Z][a-z]+ )(?:[a-z]+ )?([A-Z]{0,3}[0-9][0-9A-Za-z/-]*)\b`)

func numberIn(text string) string {
	if m := numberRe.FindStringSubmatch(text); m != nil {
		return m[1]
	}
	return ""
}

// paymentAmount is the amount of the payment an event carries (paid,
// payment added) as money in the locale, or "".
func paymentAmount(l locale.Locale, params map[string]any) string {
	p, ok := params["payment"].(map[string]any)
	if !ok {
		return ""
	}
	raw, cur := fmt.Sprint(p["amount"]), fmt.Sprint(p["currency"])
	amount, err := decimal.NewFromString(raw)
	if err != nil || p["amount"] == nil {
		return ""
	}
	if p["currency"] == nil {
		cur = ""
	}
	return l.Money(amount, cur)
}

// reference names the record an event is about: its number or name from
// the params, else the known name or (byID) the id of the related object of
// that type.
func reference(ev apiclient.Event, relatedType string, known Known) (ref string, byID bool) {
	for _, k := range []string{"number", "invoice_number", "expense_number", "name", "filename"} {
		if v, ok := ev.Params[k]; ok && v != nil && fmt.Sprint(v) != "" {
			return fmt.Sprint(v), false
		}
	}
	if it, ok := ev.Params["inventory_item"].(map[string]any); ok && it["name"] != nil {
		return fmt.Sprint(it["name"]), false
	}
	for _, o := range ev.RelatedObjects {
		if relatedType == "" || o.Type != relatedType {
			continue
		}
		if known != nil {
			if name, ok := known(o.Type, o.ID); ok {
				return name, false
			}
		}
		return fmt.Sprintf("#%d", o.ID), true
	}
	return "", false
}
