package sandbox

import (
	"fmt"
	"strings"
	"time"
)

// The fields of an invoice a body may set (invoiceApplyParams), its totals, and
// its numbering.

// invoiceDefaultVS is the subject's fixed variable symbol, or the number's digits.
func invoiceDefaultVS(a *Account, inv *Invoice) string {
	if sub, ok := a.Subjects.Get(inv.SubjectID); ok && sub.VariableSymbol != "" {
		return string(sub.VariableSymbol)
	}
	var b strings.Builder
	for _, r := range inv.Number {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// invoiceApplyParams copies the sent fields onto inv (validated into errs) and
// recomputes lines, totals and the remaining amount. It returns the attachments to
// store on success.
func invoiceApplyParams(a *Account, inv *Invoice, p *InvoiceParams, present map[string]bool, creating bool, errs Errors) []File {
	if p.SubjectID != nil {
		invoiceApplyClient(a, inv, p, creating, errs)
	}
	if p.ProformaFollowupDocument != nil {
		if !invoiceIsProforma(inv) || !oneOf(*p.ProformaFollowupDocument, proformaFollowups) {
			errs.Add("proforma_followup_document", MsgNotInList)
		}
		inv.ProformaFollowupDocument = Text(*p.ProformaFollowupDocument)
	}
	checkNumberFormat(errs, p.Number, inv.Number, func(n string) bool { return invoiceNumberFits(a, inv, p.NumberFormatID, n) })
	applyDocumentNumber(&inv.Number, p.Number, numberTaken(a.Invoices, inv.ID, func(o *Invoice) string { return o.Number }), errs)
	invoiceApplyReferences(a, inv, p, errs)
	sentText(&inv.CustomID, p.CustomID)
	sentInto(&inv.VariableSymbol, p.VariableSymbol)
	sentText(&inv.OrderNumber, p.OrderNumber)
	sentText(&inv.Note, p.Note)
	sentText(&inv.FooterNote, p.FooterNote)
	sentText(&inv.PrivateNote, p.PrivateNote)
	sentText(&inv.SupplyCode, p.SupplyCode)
	if p.Tags != nil {
		inv.Tags = append([]string{}, *p.Tags...)
	}
	sentInto(&inv.ShowAlreadyPaidNoteInPdf, p.ShowAlreadyPaidNoteInPdf)
	sentInto(&inv.HideBankAccount, p.HideBankAccount)
	sentInto(&inv.TransferredTaxLiability, p.TransferredTaxLiability)
	sentInto(&inv.RoundTotal, p.RoundTotal)
	sentInto(&inv.Paypal, p.Paypal)
	sentInto(&inv.Gopay, p.Gopay)
	applyChoice(&inv.Language, p.Language, "language", documentLanguages, errs)
	applyChoice(&inv.OSS, p.OSS, "oss", ossModes, errs)
	applyChoice(&inv.IBANVisibility, p.IBANVisibility, "iban_visibility", ibanVisibilities, errs)
	applyChoice(&inv.VatPriceMode, p.VatPriceMode, "vat_price_mode", vatPriceModes, errs)
	invoiceApplyBankAccount(a, inv, p, errs)
	inv.PaymentMethod, inv.CustomPaymentMethod = applyPaymentMethod(inv.PaymentMethod, inv.CustomPaymentMethod, p.PaymentMethod, p.CustomPaymentMethod, errs)
	inv.Currency, inv.ExchangeRate = applyCurrency(a, inv.Currency, inv.ExchangeRate, p.Currency, p.ExchangeRate, errs)
	invoiceApplyDates(inv, p, present, creating, errs)
	inv.Lines = applyDocumentLines(a, inv.Lines, p.Lines, errs)
	invoiceComputeTotals(a, inv)
	return decodeAttachments(p.Attachments, errs)
}

// invoiceApplyClient copies the subject p names into the client_* fields; a new
// invoice also takes the subject's due days, currency and language unless the
// body sends its own.
func invoiceApplyClient(a *Account, inv *Invoice, p *InvoiceParams, creating bool, errs Errors) {
	sub, ok := a.Subjects.Get(*p.SubjectID)
	if !ok {
		errs.Add("subject_id", MsgInvalid)
		return
	}
	invoiceCopyClient(inv, sub)
	if !creating {
		return
	}
	if sub.Due != nil && p.Due == nil {
		inv.Due = *sub.Due
	}
	if sub.Currency != "" && p.Currency == nil {
		inv.Currency = string(sub.Currency)
	}
	if sub.Language != "" && p.Language == nil {
		inv.Language = string(sub.Language)
	}
}

// invoiceApplyReferences sets number_format_id and related_id, which must name
// records of the account (related_id another invoice).
func invoiceApplyReferences(a *Account, inv *Invoice, p *InvoiceParams, errs Errors) {
	if p.NumberFormatID != nil {
		if !a.hasNumberFormat(*p.NumberFormatID) {
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
}

// invoiceApplyBankAccount sets bank_account_id and copies the bank account's
// details into the invoice.
func invoiceApplyBankAccount(a *Account, inv *Invoice, p *InvoiceParams, errs Errors) {
	if p.BankAccountID != nil {
		if bankAccount(a, *p.BankAccountID) == nil {
			errs.Add("bank_account_id", MsgInvalid)
		}
		id := *p.BankAccountID
		inv.BankAccountID = &id
	}
	if inv.BankAccountID != nil {
		if b := bankAccount(a, *inv.BankAccountID); b != nil {
			inv.BankAccount, inv.IBAN, inv.SwiftBic = b.Number, b.IBAN, b.SwiftBic
		}
	}
}

// invoiceApplyDates sets issued_on, due and the taxable fulfilment day (the issue
// day of a new invoice that is not a proforma), and derives due_on.
func invoiceApplyDates(inv *Invoice, p *InvoiceParams, present map[string]bool, creating bool, errs Errors) {
	sentInto(&inv.IssuedOn, p.IssuedOn)
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
		inv.TaxableFulfillmentDue = Date{}
	case creating && !invoiceIsProforma(inv):
		inv.TaxableFulfillmentDue = inv.IssuedOn
	}
	inv.DueOn = Date{Time: inv.IssuedOn.AddDate(0, 0, inv.Due)}
}

// invoiceCopyClient copies the subject's details into the client_* fields.
func invoiceCopyClient(inv *Invoice, sub *Subject) {
	inv.SubjectID, inv.SubjectCustomID = sub.ID, sub.CustomID
	inv.ClientName, inv.ClientStreet, inv.ClientCity, inv.ClientZip, inv.ClientCountry = sub.Name, sub.Street, sub.City, sub.Zip, sub.Country
	inv.ClientHasDeliveryAddress = sub.HasDeliveryAddress
	inv.ClientDeliveryName, inv.ClientDeliveryStreet, inv.ClientDeliveryCity = sub.DeliveryName, sub.DeliveryStreet, sub.DeliveryCity
	inv.ClientDeliveryZip, inv.ClientDeliveryCountry = sub.DeliveryZip, sub.DeliveryCountry
	inv.ClientRegistrationNo, inv.ClientVatNo, inv.ClientLocalVatNo = sub.RegistrationNo, sub.VatNo, sub.LocalVatNo
}

// invoiceComputeTotals fills the lines' prices, the totals and the remaining amount.
func invoiceComputeTotals(a *Account, inv *Invoice) {
	mode := docPriceMode(a, inv.VatPriceMode, inv.TransferredTaxLiability, inv.ExchangeRate)
	t := computeDocumentLines(a, inv.Lines, mode, inv.Currency, inv.RoundTotal)
	inv.Subtotal, inv.Total, inv.NativeSubtotal, inv.NativeTotal, inv.RoundingAdjustment = t.Subtotal, t.Total, t.NativeSubtotal, t.NativeTotal, t.RoundingAdjustment
	inv.VatRatesSummary = t.Summary
	invoiceRemaining(inv)
}

// invoiceNextNumber renders the default number format (%RRRR% year, %RR%, %CCCC%
// counter...) with the next free counter of the year's sequence. Proformas,
// corrections and tax documents have their own sequences, prefixed P, O and ZD.
func invoiceNextNumber(a *Account, docType string, year int) string {
	format := "%RRRR%-%CCCC%"
	for _, nf := range a.NumberFormats {
		if nf.Default && nf.Format != "" {
			format = nf.Format
		}
	}
	prefix := invoiceNumberPrefix(docType)
	taken := map[string]bool{}
	count := 0
	for _, inv := range a.Invoices.byID {
		taken[inv.Number] = true
		if invoiceNumberPrefix(inv.DocumentType) == prefix && inv.IssuedOn.Year() == year {
			count++
		}
	}
	for n := count + 1; ; n++ {
		num := prefix + invoiceRenderNumber(format, year, n)
		if !taken[num] {
			return num
		}
	}
}

func invoiceNumberPrefix(docType string) string {
	switch docType {
	case DocProforma, DocPartialProforma:
		return "P"
	case DocCorrection:
		return "O"
	case DocTaxDocument:
		return "ZD"
	}
	return ""
}

func invoiceRenderNumber(format string, year, n int) string {
	out := strings.NewReplacer("%RRRR%", fmt.Sprintf("%04d", year), "%RR%", fmt.Sprintf("%02d", year%100)).Replace(format)
	for _, tok := range []string{"%CCCCC%", "%CCCC%", "%CCC%", "%CC%", "%C%"} {
		if strings.Contains(out, tok) {
			return strings.Replace(out, tok, fmt.Sprintf("%0*d", len(tok)-2, n), 1)
		}
	}
	return out + fmt.Sprintf("%04d", n)
}

// newInvoice is an invoice with the account's defaults, before the body applies.
func newInvoice(a *Account, now time.Time) *Invoice {
	inv := &Invoice{
		DocumentType:   DocInvoice,
		Status:         InvoiceOpen,
		IssuedOn:       DateOf(now),
		Due:            a.Info.Due,
		PaymentMethod:  "bank",
		Currency:       a.Info.Currency,
		Language:       a.Info.InvoiceLanguage,
		IBANVisibility: "automatically",
		OSS:            "disabled",
		VatPriceMode:   "without_vat",
		Note:           Text(a.Info.InvoiceNote),
		FooterNote:     Text(a.Info.DisplayedNote),
		Paypal:         a.Info.InvoicePaypal,
		Gopay:          a.Info.InvoiceGopay,
		YourName:       a.Info.Name, YourStreet: a.Info.Street, YourCity: a.Info.City, YourZip: a.Info.Zip,
		YourCountry: a.Info.Country, YourRegistrationNo: a.Info.RegistrationNo, YourVatNo: a.Info.VatNo, YourLocalVatNo: a.Info.LocalVatNo,
		Tags:      []string{},
		CreatedAt: DateTime{Time: now},
		UpdatedAt: DateTime{Time: now},
	}
	// A new invoice takes the account's price mode, read as a template's
	// is (generatorPriceMode): every "with VAT" setting means prices
	// include VAT.
	switch a.Info.VatPriceMode {
	case "with_vat", "numerical_with_vat", "from_total_with_vat":
		inv.VatPriceMode = "from_total_with_vat"
	}
	if a.Info.InvoicePaymentMethod != nil && *a.Info.InvoicePaymentMethod != "" {
		inv.PaymentMethod = *a.Info.InvoicePaymentMethod
	}
	if b := defaultBankAccount(a); b != nil {
		id := b.ID
		inv.BankAccountID = &id
	}
	for _, nf := range a.NumberFormats {
		if nf.Default {
			id := nf.ID
			inv.NumberFormatID = &id
		}
	}
	return inv
}
