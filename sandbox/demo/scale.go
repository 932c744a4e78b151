package demo

import (
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/shopspring/decimal"
)

// Scale: a demo account with tens of thousands of records, for benchmarks and
// for trying paging at volume. Speed matters here (10,000 subjects and 50,000
// expenses are built on every benchmark run): records are allocated in blocks,
// line prices are computed once per template, and strings are built without fmt.

// scaleSpanDays is how far back the generated history goes.
const scaleSpanDays = 730

var (
	scaleSurnames = []string{"Novák", "Svoboda", "Dvořák", "Černý", "Procházka", "Kučera", "Veselý", "Horák", "Němec", "Marek",
		"Pospíšil", "Hájek", "Jelínek", "Král", "Růžička", "Beneš", "Fiala", "Sedláček", "Doležal", "Zeman"}
	scaleTrades = []string{"Stavby", "Elektro", "Doprava", "Software", "Nábytek", "Tisk", "Gastro", "Servis", "Reality", "Textil",
		"Agro", "Instalace", "Účetnictví", "Design", "Logistika", "Kovovýroba"}
	scaleForms  = []string{" s.r.o.", " a.s.", " s.r.o.", " v.o.s.", " s.r.o."}
	scaleCities = []struct{ City, Zip string }{{"Praha", "110 00"}, {"Brno", "602 00"}, {"Ostrava", "702 00"}, {"Plzeň", "301 00"},
		{"Olomouc", "779 00"}, {"Liberec", "460 01"}, {"Zlín", "760 01"}, {"Pardubice", "530 02"}, {"Jihlava", "586 01"}, {"Opava", "746 01"}}
	scaleStreets = []string{"Hlavní", "Nádražní", "Školní", "Husova", "Komenského", "Palackého", "Masarykova", "Polní", "Zahradní", "Sokolská"}
)

// scaleTemplate is a precomputed set of expense lines with its totals.
type scaleTemplate struct {
	lines  []sandbox.Line
	totals sandbox.Totals
}

func (b *builder) scaleTemplates() []scaleTemplate {
	mode := sandbox.PriceMode{VatPriceMode: "without_vat", ExchangeRate: decimal.NewFromInt(1)}
	out := make([]scaleTemplate, 0, 24)
	for i := 0; i < 24; i++ {
		n := 1 + i%3
		specs := make([]lineSpec, 0, n)
		for k := 0; k < n; k++ {
			art := purchases[(i*5+k*7)%len(purchases)]
			specs = append(specs, lineSpec{art, 1 + (i+k)%4})
		}
		lines := make([]sandbox.Line, 0, n)
		for _, sp := range specs {
			l := sandbox.Line{Name: sp.art.Name, Quantity: decInt(sp.qty), UnitName: sandbox.Text(sp.art.Unit),
				UnitPrice: decStr(sp.art.CZK), VatRate: sandbox.RateOf(sandbox.MustDecimal(strconv.Itoa(sp.art.Vat)))}
			sandbox.ComputeLine(&l, mode)
			lines = append(lines, l)
		}
		out = append(out, scaleTemplate{lines: lines, totals: sandbox.ComputeTotals(lines, mode, "CZK", "CZK", false)})
	}
	return out
}

// buildScale adds n subjects, 5n expenses and n invoices spread over the past two years.
func (b *builder) buildScale(n int) {
	b.a.Subjects.Reserve(n)
	b.a.Expenses.Reserve(5 * n)
	run := &scaleRun{b: b, n: n, buf: make([]byte, 0, 64), counters: map[int]int{}}
	run.calendar()
	run.buildSubjects()
	run.buildExpenses()
	run.buildInvoices()
	// The hand-made expenses continue the numbering (the invoices' numbers
	// are the builder's own, which the hand-made ones continue too).
	for year, c := range run.counters {
		b.numbers["exp"+strconv.Itoa(year)] = c
	}
}

// scaleRun is one buildScale: its calendar, the subjects made so far, and the
// blocks the expenses are carved from.
type scaleRun struct {
	b *builder
	n int
	// dates and times are the calendar day and an instant by days ago.
	dates    []sandbox.Date
	times    []time.Time
	subjects []sandbox.Subject
	buf      []byte      // scratch for building strings without fmt
	counters map[int]int // expense numbers by year

	templates []scaleTemplate
	lines     []sandbox.Line
	summaries []sandbox.VatRateSummary
	payments  []sandbox.Payment
	// bankIDs: each payment points at its own copy of the bank account id.
	bankIDs []int64
	// The values every expense shares, allocated once.
	noPayments    []sandbox.Payment
	noTags        []string
	noAttachments []sandbox.Attachment
	one           sandbox.Decimal
}

// calendar computes the days and instants once.
func (r *scaleRun) calendar() {
	now := r.b.now
	y, m, d := now.Date()
	r.dates = make([]sandbox.Date, scaleSpanDays+31)
	r.times = make([]time.Time, len(r.dates))
	for ago := range r.dates {
		t := time.Date(y, m, d-ago, 10, 0, 0, 0, now.Location())
		r.dates[ago] = sandbox.DateOf(t)
		r.times[ago] = t
	}
	if r.times[0].After(now) {
		r.times[0] = now.Add(-time.Hour)
	}
}

// subjectCreatedAgo is how many days ago subject i was added.
func (r *scaleRun) subjectCreatedAgo(i int) int {
	return scaleSpanDays + 30 - i*scaleSpanDays/r.n
}

func (r *scaleRun) buildSubjects() {
	r.subjects = make([]sandbox.Subject, r.n)
	for i := range r.subjects {
		buf := append(r.buf[:0], scaleSurnames[i%len(scaleSurnames)]...)
		buf = append(buf, ' ')
		buf = append(buf, scaleTrades[(i/len(scaleSurnames))%len(scaleTrades)]...)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(i+1), 10)
		buf = append(buf, scaleForms[i%len(scaleForms)]...)
		name := string(buf)
		buf = append(buf[:0], "fakturace@firma"...)
		buf = strconv.AppendInt(buf, int64(i+1), 10)
		buf = append(buf, ".example"...)
		email := string(buf)
		buf = append(buf[:0], scaleStreets[i%len(scaleStreets)]...)
		buf = append(buf, ' ')
		buf = strconv.AppendInt(buf, int64(1+i%180), 10)
		r.buf = buf
		city := scaleCities[i%len(scaleCities)]
		ico := icoNumber(1000000 + (i*7919)%8999999)
		created := dt(r.times[min(r.subjectCreatedAgo(i), len(r.times)-1)].Add(time.Duration(i%480) * time.Minute))
		s := &r.subjects[i]
		*s = sandbox.Subject{
			UserID: r.b.owner.ID, Type: scaleType(i), Name: name, Email: sandbox.Text(email), Street: sandbox.Text(buf),
			City: sandbox.Text(city.City), Zip: sandbox.Text(city.Zip), Country: "CZ", DeliveryCountry: "CZ", RegistrationNo: sandbox.Text(ico), VatNo: sandbox.Text("CZ" + ico),
			LegalForm: "112", SettingUpdateFromAres: "inherit", AresUpdate: true, SettingInvoicePdfAttachments: "inherit",
			SettingEstimatePdfAttachments: "inherit", SettingInvoiceSendReminders: "inherit", SuggestionEnabled: true,
			CreatedAt: created, UpdatedAt: created,
		}
		r.b.a.Subjects.Add(s)
	}
}

func (r *scaleRun) buildExpenses() {
	nExp := 5 * r.n
	r.templates = r.b.scaleTemplates()
	lineCount := 0
	for j := 0; j < nExp; j++ {
		lineCount += len(r.templates[j%len(r.templates)].lines)
	}
	expenses := make([]sandbox.Expense, nExp)
	r.lines = make([]sandbox.Line, lineCount)
	r.summaries = make([]sandbox.VatRateSummary, 0, nExp*2)
	r.payments = make([]sandbox.Payment, nExp)
	r.bankIDs = make([]int64, nExp)
	r.noPayments, r.noTags, r.noAttachments = []sandbox.Payment{}, []string{}, []sandbox.Attachment{}
	r.one = sandbox.MustDecimal("1.0")
	for j := range expenses {
		r.expense(&expenses[j], j, nExp)
		r.b.a.Expenses.Add(&expenses[j])
	}
}

// numbers are expense j's number, original number and variable symbol.
func (r *scaleRun) numbers(j, year int) (number, orig, vs string) {
	r.counters[year]++
	buf := append(r.buf[:0], 'N')
	buf = strconv.AppendInt(buf, int64(year), 10)
	buf = append(buf, '-')
	buf = appendPadded(buf, r.counters[year], 4)
	number = string(buf)
	buf = append(buf[:0], "FV"...)
	buf = strconv.AppendInt(buf, int64(year), 10)
	buf = appendPadded(buf, j%100000, 5)
	r.buf = buf
	orig = string(buf)
	return number, orig, orig[2:]
}

// expense fills expense j of nExp from its template, carving its lines and
// VAT summary from the shared blocks.
func (r *scaleRun) expense(e *sandbox.Expense, j, nExp int) {
	tpl := &r.templates[j%len(r.templates)]
	// Suppliers are the subjects of type supplier or both (i%3 != 0).
	si := (j * 7919) % r.n
	if si%3 == 0 {
		si = (si + 1) % r.n
	}
	subj := &r.subjects[si]
	ago := min(scaleSpanDays-j*(scaleSpanDays-3)/nExp, r.subjectCreatedAgo(si))
	issued := r.dates[ago]
	due := r.dates[max(ago-14, 0)]
	if ago < 14 {
		due = sandbox.Date{Time: issued.AddDate(0, 0, 14)}
	}
	number, orig, vs := r.numbers(j, issued.Year())

	ls := r.lines[:len(tpl.lines):len(tpl.lines)]
	r.lines = r.lines[len(tpl.lines):]
	copy(ls, tpl.lines)
	for k := range ls {
		ls[k].ID = r.b.a.NewLineID()
	}
	start := len(r.summaries)
	r.summaries = append(r.summaries, tpl.totals.Summary...)
	sum := r.summaries[start:len(r.summaries):len(r.summaries)]

	created := dt(r.times[ago].Add(time.Duration(j%420) * time.Minute))
	if created.After(r.b.now) {
		created = dt(r.b.now.Add(-time.Minute))
	}
	*e = sandbox.Expense{
		Number: number, OriginalNumber: sandbox.Text(orig), VariableSymbol: sandbox.Text(vs),
		SupplierName: subj.Name, SupplierStreet: subj.Street, SupplierCity: subj.City, SupplierZip: subj.Zip,
		SupplierCountry: subj.Country, SupplierRegistrationNo: subj.RegistrationNo, SupplierVatNo: subj.VatNo,
		SubjectID: subj.ID, Status: sandbox.StatusPaid, DocumentType: sandbox.ExpenseInvoice,
		IssuedOn: issued, TaxableFulfillmentDue: issued, ReceivedOn: issued, DueOn: due, RemindDueDate: true,
		Description: sandbox.Text(ls[0].Name), Tags: r.noTags, PaymentMethod: "bank", Currency: "CZK", ExchangeRate: r.one,
		VatPriceMode: "without_vat", ProportionalVatDeduction: 100, TaxDeductible: true,
		RoundingAdjustment: tpl.totals.RoundingAdjustment, Subtotal: tpl.totals.Subtotal, Total: tpl.totals.Total,
		NativeSubtotal: tpl.totals.NativeSubtotal, NativeTotal: tpl.totals.NativeTotal, Lines: ls, VatRatesSummary: sum,
		Payments: r.noPayments, Attachments: r.noAttachments, CreatedAt: created, UpdatedAt: created,
	}
	switch {
	case !due.Before(r.dates[0].Time):
		e.Status = sandbox.StatusOpen
	case j%23 == 0:
		e.Status = sandbox.StatusOverdue
	default:
		r.pay(e, j, ago, tpl, created)
	}
}

// pay pays expense j (issued ago days ago) a few days after it came in.
func (r *scaleRun) pay(e *sandbox.Expense, j, ago int, tpl *scaleTemplate, created sandbox.DateTime) {
	paidAgo := max(ago-3-j%9, 0)
	p := &r.payments[j]
	r.bankIDs[j] = 1
	*p = sandbox.Payment{ID: r.b.a.NewPaymentID(), PaidOn: r.dates[paidAgo], Currency: "CZK", Amount: tpl.totals.Total,
		NativeAmount: tpl.totals.NativeTotal, MarkDocumentAsPaid: true, VariableSymbol: e.VariableSymbol, BankAccountID: &r.bankIDs[j],
		CreatedAt: created, UpdatedAt: created}
	if paidAgo < ago {
		p.CreatedAt = dt(r.times[paidAgo])
		p.UpdatedAt = p.CreatedAt
		e.UpdatedAt = p.CreatedAt
	}
	e.Payments = r.payments[j : j+1 : j+1]
	e.PaidOn = p.PaidOn
}

func scaleType(i int) string {
	switch i % 3 {
	case 0:
		return sandbox.SubjectCustomer
	case 1:
		return sandbox.SubjectSupplier
	default:
		return sandbox.SubjectBoth
	}
}

// appendPadded appends n with at least width digits.
func appendPadded(buf []byte, n, width int) []byte {
	var tmp [20]byte
	s := strconv.AppendInt(tmp[:0], int64(n), 10)
	for k := len(s); k < width; k++ {
		buf = append(buf, '0')
	}
	return append(buf, s...)
}
