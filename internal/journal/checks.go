package journal

import (
	"context"
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
)

// window is how far back a list read for a check (and the snapshot before
// a send) reaches: wide against this computer's clock being off from the
// service's, narrow enough to stay a page or a few. It only bounds the
// read; a record is taken for the write's by "not there before" and every
// field, never by time.
const window = 24 * time.Hour

// rec is a record as a check compares it: its id (or a key, for what has
// no id) and its values by the API's field names.
type rec struct {
	id     string
	fields map[string]string
}

// checker reads what a kind of write may have made.
type checker struct {
	// list reads the target's records made since.
	list func(ctx context.Context, c *apiclient.Client, e Entry, since time.Time) ([]rec, error)
	// match, when set, replaces the record-by-record match: it is given
	// the records not there before.
	match func(e Entry, fresh []rec) bool
}

func (ck checker) before(ctx context.Context, c *apiclient.Client, e Entry, now time.Time) ([]string, error) {
	rs, err := ck.list(ctx, c, e, now.Add(-window))
	ids := make([]string, 0, len(rs))
	for _, r := range rs {
		ids = append(ids, r.id)
	}
	return ids, err
}

// find is the record not there before whose fields are all the write's.
func (ck checker) find(ctx context.Context, c *apiclient.Client, e Entry) (int64, bool, error) {
	rs, err := ck.list(ctx, c, e, e.SentAt.Add(-window))
	if err != nil {
		return 0, false, err
	}
	if ck.match != nil {
		fresh := slices.DeleteFunc(rs, func(r rec) bool { return slices.Contains(e.Before, r.id) })
		_, id, _ := targetID(e.Target)
		return id, ck.match(e, fresh), nil
	}
	for _, r := range rs {
		if slices.Contains(e.Before, r.id) || !matches(e.Fields, r.fields) {
			continue
		}
		id, _ := strconv.ParseInt(r.id, 10, 64)
		return id, true, nil
	}
	return 0, false, nil
}

// matches reports whether every field sent that the record shows has the
// value sent: amounts compared as numbers, text as trimmed text.
func matches(sent, got map[string]string) bool {
	for k, v := range sent {
		g, ok := got[k]
		if !ok {
			continue
		}
		if k == "lines" && sameLinesField(v, g) || k != "lines" && same(v, g) {
			continue
		}
		return false
	}
	return true
}

func same(a, b string) bool {
	a, b = strings.TrimSpace(a), strings.TrimSpace(b)
	if a == b {
		return true
	}
	da, errA := decimal.NewFromString(a)
	db, errB := decimal.NewFromString(b)
	return errA == nil && errB == nil && da.Equal(db)
}

// checkerOf is the checker of a kind; a kind without one is repeatable.
func checkerOf(k Kind) (checker, bool) {
	switch k {
	case KindPayment:
		return checker{list: payments}, true
	case KindMove:
		return checker{list: moves}, true
	case KindEmail:
		return checker{list: sentEmails}, true
	case KindInvoice:
		return checker{list: invoices}, true
	case KindExpense:
		return checker{list: expenses}, true
	case KindSubject:
		return checker{list: subjects}, true
	case KindItem:
		return checker{list: items}, true
	case KindWebhook:
		return checker{list: webhooks}, true
	case KindGenerator:
		return checker{list: generators}, true
	case KindLines:
		return checker{list: documentLines, match: sameNewLines}, true
	case KindInboxFile:
		return checker{list: inboxFiles}, true
	}
	return checker{}, false
}

// targetID reads "invoice:12" as ("invoice", 12).
func targetID(target string) (string, int64, error) {
	kind, s, ok := strings.Cut(target, ":")
	id, err := strconv.ParseInt(s, 10, 64)
	if !ok || err != nil || id <= 0 {
		return "", 0, fmt.Errorf("journal: target %q is not kind:id", target)
	}
	return kind, id, nil
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }

// payments are the payments of the target invoice or expense.
func payments(ctx context.Context, c *apiclient.Client, e Entry, _ time.Time) ([]rec, error) {
	kind, id, err := targetID(e.Target)
	if err != nil {
		return nil, err
	}
	var ps []apiclient.Payment
	if kind == "expense" {
		x, _, err := c.Expenses.Get(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("read expense %d: %w", id, err)
		}
		ps = x.Payments
	} else {
		inv, _, err := c.Invoices.Get(ctx, id)
		if err != nil {
			return nil, fmt.Errorf("read invoice %d: %w", id, err)
		}
		ps = inv.Payments
	}
	out := make([]rec, 0, len(ps))
	for _, p := range ps {
		// What the service echoes of a payment; mark_document_as_paid is not
		// among it (the docs' answers leave it out).
		f := map[string]string{"amount": p.Amount.String(), "paid_on": p.PaidOn.String(), "variable_symbol": p.VariableSymbol,
			"native_amount": p.NativeAmount.String()}
		if p.BankAccountID != nil {
			f["bank_account_id"] = itoa(*p.BankAccountID)
		}
		out = append(out, rec{id: itoa(p.ID), fields: f})
	}
	return out, nil
}

// moves are the moves of the target item made since.
func moves(ctx context.Context, c *apiclient.Client, e Entry, since time.Time) ([]rec, error) {
	_, id, err := targetID(e.Target)
	if err != nil {
		return nil, err
	}
	var out []rec
	opts := apiclient.InventoryMoveListOptions{InventoryItemID: id}
	opts.Since = since
	for mv, err := range c.InventoryMoves.ListAll(ctx, opts) {
		if err != nil {
			return nil, fmt.Errorf("list the moves of item %d: %w", id, err)
		}
		if mv.InventoryItemID != 0 && mv.InventoryItemID != id {
			continue
		}
		out = append(out, rec{id: itoa(mv.ID), fields: map[string]string{
			"direction": mv.Direction, "moved_on": mv.MovedOn.String(), "quantity_change": mv.QuantityChange.String(),
			"purchase_price": mv.PurchasePrice.String(), "purchase_currency": mv.PurchaseCurrency.String(),
			"retail_price": mv.RetailPrice.String(), "retail_currency": mv.RetailCurrency, "private_note": mv.PrivateNote.String(),
		}})
	}
	return out, nil
}

// sentEmails are the target invoice's "invoice_sent" events since; an event
// has no id, so its time and addresses are its key.
func sentEmails(ctx context.Context, c *apiclient.Client, e Entry, since time.Time) ([]rec, error) {
	_, id, err := targetID(e.Target)
	if err != nil {
		return nil, err
	}
	var out []rec
	for ev, err := range c.Events.ListAll(ctx, apiclient.EventListOptions{Since: since}) {
		if err != nil {
			return nil, fmt.Errorf("list the events: %w", err)
		}
		if ev.Name != "invoice_sent" || !slices.ContainsFunc(ev.RelatedObjects, func(r apiclient.RelatedObject) bool {
			return r.Type == "Invoice" && r.ID == id
		}) {
			continue
		}
		email, _ := ev.Params["email"].(string)
		cc, _ := ev.Params["email_copy"].(string)
		out = append(out, rec{id: ev.CreatedAt.Time.UTC().Format(time.RFC3339Nano) + " " + email + " " + cc,
			fields: map[string]string{"email": email, "email_copy": cc}})
	}
	return out, nil
}
