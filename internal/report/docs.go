package report

import (
	"strconv"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
)

// Doc is one document's share of a figure, so the overview can list what a
// figure sums.
type Doc struct {
	Expense bool // an expense, else an invoice
	ID      int64
	Number  string
	Party   string // the client or supplier
	Day     Day    // the day the figure counts it on
	Status  string
	Amount  decimal.Decimal // what it adds to the figure, in the account's currency
}

// Figure names: the keys of Report.Docs. A rate's figures are the name, a
// colon and the rate ("output:21"); an age's "age:1"; a debtor's
// "debtor:<subject id>".
const (
	FigInvoiced  = "invoiced"
	FigProformas = "proformas"
	FigReceived  = "received"
	FigExpenses  = "expenses"
	FigUnpaid    = "unpaid"
	FigOutput    = "output"
	FigInput     = "input"
	FigReverse   = "reverse"
	FigAge       = "age"
	FigDebtor    = "debtor"
)

// Key is a figure's key with its qualifier: Key(FigOutput, "21").
func Key(fig, qualifier string) string { return fig + ":" + qualifier }

// RateKey is the key of a figure at a VAT rate.
func RateKey(fig string, rate decimal.Decimal) string { return Key(fig, rate.String()) }

// docs collects the documents behind each figure.
type docs map[string][]Doc

func (d docs) add(key string, doc Doc) { d[key] = append(d[key], doc) }

func invoiceDoc(inv *apiclient.Invoice, day Day, amount decimal.Decimal) Doc {
	return Doc{ID: inv.ID, Number: inv.Number, Party: inv.ClientName, Day: day, Status: inv.Status, Amount: amount}
}

func expenseDoc(e *apiclient.Expense, day Day, amount decimal.Decimal) Doc {
	return Doc{Expense: true, ID: e.ID, Number: e.Number, Party: e.SupplierName, Day: day, Status: e.Status, Amount: amount}
}

// addRates notes a document under each of its summary's rates.
func (d docs) addRates(fig string, summary []apiclient.VatRateSummary, doc func(amount decimal.Decimal) Doc) {
	r := Rates{}
	r.Add(summary)
	for _, x := range r {
		amount := x.Vat
		if fig == FigReverse {
			amount = x.Base
		}
		d.add(RateKey(fig, x.Rate), doc(amount))
	}
}

// addUnpaid notes the invoices behind the unpaid figures (report.Owed).
func (d docs) addUnpaid(invs []apiclient.Invoice, today Day) {
	for i := range invs {
		inv := &invs[i]
		amount, native := Owed(inv)
		if amount.IsZero() && native.IsZero() {
			continue
		}
		due := DayOf(inv.DueOn.Time)
		doc := invoiceDoc(inv, due, native)
		d.add(FigUnpaid, doc)
		d.add(Key(FigAge, strconv.Itoa(AgeOf(due, today))), doc)
		d.add(Key(FigDebtor, strconv.FormatInt(inv.SubjectID, 10)), doc)
	}
}
