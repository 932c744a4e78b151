package events

import (
	"fmt"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
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

// verbs say what happened, for the one-word endings of event names: each
// a sentence about the record ("%s was paid"), so that a language can
// write it without agreeing with the record's gender ("%s: uhrazeno").
var verbs = map[string]string{
	"created": locale.Key("%s was created"), "updated": locale.Key("%s was updated"),
	"removed": locale.Key("%s was removed"), "restored": locale.Key("%s was restored"),
	"overdue": locale.Key("%s is overdue"), "paid": locale.Key("%s was paid"), "sent": locale.Key("%s was sent"),
	"locked": locale.Key("%s was locked"), "unlocked": locale.Key("%s was unlocked"),
	"cancelled": locale.Key("%s was cancelled"), "paused": locale.Key("%s was paused"),
	"added": locale.Key("%s was added"), "archived": locale.Key("%s was archived"),
	"unarchived": locale.Key("%s was unarchived"), "uncollectible": locale.Key("%s is uncollectible"),
}

// Known is a related record's known name (its number) by the service's
// type and id (common.Deps.KnownName); nil knows none.
type Known func(typ string, id int64) (string, bool)

// Sentence is an event as a readable sentence in l's language: in
// English the service's own words when it has them, led by the record they are about
// when they do not name it (the service writes just "Sent" for an invoice
// sent: "Invoice 2026-0021: Sent"), else one built from its name: "Invoice
// 2026-0042 was paid".
func Sentence(l locale.Locale, ev apiclient.Event, known Known) string {
	text := strings.TrimSpace(ev.Text)
	for _, r := range resources {
		rest, ok := strings.CutPrefix(ev.Name, r.prefix)
		if !ok {
			continue
		}
		subject := l.T(r.noun)
		ref, byID := reference(ev, r.related, known)
		if ref != "" {
			subject += " " + ref
		}
		// Only a record's number or name leads the service's words: by an
		// id alone they may well name it already ("Beta GmbH was updated").
		names := ref == "" || byID || strings.Contains(text, ref)
		switch v, ok := verbs[rest]; {
		case ok && l.Tag != locale.English && (text == "" || !byID && ref != ""):
			// The service writes its words in English: a Czech screen says
			// what happened in Czech once it can name the record (else the
			// service's words, which do), and the event log's preview line
			// keeps the service's own words beside it.
			return l.Tf(v, subject)
		case text != "" && names:
			return text
		case text != "":
			return subject + ": " + text
		case ok:
			return l.Tf(v, subject)
		}
		return subject + ": " + strings.ToLower(kit.Humanize(rest))
	}
	if text != "" {
		return text
	}
	return kit.Humanize(ev.Name)
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
