package sandbox

import (
	"fmt"
	"hash/fnv"
	"net/url"
	"time"

	"github.com/shopspring/decimal"
)

// Invoices: the paths, statuses, document types and attributes of api-facts.md,
// and the invoice rules of api-v3.md. Statuses: open, sent, overdue (automatic by
// due date), paid, cancelled (VAT payers only), uncollectible.

// routesInvoices registers the endpoints of this file and of the invoice payments
// (payments.go). search.json comes before :id.json, which would capture it.
func (s *Server) routesInvoices() {
	docRoutes[Invoice, invoiceView]{
		coll: "invoices", table: func(a *Account) *Table[Invoice] { return a.Invoices },
		listed: invoiceListed, more: invoiceFilters, searched: invoiceSearched, present: presentInvoice,
		create: s.invoiceCreate, update: s.invoiceUpdate, remove: s.invoiceDelete, fire: s.invoiceFire,
		pay: s.invoicePaymentCreate, unpay: s.invoicePaymentDelete, attachment: s.invoiceAttachmentDownload,
	}.register(&s.router)
	s.router.handle("GET", "/accounts/:slug/invoices/:id/download.pdf", s.invoicePDF)
	s.router.handle("POST", "/accounts/:slug/invoices/:id/message.json", s.invoiceMessage)
	s.router.handle("POST", "/accounts/:slug/invoices/:id/payments/:pid/create_tax_document.json", s.invoiceCreateTaxDocument)
}

// invoiceTransitions moves open and sent invoices past their due date to overdue
// (invoice_overdue, once).
func (s *Server) invoiceTransitions(a *Account, now time.Time) {
	today := DateOf(now).Time
	a.Invoices.each(func(inv *Invoice) {
		if (inv.Status == InvoiceOpen || inv.Status == InvoiceSent) && !inv.DueOn.IsZero() && inv.DueOn.Before(today) {
			invoiceRefreshStatus(a, inv, now)
		}
	})
}

// invoiceRefreshStatus derives the status from the dates that decide it; entering
// overdue writes invoice_overdue.
func invoiceRefreshStatus(a *Account, inv *Invoice, now time.Time) {
	var next string
	switch {
	case !inv.CancelledAt.IsZero():
		next = InvoiceCancelled
	case !inv.PaidOn.IsZero():
		next = InvoicePaid
	case !inv.UncollectibleAt.IsZero():
		next = InvoiceUncollectible
	case !inv.DueOn.IsZero() && inv.DueOn.Before(DateOf(now).Time):
		next = InvoiceOverdue
	case !inv.SentAt.IsZero():
		next = InvoiceSent
	default:
		next = InvoiceOpen
	}
	if next == InvoiceOverdue && inv.Status != InvoiceOverdue {
		a.AddEvent(now, "invoice_overdue", fmt.Sprintf("Invoice %s is overdue", inv.Number), nil, nil, RelatedObject{Type: "Invoice", ID: inv.ID})
	}
	inv.Status = next
	invoiceRemaining(inv)
}

// invoiceRemaining keeps remaining_amount (document currency) and
// remaining_native_amount (account currency) in step with totals and payments.
func invoiceRemaining(inv *Invoice) {
	rem := inv.Total.Dec().Sub(paidSum(inv.Payments))
	if inv.Status == InvoicePaid || rem.IsNegative() {
		rem = decimal.Zero
	}
	ex := inv.ExchangeRate.Dec()
	if ex.IsZero() {
		ex = decimal.NewFromInt(1)
	}
	inv.RemainingAmount = Dec(rem)
	inv.RemainingNativeAmount = Dec(rem.Mul(ex))
}

// invoiceTouch records a change: updated_at, and the PDF must be made again. The
// rendered PDF is kept in a.Attachments under the invoice's negated id (record ids
// are positive, so it never meets a real attachment).
func invoiceTouch(c *Ctx, inv *Invoice) {
	inv.UpdatedAt = DateTime{Time: c.Now}
	delete(c.Account.Attachments, -inv.ID)
}

func invoiceIsProforma(inv *Invoice) bool {
	return inv.DocumentType == DocProforma || inv.DocumentType == DocPartialProforma
}

// invoiceToken is the web invoice's public token, stable per account and id.
func invoiceToken(a *Account, id int64) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", a.Slug, id)
	return fmt.Sprintf("%016x%08x", h.Sum64(), uint32(id))
}

// invoicePayment is an invoice's payment as written: with tax_document_id,
// null when the payment has no tax document (the docs' examples).
type invoicePayment struct {
	Payment
	TaxDocumentID *int64 `json:"tax_document_id"`
}

func invoicePaymentOf(p Payment) invoicePayment { return invoicePayment{p, p.TaxDocumentID} }

func invoicePaymentsOf(ps []Payment) []invoicePayment {
	out := make([]invoicePayment, 0, len(ps))
	for _, p := range ps {
		out = append(out, invoicePaymentOf(p))
	}
	return out
}

// invoiceView is an invoice as written: its payments carry tax_document_id.
type invoiceView struct {
	Invoice
	Payments []invoicePayment `json:"payments"`
}

func presentInvoice(c *Ctx, inv *Invoice) invoiceView {
	return invoiceView{presentInvoiceFields(c, inv), invoicePaymentsOf(inv.Payments)}
}

func presentInvoiceFields(c *Ctx, inv *Invoice) Invoice {
	out := *inv
	out.URL = c.AccountURL("invoices/%d.json", inv.ID)
	out.HTMLURL = c.HTMLURL("invoices/%d", inv.ID)
	out.PublicHTMLURL = c.HTMLURL("p/%s", inv.Token)
	out.PdfURL = c.AccountURL("invoices/%d/download.pdf", inv.ID)
	out.SubjectURL = c.AccountURL("subjects/%d.json", inv.SubjectID)
	out.TaxDocumentIDs = nonNil(out.TaxDocumentIDs)
	out.Tags = nonNil(out.Tags)
	out.EETRecords = nonNil(out.EETRecords)
	out.Lines = nonNil(out.Lines)
	out.VatRatesSummary = nonNil(out.VatRatesSummary)
	out.PaidAdvances = nonNil(out.PaidAdvances)
	out.Payments = nonNil(out.Payments)
	out.Attachments = presentAttachments(c, "invoices", inv.ID, inv.Attachments)
	return out
}

// invoiceDocTypeMatches: the index's document_type "regular" means invoices and
// final invoices; other values match exactly.
func invoiceDocTypeMatches(filter, docType string) bool {
	if filter == "regular" {
		return docType == DocInvoice || docType == DocFinalInvoice
	}
	return matchText(filter, docType)
}

// invoiceFilters are the invoice index's own: document_type.
func invoiceFilters(q url.Values, inv *Invoice) bool {
	return invoiceDocTypeMatches(q.Get("document_type"), inv.DocumentType)
}

func invoiceListed(inv *Invoice) docListed {
	return docListed{inv.CreatedAt, inv.UpdatedAt, inv.SubjectID, string(inv.CustomID), inv.Number, inv.Status}
}

// invoiceSearched: search.json's query looks at number, variable_symbol,
// order_number, client_name, client_registration_no, client_vat_no, note,
// private_note and line names.
func invoiceSearched(inv *Invoice) (tags, fields []string) {
	return inv.Tags, append([]string{inv.Number, inv.VariableSymbol, string(inv.OrderNumber), inv.ClientName, string(inv.ClientRegistrationNo), string(inv.ClientVatNo), string(inv.Note), string(inv.PrivateNote)}, lineNames(inv.Lines)...)
}

func (s *Server) findInvoice(c *Ctx) (*Invoice, bool) {
	return find(c, c.Account.Invoices, "id")
}

var invoiceCreatableTypes = []string{DocInvoice, DocProforma, DocCorrection, DocTaxDocument, DocFinalInvoice}

func (s *Server) invoiceCreate(c *Ctx) {
	a := c.Account
	if refuseInvoiceWithoutBankAccount(c) {
		return
	}
	body := c.Body()
	var p InvoiceParams
	errs := DecodeBody(body, &p)
	inv := newInvoice(a, c.Now)
	if p.SubjectID == nil {
		addSubjectMissing(errs, "client_name")
	}
	if p.DocumentType != nil {
		if !oneOf(*p.DocumentType, invoiceCreatableTypes) {
			errs.Add("document_type", MsgNotInList)
		}
		inv.DocumentType = *p.DocumentType
	}
	if invoiceIsProforma(inv) {
		inv.ProformaFollowupDocument = FollowupFinalInvoicePaid
	}
	invoiceApplyCorrection(a, inv, &p, errs)
	pending := invoiceApplyParams(a, inv, &p, Present(body), true, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	inv.ID = a.Invoices.nextID()
	inv.Token = invoiceToken(a, inv.ID)
	if inv.Number == "" {
		inv.Number = invoiceNextNumber(a, inv.DocumentType, inv.IssuedOn.Year())
	}
	if p.VariableSymbol == nil {
		inv.VariableSymbol = invoiceDefaultVS(a, inv)
	}
	d := invoiceCore(inv)
	moves := func() Errors {
		if !invoiceMovesStock(inv) {
			return Errors{}
		}
		return s.recordNewDocumentMoves(c, d, "out", inv.Currency)
	}
	if !s.commitDocumentLines(c, d, moves, pending) {
		return
	}
	a.Invoices.put(inv.ID, inv)
	invoiceLinkCorrection(c, inv)
	invoiceRefreshStatus(a, inv, c.Now)
	d.logEvent(c, "created", "was created", nil)
	c.Created(c.AccountURL("invoices/%d.json", inv.ID), presentInvoice(c, inv))
}

func (s *Server) invoiceUpdate(c *Ctx) {
	inv, ok := s.findUnlockedInvoice(c)
	if !ok {
		return
	}
	a := c.Account
	body := c.Body()
	var p InvoiceParams
	errs := DecodeBody(body, &p)
	if p.DocumentType != nil && *p.DocumentType != inv.DocumentType {
		errs.Add("document_type", MsgCannotChange)
	}
	next := *inv
	next.Lines = copyLines(inv.Lines)
	pending := invoiceApplyParams(a, &next, &p, Present(body), false, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	moves := func() Errors {
		if !invoiceMovesStock(inv) {
			return Errors{}
		}
		return s.redoMoves(c, inv.Lines, next.Lines, p.Lines, "out", inv.Currency, next.Currency, "Invoice", inv.ID)
	}
	if !s.commitDocumentLines(c, invoiceCore(&next), moves, pending) {
		return
	}
	before := inv.TaxableFulfillmentDue
	*inv = next
	invoiceTouch(c, inv)
	invoiceRefreshStatus(a, inv, c.Now)
	invoiceCore(inv).logEvent(c, "updated", "was updated", nil)
	logTaxableDateChange(c, before, inv)
	c.OK(presentInvoice(c, inv))
}

// logTaxableDateChange writes invoice_taxable_fulfillment_due_changed when
// an update moves the taxable supply date, as the service logs it (the
// docs' Events Index): the old and new day, the invoice and its subject.
func logTaxableDateChange(c *Ctx, before Date, inv *Invoice) {
	now := inv.TaxableFulfillmentDue
	if before.IsZero() || now.IsZero() || before.String() == now.String() {
		return
	}
	params := map[string]any{"old": before.String(), "new": now.String()}
	c.Account.AddEvent(c.Now, "invoice_taxable_fulfillment_due_changed", EventText("invoice_taxable_fulfillment_due_changed", params), c.User,
		params, RelatedObject{Type: "Invoice", ID: inv.ID}, RelatedObject{Type: "Subject", ID: inv.SubjectID})
}

// invoiceDelete removes an invoice (422 errors.document in the cases of
// invoiceUndeletable). Its stock moves go, and links to it from a proforma
// (tax_document_ids, a payment's tax_document_id, related_id) are cleared.
func (s *Server) invoiceDelete(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok || refuseUndeletable(c, invoiceUndeletable(c.Account, inv)) {
		return
	}
	a := c.Account
	delete(a.Attachments, -inv.ID)
	invoiceUnlinkCorrection(a, inv)
	if inv.RelatedID != nil {
		if other, found := a.Invoices.Get(*inv.RelatedID); found {
			invoiceUnlink(other, inv.ID)
		}
	}
	s.removeDocument(c, invoiceCore(inv), a.Invoices.del)
	c.NoContent()
}

// invoiceUnlink drops the references doc has to the removed document id.
func invoiceUnlink(doc *Invoice, id int64) {
	kept := doc.TaxDocumentIDs[:0:0]
	for _, t := range doc.TaxDocumentIDs {
		if t != id {
			kept = append(kept, t)
		}
	}
	doc.TaxDocumentIDs = kept
	for i := range doc.Payments {
		if doc.Payments[i].TaxDocumentID != nil && *doc.Payments[i].TaxDocumentID == id {
			doc.Payments[i].TaxDocumentID = nil
		}
	}
	if doc.RelatedID != nil && *doc.RelatedID == id {
		doc.RelatedID = nil
	}
}

// invoiceMovesStock: only invoices and final invoices move stock out (a proforma
// or a tax document does not).
func invoiceMovesStock(inv *Invoice) bool {
	return inv.DocumentType == DocInvoice || inv.DocumentType == DocFinalInvoice
}

// invoiceFire is POST fire.json?event=...: 204, or 422 errors.event when the
// event cannot be fired from the invoice's state. Rules: mark_as_sent from open
// or overdue before it was sent; cancel on VAT-paying accounts only, not for
// proformas, from open, sent or overdue; mark_as_uncollectible from open, sent or
// overdue; undo_* only from the matching state; lock/unlock when unlocked/locked.
// A locked invoice fires nothing but unlock.
func (s *Server) invoiceFire(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	a := c.Account
	ev := c.FireEvent()
	unpaidOpen := inv.Status == InvoiceOpen || inv.Status == InvoiceSent || inv.Status == InvoiceOverdue
	locked := !inv.LockedAt.IsZero()
	var name, text string
	switch {
	case ev == InvoiceEventLock && !locked:
		inv.LockedAt = DateTime{Time: c.Now}
		name, text = "invoice_locked", "Invoice %s was locked"
	case ev == InvoiceEventUnlock && locked:
		inv.LockedAt = DateTime{}
		name, text = "invoice_unlocked", "Invoice %s was unlocked"
	case locked:
		c.Invalid(Errors{"event": {cannotFire(ev)}})
		return
	case ev == InvoiceEventMarkAsSent && inv.SentAt.IsZero() && (inv.Status == InvoiceOpen || inv.Status == InvoiceOverdue):
		inv.SentAt = DateTime{Time: c.Now}
		name, text = "invoice_updated", "Invoice %s was marked as sent"
	case ev == InvoiceEventCancel && unpaidOpen && !invoiceIsProforma(inv) && a.Info.VatMode == VatPayer:
		inv.CancelledAt = DateTime{Time: c.Now}
		name, text = "invoice_cancelled", "Invoice %s was cancelled"
	case ev == InvoiceEventUndoCancel && inv.Status == InvoiceCancelled:
		inv.CancelledAt = DateTime{}
		name, text = "invoice_cancellation_removed", "The cancellation of invoice %s was removed"
	case ev == InvoiceEventMarkAsUncollectible && unpaidOpen:
		inv.UncollectibleAt = DateTime{Time: c.Now}
		name, text = "invoice_uncollectible", "Invoice %s was marked uncollectible"
	case ev == InvoiceEventUndoUncollectible && inv.Status == InvoiceUncollectible:
		inv.UncollectibleAt = DateTime{}
		name, text = "invoice_uncollectible_removed", "Invoice %s is no longer uncollectible"
	default:
		c.Invalid(Errors{"event": {cannotFire(ev)}})
		return
	}
	invoiceRefreshStatus(a, inv, c.Now)
	invoiceTouch(c, inv)
	a.AddEvent(c.Now, name, fmt.Sprintf(text, inv.Number), c.User, nil, RelatedObject{Type: "Invoice", ID: inv.ID})
	c.NoContent()
}

func (s *Server) invoiceAttachmentDownload(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	serveAttachment(c, inv.Attachments)
}
