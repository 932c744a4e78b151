package demo

import (
	"math/rand/v2"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// The living demo: as the sandbox clock moves, the demo account lives. Every
// 5 to 15 seconds of clock time one thing happens, as in a real small
// company's day: a customer pays, a supplier's invoice arrives, a file lands in
// the inbox, an invoice goes out. The schedule comes from the seed, so a
// ManualClock replays the same life.

// lifeMaxSteps bounds the catch-up of one call: after a long jump of the clock
// only the latest activity is replayed, so a request never does unbounded work.
const lifeMaxSteps = 200

// lifeMeanStep is the mean time between activities.
const lifeMeanStep = 10 * time.Second

// life is the living demo's state. It runs under the server lock (it is
// called from sandbox.Server.advance).
type life struct {
	a     *sandbox.Account
	owner *sandbox.User
	rng   *rand.Rand
	next  time.Time
	files int
}

func newLife(a *sandbox.Account, owner *sandbox.User, now time.Time, seed uint64) *life {
	l := &life{a: a, owner: owner, rng: rand.New(rand.NewPCG(seed, 0x6c6976696e67))}
	l.next = now.Add(l.interval())
	return l
}

func (l *life) interval() time.Duration {
	return time.Duration(5+l.rng.IntN(11)) * time.Second
}

// step lets the account's life catch up with now: at most lifeMaxSteps activities.
func (l *life) step(now time.Time) {
	if now.Before(l.next) {
		return
	}
	if behind := now.Sub(l.next); behind > lifeMaxSteps*lifeMeanStep {
		l.next = now.Add(-lifeMaxSteps * lifeMeanStep)
	}
	for n := 0; n < lifeMaxSteps && !l.next.After(now); n++ {
		l.act(l.next)
		l.next = l.next.Add(l.interval())
	}
	if !l.next.After(now) {
		l.next = now.Add(l.interval())
	}
}

// lifeActivities and their weights.
var lifeActivities = []struct {
	weight int
	name   string
}{
	{5, "invoice_paid"}, {4, "expense_created"}, {3, "invoice_sent"}, {2, "invoice_created"},
	{2, "expense_paid"}, {2, "inbox_file_added"}, {2, "todo"},
}

// act makes one thing happen at t, or at the log's last entry if that is later
// (the automatic transitions of this request may have logged at now), so the
// log stays in time order without moving entries already in it.
func (l *life) act(t time.Time) {
	if n := len(l.a.Events); n > 0 && l.a.Events[n-1].CreatedAt.After(t) {
		t = l.a.Events[n-1].CreatedAt.Time
	}
	total := 0
	for _, a := range lifeActivities {
		total += a.weight
	}
	r := l.rng.IntN(total)
	name := ""
	for _, a := range lifeActivities {
		if r < a.weight {
			name = a.name
			break
		}
		r -= a.weight
	}
	b := l.builder(t)
	done := false
	switch name {
	case "invoice_paid":
		done = l.payInvoice(b, t)
	case "invoice_sent":
		done = l.sendInvoice(b, t)
	case "expense_paid":
		done = l.payExpense(b, t)
	case "expense_created":
		done = l.newExpense(b)
	case "inbox_file_added":
		done = l.newInboxFile(b, t)
	case "todo":
		done = l.newTodo(t)
	}
	if !done {
		// Nothing to pay or send: new business arrives instead.
		l.newInvoice(b)
	}
	b.finishEvents()
}

// builder is a demo builder whose records are all made at t.
func (l *life) builder(t time.Time) *builder {
	b := &builder{now: t, fixed: t, rng: l.rng, owner: l.owner, a: l.a,
		native: l.a.Info.Currency, home: l.a.Info.Country, numbers: map[string]int{}}
	l.syncNumbers(b)
	return b
}

// syncNumbers continues the numbering from the newest documents, which may
// also have been created through the API.
func (l *life) syncNumbers(b *builder) {
	all := func(*sandbox.Invoice) bool { return true }
	for _, inv := range l.a.Invoices.Recent(60, all) {
		series := "inv"
		if inv.DocumentType == sandbox.DocProforma {
			series = "pf"
		}
		noteNumber(b.numbers, series, inv.Number)
	}
	for _, e := range l.a.Expenses.Recent(60, func(*sandbox.Expense) bool { return true }) {
		noteNumber(b.numbers, "exp", e.Number)
	}
	// A series without documents this year starts at 1.
	y := strconv.Itoa(b.now.Year())
	for _, series := range []string{"inv", "pf", "exp"} {
		if _, ok := b.numbers[series+y]; !ok {
			b.numbers[series+y] = 0
		}
	}
}

// noteNumber records a number of the demo's formats in numbers if it is the highest seen.
func noteNumber(numbers map[string]int, series, number string) {
	rest := number
	switch series {
	case "pf":
		rest, _ = strings.CutPrefix(number, "P")
	case "exp":
		rest, _ = strings.CutPrefix(number, "N")
	}
	rest = strings.Replace(rest, "-", "", 1)
	if len(rest) < 8 || digits(rest) != rest {
		return
	}
	year, err1 := strconv.Atoi(rest[:4])
	n, err2 := strconv.Atoi(rest[4:])
	if err1 != nil || err2 != nil {
		return
	}
	key := series + strconv.Itoa(year)
	if n > numbers[key] {
		numbers[key] = n
	}
}

// pickRecent returns a random one of the recent records keep passes, or nil.
func pickRecent[T any](rng *rand.Rand, t *sandbox.Table[T], keep func(*T) bool) *T {
	c := t.Recent(100, keep)
	if len(c) == 0 {
		return nil
	}
	return c[rng.IntN(len(c))]
}

func (l *life) payInvoice(b *builder, t time.Time) bool {
	inv := pickRecent(l.rng, l.a.Invoices, func(i *sandbox.Invoice) bool {
		return i.DocumentType == sandbox.DocInvoice && i.CreatedAt.Before(t) &&
			(i.Status == sandbox.InvoiceSent || i.Status == sandbox.InvoiceOverdue || i.Status == sandbox.InvoiceOpen)
	})
	if inv == nil {
		return false
	}
	p := sandbox.Payment{ID: l.a.NewPaymentID(), PaidOn: sandbox.DateOf(t), Currency: inv.Currency,
		Amount: inv.RemainingAmount, NativeAmount: inv.RemainingNativeAmount, MarkDocumentAsPaid: true,
		VariableSymbol: sandbox.Text(inv.VariableSymbol), BankAccountID: copyID(inv.BankAccountID), CreatedAt: dt(t), UpdatedAt: dt(t)}
	inv.Payments = append(slices.Clip(inv.Payments), p)
	inv.Status, inv.PaidOn, inv.UpdatedAt = sandbox.InvoicePaid, p.PaidOn, dt(t)
	inv.RemainingAmount, inv.RemainingNativeAmount = sandbox.MustDecimal("0.0"), sandbox.MustDecimal("0.0")
	b.event(t, "invoice_paid", "Invoice "+inv.Number+" was paid ("+p.Amount.String()+" "+p.Currency+")", nil,
		map[string]any{"payment": p}, rel("Invoice", inv.ID), rel("Subject", inv.SubjectID))
	return true
}

func (l *life) sendInvoice(b *builder, t time.Time) bool {
	inv := pickRecent(l.rng, l.a.Invoices, func(i *sandbox.Invoice) bool {
		return i.Status == sandbox.InvoiceOpen && i.SentAt.IsZero() && i.CreatedAt.Before(t)
	})
	if inv == nil {
		return false
	}
	email := ""
	if s, ok := l.a.Subjects.Get(inv.SubjectID); ok {
		email = string(s.Email)
	}
	inv.Status, inv.SentAt, inv.UpdatedAt = sandbox.InvoiceSent, dt(t), dt(t)
	b.event(t, "invoice_sent", sandbox.EventText("invoice_sent", nil), l.owner,
		sandbox.InvoiceSentParams(email, "", "Invoice "+inv.Number, "", false), rel("Invoice", inv.ID), rel("Subject", inv.SubjectID))
	return true
}

func (l *life) payExpense(b *builder, t time.Time) bool {
	e := pickRecent(l.rng, l.a.Expenses, func(e *sandbox.Expense) bool {
		return (e.Status == sandbox.StatusOpen || e.Status == sandbox.StatusOverdue) && e.CreatedAt.Before(t) && len(e.Payments) == 0
	})
	if e == nil {
		return false
	}
	var bank *int64
	for i := range l.a.BankAccounts {
		if l.a.BankAccounts[i].Currency == e.Currency {
			bank = &l.a.BankAccounts[i].ID
			break
		}
	}
	p := sandbox.Payment{ID: l.a.NewPaymentID(), PaidOn: sandbox.DateOf(t), Currency: e.Currency, Amount: e.Total,
		NativeAmount: e.NativeTotal, MarkDocumentAsPaid: true, VariableSymbol: e.VariableSymbol, BankAccountID: bank,
		CreatedAt: dt(t), UpdatedAt: dt(t)}
	e.Payments = append(slices.Clip(e.Payments), p)
	e.Status, e.PaidOn, e.UpdatedAt = sandbox.StatusPaid, p.PaidOn, dt(t)
	b.event(t, "expense_paid", "Expense "+e.Number+" was paid ("+p.Amount.String()+" "+p.Currency+")", nil,
		map[string]any{"payment": p}, rel("Expense", e.ID), rel("Subject", e.SubjectID))
	return true
}

// partner picks a subject of the demo's own set that can be a customer or a supplier.
func (l *life) partner(supplier bool) *sandbox.Subject {
	return pickRecent(l.rng, l.a.Subjects, func(s *sandbox.Subject) bool {
		if supplier {
			return s.Type != sandbox.SubjectCustomer
		}
		return s.Type != sandbox.SubjectSupplier
	})
}

func (l *life) newExpense(b *builder) bool {
	subj := l.partner(true)
	if subj == nil {
		return false
	}
	art := purchases[l.rng.IntN(len(purchases))]
	for _, a := range purchases {
		if a.Supplier != "" && strings.Contains(string(subj.Email), "@"+a.Supplier+".") {
			art = a
			break
		}
	}
	// Issued up to 13 days ago: some fall due within a day or two.
	sp := &expenseSpec{status: sandbox.StatusOpen, issuedAgo: l.rng.IntN(14), lines: []lineSpec{{art, b.quantityFor(art.Unit)}}}
	b.expense(subj, sp)
	return true
}

func (l *life) newInvoice(b *builder) {
	subj := l.partner(false)
	if subj == nil {
		return
	}
	art := sales[l.rng.IntN(len(sales))]
	sp := &invoiceSpec{status: sandbox.InvoiceOpen, eur: subj.Currency == "EUR", lines: []lineSpec{{art, b.quantityFor(art.Unit)}}}
	b.invoice(subj, sp)
}

func (l *life) newInboxFile(b *builder, t time.Time) bool {
	l.files++
	n := strconv.Itoa(l.files)
	ocr := ""
	if v, ok := l.a.Info.Extraction[sandbox.OCRVendor]; ok && v.Enabled && v.RemainingExtractions > 0 {
		ocr = sandbox.OCRCreated
		v.RemainingExtractions--
		l.a.Info.Extraction[sandbox.OCRVendor] = v
	}
	var bl sandbox.File
	if l.files%2 == 0 {
		bl = sandbox.File{Filename: "uctenka-" + n + ".png", ContentType: "image/png",
			Data: pngFile(90, 140, inboxFiles[1].PNG, 4+l.files%5)}
	} else {
		bl = sandbox.File{Filename: "doklad-" + n + ".pdf", ContentType: "application/pdf",
			Data: pdfFile([]string{"Danovy doklad c. " + n, "Datum: " + sandbox.DateOf(t).String(), "Dekujeme za nakup."})}
	}
	b.inboxFile(bl, ocr, t)
	return true
}

func (l *life) newTodo(t time.Time) bool {
	e := pickRecent(l.rng, l.a.Expenses, func(e *sandbox.Expense) bool {
		return e.Status != sandbox.StatusPaid && e.CreatedAt.Before(t)
	})
	if e == nil {
		return false
	}
	l.a.RaiseTodo(t, "expense_payment_unpaired",
		sandbox.UnpairedPaymentParams("", e.Total.String(), e.Currency, "7"+string(e.VariableSymbol), l.a.BankAccounts[0]),
		rel("Expense", e.ID), rel("Subject", e.SubjectID))
	return true
}

func copyID(p *int64) *int64 {
	if p == nil {
		return nil
	}
	v := *p
	return &v
}
