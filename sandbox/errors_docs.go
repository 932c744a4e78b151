package sandbox

import (
	"regexp"
	"strings"
	"time"
)

// Errors whose status, keys and number of messages follow the examples of the
// service's docs (fakturoid_docs/*.md; errors_contract_test.go compares them).
// The texts are the sandbox's English ones.

const (
	msgSubjectMissing     = "Contact does not exist."
	msgNumberFormat       = "The number does not match the number format in the settings"
	msgDocCannotDelete    = "Document cannot be deleted"
	msgInvoiceNoBank      = "Please set up a bank account in your account's settings (bank accounts cannot be added through the API) to create an invoice."
	msgGeneratorPaused    = "Generator is already paused"
	msgGeneratorActive    = "Generator is already active"
	msgGeneratorFinished  = "Generator is already finished"
	expenseNumberFormat   = "N%RRRR%-%CCCC%"
	defaultInvoiceNumbers = "%RRRR%-%CCCC%"
)

// addSubjectMissing reports a document created without subject_id: Rails
// validates both the presence and the existence of the contact, and the
// name copied from it (client_name or supplier_name) is blank as well.
func addSubjectMissing(errs Errors, nameField string) {
	errs.Add("subject_id", MsgBlank)
	errs.Add("subject_id", msgSubjectMissing)
	errs.Add(nameField, MsgBlank)
}

// addAmountBlank reports a payment amount sent blank. native_amount is derived
// from amount, so a blank amount leaves it blank too unless it is sent; the
// service reports each as blank and as not a number.
func addAmountBlank(errs Errors, field string) {
	errs.Add(field, MsgBlank)
	errs.Add(field, MsgNotNumber)
}

// numberFormatPattern turns a number format ("%RRRR%-%CCCC%") into a pattern a
// number must match, after the prefix of its document type.
func numberFormatPattern(prefix, format string) *regexp.Regexp {
	var b strings.Builder
	b.WriteString("^" + regexp.QuoteMeta(prefix))
	tokens := regexp.MustCompile(`%(RRRR|RR|C+)%`)
	last := 0
	for _, m := range tokens.FindAllStringIndex(format, -1) {
		b.WriteString(regexp.QuoteMeta(format[last:m[0]]))
		switch tok := format[m[0]+1 : m[1]-1]; {
		case tok == "RRRR":
			b.WriteString(`\d{4}`)
		case tok == "RR":
			b.WriteString(`\d{2}`)
		default:
			b.WriteString(`\d+`)
		}
		last = m[1]
	}
	b.WriteString(regexp.QuoteMeta(format[last:]) + "$")
	return regexp.MustCompile(b.String())
}

// invoiceNumberFits reports whether a number sent for inv matches its number
// format (the one sent with it, inv's, or the account's default) with its
// document type's prefix.
func invoiceNumberFits(a *Account, inv *Invoice, sentFormat *int64, number string) bool {
	id := inv.NumberFormatID
	if sentFormat != nil {
		id = sentFormat
	}
	format := defaultInvoiceNumbers
	for _, nf := range a.NumberFormats {
		if nf.Format != "" && (nf.Default && id == nil || id != nil && nf.ID == *id) {
			format = nf.Format
		}
	}
	return numberFormatPattern(invoiceNumberPrefix(inv.DocumentType), format).MatchString(number)
}

// checkNumberFormat adds the docs' number error for a sent number that
// changes the document's number and does not fit.
func checkNumberFormat(errs Errors, sent *string, current string, fits func(string) bool) {
	if sent != nil && *sent != "" && *sent != current && !fits(*sent) {
		errs.Add("number", msgNumberFormat)
	}
}

// expenseNumberFits: expenses are numbered N2026-0001 (nextExpenseNumber).
func expenseNumberFits(number string) bool {
	return numberFormatPattern("", expenseNumberFormat).MatchString(number)
}

// refuseUndeletable answers 422 errors.document for a document that cannot be
// deleted; the docs name a locked document among the cases.
func refuseUndeletable(c *Ctx, cannot bool) bool {
	if cannot {
		c.Invalid(Errors{"document": {msgDocCannotDelete}})
	}
	return cannot
}

// invoiceUndeletable follows the docs' cases (Delete Invoice): a locked
// invoice, a proforma with tax documents or with a paid final invoice, and an
// invoice with a correction. "A tax document which has an invoice connected"
// is not modelled: the sandbox links no invoice to a tax document.
func invoiceUndeletable(a *Account, inv *Invoice) bool {
	if !inv.LockedAt.IsZero() {
		return true
	}
	if invoiceIsProforma(inv) {
		if len(inv.TaxDocumentIDs) > 0 {
			return true
		}
		if inv.RelatedID != nil {
			final, ok := a.Invoices.Get(*inv.RelatedID)
			return ok && final.Status == InvoicePaid
		}
		return false
	}
	return invoiceCorrected(a, inv)
}

// refuseInvoiceWithoutBankAccount answers 403 errors.bank_account when the
// account has no bank account (docs: "Response if no bank account is present").
func refuseInvoiceWithoutBankAccount(c *Ctx) bool {
	if len(c.Account.BankAccounts) > 0 {
		return false
	}
	c.RefuseFields(Errors{"bank_account": {msgInvoiceNoBank}})
	return true
}

// recurringFinished: a generator whose end date has passed issues nothing more
// and can be neither paused nor activated.
func recurringFinished(r *RecurringGenerator, now time.Time) bool {
	return !r.EndDate.IsZero() && r.EndDate.Before(DateOf(now).Time)
}

// refuseRecurringSwitch answers 422 errors.generator when pause (activate
// false) or activate cannot change the generator.
func refuseRecurringSwitch(c *Ctx, r *RecurringGenerator, activate bool) bool {
	msg := ""
	switch {
	case recurringFinished(r, c.Now):
		msg = msgGeneratorFinished
	case activate && r.Active:
		msg = msgGeneratorActive
	case !activate && !r.Active:
		msg = msgGeneratorPaused
	default:
		return false
	}
	c.Invalid(Errors{"generator": {msg}})
	return true
}

// addNameBlank reports a blank name: the length validation (minimum 2) fails
// beside the presence one, so the service sends both messages.
func addNameBlank(errs Errors) {
	errs.Add("name", MsgBlank)
	errs.Add("name", MsgTooShort2)
}
