package forms

import (
	"context"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// payDoc is what the payment form needs of an invoice or an expense.
type payDoc struct {
	kind                     ui.Kind // nav.Invoice or nav.Expense
	id                       int64
	number, currency, vs     string
	status, docType          string
	remaining, total         decimal.Decimal
	bankID                   *int64
	payments                 []apiclient.Payment
	accountCurrency          string
	sendThankYouEmailDefault bool
}

// noun is the document's kind, a catalog key.
func (p payDoc) noun() string {
	if p.kind == nav.Invoice {
		if p.docType == apiclient.DocProforma {
			return locale.Key("proforma")
		}
		return locale.Key("invoice")
	}
	return locale.Key("expense")
}

// name is the document as l names it: "faktura 2026-0030".
func (p payDoc) name(l locale.Locale) string {
	n := p.number
	if n == "" {
		n = fmt.Sprint(p.id)
	}
	return l.T(p.noun()) + " " + n
}

// NewPaymentForm is the payment form page for id "invoice:12" or "expense:7".
func NewPaymentForm(fd Deps, id ui.PageID) (ui.Page, error) {
	var kind ui.Kind
	var docID int64
	if ids, ok := parseID(id.ID, string(nav.Invoice), 1); ok {
		kind, docID = nav.Invoice, ids[0]
	} else if ids, ok := parseID(id.ID, string(nav.Expense), 1); ok {
		kind, docID = nav.Expense, ids[0]
	} else {
		return nil, fmt.Errorf("payment form: %q is not invoice:ID or expense:ID", id.ID)
	}
	title := fd.L.Tf("New payment on %s %d", fd.L.T(string(kind)), docID)
	return fd.host(id, title, func(ctx context.Context, c *apiclient.Client) (*form.Spec, error) {
		doc, err := loadPayDoc(ctx, c, kind, docID)
		if err != nil {
			return nil, err
		}
		banks, _, err := c.BankAccounts.List(ctx)
		if err != nil {
			return nil, fmt.Errorf("list bank accounts: %w", err)
		}
		acct, _, err := c.Account.Get(ctx)
		if err != nil {
			return nil, fmt.Errorf("read account settings: %w", err)
		}
		doc.accountCurrency = acct.Currency
		doc.sendThankYouEmailDefault = acct.SendThankYouEmail
		return paymentSpec(fd, doc, banks), nil
	}), nil
}

func loadPayDoc(ctx context.Context, c *apiclient.Client, kind ui.Kind, id int64) (payDoc, error) {
	if kind == nav.Invoice {
		inv, _, err := c.Invoices.Get(ctx, id)
		if err != nil {
			return payDoc{}, fmt.Errorf("read invoice %d: %w", id, err)
		}
		return payDoc{kind: kind, id: id, number: inv.Number, currency: inv.Currency, vs: inv.VariableSymbol,
			status: inv.Status, docType: inv.DocumentType, remaining: inv.RemainingAmount.Dec(), total: inv.Total.Dec(),
			bankID: inv.BankAccountID, payments: inv.Payments}, nil
	}
	e, _, err := c.Expenses.Get(ctx, id)
	if err != nil {
		return payDoc{}, fmt.Errorf("read expense %d: %w", id, err)
	}
	paid := decimal.Zero
	for _, p := range e.Payments {
		paid = paid.Add(p.Amount.Dec())
	}
	rem := e.Total.Dec().Sub(paid)
	if rem.IsNegative() {
		rem = decimal.Zero
	}
	status := e.Status
	if e.Locked() {
		status = "locked"
	}
	return payDoc{kind: kind, id: id, number: e.Number, currency: e.Currency, vs: e.VariableSymbol,
		status: status, remaining: rem, total: e.Total.Dec(), payments: e.Payments}, nil
}

func paymentSpec(fd Deps, doc payDoc, banks []apiclient.BankAccount) *form.Spec {
	isInvoice := doc.kind == nav.Invoice
	remaining := money(fd, doc.remaining, doc.currency)
	reaches := func(v form.Values) bool {
		d, err := parseDec(v["amount"])
		return err == nil && d.GreaterThanOrEqual(doc.remaining)
	}
	marked := func(v form.Values) bool { return v.Bool("mark_document_as_paid") }

	l := fd.L
	bankOpts, bankDefault := bankChoices(banks, doc.bankID)
	fields := []form.Field{
		{Key: "paid_on", Label: "Date", Placeholder: fd.L.DateHint(), CharLimit: 12, Validate: checkDate, Input: form.InputDate},
		{Key: "amount", Label: l.Tf("Amount (%s)", doc.currency), Width: 16, Validate: checkPositive2, Input: form.InputAmount,
			Hint: func(form.Values) string { return l.Tf("remaining %s", remaining) },
			Warn: func(v string, _ form.Values) string {
				d, err := parseDec(v)
				if err == nil && d.GreaterThan(doc.remaining) {
					return l.Tf("more than the remaining %s", remaining)
				}
				return ""
			}},
		{Key: "native_amount", Label: l.Tf("Amount in %s", doc.accountCurrency), Width: 16, Validate: optional(checkPositive2), Input: form.InputAmount,
			Placeholder: locale.Key("converted by the document's rate"),
			Hidden:      func(form.Values) bool { return doc.accountCurrency == "" || doc.accountCurrency == doc.currency }},
		{Key: "mark_document_as_paid", Label: "Mark as paid", Kind: form.FieldBool},
	}
	if isInvoice {
		fields = append(fields, form.Field{Key: "send_thank_you_email", Label: "Send a thank-you e-mail", Kind: form.FieldBool,
			Hidden: func(v form.Values) bool { return !marked(v) }})
		if doc.docType == apiclient.DocProforma {
			fields = append(fields, form.Field{Key: "proforma_followup_document", Label: "Then issue", Kind: form.FieldChoice,
				Options: []form.Option{
					{Value: apiclient.FollowupFinalInvoicePaid, Label: locale.Key("a paid final invoice")},
					{Value: apiclient.FollowupFinalInvoice, Label: locale.Key("a final invoice")},
					{Value: apiclient.FollowupTaxDocument, Label: locale.Key("a tax document")},
					{Value: apiclient.FollowupNone, Label: locale.Key("nothing")},
				},
				Hidden: func(v form.Values) bool { return !marked(v) }})
		}
	}
	fields = append(fields, form.Field{Key: "variable_symbol", Label: "Variable symbol", CharLimit: 20})
	if len(bankOpts) > 0 {
		fields = append(fields, form.Field{Key: "bank_account_id", Label: "Bank account", Kind: form.FieldChoice, Options: bankOpts})
	}

	initial := form.Values{
		"paid_on":               fd.today(),
		"amount":                doc.remaining.StringFixed(2),
		"native_amount":         "",
		"mark_document_as_paid": "true",
		"variable_symbol":       doc.vs,
		"bank_account_id":       bankDefault,
	}
	if isInvoice {
		initial["send_thank_you_email"] = form.BoolText(doc.sendThankYouEmailDefault)
		if doc.docType == apiclient.DocProforma {
			initial["proforma_followup_document"] = apiclient.FollowupFinalInvoicePaid
		}
	}
	if !doc.remaining.IsPositive() {
		initial["amount"] = ""
	}
	return &form.Spec{
		Title:   l.Tf("New payment on %s", doc.name(l)),
		Noun:    "payment",
		Intro:   []string{doc.name(l) + " · " + money(fd, doc.total, doc.currency) + " · " + l.TC("status", doc.status)},
		Fields:  fields,
		Initial: initial,
		// Until the user sets it, "mark as paid" follows the amount: on when it
		// reaches the remaining amount, as the service's default does.
		OnEdit: func(key string, v form.Values, touched func(string) bool) {
			if key == "amount" && !touched("mark_document_as_paid") {
				v["mark_document_as_paid"] = form.BoolText(reaches(v))
			}
		},
		Submit:  func(v form.Values) form.Task { return submitPayment(fd, doc, v) },
		Confirm: overpayQuestion(fd, doc),
	}
}

// overpayQuestion asks before paying more than remains: allowed (an
// overpayment), but asked about before it is sent, not only remarked
// beside the field.
func overpayQuestion(fd Deps, doc payDoc) func(v form.Values) string {
	return func(v form.Values) string {
		d, err := parseDec(v["amount"])
		if err != nil || !d.GreaterThan(doc.remaining) {
			return ""
		}
		return fd.L.Tf("The amount is more than the remaining %s: pay %s anyway?", money(fd, doc.remaining, doc.currency), money(fd, d, doc.currency))
	}
}

// bankChoices are the account's bank accounts to pick from, and the one
// picked first: the document's, else the account's default, else the first.
func bankChoices(banks []apiclient.BankAccount, docBank *int64) (opts []form.Option, picked string) {
	for _, b := range banks {
		label := b.Name
		if b.Number != "" {
			label += " · " + b.Number
		}
		if b.Currency != "" {
			label += " (" + b.Currency + ")"
		}
		opts = append(opts, form.Option{Value: fmt.Sprint(b.ID), Label: label})
		if b.Default && picked == "" {
			picked = fmt.Sprint(b.ID)
		}
	}
	if docBank != nil {
		picked = fmt.Sprint(*docBank)
	}
	if picked == "" && len(opts) > 0 {
		picked = opts[0].Value
	}
	return opts, picked
}

// paymentParams builds the request from the visible values (hidden fields
// are not in v, so a follow-up is never sent without mark_document_as_paid).
func paymentParams(doc payDoc, v form.Values) (*apiclient.PaymentParams, error) {
	p := &apiclient.PaymentParams{}
	date, err := apiclient.ParseDate(v["paid_on"])
	if err != nil {
		return nil, err
	}
	p.PaidOn = &date
	amount, err := apiclient.NewDecimal(v["amount"])
	if err != nil {
		return nil, err
	}
	p.Amount = &amount
	if s, ok := v["native_amount"]; ok && s != "" {
		n, err := apiclient.NewDecimal(s)
		if err != nil {
			return nil, err
		}
		p.NativeAmount = &n
	}
	p.MarkDocumentAsPaid = apiclient.Ptr(v.Bool("mark_document_as_paid"))
	if s, ok := v["send_thank_you_email"]; ok {
		p.SendThankYouEmail = apiclient.Ptr(s == "true")
	}
	if s, ok := v["proforma_followup_document"]; ok && s != "" {
		p.ProformaFollowupDocument = apiclient.Ptr(s)
	}
	if s := v["variable_symbol"]; s != "" {
		p.VariableSymbol = apiclient.Ptr(s)
	}
	if s := v["bank_account_id"]; s != "" {
		var id int64
		if _, err := fmt.Sscan(s, &id); err == nil {
			p.BankAccountID = &id
		}
	}
	return p, nil
}

func submitPayment(fd Deps, doc payDoc, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		p, err := paymentParams(doc, v)
		if err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		var pay *apiclient.Payment
		if doc.kind == nav.Invoice {
			pay, _, err = c.Invoices.CreatePayment(ctx, doc.id, p)
		} else {
			pay, _, err = c.Expenses.CreatePayment(ctx, doc.id, p)
		}
		if err == nil {
			text := fd.L.Tf("Payment of %s recorded on %s", money(fd, pay.Amount.Dec(), pay.Currency), doc.name(fd.L))
			return form.Result{Done: done(text, common.DocumentChanged(ctx, c, doc.kind, doc.id))}, nil
		}
		return fd.failure(err, "payment", "recorded", func(e *apiclient.ErrorResponse) string { return paymentRefusal(fd.L, doc, e.Code, e.Description) }), err
	})
}

// paymentRefusal explains a 403 on a payment in words.
func paymentRefusal(l locale.Locale, doc payDoc, code, desc string) string {
	switch code {
	case apiclient.RefusalForbidden:
		if strings.Contains(strings.ToLower(desc), "read-only") {
			return "" // the user's permission, not the document: the service's words say it
		}
		// The invoice may have been cancelled since the form opened.
		if doc.kind == nav.Invoice && (doc.status == apiclient.InvoiceCancelled || strings.Contains(strings.ToLower(desc), "cancel")) {
			return l.T("Payments cannot be changed on a cancelled invoice")
		}
		return l.Tf("This %s is already paid; a payment cannot be added to a paid document", l.T(doc.noun()))
	case apiclient.RefusalDocumentLocked:
		return l.Tf("The %s is locked; unlock it first", l.T(doc.noun()))
	}
	return ""
}
