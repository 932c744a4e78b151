package demo

import (
	"fmt"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

func (b *builder) buildTodos() {
	a := b.a
	firstWith := func(keep func(*sandbox.Invoice) bool) *sandbox.Invoice {
		if l := a.Invoices.NewestFirst(keep); len(l) > 0 {
			return l[len(l)-1]
		}
		return nil
	}
	sent := firstWith(func(i *sandbox.Invoice) bool {
		return i.Status == sandbox.InvoiceSent && i.DocumentType == sandbox.DocInvoice
	})
	paid := firstWith(func(i *sandbox.Invoice) bool { return i.Status == sandbox.InvoicePaid && b.inWindow(i.SentAt.Time) })
	var overdue *sandbox.Expense
	if l := a.Expenses.NewestFirst(func(e *sandbox.Expense) bool { return e.Status == sandbox.StatusOverdue }); len(l) > 0 {
		overdue = l[0]
	}

	vat := a.RaiseTodo(b.workTime(300), "account_exceeded_vat_turnover_limit",
		sandbox.VatTurnoverParams(b.dateAgo(285), b.dateAgo(270)))
	vat.CompletedAt = dt(b.workTime(290))
	if paid != nil {
		subj, _ := a.Subjects.Get(paid.SubjectID)
		t := a.RaiseTodo(paid.SentAt.Add(15*time.Minute), "email_bounced",
			sandbox.EmailBouncedParams("ucetni@"+domainOf(string(subj.Email)), false),
			rel("Invoice", paid.ID), rel("Subject", subj.ID))
		t.CompletedAt = dt(paid.SentAt.Add(26 * time.Hour))
	}
	if overdue != nil {
		at := b.workTime(6)
		a.RaiseTodo(at, "expense_payment_unpaired",
			sandbox.UnpairedPaymentParams("", overdue.Total.String(), overdue.Currency, "9"+string(overdue.VariableSymbol), a.BankAccounts[0]),
			rel("Expense", overdue.ID), rel("Subject", overdue.SubjectID))
	}
	a.RaiseTodo(b.workTime(3), "inbox_files_too_many_attachments",
		sandbox.TooManyAttachmentsParams("skener@modrahora.example", scannedPages(14)))
	a.RaiseTodo(b.workTime(2), "expense_payment_unpaired",
		sandbox.UnpairedPaymentParams("Platba 19-2000145399/0800", "4235.0", "CZK", "20261187", a.BankAccounts[0]))
	if sent != nil {
		subj, _ := a.Subjects.Get(sent.SubjectID)
		a.RaiseTodo(sent.SentAt.Add(10*time.Minute), "email_bounced",
			sandbox.EmailBouncedParams(string(subj.Email), true),
			rel("Invoice", sent.ID), rel("Subject", subj.ID))
	}
}

// scannedPages names the files of a scanner's e-mail.
func scannedPages(n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = fmt.Sprintf("scan-%02d.pdf", i+1)
	}
	return out
}

func domainOf(email string) string {
	for i := 0; i < len(email); i++ {
		if email[i] == '@' {
			return email[i+1:]
		}
	}
	return email
}
