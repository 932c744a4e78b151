package demo

import (
	"sort"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

type invoiceSpec struct {
	status    string // open, sent, overdue, paid, cancelled
	proforma  bool
	issuedAgo int
	subject   int
	eur       bool
	lines     []lineSpec
	payAgo    int
	stock     *stockLink
	recurring *sandbox.RecurringGenerator
	generator *sandbox.Generator
}

// stockLink ties a document line to an inventory move.
type stockLink struct {
	item *sandbox.InventoryItem
	move *sandbox.InventoryMove
	ago  int // the move's day
}

func (b *builder) buildInvoices(ds *subjectSet, st stockSet, gens generatorSet) {
	var specs []invoiceSpec
	plan := []string{}
	for i := 0; i < 14; i++ {
		plan = append(plan, "paid")
	}
	plan = append(plan, "overdue", "overdue", "overdue", "overdue", "sent", "sent", "sent", "sent", "sent",
		"open", "open", "open", "cancelled", "proforma-sent", "proforma-open")
	eurAt := map[int]bool{0: true, 7: true, 15: true, 20: true}
	for i, status := range plan {
		sp := invoiceSpec{status: status}
		switch status {
		case "paid":
			sp.issuedAgo = 12 + b.rng.IntN(70)
			sp.payAgo = max(1, min(sp.issuedAgo-1, sp.issuedAgo-3-b.rng.IntN(16)))
		case "overdue":
			sp.issuedAgo = 18 + b.rng.IntN(30)
		case "sent":
			sp.issuedAgo = 1 + b.rng.IntN(10)
		case "open":
			sp.issuedAgo = b.rng.IntN(3)
		case "cancelled":
			sp.issuedAgo = 27
			sp.status = "cancelled"
		case "proforma-sent":
			sp.proforma, sp.status, sp.issuedAgo = true, "sent", 5
		case "proforma-open":
			sp.proforma, sp.status, sp.issuedAgo = true, "open", 1
		}
		sp.eur = eurAt[i]
		cands := ds.customers(sp.eur, sp.issuedAgo)
		sp.subject = cands[b.rng.IntN(len(cands))]
		nLines := 1 + b.rng.IntN(3)
		first := b.rng.IntN(len(sales))
		for k := 0; k < nLines; k++ {
			art := sales[(first+k*3)%len(sales)]
			sp.lines = append(sp.lines, lineSpec{art, b.quantityFor(art.Unit)})
		}
		specs = append(specs, sp)
	}
	// The invoice that sold docking stations from stock.
	specs = append(specs, invoiceSpec{status: "paid", issuedAgo: st.invoiceLink.ago, payAgo: max(1, st.invoiceLink.ago-9),
		subject: ds.byDomain["alfastavby"], lines: []lineSpec{{sales[0], 3}}, stock: &st.invoiceLink})
	// This month's invoice of the recurring generator.
	recAgo := b.now.Day() - 1
	recStatus, recPay := "sent", 0
	if recAgo >= 10 {
		recStatus, recPay = "paid", recAgo-6
	}
	specs = append(specs, invoiceSpec{status: recStatus, issuedAgo: recAgo, payAgo: recPay,
		subject: ds.byDomain["pekarnaumlyna"], lines: []lineSpec{{sales[2], 1}}, recurring: gens.recurring})
	// One from the monthly generator.
	specs = append(specs, invoiceSpec{status: "paid", issuedAgo: 33, payAgo: 24,
		subject: ds.byDomain["alfastavby"], lines: []lineSpec{{sales[2], 1}, {sales[7], 2}}, generator: gens.monthly})

	sort.SliceStable(specs, func(i, j int) bool { return specs[i].issuedAgo > specs[j].issuedAgo })
	for i := range specs {
		b.invoice(ds.all[specs[i].subject], &specs[i])
	}
}

func (b *builder) invoice(subj *sandbox.Subject, sp *invoiceSpec) *sandbox.Invoice {
	a := b.a
	currency, rate, bankID := b.money(sp.eur)
	mode := sandbox.PriceMode{VatPriceMode: "without_vat", ExchangeRate: rate.Dec()}
	lines := b.buildLines(sp.lines, currency == "EUR", subj.Country != b.home, mode)
	if sp.stock != nil {
		lines = append(lines, b.stockLine(sp.stock, sp.stock.item.NativeRetailPrice, "Invoice", mode))
	}
	t := sandbox.ComputeTotals(lines, mode, currency, b.native, false)
	issued := b.dateAgo(sp.issuedAgo)
	created := b.workTime(sp.issuedAgo)
	series, docType, nf := "inv", sandbox.DocInvoice, int64(1)
	if sp.proforma {
		series, docType = "pf", sandbox.DocProforma
	}
	number := b.nextNumber(series, issued.Year())
	vs := digits(number)
	bank := a.BankAccounts[bankID-1]
	lang := subj.Language
	if lang == "" {
		lang = sandbox.Text(a.Info.InvoiceLanguage)
	}
	inv := &sandbox.Invoice{
		DocumentType: docType, TaxDocumentIDs: []int64{}, Number: number, NumberFormatID: &nf, VariableSymbol: vs,
		YourName: a.Info.Name, YourStreet: a.Info.Street, YourCity: a.Info.City, YourZip: a.Info.Zip, YourCountry: a.Info.Country,
		YourRegistrationNo: a.Info.RegistrationNo, YourVatNo: a.Info.VatNo,
		ClientName: subj.Name, ClientStreet: subj.Street, ClientCity: subj.City, ClientZip: subj.Zip, ClientCountry: subj.Country,
		ClientHasDeliveryAddress: subj.HasDeliveryAddress, ClientDeliveryName: subj.DeliveryName, ClientDeliveryStreet: subj.DeliveryStreet,
		ClientDeliveryCity: subj.DeliveryCity, ClientDeliveryZip: subj.DeliveryZip, ClientDeliveryCountry: subj.DeliveryCountry,
		ClientRegistrationNo: subj.RegistrationNo, ClientVatNo: subj.VatNo, ClientLocalVatNo: subj.LocalVatNo,
		SubjectID: subj.ID, SubjectCustomID: subj.CustomID, Token: b.token(24), Status: sp.status,
		IssuedOn: issued, TaxableFulfillmentDue: issued, Due: 14, DueOn: addDays(issued, 14),
		Note: sandbox.Text(a.Info.InvoiceNote), FooterNote: sandbox.Text(a.Info.DisplayedNote), Tags: []string{},
		BankAccountID: &bankID, BankAccount: bank.Number, IBAN: bank.IBAN, SwiftBic: bank.SwiftBic, IBANVisibility: "automatically",
		PaymentMethod: "bank", Currency: currency, ExchangeRate: rate, Language: string(lang), OSS: "disabled", VatPriceMode: "without_vat",
		Subtotal: t.Subtotal, Total: t.Total, NativeSubtotal: t.NativeSubtotal, NativeTotal: t.NativeTotal,
		RoundingAdjustment: t.RoundingAdjustment, RemainingAmount: t.Total, RemainingNativeAmount: t.NativeTotal,
		EETRecords: []map[string]any{}, Lines: lines, VatRatesSummary: t.Summary, PaidAdvances: []map[string]any{},
		Payments: []sandbox.Payment{}, Attachments: []sandbox.Attachment{},
		CreatedAt: dt(created), UpdatedAt: dt(created),
	}
	if subj.Due != nil {
		inv.Due = *subj.Due
		inv.DueOn = addDays(issued, inv.Due)
	}
	if sp.generator != nil {
		inv.GeneratorID = &sp.generator.ID
	}
	if len(sp.lines) > 0 && b.rng.IntN(3) == 0 {
		inv.Tags = []string{tagNames[b.rng.IntN(len(tagNames))]}
	}
	if b.rng.IntN(4) == 0 {
		inv.OrderNumber = sandbox.Text("OBJ-" + strconv.Itoa(issued.Year()) + "-" + pad(strconv.Itoa(1+b.rng.IntN(400)), 3))
	}
	a.Invoices.Add(inv)
	id := inv.ID
	sp.stock.linkDocument(id)
	label := "Invoice "
	if sp.proforma {
		label = "Proforma invoice "
	}
	related := []sandbox.RelatedObject{rel("Invoice", id), rel("Subject", subj.ID)}
	if sp.recurring != nil {
		if b.inWindow(created) {
			b.event(created, "recurring_generator_invoice_created", "Recurring generator "+sp.recurring.Name+" issued invoice "+number,
				nil, map[string]any{"invoice_id": id, "number": number}, rel("RecurringGenerator", sp.recurring.ID), rel("Invoice", id))
		}
	} else if b.inWindow(created) {
		b.event(created, "invoice_created", label+number+" for "+subj.Name+" was created", b.owner, nil, related...)
	}
	b.invoiceLater(inv, sp, subj, created, label, related)
	return inv
}

// invoiceLater is what happened to an invoice after it was made: sent,
// overdue and reminded, paid or cancelled, as its spec says.
func (b *builder) invoiceLater(inv *sandbox.Invoice, sp *invoiceSpec, subj *sandbox.Subject, created time.Time, label string, related []sandbox.RelatedObject) {
	number := inv.Number
	last := created
	if sp.status != "open" {
		sent := created.Add(time.Duration(10+b.rng.IntN(80)) * time.Minute)
		if sent.After(b.now) {
			sent = b.now.Add(-time.Minute)
		}
		inv.SentAt, last = dt(sent), sent
		if b.inWindow(sent) {
			b.event(sent, "invoice_sent", sandbox.EventText("invoice_sent", nil), b.owner,
				sandbox.InvoiceSentParams(string(subj.Email), "", label+number, "", false), related...)
		}
	}
	// Overdue since the day after due_on, if that day has come (also for invoices paid late).
	overdueAt := time.Date(inv.DueOn.Year(), inv.DueOn.Month(), inv.DueOn.Day()+1, 0, 5, 0, 0, b.now.Location())
	paidLate := sp.status == "paid" && !b.dateAgo(sp.payAgo).Before(addDays(inv.DueOn, 1).Time)
	if (sp.status == "overdue" || paidLate) && overdueAt.Before(b.now) {
		if b.inWindow(overdueAt) {
			b.event(overdueAt, "invoice_overdue", label+number+" is overdue", nil, nil, related...)
		}
		remind := overdueAt.AddDate(0, 0, b.a.Info.OverdueEmailDays).Add(6 * time.Hour)
		if remind.Before(b.now) && (sp.status == "overdue" || remind.Before(b.dayAt(sp.payAgo, 0, 0))) {
			inv.ReminderSentAt, inv.LastReminderSentAt = dt(remind), dt(remind)
		}
	}
	switch sp.status {
	case "paid":
		paidAt := b.workTime(sp.payAgo)
		if !paidAt.After(last) {
			paidAt = last.Add(time.Hour)
		}
		p := b.payment(paidAt, inv.Currency, inv.Total, inv.NativeTotal, inv.VariableSymbol, sandbox.Ptr(*inv.BankAccountID))
		inv.Payments = []sandbox.Payment{p}
		inv.PaidOn = p.PaidOn
		inv.RemainingAmount, inv.RemainingNativeAmount = sandbox.MustDecimal("0.0"), sandbox.MustDecimal("0.0")
		inv.WebinvoiceSeenOn = sandbox.DateOf(last.Add(20 * time.Hour))
		last = paidAt
		if b.inWindow(paidAt) {
			b.event(paidAt, "invoice_paid", label+number+" was paid ("+p.Amount.String()+" "+inv.Currency+")", nil,
				map[string]any{"payment": p}, related...)
		}
	case "cancelled":
		at := last.Add(26 * time.Hour)
		inv.CancelledAt, last = dt(at), at
		if b.inWindow(at) {
			b.event(at, "invoice_cancelled", label+number+" was cancelled", b.owner, nil, related...)
		}
	}
	inv.UpdatedAt = dt(last)
}

// digits keeps the digits of a document number: its variable symbol.
func digits(s string) string {
	out := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			out = append(out, s[i])
		}
	}
	return string(out)
}
