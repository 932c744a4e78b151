package events

import (
	"fmt"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/views/more/kit"
)

// resources are the record kinds an event name starts with, longest first
// so that "recurring_generator_paused" is not read as a generator's.
var resources = []struct{ prefix, noun, related string }{
	{"recurring_generator_", "Recurring generator", "RecurringGenerator"},
	{"inventory_item_", "Inventory item", ""},
	{"inventory_move_", "Inventory move", ""},
	{"inbox_file_", "Inbox file", ""},
	{"invoice_", "Invoice", "Invoice"},
	{"expense_", "Expense", "Expense"},
	{"generator_", "Generator", "Generator"},
	{"subject_", "Subject", "Subject"},
	{"estimate_", "Estimate", "Estimate"},
}

// verbs say what happened, for the one-word endings of event names.
var verbs = map[string]string{
	"created": "was created", "updated": "was updated", "removed": "was removed", "restored": "was restored",
	"overdue": "is overdue", "paid": "was paid", "sent": "was sent", "locked": "was locked",
	"unlocked": "was unlocked", "cancelled": "was cancelled", "paused": "was paused", "added": "was added",
	"archived": "was archived", "unarchived": "was unarchived", "uncollectible": "is uncollectible",
}

// Sentence is an event as a readable sentence: its own text when it has
// one, else one built from its name: "Invoice 2026-0042 was paid".
func Sentence(ev apiclient.Event) string {
	if t := strings.TrimSpace(ev.Text); t != "" {
		return t
	}
	for _, r := range resources {
		rest, ok := strings.CutPrefix(ev.Name, r.prefix)
		if !ok {
			continue
		}
		subject := r.noun
		if ref := reference(ev, r.related); ref != "" {
			subject += " " + ref
		}
		if v, ok := verbs[rest]; ok {
			return subject + " " + v
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
