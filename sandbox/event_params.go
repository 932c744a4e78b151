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
func InvoiceSentParams(email, emailCopy, subject, body string, marked bool) map[string]any {
	return map[string]any{"email": email, "marked": strconv.FormatBool(marked), "email_body": body,
		"email_copy": emailCopy, "email_subject": subject}
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
