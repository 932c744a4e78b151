// Package journal is kasa's one journal of writes: every request that changes
// the service goes through Send, which records the intent on disk before the
// request leaves (account, kind, target, the fields sent, what the target
// held before, when it was sent) and files the answer as done, refused or in
// doubt. A write in doubt is settled only by reading the service (Check),
// never by sending it again; a later write on the same target settles the
// earlier one first. Anchor: the outbox of payment systems, an idempotency
// record written before the side effect, here without server-side keys.
package journal

import (
	"errors"
	"maps"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// Kind is what a write makes or changes; it decides how a check reads the
// service.
type Kind string

// The kinds of write. A kind without a checker (an update, a delete, an
// event) is repeatable: sending it again cannot make a second record.
const (
	KindPayment   Kind = "payment"   // target "invoice:ID" or "expense:ID"
	KindMove      Kind = "move"      // target "item:ID"
	KindEmail     Kind = "email"     // target "invoice:ID"
	KindInvoice   Kind = "invoice"   // target "invoices"
	KindExpense   Kind = "expense"   // target "expenses"
	KindSubject   Kind = "subject"   // target "subjects"
	KindItem      Kind = "item"      // target "inventory_items"
	KindWebhook   Kind = "webhook"   // target "webhooks"
	KindGenerator Kind = "generator" // target "generators" or "recurring_generators"
	KindInboxFile Kind = "inbox_file"
	KindLines     Kind = "lines"  // a PATCH of a document that adds lines: target "invoice:ID"...
	KindUpdate    Kind = "update" // a PATCH: sets values
	KindDelete    Kind = "delete"
	KindEvent     Kind = "event" // fire an event (lock, mark as sent...)
)

// State is where a recorded write stands. Only writes whose outcome is not
// known stay in the journal.
type State string

// States of a recorded write.
const (
	// StateSending: recorded, the request is leaving. Found so on a later
	// start (kasa ended mid-send) it is in doubt.
	StateSending State = "sending"
	// StateDoubt: no answer, a dropped connection, a timeout or a 5xx.
	StateDoubt State = "doubt"
)

// Entry is one write in the journal.
type Entry struct {
	ID      string            `json:"id"`
	Account string            `json:"account"`
	Kind    Kind              `json:"kind"`
	Target  string            `json:"target"`
	Name    string            `json:"name"` // in words, for the user: "payment 1200.00 on invoice 2026-0001"
	Fields  map[string]string `json:"fields"`
	// Before are the ids (or keys) of what the target held just before the
	// send: a record among them is never taken for this write's.
	Before []string  `json:"before"`
	SentAt time.Time `json:"sent_at"`
	State  State     `json:"state"`
	// Checks counts the reads that failed to settle it; LastCheck is the
	// last one, Problem why the last send or check failed.
	Checks    int       `json:"checks,omitempty"`
	LastCheck time.Time `json:"last_check,omitzero"`
	Problem   string    `json:"problem,omitempty"`
}

// Repeatable reports whether sending the write again cannot make a second
// record (an update sets values, a delete of a deleted record is refused).
func (e Entry) Repeatable() bool { _, ok := checkerOf(e.Kind); return !ok }

// SameWrite reports whether o asks for the same thing as e: the same kind
// and target and the same fields.
func (e Entry) SameWrite(o Entry) bool {
	return e.Kind == o.Kind && e.Target == o.Target && maps.Equal(e.Fields, o.Fields)
}

// Outcome is what became of a write (or of a check of one).
type Outcome int

// Outcomes.
const (
	// Unsent: nothing left this computer (the journal could not be written,
	// the target could not be read first, an earlier write on the target is
	// still in doubt, the connection failed before the request was written).
	Unsent Outcome = iota
	// Done: the service answered 2xx, or a check found the record.
	Done
	// Refused: the service answered 4xx; nothing was applied.
	Refused
	// Doubt: it may or may not have been applied; only a read settles it.
	Doubt
	// NotApplied: a successful read shows it did not land.
	NotApplied
)

// String names the outcome (for the log).
func (o Outcome) String() string {
	switch o {
	case Done:
		return "done"
	case Refused:
		return "refused"
	case Doubt:
		return "in doubt"
	case NotApplied:
		return "not applied"
	}
	return "unsent"
}

// classify files a send's error: nil is done, a 4xx refused, a 5xx or a
// request that may have reached the service in doubt, anything else (the
// connection failed before the request was written) unsent.
func classify(err error) Outcome {
	if err == nil {
		return Done
	}
	var er *apiclient.ErrorResponse
	switch {
	case errors.Is(err, apiclient.ErrOutcomeUnknown):
		return Doubt
	case errors.As(err, &er) && er.StatusCode >= 500:
		return Doubt
	case errors.As(err, &er):
		return Refused
	}
	return Unsent
}
