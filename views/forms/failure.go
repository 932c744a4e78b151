package forms

import (
	"context"
	"errors"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// failure turns a failed send into a form.Result: field messages for a 422,
// words for a refusal (refusal may return "" to use the service's text),
// a write in doubt (the noun, a catalog key, may or may not have been done:
// "recorded", "saved", "sent"), settled by the journal's check, or a fault
// that provably sent nothing.
func (fd Deps) failure(err error, noun, done string, refusal func(e *apiclient.ErrorResponse) string) form.Result {
	l := fd.L
	noun, done = l.T(noun), l.TC("done", done)
	var ve *apiclient.ValidationError
	var re *apiclient.RefusalError
	var doubt *journal.InDoubtError
	var already *journal.AlreadyDoneError
	switch {
	case errors.As(err, &already):
		return form.Result{Done: fd.foundDone(already.Entry, already.FoundID)}
	case errors.As(err, &doubt):
		return fd.inDoubt(doubt, noun, done)
	case errors.Is(err, apiclient.ErrOutcomeUnknown):
		return form.Result{Unknown: true,
			Problem: l.Tf("The connection dropped after the %s was sent: it may or may not have been %s.", noun, done)}
	case errors.As(err, &ve):
		if len(ve.Fields) > 0 {
			return form.Result{FieldErrors: ve.Fields}
		}
		return form.Result{Problem: l.Tf("The service refused the %s: %s", noun, describe(l, &ve.ErrorResponse))}
	case errors.As(err, &re):
		if refusal != nil {
			if s := refusal(&re.ErrorResponse); s != "" {
				return form.Result{Problem: s}
			}
		}
		if len(re.Fields) > 0 {
			return form.Result{FieldErrors: re.Fields}
		}
		return form.Result{Problem: l.Tf("The service refused the %s: %s", noun, describe(l, &re.ErrorResponse))}
	}
	return form.Result{Problem: l.Tf("Could not send the %s: %s. Nothing was lost: your input is still here; send again with ctrl+s.", noun, common.FaultReason(l, err))}
}

// inDoubt is the Result of a write the journal holds in doubt: its own, or
// an earlier one on the same record that stopped this one.
func (fd Deps) inDoubt(d *journal.InDoubtError, noun, done string) form.Result {
	l := fd.L
	if d.Entry.Repeatable() {
		return form.Result{Unknown: true,
			Problem: l.Tf("No clear answer came to the %s (%s): it may or may not have been %s. Sending it again is harmless (ctrl+y).", noun, common.FaultReason(l, d.Err), done)}
	}
	if d.Earlier {
		// Not this form's write: its draft keeps no entry, and once the
		// earlier one is settled (either way) this one may be sent.
		return form.Result{Unknown: true, Check: fd.settleEarlier(d.Entry.ID),
			Problem: l.Tf("Nothing was sent: an earlier %s on this record is in doubt and reading the service failed (%s). kasa checks again by itself.",
				common.KindNoun(l, d.Entry.Kind), common.FaultReason(l, d.Err))}
	}
	res := form.Result{Unknown: true, Entry: d.Entry.ID, Check: fd.settle(d.Entry.ID)}
	res.Problem = l.Tf("No clear answer came to the %s (%s): it may or may not have been %s. kasa reads the service to find out before anything is sent again.",
		noun, common.FaultReason(l, d.Err), done)
	return res
}

// settle is the check of the write id in doubt: the journal reads the
// service (a record not there before with every field sent means done).
func (fd Deps) settle(id string) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		r := fd.Journal.Check(ctx, c, id)
		noun := common.KindNoun(fd.L, r.Entry.Kind)
		switch r.Outcome {
		case journal.Done:
			return form.Result{Done: fd.foundDone(r.Entry, r.FoundID)}, nil
		case journal.NotApplied:
			return form.Result{NotApplied: true,
				Problem: fd.L.Tf("The %s did not land: the service shows no such record.", noun)}, nil
		}
		if errors.Is(r.Err, journal.ErrUnknownWrite) {
			// Nothing to read by: the user looks, and decides with ctrl+y.
			return form.Result{Unknown: true,
				Problem: fd.L.T("kasa's journal no longer knows the last send of this form: look at the record before sending it again (ctrl+y).")}, nil
		}
		return form.Result{Unknown: true, Entry: id, Check: fd.settle(id),
			Problem: fd.L.Tf("The %s is still in doubt: reading the service failed (%s). kasa checks again by itself and sends nothing before it knows.",
				noun, common.FaultReason(fd.L, r.Err))}, r.Err
	})
}

// settleEarlier is the check of an earlier write on the record that kept
// this form's write from being sent: settled either way, this one may go.
func (fd Deps) settleEarlier(id string) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		r := fd.Journal.Check(ctx, c, id)
		noun := common.KindNoun(fd.L, r.Entry.Kind)
		switch r.Outcome {
		case journal.Done:
			return form.Result{NotApplied: true, Problem: fd.L.Tf("The earlier %s on this record was recorded; yours was not sent yet.", noun)}, nil
		case journal.NotApplied:
			return form.Result{NotApplied: true, Problem: fd.L.Tf("The earlier %s on this record did not land; yours was not sent yet.", noun)}, nil
		}
		return form.Result{Unknown: true, Check: fd.settleEarlier(id),
			Problem: fd.L.Tf("The earlier %s on this record is still in doubt: reading the service failed (%s). kasa checks again by itself and sends nothing before it knows.",
				noun, common.FaultReason(fd.L, r.Err))}, r.Err
	})
}

// foundDone is the success of a write found done by a read: back, a toast,
// and the news of what it made or changed.
func (fd Deps) foundDone(e journal.Entry, found int64) []tea.Msg {
	text := fd.L.Tf("The %s was recorded (found on the service after its answer was lost).", common.KindNoun(fd.L, e.Kind))
	if e.Kind == journal.KindEmail {
		text = fd.L.T("The e-mail was sent (found in the invoice's history after its answer was lost).")
	}
	kind, id := targetOf(e.Target)
	switch e.Kind {
	case journal.KindPayment, journal.KindEmail, journal.KindLines:
		return done(text, ui.Changed{Kind: kind, ID: id})
	case journal.KindMove:
		return done(text, moveChanged(id, found, ui.ChangeCreated)...)
	}
	if k, ok := createdKind(e); ok && found > 0 {
		msgs := done(text, ui.Changed{Kind: k, ID: found, Op: ui.ChangeCreated})
		if k == nav.Invoice || k == nav.Expense {
			msgs = append(msgs, ui.Open{ID: ui.PageID{Kind: k, ID: strconv.FormatInt(found, 10)}})
		}
		return msgs
	}
	return done(text)
}

// targetOf reads a target "invoice:12" as the page kind and id it names.
func targetOf(target string) (ui.Kind, int64) {
	if ids, ok := parseID(target, "invoice", 1); ok {
		return nav.Invoice, ids[0]
	}
	if ids, ok := parseID(target, "expense", 1); ok {
		return nav.Expense, ids[0]
	}
	if ids, ok := parseID(target, "item", 1); ok {
		return nav.InventoryItem, ids[0]
	}
	return "", 0
}

// createdKind is the page kind of what a create made.
func createdKind(e journal.Entry) (ui.Kind, bool) {
	switch e.Kind {
	case journal.KindInvoice:
		return nav.Invoice, true
	case journal.KindExpense:
		return nav.Expense, true
	case journal.KindSubject:
		return nav.Subject, true
	case journal.KindItem:
		return nav.InventoryItem, true
	case journal.KindWebhook:
		return nav.Webhook, true
	case journal.KindGenerator:
		if e.Target == "recurring_generators" {
			return nav.RecurringGenerator, true
		}
		return nav.Generator, true
	}
	return "", false
}

// describe is what the service said, in its own words (a refusal with field
// messages never gets here: they go beside their fields).
func describe(l locale.Locale, e *apiclient.ErrorResponse) string {
	switch {
	case e.Description != "":
		return e.Description
	case e.Code != "":
		return e.Code
	}
	return l.Tf("status %d", e.StatusCode)
}

// changedValue reports whether key's value differs from the form's first
// value; a key missing from v (a hidden field) counts as emptied.
func changedValue(orig, v form.Values, key string) bool {
	return v[key] != orig[key]
}
