package report

import (
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
)

// Sum is a count of documents and their sums in the account's currency.
type Sum struct {
	Count             int
	Total, WithoutVat decimal.Decimal
}

func (s *Sum) add(total, withoutVat decimal.Decimal) {
	s.Count++
	s.Total, s.WithoutVat = s.Total.Add(total), s.WithoutVat.Add(withoutVat)
}

// MonthSums are one month's invoiced and expenses, for the overview's chart.
type MonthSums struct {
	Period             Period
	Invoiced, Expenses decimal.Decimal
}

// Report is the figures of one period. Every amount is in the account's
// currency.
type Report struct {
	Period   Period
	Currency string
	Today    Day
	// Invoiced are the tax documents dated (taxable supply) in the period,
	// cancelled ones left out; Proformas are the proformas issued in it,
	// counted apart (they are paid by a later tax document).
	Invoiced, Proformas Sum
	// Received is the payments on invoices paid in the period.
	Received Sum
	// Expenses are the expenses dated (ExpenseDay) in the period.
	Expenses Sum
	// Output is the VAT of the period's tax documents by rate; Input is the
	// VAT of its expenses; ReverseCharge is the VAT reverse-charge expenses
	// make the account declare and deduct at once (not in Input).
	Output, Input, ReverseCharge []Rate
	// Unpaid is what customers owe today (not bound to the period).
	Unpaid Unpaid
	// Months are the twelve months that end with the period's last month.
	Months []MonthSums
	// Docs are the documents behind each figure (Fig… keys), each with the
	// share it adds.
	Docs map[string][]Doc
}

// Balance is the VAT the period owes (negative: a refund): output less
// input. Reverse-charge VAT is declared and deducted at once, so it nets out.
func (r Report) Balance() decimal.Decimal {
	return VatSum(r.Output).Sub(VatSum(r.Input))
}

// Build computes the report of period p from every invoice and expense of
// the account, as seen on day today.
func Build(p Period, currency string, today Day, invs []apiclient.Invoice, exps []apiclient.Expense) Report {
	r := Report{Period: p, Currency: currency, Today: today, Unpaid: UnpaidOf(invs, today), Docs: map[string][]Doc{}}
	dd := docs(r.Docs)
	dd.addUnpaid(invs, today)
	out, in, rc := Rates{}, Rates{}, Rates{}
	last := Month(p.To)
	months := make([]MonthSums, 12)
	for i := range months {
		months[i].Period = last.Shift(i - 11)
	}
	first := months[0].Period.From
	for i := range invs {
		inv := &invs[i]
		if got := addPayments(&r.Received, p, inv.Payments); !got.IsZero() {
			dd.add(FigReceived, invoiceDoc(inv, DayOf(inv.PaidOn.Time), got))
		}
		if issued := DayOf(inv.IssuedOn.Time); Proforma(inv.DocumentType) && inv.Status != apiclient.InvoiceCancelled && p.Contains(issued) {
			r.Proformas.add(inv.NativeTotal.Dec(), inv.NativeSubtotal.Dec())
			dd.add(FigProformas, invoiceDoc(inv, issued, inv.NativeTotal.Dec()))
		}
		if !Taxed(inv) {
			continue
		}
		day := TaxDay(inv)
		if day >= first && day <= last.To {
			m := &months[monthIndex(first, day)]
			m.Invoiced = m.Invoiced.Add(inv.NativeTotal.Dec())
		}
		if p.Contains(day) {
			r.Invoiced.add(inv.NativeTotal.Dec(), inv.NativeSubtotal.Dec())
			out.Add(inv.VatRatesSummary)
			dd.add(FigInvoiced, invoiceDoc(inv, day, inv.NativeTotal.Dec()))
			dd.addRates(FigOutput, inv.VatRatesSummary, func(a decimal.Decimal) Doc { return invoiceDoc(inv, day, a) })
		}
	}
	for i := range exps {
		e := &exps[i]
		day := ExpenseDay(e)
		if day >= first && day <= last.To {
			m := &months[monthIndex(first, day)]
			m.Expenses = m.Expenses.Add(e.NativeTotal.Dec())
		}
		if !p.Contains(day) {
			continue
		}
		r.Expenses.add(e.NativeTotal.Dec(), e.NativeSubtotal.Dec())
		dd.add(FigExpenses, expenseDoc(e, day, e.NativeTotal.Dec()))
		doc := func(a decimal.Decimal) Doc { return expenseDoc(e, day, a) }
		if e.TransferredTaxLiability {
			rc.Add(e.VatRatesSummary)
			dd.addRates(FigReverse, e.VatRatesSummary, doc)
			continue
		}
		in.Add(e.VatRatesSummary)
		dd.addRates(FigInput, e.VatRatesSummary, doc)
	}
	r.Output, r.Input, r.ReverseCharge, r.Months = out.Sorted(), in.Sorted(), selfAssess(rc.Sorted()), months
	return r
}

// addPayments adds the payments paid in p and returns their sum.
func addPayments(s *Sum, p Period, pays []apiclient.Payment) decimal.Decimal {
	sum := decimal.Zero
	for _, pay := range pays {
		if !p.Contains(DayOf(pay.PaidOn.Time)) {
			continue
		}
		native := pay.NativeAmount.Dec()
		if !pay.NativeAmount.IsSet() {
			native = pay.Amount.Dec()
		}
		s.add(native, native)
		sum = sum.Add(native)
	}
	return sum
}

// monthIndex is how many months day lies after the month of first.
func monthIndex(first, day Day) int {
	a, b := first.Time(), day.Time()
	return (b.Year()-a.Year())*12 + int(b.Month()) - int(a.Month())
}
