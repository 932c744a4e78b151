package sandbox

import (
	"strconv"
	"strings"
)

// The params of an event or to-do depend on its name; these follow the docs'
// examples of the names they show (events.md, todos.md), every value text as
// the service writes it.

// InvoiceSentParams are invoice_sent's: the e-mail's address, copy, subject and
// body, and marked, "true" when the invoice was marked as sent without one.
// An invoice marked as sent had no e-mail: its address, subject and body are
// null, as the service writes unset text. A copy sent as "" stays "", as the
// docs' Events Index shows it.
func InvoiceSentParams(email, emailCopy, subject, body string, marked bool) map[string]any {
	return map[string]any{"email": textOrNull(email), "marked": strconv.FormatBool(marked), "email_body": textOrNull(body),
		"email_copy": emailCopy, "email_subject": textOrNull(subject)}
}

// textOrNull is s, or nil for "" (unset text is null).
func textOrNull(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// ThankYouParams are invoice_paid_with_thank_you_note's, as the docs' Events
// Paid Index shows them: the thank-you e-mail's address, copy (null when
// none), subject line and text, and date, null there.
func ThankYouParams(email, emailCopy, subject, body string) map[string]any {
	var cc any
	if emailCopy != "" {
		cc = emailCopy
	}
	return map[string]any{"date": nil, "email": email, "email_body": body, "email_copy": cc, "email_subject": subject}
}

// thankYouParams are the thank-you e-mail of inv's payment, to its
// client's address, in the client's own thank-you text or the service's
// Czech default (the docs' example writes "[Zaplacena] Faktura č. …").
func (a *Account) thankYouParams(inv *Invoice) map[string]any {
	var email, cc, body string
	if sub, ok := a.Subjects.Get(inv.SubjectID); ok {
		email, cc, body = string(sub.Email), string(sub.EmailCopy), string(sub.ThankYouEmailText)
	}
	if body == "" {
		body = "Dobrý den,\n\nděkujeme za\u00a0zaplacení faktury č. " + inv.Number + ".\n\n" + string(a.Info.FullName)
	}
	return ThankYouParams(email, cc, "[Zaplacena] Faktura č. "+inv.Number, body)
}

// UnpairedPaymentParams are expense_payment_unpaired's: a payment on the bank
// account that no expense matches, with the bank's note.
func UnpairedPaymentParams(note, amount, currency, variableSymbol string, bank BankAccount) map[string]any {
	return map[string]any{"note": note, "amount": amount, "currency": currency,
		"bank_account_id": strconv.FormatInt(bank.ID, 10), "variable_symbol": variableSymbol, "bank_account_name": bank.Name}
}

// accountBank is the bank account of an id, or the account's first.
func (a *Account) accountBank(id *int64) BankAccount {
	for _, b := range a.BankAccounts {
		if id != nil && b.ID == *id {
			return b
		}
	}
	if len(a.BankAccounts) > 0 {
		return a.BankAccounts[0]
	}
	return BankAccount{}
}

// EmailBouncedParams are email_bounced's: the address and whether it is now
// inactive (text).
func EmailBouncedParams(email string, inactive bool) map[string]any {
	return map[string]any{"email": email, "inactive": strconv.FormatBool(inactive)}
}

// TooManyAttachmentsParams are inbox_files_too_many_attachments': the sender,
// how many files the e-mail had (text) and their names.
func TooManyAttachmentsParams(from string, files []string) map[string]any {
	return map[string]any{"email_from": from, "count": strconv.Itoa(len(files)), "attachments": strings.Join(files, ", ")}
}

// VatTurnoverParams are account_exceeded_vat_turnover_limit's: the day to
// register as a VAT payer by and the day to be one from.
func VatTurnoverParams(registerUntil, vatPayerFrom Date) map[string]any {
	return map[string]any{"register_until_date": registerUntil.String(), "vat_payer_from_date": vatPayerFrom.String()}
}
