package sandbox

import (
	"fmt"
	"net/url"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Expenses: the Expense section and state table of api-v3.md, and the paths of
// api-facts.md (create, update, delete, fire lock/unlock).

// routesExpenses registers the endpoints of this file and of the expense
// payments (payments.go).
func (s *Server) routesExpenses() {
	docRoutes[Expense, Expense]{
		coll: "expenses", table: func(a *Account) *Table[Expense] { return a.Expenses },
		listed: expenseListed, more: expenseFilters, searched: expenseSearched, present: presentExpense,
		create: s.expenseCreate, update: s.expenseUpdate, remove: s.expenseDelete, fire: s.expenseFire,
		pay: s.expensePaymentCreate, unpay: s.expensePaymentDelete, attachment: s.expenseAttachmentDownload,
	}.register(&s.router)
}

// expenseTransitions moves open expenses whose due date has passed to overdue,
// writing expense_overdue once (an overdue expense is not visited again).
func (s *Server) expenseTransitions(a *Account, now time.Time) {
	today := DateOf(now).Time
	a.Expenses.each(func(e *Expense) {
		if e.Status == StatusOpen && !e.DueOn.IsZero() && e.DueOn.Before(today) {
			expenseRefreshStatus(a, e, now)
		}
	})
}

// expenseRefreshStatus sets an unpaid expense's status from its due date: overdue
// once due_on has passed (writing expense_overdue on the change), open otherwise.
func expenseRefreshStatus(a *Account, e *Expense, now time.Time) {
	if e.Status == StatusPaid {
		return
	}
	due := !e.DueOn.IsZero() && e.DueOn.Before(DateOf(now).Time)
	switch {
	case due && e.Status != StatusOverdue:
		e.Status = StatusOverdue
		a.AddEvent(now, "expense_overdue", fmt.Sprintf("Expense %s is overdue", e.Number), nil, nil, RelatedObject{Type: "Expense", ID: e.ID})
	case !due:
		e.Status = StatusOpen
	}
}

// presentExpense is the record as the caller sees it: addresses for this host and
// empty lists as [].
func presentExpense(c *Ctx, e *Expense) Expense {
	out := *e
	out.URL = c.AccountURL("expenses/%d.json", e.ID)
	out.HTMLURL = c.HTMLURL("expenses/%d", e.ID)
	out.SubjectURL = c.AccountURL("subjects/%d.json", e.SubjectID)
	out.Tags = nonNil(out.Tags)
	out.Lines = nonNil(out.Lines)
	out.VatRatesSummary = nonNil(out.VatRatesSummary)
	out.Payments = nonNil(out.Payments)
	out.Attachments = presentAttachments(c, "expenses", e.ID, e.Attachments)
	return out
}

// expenseFilters are the expense index's own: variable_symbol and document_type.
func expenseFilters(q url.Values, e *Expense) bool {
	return matchText(q.Get("variable_symbol"), string(e.VariableSymbol)) && matchText(q.Get("document_type"), e.DocumentType)
}

func expenseListed(e *Expense) docListed {
	return docListed{e.CreatedAt, e.UpdatedAt, e.SubjectID, string(e.CustomID), e.Number, e.Status}
}

// expenseSearched: search.json's query looks at number, variable_symbol,
// original_number, supplier_name, supplier_registration_no, supplier_vat_no,
// description, private_note and line names; tags only via tags.
func expenseSearched(e *Expense) (tags, fields []string) {
	return e.Tags, append([]string{e.Number, string(e.VariableSymbol), string(e.OriginalNumber), e.SupplierName, string(e.SupplierRegistrationNo), string(e.SupplierVatNo), string(e.Description), string(e.PrivateNote)}, lineNames(e.Lines)...)
}

func (s *Server) findExpense(c *Ctx) (*Expense, bool) {
	return find(c, c.Account.Expenses, "id")
}

var expenseDocumentTypes = []string{ExpenseInvoice, ExpenseBill, ExpenseOther}

func (s *Server) expenseCreate(c *Ctx) {
	a := c.Account
	body := c.Body()
	var p ExpenseParams
	errs := DecodeBody(body, &p)
	today := DateOf(c.Now)
	e := &Expense{
		Status:                   StatusOpen,
		DocumentType:             ExpenseInvoice,
		IssuedOn:                 today,
		RemindDueDate:            true,
		PaymentMethod:            "bank",
		Currency:                 a.Info.Currency,
		VatPriceMode:             "without_vat",
		ProportionalVatDeduction: 100,
		TaxDeductible:            true,
		Tags:                     []string{},
		CreatedAt:                DateTime{Time: c.Now},
		UpdatedAt:                DateTime{Time: c.Now},
	}
	if p.SubjectID == nil {
		addSubjectMissing(errs, "supplier_name")
	}
	if p.TaxableFulfillmentDue == nil {
		e.TaxableFulfillmentDue = today
		sentInto(&e.TaxableFulfillmentDue, p.IssuedOn)
	}
	pending := expenseApplyParams(a, e, &p, Present(body), errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	e.ID = a.Expenses.nextID()
	if e.Number == "" {
		e.Number = nextExpenseNumber(a, e.IssuedOn.Year())
	}
	d := expenseCore(e)
	moves := func() Errors { return s.recordNewDocumentMoves(c, d, "in", e.Currency) }
	if !s.commitDocumentLines(c, d, moves, pending) {
		return
	}
	a.Expenses.put(e.ID, e)
	d.logEvent(c, "created", "was created", nil)
	expenseRefreshStatus(a, e, c.Now)
	c.Created(c.AccountURL("expenses/%d.json", e.ID), presentExpense(c, e))
}

func (s *Server) expenseUpdate(c *Ctx) {
	e, ok := s.findUnlockedExpense(c)
	if !ok {
		return
	}
	a := c.Account
	body := c.Body()
	var p ExpenseParams
	errs := DecodeBody(body, &p)
	next := *e
	next.Lines = copyLines(e.Lines)
	// Only an update checks the number format: the docs' create example with
	// the same bad number reports no number error.
	checkNumberFormat(errs, p.Number, e.Number, expenseNumberFits)
	pending := expenseApplyParams(a, &next, &p, Present(body), errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	moves := func() Errors {
		return s.redoMoves(c, e.Lines, next.Lines, p.Lines, "in", e.Currency, next.Currency, "Expense", e.ID)
	}
	if !s.commitDocumentLines(c, expenseCore(&next), moves, pending) {
		return
	}
	next.UpdatedAt = DateTime{Time: c.Now}
	*e = next
	expenseCore(e).logEvent(c, "updated", "was updated", nil)
	expenseRefreshStatus(a, e, c.Now)
	c.OK(presentExpense(c, e))
}

func (s *Server) expenseDelete(c *Ctx) {
	e, ok := s.findExpense(c)
	if !ok || refuseUndeletable(c, !e.LockedAt.IsZero()) {
		return
	}
	s.removeDocument(c, expenseCore(e), c.Account.Expenses.del)
	c.NoContent()
}

// expenseFire is POST fire.json?event=lock|unlock: 204, or 422 errors.event when the
// event cannot be fired (already locked or unlocked, or an unknown event).
func (s *Server) expenseFire(c *Ctx) {
	e, ok := s.findExpense(c)
	if !ok {
		return
	}
	ev := c.FireEvent()
	related := RelatedObject{Type: "Expense", ID: e.ID}
	switch {
	case ev == "lock" && e.LockedAt.IsZero():
		e.LockedAt = DateTime{Time: c.Now}
		c.Account.AddEvent(c.Now, "expense_locked", fmt.Sprintf("Expense %s was locked", e.Number), c.User, nil, related)
	case ev == "unlock" && !e.LockedAt.IsZero():
		e.LockedAt = DateTime{}
		c.Account.AddEvent(c.Now, "expense_unlocked", fmt.Sprintf("Expense %s was unlocked", e.Number), c.User, nil, related)
	default:
		c.Invalid(Errors{"event": {cannotFire(ev)}})
		return
	}
	e.UpdatedAt = DateTime{Time: c.Now}
	c.NoContent()
}

// expenseApplyParams copies the sent fields onto e (validated into errs) and
// recomputes lines and totals. It returns the attachments to store on success.
func expenseApplyParams(a *Account, e *Expense, p *ExpenseParams, present map[string]bool, errs Errors) []File {
	if p.SubjectID != nil {
		expenseApplySupplier(a, e, p, errs)
	}
	applyDocumentNumber(&e.Number, p.Number, numberTaken(a.Expenses, e.ID, func(o *Expense) string { return o.Number }), errs)
	sentText(&e.CustomID, p.CustomID)
	sentText(&e.OriginalNumber, p.OriginalNumber)
	sentText(&e.VariableSymbol, p.VariableSymbol)
	sentText(&e.Description, p.Description)
	sentText(&e.PrivateNote, p.PrivateNote)
	sentText(&e.BankAccount, p.BankAccount)
	sentText(&e.IBAN, p.IBAN)
	sentText(&e.SwiftBic, p.SwiftBic)
	sentText(&e.SupplyCode, p.SupplyCode)
	applyChoice(&e.DocumentType, p.DocumentType, "document_type", expenseDocumentTypes, errs)
	sentInto(&e.IssuedOn, p.IssuedOn)
	sentInto(&e.TaxableFulfillmentDue, p.TaxableFulfillmentDue)
	sentInto(&e.ReceivedOn, p.ReceivedOn)
	sentInto(&e.DueOn, p.DueOn)
	if present["due_on"] && p.DueOn == nil {
		e.DueOn = Date{}
	}
	sentInto(&e.RemindDueDate, p.RemindDueDate)
	if p.Tags != nil {
		e.Tags = append([]string{}, *p.Tags...)
	}
	sentInto(&e.TransferredTaxLiability, p.TransferredTaxLiability)
	sentInto(&e.TaxDeductible, p.TaxDeductible)
	if p.ProportionalVatDeduction != nil {
		if *p.ProportionalVatDeduction < 0 || *p.ProportionalVatDeduction > 100 {
			errs.Add("proportional_vat_deduction", MsgNotInList)
		}
		e.ProportionalVatDeduction = *p.ProportionalVatDeduction
	}
	applyChoice(&e.VatPriceMode, p.VatPriceMode, "vat_price_mode", vatPriceModes, errs)
	e.PaymentMethod, e.CustomPaymentMethod = applyPaymentMethod(e.PaymentMethod, e.CustomPaymentMethod, p.PaymentMethod, p.CustomPaymentMethod, errs)
	e.Currency, e.ExchangeRate = applyCurrency(a, e.Currency, e.ExchangeRate, p.Currency, p.ExchangeRate, errs)

	e.Lines = applyDocumentLines(a, e.Lines, p.Lines, errs)
	roundTotal := !e.RoundingAdjustment.Dec().IsZero()
	sentInto(&roundTotal, p.RoundTotal)
	t := computeDocumentLines(a, e.Lines, docPriceMode(a, e.VatPriceMode, e.TransferredTaxLiability, e.ExchangeRate), e.Currency, roundTotal)
	e.Subtotal, e.Total, e.NativeSubtotal, e.NativeTotal, e.RoundingAdjustment = t.Subtotal, t.Total, t.NativeSubtotal, t.NativeTotal, t.RoundingAdjustment
	e.VatRatesSummary = t.Summary
	return decodeAttachments(p.Attachments, errs)
}

// expenseApplySupplier copies the subject p names into the supplier_* fields
// (and its currency into a new expense that sends none).
func expenseApplySupplier(a *Account, e *Expense, p *ExpenseParams, errs Errors) {
	sub, ok := a.Subjects.Get(*p.SubjectID)
	if !ok {
		errs.Add("subject_id", MsgInvalid)
		return
	}
	e.SubjectID = sub.ID
	e.SupplierName, e.SupplierStreet, e.SupplierCity, e.SupplierZip = sub.Name, sub.Street, sub.City, sub.Zip
	e.SupplierCountry, e.SupplierRegistrationNo, e.SupplierVatNo, e.SupplierLocalVatNo = sub.Country, sub.RegistrationNo, sub.VatNo, sub.LocalVatNo
	e.BankAccount, e.IBAN, e.SwiftBic = Text(sub.BankAccount), Text(sub.IBAN), Text(sub.SwiftBic)
	if e.Currency == a.Info.Currency && sub.Currency != "" && p.Currency == nil && e.ID == 0 {
		e.Currency = string(sub.Currency)
	}
}

// nextExpenseNumber is the next free number of the year's sequence: N2026-0001.
func nextExpenseNumber(a *Account, year int) string {
	taken := map[string]bool{}
	count := 0
	prefix := fmt.Sprintf("N%d-", year)
	for _, e := range a.Expenses.byID {
		taken[e.Number] = true
		if strings.HasPrefix(e.Number, prefix) {
			count++
		}
	}
	for n := count + 1; ; n++ {
		if num := fmt.Sprintf("%s%04d", prefix, n); !taken[num] {
			return num
		}
	}
}

// expenseRemaining is what is left to pay.
func expenseRemaining(e *Expense) decimal.Decimal {
	return e.Total.Dec().Sub(paidSum(e.Payments))
}

func (s *Server) expenseAttachmentDownload(c *Ctx) {
	e, ok := s.findExpense(c)
	if !ok {
		return
	}
	serveAttachment(c, e.Attachments)
}
