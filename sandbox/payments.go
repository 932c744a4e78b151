package sandbox

import (
	"fmt"
	"strings"

	"github.com/shopspring/decimal"
)

// Payments of expenses and invoices (the Payment section and the expense state
// table of api-v3.md), invoice tax documents and proforma follow-up documents,
// and the attachments both document kinds carry.

// buildPayment fills a new payment from the body and the document's defaults:
// paid_on today, amount the remaining amount, native_amount the amount converted
// by the document's exchange rate, the document's currency and variable symbol,
// and the document's bank account or else the account's default one.
func buildPayment(c *Ctx, p *PaymentParams, currency string, rate Decimal, remaining decimal.Decimal, docVS string, docBank *int64, errs Errors) Payment {
	pay := Payment{
		PaidOn:         DateOf(c.Now),
		Currency:       currency,
		VariableSymbol: Text(docVS),
		CreatedAt:      DateTime{Time: c.Now},
		UpdatedAt:      DateTime{Time: c.Now},
	}
	sentInto(&pay.PaidOn, p.PaidOn)
	if pay.PaidOn.IsZero() {
		errs.Add("paid_on", MsgBlank) // sent blank or null: Rails assigns nil, and a payment needs its day
	}
	amount := remaining
	if p.Amount != nil {
		if !p.Amount.IsSet() {
			addAmountBlank(errs, "amount")
			if p.NativeAmount == nil {
				addAmountBlank(errs, "native_amount")
			}
		}
		amount = p.Amount.Dec()
	}
	pay.Amount = Dec(amount)
	ex := rate.Dec()
	if ex.IsZero() {
		ex = decimal.NewFromInt(1)
	}
	pay.NativeAmount = Dec(amount.Mul(ex))
	if p.NativeAmount != nil {
		if !p.NativeAmount.IsSet() {
			addAmountBlank(errs, "native_amount")
		}
		pay.NativeAmount = Dec(p.NativeAmount.Dec())
	}
	// Amounts must be positive (docs silent; what a Rails model with
	// numericality greater_than: 0 answers). A default amount of nothing
	// remaining is refused the same way.
	if _, blank := errs["amount"]; !blank && !amount.IsPositive() {
		errs.Add("amount", msgGreaterThan0)
	}
	if _, blank := errs["native_amount"]; !blank && !pay.NativeAmount.Dec().IsPositive() {
		errs.Add("native_amount", msgGreaterThan0)
	}
	sentText(&pay.VariableSymbol, p.VariableSymbol)
	switch {
	case p.BankAccountID != nil:
		if bankAccount(c.Account, *p.BankAccountID) == nil {
			errs.Add("bank_account_id", MsgInvalid)
		}
		id := *p.BankAccountID
		pay.BankAccountID = &id
	case docBank != nil:
		id := *docBank
		pay.BankAccountID = &id
	default:
		if b := defaultBankAccount(c.Account); b != nil {
			id := b.ID
			pay.BankAccountID = &id
		}
	}
	return pay
}

func bankAccount(a *Account, id int64) *BankAccount {
	for i := range a.BankAccounts {
		if a.BankAccounts[i].ID == id {
			return &a.BankAccounts[i]
		}
	}
	return nil
}

func defaultBankAccount(a *Account) *BankAccount {
	for i := range a.BankAccounts {
		if a.BankAccounts[i].Default {
			return &a.BankAccounts[i]
		}
	}
	if len(a.BankAccounts) > 0 {
		return &a.BankAccounts[0]
	}
	return nil
}

func paidSum(payments []Payment) decimal.Decimal {
	sum := decimal.Zero
	for _, p := range payments {
		sum = sum.Add(p.Amount.Dec())
	}
	return sum
}

func paymentIndex(payments []Payment, id int64) int {
	for i := range payments {
		if payments[i].ID == id {
			return i
		}
	}
	return -1
}

// czechMoney writes an amount as the service's Czech texts do: "1 210,00 CZK".
func czechMoney(d decimal.Decimal, currency string) string {
	return czechNumber(d) + " " + currency
}

// czechNumber writes an amount with two decimals the Czech way: "1 210,00".
func czechNumber(d decimal.Decimal) string {
	s := d.Abs().StringFixed(2)
	whole, frac, _ := strings.Cut(s, ".")
	var b strings.Builder
	if d.IsNegative() {
		b.WriteByte('-')
	}
	for i, r := range whole {
		if i > 0 && (len(whole)-i)%3 == 0 {
			b.WriteByte(' ')
		}
		b.WriteRune(r)
	}
	return b.String() + "," + frac
}

// expensePaymentCreate follows the expense state table: a payment that brings the
// total paid to the total, with mark_document_as_paid (default true then), makes
// the expense paid (expense_paid); any other leaves it unpaid
// (expense_payment_added). A paid expense refuses payments (403 forbidden), a
// locked one too (403 document_locked). A variable symbol other than the
// expense's raises the expense_payment_unpaired to-do.
func (s *Server) expensePaymentCreate(c *Ctx) {
	e, ok := s.findUnlockedExpense(c)
	if !ok {
		return
	}
	if e.Status == StatusPaid {
		c.Refuse(RefusalForbidden, fmt.Sprintf("Expense %s is already paid; a payment cannot be added", e.Number))
		return
	}
	a := c.Account
	d := expenseCore(e)
	pay, p, full, errs := d.newPayment(c, expenseRemaining(e))
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	pay.ID = a.NewPaymentID()
	e.Payments = append(e.Payments, pay)
	e.UpdatedAt = DateTime{Time: c.Now}
	related := RelatedObject{Type: "Expense", ID: e.ID}
	params := map[string]any{"payment": pay}
	if full && pay.MarkDocumentAsPaid {
		e.Status = StatusPaid
		e.PaidOn = pay.PaidOn
		d.logEvent(c, "paid", "was paid", params)
	} else {
		d.logPaymentAdded(c, pay)
	}
	if p.VariableSymbol != nil && *p.VariableSymbol != string(e.VariableSymbol) {
		a.RaiseTodo(c.Now, "expense_payment_unpaired",
			UnpairedPaymentParams("", pay.Amount.String(), pay.Currency, string(pay.VariableSymbol), a.accountBank(pay.BankAccountID)), related)
	}
	c.CreatedNoLocation(pay)
}

// expensePaymentDelete removes a payment. A paid expense becomes unpaid again
// (open, or overdue by its due date) with paid_on cleared. Every removal writes
// expense_payment_removed with the removed payment. A locked expense refuses
// (403 document_locked); there is no other case the sandbox refuses with 422.
func (s *Server) expensePaymentDelete(c *Ctx) {
	e, i, ok := findWithPayment(c, c.Account.Expenses, func(e *Expense) []Payment { return e.Payments })
	if !ok || refuseLocked(c, e.LockedAt, "expense", e.Number) {
		return
	}
	d := expenseCore(e)
	pay, text := d.removePayment(i)
	e.UpdatedAt = DateTime{Time: c.Now}
	if e.Status == StatusPaid {
		e.Status = StatusOpen
		e.PaidOn = Date{}
		text = fmt.Sprintf("Expense %s was marked unpaid", e.Number)
	}
	d.logPaymentRemoved(c, text, pay)
	expenseRefreshStatus(c.Account, e, c.Now)
	c.NoContent()
}

// invoicePaymentCreate: as for expenses, plus: a paid or cancelled invoice refuses
// (403 forbidden); mark_document_as_paid true marks the invoice paid even when the
// amount is short; proforma_followup_document is accepted only on proformas and
// only with mark_document_as_paid true, and paying a proforma makes the follow-up
// document (final invoice, paid final invoice, or tax document: invoice_created);
// send_thank_you_email needs mark_document_as_paid true (default: account setting).
func (s *Server) invoicePaymentCreate(c *Ctx) {
	inv, ok := s.findUnlockedInvoice(c)
	if !ok {
		return
	}
	switch inv.Status {
	case InvoicePaid:
		c.Refuse(RefusalForbidden, fmt.Sprintf("Invoice %s is already paid; a payment cannot be added", inv.Number))
		return
	case InvoiceCancelled:
		c.Refuse(RefusalForbidden, fmt.Sprintf("Invoice %s is cancelled; its payments cannot be changed", inv.Number))
		return
	}
	a := c.Account
	d := invoiceCore(inv)
	pay, p, _, errs := d.newPayment(c, inv.RemainingAmount.Dec())
	mark := pay.MarkDocumentAsPaid
	if p.ProformaFollowupDocument != nil && (!invoiceIsProforma(inv) || !mark || !oneOf(*p.ProformaFollowupDocument, proformaFollowups)) {
		errs.Add("proforma_followup_document", MsgNotInList)
	}
	if p.SendThankYouEmail != nil && *p.SendThankYouEmail && !mark {
		errs.Add("send_thank_you_email", MsgNotInList)
	}
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	if mark {
		thanks := a.Info.SendThankYouEmail
		sentInto(&thanks, p.SendThankYouEmail)
		pay.SendThankYouEmail = &thanks
	}
	if invoiceIsProforma(inv) && mark {
		pay.ProformaFollowupDocument = string(inv.ProformaFollowupDocument)
		sentInto(&pay.ProformaFollowupDocument, p.ProformaFollowupDocument)
		if pay.ProformaFollowupDocument == "" {
			pay.ProformaFollowupDocument = FollowupNone
		}
	}
	pay.ID = a.NewPaymentID()
	related := RelatedObject{Type: "Invoice", ID: inv.ID}
	if mark {
		// A payment collects an uncollectible invoice after all.
		inv.Status = InvoicePaid
		inv.PaidOn = pay.PaidOn
		inv.UncollectibleAt = DateTime{}
		switch pay.ProformaFollowupDocument {
		case FollowupTaxDocument:
			td := s.invoiceMakeTaxDocument(c, inv, pay)
			pay.TaxDocumentID = &td.ID
		case FollowupFinalInvoice, FollowupFinalInvoicePaid:
			s.invoiceMakeFinalInvoice(c, inv, pay, pay.ProformaFollowupDocument == FollowupFinalInvoicePaid)
		}
	}
	inv.Payments = append(inv.Payments, pay)
	invoiceRemaining(inv)
	invoiceTouch(c, inv)
	params := map[string]any{"payment": pay}
	if mark {
		d.logEvent(c, "paid", "was paid", params)
		if *pay.SendThankYouEmail {
			thanks := a.thankYouParams(inv)
			a.AddEvent(c.Now, "invoice_paid_with_thank_you_note", EventText("invoice_paid_with_thank_you_note", thanks), c.User, thanks, related)
		}
	} else {
		d.logPaymentAdded(c, pay)
	}
	c.CreatedNoLocation(invoicePaymentOf(pay))
}

// invoicePaymentDelete removes a payment: 403 forbidden on a cancelled invoice,
// 403 document_locked on a locked one, and 422 errors.document for a payment
// that has a tax document (delete the tax document first). A paid invoice becomes
// unpaid again (open, sent or overdue) and writes invoice_payment_removed.
func (s *Server) invoicePaymentDelete(c *Ctx) {
	inv, i, ok := findWithPayment(c, c.Account.Invoices, func(inv *Invoice) []Payment { return inv.Payments })
	if !ok {
		return
	}
	if inv.Status == InvoiceCancelled {
		c.Refuse(RefusalForbidden, fmt.Sprintf("Invoice %s is cancelled; its payments cannot be changed", inv.Number))
		return
	}
	if refuseLocked(c, inv.LockedAt, "invoice", inv.Number) {
		return
	}
	pay := inv.Payments[i]
	if pay.TaxDocumentID != nil {
		if td, found := c.Account.Invoices.Get(*pay.TaxDocumentID); found {
			c.Invalid(Errors{"document": {fmt.Sprintf("The payment has tax document %s; delete the tax document first", td.Number)}})
			return
		}
	}
	d := invoiceCore(inv)
	_, text := d.removePayment(i)
	if inv.Status == InvoicePaid {
		inv.PaidOn = Date{}
		text = fmt.Sprintf("Invoice %s was marked unpaid", inv.Number)
	}
	invoiceRefreshStatus(c.Account, inv, c.Now)
	invoiceTouch(c, inv)
	d.logPaymentRemoved(c, text, pay)
	c.NoContent()
}
