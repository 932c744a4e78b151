package demo

import (
	"sort"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

type expenseSpec struct {
	status    string // open, overdue, paid
	issuedAgo int
	payAgo    int
	subject   int
	lines     []lineSpec
	bill      bool
	stock     *stockLink
	attach    *sandbox.File
}

func (b *builder) buildExpenses(ds *subjectSet, st stockSet) {
	plan := make([]string, 0, 40)
	for i := 0; i < 25; i++ {
		plan = append(plan, "paid")
	}
	plan = append(plan, "open", "open", "open", "open", "open", "open", "open", "open",
		"overdue", "overdue", "overdue", "overdue", "overdue", "overdue")
	eurAt := map[int]bool{3: true, 11: true, 27: true, 34: true}
	var specs []expenseSpec
	for i, status := range plan {
		sp := expenseSpec{status: status}
		switch status {
		case "paid":
			sp.issuedAgo = 5 + b.rng.IntN(80)
			sp.payAgo = max(0, sp.issuedAgo-2-b.rng.IntN(12))
		case "open":
			sp.issuedAgo = b.rng.IntN(10)
		case "overdue":
			sp.issuedAgo = 16 + b.rng.IntN(25)
		}
		// Pick an article whose supplier existed then (and is foreign for EUR).
		var art article
		for try := 0; try < 50; try++ {
			art = purchases[b.rng.IntN(len(purchases))]
			si, ok := ds.byDomain[art.Supplier]
			if !ok || ds.createdAt[si] <= sp.issuedAgo+2 {
				continue
			}
			if (ds.all[si].Country != "CZ") == eurAt[i] {
				break
			}
		}
		sp.subject = ds.byDomain[art.Supplier]
		sp.lines = []lineSpec{{art, b.quantityFor(art.Unit)}}
		if art.Unit == "ks" && !eurAt[i] && b.rng.IntN(2) == 0 {
			sp.lines = append(sp.lines, lineSpec{purchases[len(purchases)-1], 1})
		}
		sp.bill = art.Supplier == "papirkobliha" && status == "paid"
		if sp.bill {
			sp.payAgo = sp.issuedAgo
		}
		specs = append(specs, sp)
	}
	specs = append(specs, expenseSpec{status: "paid", issuedAgo: st.expenseLink.ago, payAgo: max(0, st.expenseLink.ago-10),
		subject: ds.byDomain["techservis"], stock: &st.expenseLink})
	sort.SliceStable(specs, func(i, j int) bool { return specs[i].issuedAgo > specs[j].issuedAgo })

	// Two expenses carry their scanned documents.
	pdfDone, pngDone := false, false
	for i := range specs {
		sp := &specs[i]
		subj := ds.all[sp.subject]
		if !pdfDone && subj.Name == "Hosting Plus s.r.o." && sp.status == "paid" {
			pdfDone = true
			sp.attach = &sandbox.File{Filename: "faktura-hostingplus.pdf", ContentType: "application/pdf",
				Data: pdfFile([]string{"Hosting Plus s.r.o.", "Faktura - danovy doklad", "Odberatel: Modra Hora s.r.o., Kounicova 284/39, Brno", "Hosting a domena / VPS", "Dekujeme za Vasi platbu."})}
		}
		if !pngDone && sp.bill {
			pngDone = true
			sp.attach = &sandbox.File{Filename: "uctenka-papirnictvi.png", ContentType: "image/png",
				Data: pngFile(160, 240, inboxFiles[1].PNG, 9)}
		}
		b.expense(subj, sp)
	}
}

func (b *builder) expense(subj *sandbox.Subject, sp *expenseSpec) *sandbox.Expense {
	a := b.a
	foreign := subj.Country != b.home
	currency, rate, bankID := b.money(foreign)
	// Services bought from another EU country: the buyer self-assesses the VAT.
	mode := sandbox.PriceMode{VatPriceMode: "without_vat", ReverseCharge: foreign, ExchangeRate: rate.Dec()}
	lines := b.buildLines(sp.lines, currency == "EUR", false, mode)
	if sp.stock != nil {
		lines = append(lines, b.stockLine(sp.stock, sp.stock.item.NativePurchasePrice, "Expense", mode))
	}
	t := sandbox.ComputeTotals(lines, mode, currency, b.native, false)
	issued := b.dateAgo(sp.issuedAgo)
	receivedAgo := max(0, sp.issuedAgo-b.rng.IntN(3))
	if sp.status == "paid" {
		receivedAgo = max(receivedAgo, sp.payAgo)
	}
	created := b.workTime(receivedAgo)
	orig := "FV" + strconv.Itoa(issued.Year()) + pad(strconv.Itoa(1+b.rng.IntN(99999)), 5)
	e := &sandbox.Expense{
		Number: b.nextNumber("exp", issued.Year()), OriginalNumber: sandbox.Text(orig), VariableSymbol: sandbox.Text(digits(orig)),
		SupplierName: subj.Name, SupplierStreet: subj.Street, SupplierCity: subj.City, SupplierZip: subj.Zip,
		SupplierCountry: subj.Country, SupplierRegistrationNo: subj.RegistrationNo, SupplierVatNo: subj.VatNo,
		SupplierLocalVatNo: subj.LocalVatNo, SubjectID: subj.ID, Status: sp.status, DocumentType: sandbox.ExpenseInvoice,
		IssuedOn: issued, TaxableFulfillmentDue: issued, ReceivedOn: b.dateAgo(receivedAgo), DueOn: addDays(issued, 14),
		RemindDueDate: true, Description: sandbox.Text(lines[0].Name), Tags: []string{}, BankAccount: sandbox.Text(subj.BankAccount), IBAN: sandbox.Text(subj.IBAN),
		SwiftBic: sandbox.Text(subj.SwiftBic), PaymentMethod: "bank", Currency: currency, ExchangeRate: rate,
		TransferredTaxLiability: foreign, VatPriceMode: "without_vat", ProportionalVatDeduction: 100, TaxDeductible: true,
		RoundingAdjustment: t.RoundingAdjustment, Subtotal: t.Subtotal, Total: t.Total, NativeSubtotal: t.NativeSubtotal,
		NativeTotal: t.NativeTotal, Lines: lines, VatRatesSummary: t.Summary, Payments: []sandbox.Payment{},
		Attachments: []sandbox.Attachment{}, CreatedAt: dt(created), UpdatedAt: dt(created),
	}
	if sp.bill {
		e.DocumentType, e.PaymentMethod, e.DueOn = sandbox.ExpenseBill, "cash", issued
		e.OriginalNumber, e.VariableSymbol, e.BankAccount, e.IBAN = "", "", "", ""
	}
	if sp.attach != nil {
		e.Attachments = []sandbox.Attachment{a.AddAttachment(*sp.attach)}
	}
	a.Expenses.Add(e)
	id := e.ID
	sp.stock.linkDocument(id)
	related := []sandbox.RelatedObject{rel("Expense", id), rel("Subject", subj.ID)}
	if b.inWindow(created) {
		b.event(created, "expense_created", "Expense "+e.Number+" from "+subj.Name+" was created", b.owner, nil, related...)
	}
	var bank *int64
	if !sp.bill {
		bank = sandbox.Ptr(bankID)
	}
	b.expenseLater(e, sp, created, bank, related)
	return e
}

// expenseLater is what happened to an expense after it came in: overdue or
// paid, as its spec says.
func (b *builder) expenseLater(e *sandbox.Expense, sp *expenseSpec, created time.Time, bank *int64, related []sandbox.RelatedObject) {
	last := created
	overdueAt := time.Date(e.DueOn.Year(), e.DueOn.Month(), e.DueOn.Day()+1, 0, 5, 0, 0, b.now.Location())
	if sp.status == "overdue" && overdueAt.Before(b.now) && b.inWindow(overdueAt) {
		b.event(overdueAt, "expense_overdue", "Expense "+e.Number+" is overdue", nil, nil, related...)
	}
	if sp.status == "paid" {
		paidAt := b.workTime(sp.payAgo)
		if !paidAt.After(created) {
			paidAt = created.Add(time.Duration(5+b.rng.IntN(120)) * time.Minute)
			if paidAt.After(b.now) {
				paidAt = b.now.Add(-time.Minute)
			}
		}
		p := b.payment(paidAt, e.Currency, e.Total, e.NativeTotal, string(e.VariableSymbol), bank)
		e.Payments = []sandbox.Payment{p}
		e.PaidOn = p.PaidOn
		last = paidAt
		if b.inWindow(paidAt) {
			b.event(paidAt, "expense_paid", "Expense "+e.Number+" was paid ("+p.Amount.String()+" "+e.Currency+")", b.owner,
				map[string]any{"payment": p}, related...)
		}
	}
	e.UpdatedAt = dt(last)
}
