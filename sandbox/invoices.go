package sandbox

import (
	"bytes"
	"fmt"
	"hash/fnv"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/shopspring/decimal"
)

// Invoices: the paths, statuses, document types and attributes of api-facts.md,
// and the invoice rules of api-v3.md. Statuses: open, sent, overdue (automatic by
// due date), paid, cancelled (VAT payers only), uncollectible.

// routesInvoices registers the endpoints of this file and of the invoice payments
// (payments.go). search.json comes before :id.json, which would capture it.
func (s *Server) routesInvoices() {
	s.router.handle("GET", "/accounts/:slug/invoices.json", s.invoicesIndex)
	s.router.handle("GET", "/accounts/:slug/invoices/search.json", s.invoicesSearch)
	s.router.handle("POST", "/accounts/:slug/invoices.json", s.invoiceCreate)
	s.router.handle("GET", "/accounts/:slug/invoices/:id.json", s.invoiceShow)
	s.router.handle("PATCH", "/accounts/:slug/invoices/:id.json", s.invoiceUpdate)
	s.router.handle("DELETE", "/accounts/:slug/invoices/:id.json", s.invoiceDelete)
	s.router.handle("GET", "/accounts/:slug/invoices/:id/download.pdf", s.invoicePDF)
	s.router.handle("POST", "/accounts/:slug/invoices/:id/fire.json", s.invoiceFire)
	s.router.handle("POST", "/accounts/:slug/invoices/:id/message.json", s.invoiceMessage)
	s.router.handle("POST", "/accounts/:slug/invoices/:id/payments.json", s.invoicePaymentCreate)
	s.router.handle("POST", "/accounts/:slug/invoices/:id/payments/:pid/create_tax_document.json", s.invoiceCreateTaxDocument)
	s.router.handle("DELETE", "/accounts/:slug/invoices/:id/payments/:pid.json", s.invoicePaymentDelete)
	s.router.handle("GET", "/accounts/:slug/invoices/:id/attachments/:aid/download", s.invoiceAttachmentDownload)
}

// invoiceTransitions moves open and sent invoices past their due date to overdue
// (invoice_overdue, once).
func (s *Server) invoiceTransitions(a *Account, now time.Time) {
	today := apiclient.DateOf(now).Time
	a.Invoices.compact()
	for _, id := range a.Invoices.order {
		inv := a.Invoices.byID[id]
		if inv != nil && (inv.Status == apiclient.InvoiceOpen || inv.Status == apiclient.InvoiceSent) && !inv.DueOn.IsZero() && inv.DueOn.Before(today) {
			invRefreshStatus(a, inv, now)
		}
	}
}

// invRefreshStatus derives the status from the dates that decide it; entering
// overdue writes invoice_overdue.
func invRefreshStatus(a *Account, inv *apiclient.Invoice, now time.Time) {
	var next string
	switch {
	case !inv.CancelledAt.IsZero():
		next = apiclient.InvoiceCancelled
	case !inv.PaidOn.IsZero():
		next = apiclient.InvoicePaid
	case !inv.UncollectibleAt.IsZero():
		next = apiclient.InvoiceUncollectible
	case !inv.DueOn.IsZero() && inv.DueOn.Before(apiclient.DateOf(now).Time):
		next = apiclient.InvoiceOverdue
	case !inv.SentAt.IsZero():
		next = apiclient.InvoiceSent
	default:
		next = apiclient.InvoiceOpen
	}
	if next == apiclient.InvoiceOverdue && inv.Status != apiclient.InvoiceOverdue {
		a.AddEvent(now, "invoice_overdue", fmt.Sprintf("Invoice %s is overdue", inv.Number), nil, nil, apiclient.RelatedObject{Type: "Invoice", ID: inv.ID})
	}
	inv.Status = next
	invRemaining(inv)
}

// invRemaining keeps remaining_amount (document currency) and
// remaining_native_amount (account currency) in step with totals and payments.
func invRemaining(inv *apiclient.Invoice) {
	rem := inv.Total.Dec().Sub(finPaidSum(inv.Payments))
	if inv.Status == apiclient.InvoicePaid || rem.IsNegative() {
		rem = decimal.Zero
	}
	ex := inv.ExchangeRate.Dec()
	if ex.IsZero() {
		ex = decimal.NewFromInt(1)
	}
	inv.RemainingAmount = Dec(rem)
	inv.RemainingNativeAmount = Dec(rem.Mul(ex))
}

// invTouch records a change: updated_at, and the PDF must be made again. The
// rendered PDF is kept in a.Attachments under the invoice's negated id (record ids
// are positive, so it never meets a real attachment).
func invTouch(c *Ctx, inv *apiclient.Invoice) {
	inv.UpdatedAt = apiclient.DateTime{Time: c.Now}
	delete(c.Account.Attachments, -inv.ID)
}

func invIsProforma(inv *apiclient.Invoice) bool {
	return inv.DocumentType == apiclient.DocProforma || inv.DocumentType == apiclient.DocPartialProforma
}

// invToken is the web invoice's public token, stable per account and id.
func invToken(a *Account, id int64) string {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s/%d", a.Slug, id)
	return fmt.Sprintf("%016x%08x", h.Sum64(), uint32(id))
}

func presentInvoice(c *Ctx, inv *apiclient.Invoice) apiclient.Invoice {
	out := *inv
	out.URL = c.AccountURL("invoices/%d.json", inv.ID)
	out.HTMLURL = c.HTMLURL("invoices/%d", inv.ID)
	out.PublicHTMLURL = c.HTMLURL("p/%s", inv.Token)
	out.PdfURL = c.AccountURL("invoices/%d/download.pdf", inv.ID)
	out.SubjectURL = c.AccountURL("subjects/%d.json", inv.SubjectID)
	out.TaxDocumentIDs = finNonNil(out.TaxDocumentIDs)
	out.Tags = finNonNil(out.Tags)
	out.EETRecords = finNonNil(out.EETRecords)
	out.Lines = finNonNil(out.Lines)
	out.VatRatesSummary = finNonNil(out.VatRatesSummary)
	out.PaidAdvances = finNonNil(out.PaidAdvances)
	out.Payments = finNonNil(out.Payments)
	out.Attachments = finPresentAttachments(c, "invoices", inv.ID, inv.Attachments)
	return out
}

func presentInvoices(c *Ctx, list []*apiclient.Invoice) []apiclient.Invoice {
	out := make([]apiclient.Invoice, 0, len(list))
	for _, inv := range list {
		out = append(out, presentInvoice(c, inv))
	}
	return out
}

// invDocTypeMatches: the index's document_type "regular" means invoices and
// final invoices; other values match exactly.
func invDocTypeMatches(filter, docType string) bool {
	if filter == "regular" {
		return docType == apiclient.DocInvoice || docType == apiclient.DocFinalInvoice
	}
	return finMatchText(filter, docType)
}

func (s *Server) invoicesIndex(c *Ctx) {
	f, ok := c.DateFilters("since", "until", "updated_since", "updated_until")
	if !ok {
		return
	}
	q := c.QueryValues()
	page := c.Account.Invoices.pageNewestFirst(c.Page(), func(inv *apiclient.Invoice) bool {
		return InTimeRange(inv.CreatedAt.Time, f, "since", "until") &&
			InTimeRange(inv.UpdatedAt.Time, f, "updated_since", "updated_until") &&
			finMatchID(q.Get("subject_id"), inv.SubjectID) &&
			finMatchText(q.Get("custom_id"), inv.CustomID) &&
			finMatchText(q.Get("number"), inv.Number) &&
			finMatchText(q.Get("status"), inv.Status) &&
			invDocTypeMatches(q.Get("document_type"), inv.DocumentType)
	})
	c.OK(presentInvoices(c, page))
}

// invoicesSearch: query over number, variable_symbol, order_number, client_name,
// client_registration_no, client_vat_no, note, private_note and line names
// (case-insensitive substring); a document must carry every tag of tags.
func (s *Server) invoicesSearch(c *Ctx) {
	q := strings.ToLower(strings.TrimSpace(c.Query("query")))
	tags := finSearchTags(c)
	page := c.Account.Invoices.pageNewestFirst(c.Page(), func(inv *apiclient.Invoice) bool {
		if !finHasAllTags(inv.Tags, tags) {
			return false
		}
		if q == "" {
			return true
		}
		fields := append([]string{inv.Number, inv.VariableSymbol, inv.OrderNumber, inv.ClientName, inv.ClientRegistrationNo, inv.ClientVatNo, inv.Note, inv.PrivateNote}, finLineNames(inv.Lines)...)
		return subjContainsFold(q, fields...)
	})
	c.OK(presentInvoices(c, page))
}

func (s *Server) findInvoice(c *Ctx) (*apiclient.Invoice, bool) {
	return find(c, c.Account.Invoices, "id")
}

func (s *Server) invoiceShow(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	c.OK(presentInvoice(c, inv))
}

var (
	invCreatableTypes = []string{apiclient.DocInvoice, apiclient.DocProforma, apiclient.DocCorrection, apiclient.DocTaxDocument, apiclient.DocFinalInvoice}
	invLanguages      = []string{"cz", "sk", "en", "de", "fr", "it", "es", "ru", "pl", "hu", "ro"}
	invOSSModes       = []string{"disabled", "service", "goods"}
	invIBANVisibility = []string{"automatically", "always"}
)

func (s *Server) invoiceCreate(c *Ctx) {
	a := c.Account
	body, _ := c.Body()
	var p apiclient.InvoiceParams
	errs := DecodeBody(body, &p)
	today := apiclient.DateOf(c.Now)
	inv := &apiclient.Invoice{
		DocumentType:   apiclient.DocInvoice,
		Status:         apiclient.InvoiceOpen,
		IssuedOn:       today,
		Due:            a.Info.Due,
		PaymentMethod:  "bank",
		Currency:       a.Info.Currency,
		Language:       a.Info.InvoiceLanguage,
		IBANVisibility: "automatically",
		OSS:            "disabled",
		VatPriceMode:   "without_vat",
		Note:           a.Info.InvoiceNote,
		FooterNote:     a.Info.DisplayedNote,
		Paypal:         a.Info.InvoicePaypal,
		Gopay:          a.Info.InvoiceGopay,
		YourName:       a.Info.Name, YourStreet: a.Info.Street, YourCity: a.Info.City, YourZip: a.Info.Zip,
		YourCountry: a.Info.Country, YourRegistrationNo: a.Info.RegistrationNo, YourVatNo: a.Info.VatNo, YourLocalVatNo: a.Info.LocalVatNo,
		Tags:      []string{},
		CreatedAt: apiclient.DateTime{Time: c.Now},
		UpdatedAt: apiclient.DateTime{Time: c.Now},
	}
	if subjOneOf(a.Info.VatPriceMode, finVatPriceModes) {
		inv.VatPriceMode = a.Info.VatPriceMode
	}
	if a.Info.InvoicePaymentMethod != nil && *a.Info.InvoicePaymentMethod != "" {
		inv.PaymentMethod = *a.Info.InvoicePaymentMethod
	}
	if b := finDefaultBankAccount(a); b != nil {
		id := b.ID
		inv.BankAccountID = &id
	}
	for _, nf := range a.NumberFormats {
		if nf.Default {
			id := nf.ID
			inv.NumberFormatID = &id
		}
	}
	if p.SubjectID == nil {
		errs.Add("subject_id", MsgBlank)
	}
	if p.DocumentType != nil {
		if !subjOneOf(*p.DocumentType, invCreatableTypes) {
			errs.Add("document_type", MsgNotInList)
		}
		inv.DocumentType = *p.DocumentType
	}
	if invIsProforma(inv) {
		inv.ProformaFollowupDocument = apiclient.FollowupFinalInvoicePaid
	}
	if inv.DocumentType == apiclient.DocCorrection && p.RelatedID == nil {
		errs.Add("related_id", MsgBlank)
	}
	pending := invApplyParams(a, inv, &p, Present(body), true, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	inv.ID = a.Invoices.nextID()
	inv.Token = invToken(a, inv.ID)
	if inv.Number == "" {
		inv.Number = invNextNumber(a, inv.DocumentType, inv.IssuedOn.Year())
	}
	if p.VariableSymbol == nil {
		inv.VariableSymbol = invDefaultVS(a, inv)
	}
	if moveErrs := s.invRecordMoves(c, inv); moveErrs.Any() {
		s.removeDocumentMoves(c, "Invoice", inv.ID)
		c.Invalid(moveErrs)
		return
	}
	inv.Attachments = finCommitAttachments(a, inv.Attachments, pending)
	a.Invoices.put(inv.ID, inv)
	invRefreshStatus(a, inv, c.Now)
	a.AddEvent(c.Now, "invoice_created", fmt.Sprintf("Invoice %s was created", inv.Number), c.User, nil, apiclient.RelatedObject{Type: "Invoice", ID: inv.ID})
	c.Created(c.AccountURL("invoices/%d.json", inv.ID), presentInvoice(c, inv))
}

// invDefaultVS is the subject's fixed variable symbol, or the number's digits.
func invDefaultVS(a *Account, inv *apiclient.Invoice) string {
	if sub, ok := a.Subjects.Get(inv.SubjectID); ok && sub.VariableSymbol != "" {
		return sub.VariableSymbol
	}
	var b strings.Builder
	for _, r := range inv.Number {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

func (s *Server) invoiceUpdate(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	if finRefuseLocked(c, inv.LockedAt, "invoice", inv.Number) {
		return
	}
	a := c.Account
	body, _ := c.Body()
	var p apiclient.InvoiceParams
	errs := DecodeBody(body, &p)
	if p.DocumentType != nil && *p.DocumentType != inv.DocumentType {
		errs.Add("document_type", MsgCannotChange)
	}
	next := *inv
	next.Lines = finCopyLines(inv.Lines)
	pending := invApplyParams(a, &next, &p, Present(body), false, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	if invMovesStock(inv) {
		if moveErrs := s.finRedoMoves(c, inv.Lines, next.Lines, p.Lines, "out", inv.Currency, next.Currency, "Invoice", inv.ID); moveErrs.Any() {
			c.Invalid(moveErrs)
			return
		}
	}
	next.Attachments = finCommitAttachments(a, next.Attachments, pending)
	*inv = next
	invTouch(c, inv)
	invRefreshStatus(a, inv, c.Now)
	a.AddEvent(c.Now, "invoice_updated", fmt.Sprintf("Invoice %s was updated", inv.Number), c.User, nil, apiclient.RelatedObject{Type: "Invoice", ID: inv.ID})
	c.OK(presentInvoice(c, inv))
}

// invoiceDelete removes an invoice (refused while locked). Its stock moves go, and
// links to it from a proforma (tax_document_ids, a payment's tax_document_id,
// related_id) are cleared.
func (s *Server) invoiceDelete(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	if finRefuseLocked(c, inv.LockedAt, "invoice", inv.Number) {
		return
	}
	a := c.Account
	s.removeDocumentMoves(c, "Invoice", inv.ID)
	for _, att := range inv.Attachments {
		delete(a.Attachments, att.ID)
	}
	delete(a.Attachments, -inv.ID)
	if inv.RelatedID != nil {
		if other, found := a.Invoices.Get(*inv.RelatedID); found {
			invUnlink(other, inv.ID)
		}
	}
	a.Invoices.del(inv.ID)
	a.AddEvent(c.Now, "invoice_removed", fmt.Sprintf("Invoice %s was removed", inv.Number), c.User, nil, apiclient.RelatedObject{Type: "Invoice", ID: inv.ID})
	c.NoContent()
}

// invUnlink drops the references doc has to the removed document id.
func invUnlink(doc *apiclient.Invoice, id int64) {
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

// invApplyParams copies the sent fields onto inv (validated into errs) and
// recomputes lines, totals and the remaining amount. It returns the attachments to
// store on success.
func invApplyParams(a *Account, inv *apiclient.Invoice, p *apiclient.InvoiceParams, present map[string]bool, creating bool, errs Errors) []File {
	str := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	if p.SubjectID != nil {
		sub, ok := a.Subjects.Get(*p.SubjectID)
		if !ok {
			errs.Add("subject_id", MsgInvalid)
		} else {
			invCopyClient(inv, sub)
			if creating {
				if sub.Due != nil && p.Due == nil {
					inv.Due = *sub.Due
				}
				if sub.Currency != "" && p.Currency == nil {
					inv.Currency = sub.Currency
				}
				if sub.Language != "" && p.Language == nil {
					inv.Language = sub.Language
				}
			}
		}
	}
	if p.ProformaFollowupDocument != nil {
		if !invIsProforma(inv) || !subjOneOf(*p.ProformaFollowupDocument, proformaFollowups) {
			errs.Add("proforma_followup_document", MsgNotInList)
		}
		inv.ProformaFollowupDocument = *p.ProformaFollowupDocument
	}
	if p.Number != nil && *p.Number != inv.Number {
		if *p.Number != "" && invNumberTaken(a, *p.Number, inv.ID) {
			errs.Add("number", MsgTaken)
		}
		inv.Number = *p.Number
	}
	if p.NumberFormatID != nil {
		found := false
		for _, nf := range a.NumberFormats {
			found = found || nf.ID == *p.NumberFormatID
		}
		if !found {
			errs.Add("number_format_id", MsgInvalid)
		}
		id := *p.NumberFormatID
		inv.NumberFormatID = &id
	}
	if p.RelatedID != nil {
		if _, ok := a.Invoices.Get(*p.RelatedID); !ok || *p.RelatedID == inv.ID {
			errs.Add("related_id", MsgInvalid)
		}
		id := *p.RelatedID
		inv.RelatedID = &id
	}
	str(&inv.CustomID, p.CustomID)
	str(&inv.VariableSymbol, p.VariableSymbol)
	str(&inv.OrderNumber, p.OrderNumber)
	str(&inv.Note, p.Note)
	str(&inv.FooterNote, p.FooterNote)
	str(&inv.PrivateNote, p.PrivateNote)
	str(&inv.SupplyCode, p.SupplyCode)
	if p.Tags != nil {
		inv.Tags = append([]string{}, *p.Tags...)
	}
	for _, b := range []struct {
		v   *bool
		dst *bool
	}{{p.ShowAlreadyPaidNoteInPdf, &inv.ShowAlreadyPaidNoteInPdf}, {p.HideBankAccount, &inv.HideBankAccount}, {p.TransferredTaxLiability, &inv.TransferredTaxLiability}, {p.RoundTotal, &inv.RoundTotal}, {p.Paypal, &inv.Paypal}, {p.Gopay, &inv.Gopay}} {
		if b.v != nil {
			*b.dst = *b.v
		}
	}
	for _, l := range []struct {
		field   string
		v       *string
		dst     *string
		allowed []string
	}{
		{"language", p.Language, &inv.Language, invLanguages},
		{"oss", p.OSS, &inv.OSS, invOSSModes},
		{"iban_visibility", p.IBANVisibility, &inv.IBANVisibility, invIBANVisibility},
		{"vat_price_mode", p.VatPriceMode, &inv.VatPriceMode, finVatPriceModes},
	} {
		if l.v == nil {
			continue
		}
		if !subjOneOf(*l.v, l.allowed) {
			errs.Add(l.field, MsgNotInList)
		}
		*l.dst = *l.v
	}
	if p.BankAccountID != nil {
		if finBankAccount(a, *p.BankAccountID) == nil {
			errs.Add("bank_account_id", MsgInvalid)
		}
		id := *p.BankAccountID
		inv.BankAccountID = &id
	}
	if inv.BankAccountID != nil {
		if b := finBankAccount(a, *inv.BankAccountID); b != nil {
			inv.BankAccount, inv.IBAN, inv.SwiftBic = b.Number, b.IBAN, b.SwiftBic
		}
	}
	inv.PaymentMethod, inv.CustomPaymentMethod = finApplyPaymentMethod(inv.PaymentMethod, inv.CustomPaymentMethod, p.PaymentMethod, p.CustomPaymentMethod, errs)
	inv.Currency, inv.ExchangeRate = finApplyCurrency(a, inv.Currency, inv.ExchangeRate, p.Currency, p.ExchangeRate, errs)

	if p.IssuedOn != nil {
		inv.IssuedOn = *p.IssuedOn
	}
	if p.Due != nil {
		if *p.Due < 0 {
			errs.Add("due", "must be greater than or equal to 0")
		}
		inv.Due = *p.Due
	}
	switch {
	case p.TaxableFulfillmentDue != nil:
		inv.TaxableFulfillmentDue = *p.TaxableFulfillmentDue
	case present["taxable_fulfillment_due"]:
		inv.TaxableFulfillmentDue = apiclient.Date{}
	case creating && !invIsProforma(inv):
		inv.TaxableFulfillmentDue = inv.IssuedOn
	}
	inv.DueOn = apiclient.Date{Time: inv.IssuedOn.AddDate(0, 0, inv.Due)}

	lines, lineErrs := ApplyLines(a, inv.Lines, p.Lines, []string{"name", "unit_price"}, finItemLookup(a))
	for k, v := range lineErrs {
		errs[k] = append(errs[k], v...)
	}
	inv.Lines = lines
	invComputeTotals(a, inv)
	return finDecodeAttachments(p.Attachments, errs)
}

// invCopyClient copies the subject's details into the client_* fields.
func invCopyClient(inv *apiclient.Invoice, sub *apiclient.Subject) {
	inv.SubjectID, inv.SubjectCustomID = sub.ID, sub.CustomID
	inv.ClientName, inv.ClientStreet, inv.ClientCity, inv.ClientZip, inv.ClientCountry = sub.Name, sub.Street, sub.City, sub.Zip, sub.Country
	inv.ClientHasDeliveryAddress = sub.HasDeliveryAddress
	inv.ClientDeliveryName, inv.ClientDeliveryStreet, inv.ClientDeliveryCity = sub.DeliveryName, sub.DeliveryStreet, sub.DeliveryCity
	inv.ClientDeliveryZip, inv.ClientDeliveryCountry = sub.DeliveryZip, sub.DeliveryCountry
	inv.ClientRegistrationNo, inv.ClientVatNo, inv.ClientLocalVatNo = sub.RegistrationNo, sub.VatNo, sub.LocalVatNo
}

// invComputeTotals fills the lines' prices, the totals and the remaining amount.
func invComputeTotals(a *Account, inv *apiclient.Invoice) {
	mode := PriceMode{VatPriceMode: inv.VatPriceMode, ReverseCharge: inv.TransferredTaxLiability, NonVatPayer: a.Info.VatMode == apiclient.NonVatPayer, ExchangeRate: inv.ExchangeRate.Dec()}
	for i := range inv.Lines {
		ComputeLine(&inv.Lines[i], mode)
	}
	t := ComputeTotals(inv.Lines, mode, inv.Currency, a.Info.Currency, inv.RoundTotal)
	inv.Subtotal, inv.Total, inv.NativeSubtotal, inv.NativeTotal, inv.RoundingAdjustment = t.Subtotal, t.Total, t.NativeSubtotal, t.NativeTotal, t.RoundingAdjustment
	inv.VatRatesSummary = t.Summary
	invRemaining(inv)
}

// invRecordMoves makes the stock-out move of linked lines; only invoices and
// final invoices move stock (a proforma or a tax document does not).
func (s *Server) invRecordMoves(c *Ctx, inv *apiclient.Invoice) Errors {
	if !invMovesStock(inv) {
		return Errors{}
	}
	return s.finRecordLineMoves(c, inv.Lines, "out", inv.Currency, "Invoice", inv.ID)
}

func invMovesStock(inv *apiclient.Invoice) bool {
	return inv.DocumentType == apiclient.DocInvoice || inv.DocumentType == apiclient.DocFinalInvoice
}

// invNextNumber renders the default number format (%RRRR% year, %RR%, %CCCC%
// counter...) with the next free counter of the year's sequence. Proformas,
// corrections and tax documents have their own sequences, prefixed P, O and ZD.
func invNextNumber(a *Account, docType string, year int) string {
	format := "%RRRR%-%CCCC%"
	for _, nf := range a.NumberFormats {
		if nf.Default && nf.Format != "" {
			format = nf.Format
		}
	}
	prefix := invNumberPrefix(docType)
	taken := map[string]bool{}
	count := 0
	for _, inv := range a.Invoices.byID {
		taken[inv.Number] = true
		if invNumberPrefix(inv.DocumentType) == prefix && inv.IssuedOn.Year() == year {
			count++
		}
	}
	for n := count + 1; ; n++ {
		num := prefix + invRenderNumber(format, year, n)
		if !taken[num] {
			return num
		}
	}
}

func invNumberPrefix(docType string) string {
	switch docType {
	case apiclient.DocProforma, apiclient.DocPartialProforma:
		return "P"
	case apiclient.DocCorrection:
		return "O"
	case apiclient.DocTaxDocument:
		return "ZD"
	}
	return ""
}

func invRenderNumber(format string, year, n int) string {
	out := strings.NewReplacer("%RRRR%", fmt.Sprintf("%04d", year), "%RR%", fmt.Sprintf("%02d", year%100)).Replace(format)
	for _, tok := range []string{"%CCCCC%", "%CCCC%", "%CCC%", "%CC%", "%C%"} {
		if strings.Contains(out, tok) {
			return strings.Replace(out, tok, fmt.Sprintf("%0*d", len(tok)-2, n), 1)
		}
	}
	return out + fmt.Sprintf("%04d", n)
}

func invNumberTaken(a *Account, number string, self int64) bool {
	for id, inv := range a.Invoices.byID {
		if id != self && inv.Number == number {
			return true
		}
	}
	return false
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
	ev := c.Query("event")
	unpaidOpen := inv.Status == apiclient.InvoiceOpen || inv.Status == apiclient.InvoiceSent || inv.Status == apiclient.InvoiceOverdue
	locked := !inv.LockedAt.IsZero()
	var name, text string
	switch {
	case ev == apiclient.InvoiceEventLock && !locked:
		inv.LockedAt = apiclient.DateTime{Time: c.Now}
		name, text = "invoice_locked", "Invoice %s was locked"
	case ev == apiclient.InvoiceEventUnlock && locked:
		inv.LockedAt = apiclient.DateTime{}
		name, text = "invoice_unlocked", "Invoice %s was unlocked"
	case locked:
		c.Invalid(Errors{"event": {finCannotFire(ev)}})
		return
	case ev == apiclient.InvoiceEventMarkAsSent && inv.SentAt.IsZero() && (inv.Status == apiclient.InvoiceOpen || inv.Status == apiclient.InvoiceOverdue):
		inv.SentAt = apiclient.DateTime{Time: c.Now}
		name, text = "invoice_updated", "Invoice %s was marked as sent"
	case ev == apiclient.InvoiceEventCancel && unpaidOpen && !invIsProforma(inv) && a.Info.VatMode == apiclient.VatPayer:
		inv.CancelledAt = apiclient.DateTime{Time: c.Now}
		name, text = "invoice_cancelled", "Invoice %s was cancelled"
	case ev == apiclient.InvoiceEventUndoCancel && inv.Status == apiclient.InvoiceCancelled:
		inv.CancelledAt = apiclient.DateTime{}
		name, text = "invoice_cancellation_removed", "The cancellation of invoice %s was removed"
	case ev == apiclient.InvoiceEventMarkAsUncollectible && unpaidOpen:
		inv.UncollectibleAt = apiclient.DateTime{Time: c.Now}
		name, text = "invoice_uncollectible", "Invoice %s was marked uncollectible"
	case ev == apiclient.InvoiceEventUndoUncollectible && inv.Status == apiclient.InvoiceUncollectible:
		inv.UncollectibleAt = apiclient.DateTime{}
		name, text = "invoice_uncollectible_removed", "Invoice %s is no longer uncollectible"
	default:
		c.Invalid(Errors{"event": {finCannotFire(ev)}})
		return
	}
	invRefreshStatus(a, inv, c.Now)
	invTouch(c, inv)
	a.AddEvent(c.Now, name, fmt.Sprintf(text, inv.Number), c.User, nil, apiclient.RelatedObject{Type: "Invoice", ID: inv.ID})
	c.NoContent()
}

// invoicePDF answers 204 ("not ready") the first time the PDF is asked for after
// a change, and the PDF itself from then on.
func (s *Server) invoicePDF(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	b, ready := c.Account.Attachments[-inv.ID]
	if !ready {
		c.Account.Attachments[-inv.ID] = File{Filename: invPDFName(inv), ContentType: "application/pdf", Data: invPDF(inv)}
		c.NoContent()
		return
	}
	finWriteFile(c, b)
}

func invPDFName(inv *apiclient.Invoice) string {
	name := strings.Map(func(r rune) rune {
		if r == '/' || r == '\\' || r < 0x20 {
			return '-'
		}
		return r
	}, inv.Number)
	if name == "" {
		name = fmt.Sprintf("invoice-%d", inv.ID)
	}
	return name + ".pdf"
}

// invPDF is a one-page PDF naming the document: small, but a valid file
// (cross-reference offsets included) that a viewer opens.
func invPDF(inv *apiclient.Invoice) []byte {
	esc := func(s string) string {
		s = strings.Map(func(r rune) rune {
			if r < 0x20 || r > 0x7e {
				return '?'
			}
			return r
		}, s)
		return strings.NewReplacer(`\`, `\\`, "(", `\(`, ")", `\)`).Replace(s)
	}
	title := "Invoice " + inv.Number
	if inv.DocumentType != apiclient.DocInvoice {
		title = strings.ReplaceAll(inv.DocumentType, "_", " ") + " " + inv.Number
	}
	content := fmt.Sprintf("BT /F1 20 Tf 72 770 Td (%s) Tj /F1 12 Tf 0 -28 Td (%s) Tj 0 -18 Td (Total: %s %s) Tj ET",
		esc(title), esc(inv.ClientName), esc(inv.Total.String()), esc(inv.Currency))
	objects := []string{
		"<< /Type /Catalog /Pages 2 0 R >>",
		"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
		"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>",
		"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
		fmt.Sprintf("<< /Length %d >>\nstream\n%s\nendstream", len(content), content),
	}
	var b bytes.Buffer
	b.WriteString("%PDF-1.4\n")
	offsets := make([]int, len(objects))
	for i, o := range objects {
		offsets[i] = b.Len()
		fmt.Fprintf(&b, "%d 0 obj\n%s\nendobj\n", i+1, o)
	}
	xref := b.Len()
	fmt.Fprintf(&b, "xref\n0 %d\n0000000000 65535 f \n", len(objects)+1)
	for _, off := range offsets {
		fmt.Fprintf(&b, "%010d 00000 n \n", off)
	}
	fmt.Fprintf(&b, "trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n", len(objects)+1, xref)
	return b.Bytes()
}

func (s *Server) invoiceAttachmentDownload(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	finServeAttachment(c, inv.Attachments)
}

// spamComplaintsDomain stands for an account whose delivery was switched off for
// spam complaints: the sandbox has no such account flag, so sending to an address
// at this domain answers 403 email_delivery_disabled.
const spamComplaintsDomain = "spam-complaints.example"

// bounceDomain: mail to this domain "bounces": it is sent, then an email_bounced
// to-do is raised with the invoice related.
const bounceDomain = "bounce.example"

// invoiceMessage sends the invoice by e-mail. Refusals: upgrade_required on plans
// without e-mail, email_delivery_disabled (see spamComplaintsDomain),
// quota_exhausted past the plan's e-mails per calendar day. With
// replace_with_defaults (default true) a missing e-mail comes from the subject,
// and the subject line and text from the account's defaults (the overdue text for
// an overdue invoice); with it false, email, subject and message are required.
// Success marks the invoice sent and writes invoice_sent. The sandbox has no
// delivery window, so deliver_now changes nothing: mail always goes at once.
func (s *Server) invoiceMessage(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	a := c.Account
	if !a.Limits.EmailAllowed {
		c.Refuse(apiclient.RefusalUpgradeRequired, fmt.Sprintf("Sending invoices by e-mail is not part of the %s plan; upgrade to send e-mails", a.Info.Plan))
		return
	}
	body, _ := c.Body()
	var m apiclient.InvoiceMessage
	errs := DecodeBody(body, &m)
	replace := m.ReplaceWithDefaults == nil || *m.ReplaceWithDefaults
	val := func(v *string) string {
		if v == nil {
			return ""
		}
		return strings.TrimSpace(*v)
	}
	email, emailCopy, subjectLine, message := val(m.Email), val(m.EmailCopy), val(m.Subject), val(m.Message)
	if replace {
		sub, _ := a.Subjects.Get(inv.SubjectID)
		if email == "" && sub != nil {
			email = sub.Email
		}
		if m.EmailCopy == nil && sub != nil {
			emailCopy = sub.EmailCopy
		}
		if subjectLine == "" {
			subjectLine = "Invoice #no#"
		}
		if message == "" {
			message = "Dear customer, please find attached invoice #no# for #price#, due on #due#. Pay to #bank# with variable symbol #vs#.\n#link#"
			if inv.Status == apiclient.InvoiceOverdue {
				message = "Dear customer, invoice #no# for #price# is #overdue# days overdue. Please pay it to #bank# with variable symbol #vs#.\n#link#"
			}
		}
	}
	for _, f := range []struct{ name, v string }{{"email", email}, {"subject", subjectLine}, {"message", message}} {
		if f.v == "" && (!replace || f.name == "email") {
			errs.Add(f.name, MsgBlank)
		}
	}
	if email != "" && !subjValidEmail(email) {
		errs.Add("email", MsgInvalid)
	}
	if emailCopy != "" && !subjValidEmail(emailCopy) {
		errs.Add("email_copy", MsgInvalid)
	}
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	if invEmailDomain(email) == spamComplaintsDomain || invEmailDomain(emailCopy) == spamComplaintsDomain {
		c.Refuse(apiclient.RefusalEmailDeliveryDisabled, "E-mail delivery is disabled for this account because of too many spam complaints")
		return
	}
	today := apiclient.DateOf(c.Now)
	if !a.EmailDay.Equal(today.Time) {
		a.EmailDay, a.EmailsDay = today, 0
	}
	if a.Limits.EmailsPerDay > 0 && a.EmailsDay >= a.Limits.EmailsPerDay {
		c.Refuse(apiclient.RefusalQuotaExhausted, fmt.Sprintf("The daily limit of %d e-mails has been reached; try again tomorrow", a.Limits.EmailsPerDay))
		return
	}
	a.EmailsDay++
	if inv.SentAt.IsZero() {
		inv.SentAt = apiclient.DateTime{Time: c.Now}
	}
	invRefreshStatus(a, inv, c.Now)
	invTouch(c, inv)
	related := apiclient.RelatedObject{Type: "Invoice", ID: inv.ID}
	a.AddEvent(c.Now, "invoice_sent", fmt.Sprintf("Invoice %s was sent to %s", inv.Number, email), c.User,
		map[string]any{"email": email, "email_copy": emailCopy, "subject": invMessageVars(c, inv).Replace(subjectLine)}, related)
	if invEmailDomain(email) == bounceDomain || invEmailDomain(emailCopy) == bounceDomain {
		a.AddTodo(c.Now, "email_bounced", fmt.Sprintf("The e-mail with invoice %s to %s could not be delivered", inv.Number, email), map[string]any{"email": email}, related)
	}
	c.NoContent()
}

func invEmailDomain(addr string) string {
	_, d, ok := strings.Cut(addr, "@")
	if !ok {
		return ""
	}
	return strings.ToLower(d)
}

// invMessageVars fills the variables of an invoice e-mail.
func invMessageVars(c *Ctx, inv *apiclient.Invoice) *strings.Replacer {
	overdue := 0
	if !inv.DueOn.IsZero() {
		overdue = max(0, int(apiclient.DateOf(c.Now).Sub(inv.DueOn.Time).Hours()/24))
	}
	return strings.NewReplacer(
		"#no#", inv.Number,
		"#link#", c.HTMLURL("p/%s", inv.Token),
		"#vs#", inv.VariableSymbol,
		"#price#", finCzechMoney(inv.RemainingAmount.Dec(), inv.Currency),
		"#due#", inv.DueOn.String(),
		"#overdue#", fmt.Sprint(overdue),
		"#bank#", inv.BankAccount,
		"#note#", inv.Note,
	)
}
