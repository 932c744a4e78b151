package sandbox

import (
	"strings"
	"unicode"
)

// webhookBody is the delivery's `body`, as the docs' Payload Content shows:
// the record the entry is about (a JSON snapshot taken now) under its type
// ({"invoice": {...}}), and the event's additional payload beside it
// ({"invoice": {...}, "payment": {...}}). A record that is gone (a removal) is
// reduced to its id. A bulk action's count is under the pluralised resource:
// {"inbox_files": {"count": 2}}.
//
// Records are written as the API writes them, with addresses on base, the API
// root the webhook's maker reached (a webhook seeded without one gets the
// records as stored).
func webhookBody(a *Account, ev *Event, base string) map[string]any {
	var c *Ctx
	if strings.HasSuffix(base, apiRoot) {
		c = &Ctx{Account: a, Base: base}
	}
	var rec any
	key := ""
	for _, r := range ev.RelatedObjects {
		if rec = webhookRecord(c, a, r); rec != nil {
			key = webhookKey(r.Type)
			break
		}
	}
	if rec == nil {
		if id, ok := ev.Params["inbox_file_id"].(int64); ok {
			key = "inbox_file"
			if f, found := a.Inbox.Get(id); found && c != nil {
				rec = inboxView(c, f)
			} else if found {
				rec = f.InboxFile
			} else {
				rec = map[string]any{"id": id, "filename": ev.Params["filename"]}
			}
		}
	}
	if rec == nil && len(ev.RelatedObjects) > 0 {
		rec, key = map[string]any{"id": ev.RelatedObjects[0].ID}, webhookKey(ev.RelatedObjects[0].Type)
	}
	body := map[string]any{}
	if rec != nil {
		body[key] = webhookSnapshot(rec)
	}
	onInvoice := key == "invoice"
	for _, k := range []string{"payment", "payments", "invoice", "expense", "inventory_item"} {
		if v, ok := ev.Params[k]; ok {
			body[k] = webhookSnapshotAny(webhookPayload(v, onInvoice))
		}
	}
	if n, ok := ev.Params["count"]; ok {
		body["inbox_files"] = map[string]any{"count": n}
	}
	return body
}

// webhookKey is a record's key in a delivery's body: RecurringGenerator is
// recurring_generator.
func webhookKey(typ string) string {
	var b strings.Builder
	for i, r := range typ {
		if unicode.IsUpper(r) {
			if i > 0 {
				b.WriteByte('_')
			}
			r = unicode.ToLower(r)
		}
		b.WriteRune(r)
	}
	return b.String()
}

// webhookPayload writes a payment of an invoice with its tax_document_id and
// an invoice with its payments so, as the answers of the API do.
func webhookPayload(v any, onInvoice bool) any {
	switch p := v.(type) {
	case Payment:
		if onInvoice {
			return invoicePaymentOf(p)
		}
	case []Payment:
		if onInvoice {
			return invoicePaymentsOf(p)
		}
	case *Invoice:
		return invoiceView{*p, invoicePaymentsOf(p.Payments)}
	case Invoice:
		return invoiceView{p, invoicePaymentsOf(p.Payments)}
	}
	return v
}

// webhookRecord is the live record a related object points at, presented
// when c is set, or nil.
func webhookRecord(c *Ctx, a *Account, r RelatedObject) any {
	switch r.Type {
	case "Subject":
		return webhookPresent(c, a.Subjects, r.ID, presentSubject)
	case "Invoice":
		return webhookPresent(c, a.Invoices, r.ID, presentInvoice)
	case "Expense":
		return webhookPresent(c, a.Expenses, r.ID, presentExpense)
	case "Generator":
		return webhookPresent(c, a.Generators, r.ID, presentGenerator)
	case "RecurringGenerator":
		return webhookPresent(c, a.Recurring, r.ID, presentRecurring)
	case "InventoryItem":
		return webhookPresent(c, a.Items, r.ID, func(_ *Ctx, it *InventoryItem) itemView { return presentInvItem(it) })
	case "InventoryMove":
		return webhookPresent(c, a.Moves, r.ID, func(_ *Ctx, m *InventoryMove) *InventoryMove { return m })
	}
	return nil
}

// webhookPresent is the record of id as present writes it, the stored record
// without c, or nil when there is none.
func webhookPresent[T, V any](c *Ctx, t *Table[T], id int64, present func(*Ctx, *T) V) any {
	v, ok := t.Get(id)
	switch {
	case !ok:
		return nil
	case c == nil:
		if inv, isInvoice := any(v).(*Invoice); isInvoice {
			return webhookPayload(inv, true)
		}
		return v
	}
	return present(c, v)
}
