package sandbox

import "strconv"

// The params of an event or to-do depend on its name; these follow the docs'
// examples of the names they show, every value text as the service writes it.

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
