package events

import (
	"fmt"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/locale"
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

// Sentence is an event as a readable sentence in l's language: its own
// text when it has one (the service's words), else one built from its
// name: "Invoice 2026-0042 was paid".
func Sentence(l locale.Locale, ev apiclient.Event) string {
	if t := strings.TrimSpace(ev.Text); t != "" {
		return t
	}
	for _, r := range resources {
		rest, ok := strings.CutPrefix(ev.Name, r.prefix)
		if !ok {
			continue
		}
		subject := l.T(r.noun)
		if ref := reference(ev, r.related); ref != "" {
			subject += " " + ref
		}
		if v, ok := verbs[rest]; ok {
			return l.Tf(v, subject)
		}
		return subject + ": " + strings.ToLower(kit.Humanize(rest))
	}
	return kit.Humanize(ev.Name)
}

// reference names the record an event is about: its number or name from
// the params, else the id of the related object of that type.
func reference(ev apiclient.Event, relatedType string) string {
	for _, k := range []string{"number", "invoice_number", "expense_number", "name"} {
		if v, ok := ev.Params[k]; ok && v != nil && fmt.Sprint(v) != "" {
			return fmt.Sprint(v)
		}
	}
	for _, o := range ev.RelatedObjects {
		if relatedType != "" && o.Type == relatedType {
			return fmt.Sprintf("#%d", o.ID)
		}
	}
	return ""
}
