package demo

import (
	"sort"

	"github.com/kasa-tui/kasa/sandbox"
)

// scaleInvoiceNewest is how recent the generated invoices get (days ago):
// older than every hand-made one, so the hand-made account stays on the
// first pages and the numbers follow the days.
const scaleInvoiceNewest = 90

// buildInvoices adds n invoices to the generated customers over the past
// two years, so the invoice list of a scaled demo has pages too (totals "of
// N loaded", marks across pages): most paid a few days after they were
// issued, every 13th still overdue. Each is made as the hand-made ones are
// (builder.invoice), from the subject's creation on.
func (r *scaleRun) buildInvoices() {
	var customers []int // by index, oldest subject first
	for i := range r.subjects {
		if scaleType(i) != sandbox.SubjectSupplier {
			customers = append(customers, i)
		}
	}
	if len(customers) == 0 {
		return
	}
	r.b.a.Invoices.Reserve(r.n)
	for j := range r.n {
		ago := scaleSpanDays - j*(scaleSpanDays-scaleInvoiceNewest)/r.n
		// The customers that existed by then are a prefix: older first.
		known := sort.Search(len(customers), func(k int) bool { return r.subjectCreatedAgo(customers[k]) < ago })
		si := customers[(j*7919)%max(known, 1)]
		sp := invoiceSpec{status: "paid", issuedAgo: min(ago, r.subjectCreatedAgo(si)),
			lines: []lineSpec{{sales[(j*3)%len(sales)], 1 + j%5}}}
		if j%2 == 1 {
			sp.lines = append(sp.lines, lineSpec{sales[(j*5+1)%len(sales)], 1 + j%3})
		}
		sp.payAgo = max(sp.issuedAgo-3-j%9, 1)
		if j%13 == 0 {
			sp.status = "overdue"
		}
		r.b.invoice(&r.subjects[si], &sp)
	}
}
