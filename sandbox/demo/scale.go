package demo

import (
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
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
	lines  []apiclient.Line
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
		lines := make([]apiclient.Line, 0, n)
		for _, sp := range specs {
			l := apiclient.Line{Name: sp.art.Name, Quantity: decInt(sp.qty), UnitName: sp.art.Unit,
				UnitPrice: decStr(sp.art.CZK), VatRate: apiclient.MustDecimal(strconv.Itoa(sp.art.Vat))}
			sandbox.ComputeLine(&l, mode)
			lines = append(lines, l)
		}
		out = append(out, scaleTemplate{lines: lines, totals: sandbox.ComputeTotals(lines, mode, "CZK", "CZK", false)})
	}
	return out
}

// buildScale adds n subjects and 5n expenses spread over the past two years.
func (b *builder) buildScale(n int) {
	a := b.a
	a.Subjects.Reserve(n)
	nExp := 5 * n
	a.Expenses.Reserve(nExp)

	// Calendar days and instants by days ago, computed once.
	y, m, d := b.now.Date()
	loc := b.now.Location()
	dates := make([]apiclient.Date, scaleSpanDays+31)
	times := make([]time.Time, len(dates))
	for ago := range dates {
		t := time.Date(y, m, d-ago, 10, 0, 0, 0, loc)
		dates[ago] = apiclient.DateOf(t)
		times[ago] = t
	}
	if times[0].After(b.now) {
		times[0] = b.now.Add(-time.Hour)
	}

	subjects := make([]apiclient.Subject, n)
	buf := make([]byte, 0, 64)
	for i := range subjects {
		ago := scaleSpanDays + 30 - i*scaleSpanDays/n
		city := scaleCities[i%len(scaleCities)]
		buf = append(buf[:0], scaleSurnames[i%len(scaleSurnames)]...)
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
		ico := icoNumber(1000000 + (i*7919)%8999999)
		created := dt(times[min(ago, len(times)-1)].Add(time.Duration(i%480) * time.Minute))
		s := &subjects[i]
		*s = apiclient.Subject{
			UserID: b.owner.ID, Type: scaleType(i), Name: name, Email: email, Street: string(buf),
			City: city.City, Zip: city.Zip, Country: "CZ", DeliveryCountry: "CZ", RegistrationNo: ico, VatNo: "CZ" + ico,
			LegalForm: "112", SettingUpdateFromAres: "inherit", AresUpdate: true, SettingInvoicePdfAttachments: "inherit",
			SettingEstimatePdfAttachments: "inherit", SettingInvoiceSendReminders: "inherit", SuggestionEnabled: true,
			CreatedAt: created, UpdatedAt: created,
		}
		a.Subjects.Add(s)
	}

	templates := b.scaleTemplates()
	lineCount := 0
	for j := 0; j < nExp; j++ {
		lineCount += len(templates[j%len(templates)].lines)
	}
	expenses := make([]apiclient.Expense, nExp)
	lines := make([]apiclient.Line, lineCount)
	summaries := make([]apiclient.VatRateSummary, 0, nExp*2)
	payments := make([]apiclient.Payment, nExp)
	noPayments, noTags, noAttachments := []apiclient.Payment{}, []string{}, []apiclient.Attachment{}
	counters := map[int]int{}
	one := apiclient.MustDecimal("1.0")
	// Each payment points at its own copy of the bank account id.
	bankIDs := make([]int64, nExp)
	li := 0
	for j := range expenses {
		tpl := &templates[j%len(templates)]
		// Suppliers are the subjects of type supplier or both (i%3 != 0).
		si := (j * 7919) % n
		if si%3 == 0 {
			si = (si + 1) % n
		}
		subj := &subjects[si]
		ago := scaleSpanDays - j*(scaleSpanDays-3)/nExp
		if created := scaleSpanDays + 30 - si*scaleSpanDays/n; ago > created {
			ago = created
		}
		issued := dates[ago]
		due := dates[max(ago-14, 0)]
		if ago < 14 {
			due = apiclient.Date{Time: issued.AddDate(0, 0, 14)}
		}
		year := issued.Year()
		counters[year]++
		buf = append(buf[:0], 'N')
		buf = strconv.AppendInt(buf, int64(year), 10)
		buf = append(buf, '-')
		buf = appendPadded(buf, counters[year], 4)
		number := string(buf)
		buf = append(buf[:0], "FV"...)
		buf = strconv.AppendInt(buf, int64(year), 10)
		buf = appendPadded(buf, j%100000, 5)
		orig := string(buf)
		vs := orig[2:]

		ls := lines[li : li+len(tpl.lines) : li+len(tpl.lines)]
		li += len(tpl.lines)
		copy(ls, tpl.lines)
		for k := range ls {
			ls[k].ID = a.NewLineID()
		}
		start := len(summaries)
		summaries = append(summaries, tpl.totals.Summary...)
		sum := summaries[start:len(summaries):len(summaries)]

		created := dt(times[ago].Add(time.Duration(j%420) * time.Minute))
		if created.After(b.now) {
			created = dt(b.now.Add(-time.Minute))
		}
		e := &expenses[j]
		*e = apiclient.Expense{
			Number: number, OriginalNumber: orig, VariableSymbol: vs,
			SupplierName: subj.Name, SupplierStreet: subj.Street, SupplierCity: subj.City, SupplierZip: subj.Zip,
			SupplierCountry: subj.Country, SupplierRegistrationNo: subj.RegistrationNo, SupplierVatNo: subj.VatNo,
			SubjectID: subj.ID, Status: apiclient.StatusPaid, DocumentType: apiclient.ExpenseInvoice,
			IssuedOn: issued, TaxableFulfillmentDue: issued, ReceivedOn: issued, DueOn: due, RemindDueDate: true,
			Description: ls[0].Name, Tags: noTags, PaymentMethod: "bank", Currency: "CZK", ExchangeRate: one,
			VatPriceMode: "without_vat", ProportionalVatDeduction: 100, TaxDeductible: true,
			RoundingAdjustment: tpl.totals.RoundingAdjustment, Subtotal: tpl.totals.Subtotal, Total: tpl.totals.Total,
			NativeSubtotal: tpl.totals.NativeSubtotal, NativeTotal: tpl.totals.NativeTotal, Lines: ls, VatRatesSummary: sum,
			Payments: noPayments, Attachments: noAttachments, CreatedAt: created, UpdatedAt: created,
		}
		switch {
		case !due.Before(dates[0].Time):
			e.Status = apiclient.StatusOpen
		case j%23 == 0:
			e.Status = apiclient.StatusOverdue
		default:
			paidAgo := max(ago-3-j%9, 0)
			p := &payments[j]
			bankIDs[j] = 1
			*p = apiclient.Payment{ID: a.NewPaymentID(), PaidOn: dates[paidAgo], Currency: "CZK", Amount: tpl.totals.Total,
				NativeAmount: tpl.totals.NativeTotal, MarkDocumentAsPaid: true, VariableSymbol: vs, BankAccountID: &bankIDs[j],
				CreatedAt: created, UpdatedAt: created}
			if paidAgo < ago {
				p.CreatedAt = dt(times[paidAgo])
				p.UpdatedAt = p.CreatedAt
				e.UpdatedAt = p.CreatedAt
			}
			e.Payments = payments[j : j+1 : j+1]
			e.PaidOn = p.PaidOn
		}
		a.Expenses.Add(e)
	}
	// The hand-made expenses continue the numbering.
	for year, c := range counters {
		b.numbers["exp"+strconv.Itoa(year)] = c
	}
}

func scaleType(i int) string {
	switch i % 3 {
	case 0:
		return apiclient.SubjectCustomer
	case 1:
		return apiclient.SubjectSupplier
	default:
		return apiclient.SubjectBoth
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
