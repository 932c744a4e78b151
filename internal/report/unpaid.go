package report

import (
	"cmp"
	"slices"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
)

// Owing reports whether an invoice in this status still owes what remains
// on it: open, sent or overdue. Paid owes nothing; cancelled and
// uncollectible documents are written off, whatever remaining_amount says.
func Owing(status string) bool {
	switch status {
	case apiclient.InvoiceOpen, apiclient.InvoiceSent, apiclient.InvoiceOverdue:
		return true
	}
	return false
}

// Owed is what remains to pay on an invoice, in its currency and in the
// account's currency; both zero when the invoice owes nothing (Owing). This
// is the one rule of "unpaid": the invoice list, the overview, the monitor
// and the report all sum it.
func Owed(inv *apiclient.Invoice) (amount, native decimal.Decimal) {
	if !Owing(inv.Status) {
		return decimal.Zero, decimal.Zero
	}
	amount = inv.RemainingAmount.Dec()
	if inv.RemainingNativeAmount.IsSet() {
		return amount, inv.RemainingNativeAmount.Dec()
	}
	return amount, amount.Mul(rateOf(inv.ExchangeRate)).Round(2)
}

// rateOf is an exchange rate, 1 when unset or zero.
func rateOf(d apiclient.Decimal) decimal.Decimal {
	if r := d.Dec(); !r.IsZero() {
		return r
	}
	return decimal.NewFromInt(1)
}

// Money is an amount in one currency.
type Money struct {
	Currency string
	Amount   decimal.Decimal
}

// Age buckets of unpaid invoices: days past the due date.
const (
	AgeNotDue = iota // not yet due
	Age1to30
	Age31to60
	Age61to90
	AgeOver90
	Ages // how many buckets
)

// AgeNames are the buckets' names in reports (JSON, CSV).
var AgeNames = [Ages]string{"not_due", "1_30", "31_60", "61_90", "over_90"}

// AgeLabel is the catalog key (internal/locale) that names a bucket.
func AgeLabel(age int) string {
	switch age {
	case AgeNotDue:
		return locale.Key("not due yet")
	case Age1to30:
		return locale.Key("1–30 days overdue")
	case Age31to60:
		return locale.Key("31–60 days overdue")
	case Age61to90:
		return locale.Key("61–90 days overdue")
	}
	return locale.Key("over 90 days overdue")
}

// AgeOf is the bucket of an invoice due on due, seen on day today.
func AgeOf(due, today Day) int {
	if due == 0 || due >= today {
		return AgeNotDue
	}
	days := int(today.Time().Sub(due.Time()).Hours() / 24)
	switch {
	case days <= 30:
		return Age1to30
	case days <= 60:
		return Age31to60
	case days <= 90:
		return Age61to90
	}
	return AgeOver90
}

// Debtor is one subject's unpaid sum in the account's currency.
type Debtor struct {
	SubjectID int64
	Name      string
	Native    decimal.Decimal
	Count     int
}

// Unpaid is what the account's customers owe.
type Unpaid struct {
	// ByCurrency is the sum in each document currency, by currency code.
	ByCurrency []Money
	// Native is the whole sum in the account's currency, NativeCurrency,
	// as the documents' VAT summaries name it ("" when none does).
	Native         decimal.Decimal
	NativeCurrency string
	// ByAge splits Native by days past due.
	ByAge [Ages]decimal.Decimal
	// Debtors are the subjects who owe, largest first.
	Debtors []Debtor
	// Count is the invoices that owe something.
	Count int
}

// UnpaidOf sums Owed over invs as seen on day today.
func UnpaidOf(invs []apiclient.Invoice, today Day) Unpaid {
	var u Unpaid
	byCur := map[string]decimal.Decimal{}
	debtors := map[int64]*Debtor{}
	for i := range invs {
		inv := &invs[i]
		amount, native := Owed(inv)
		if amount.IsZero() && native.IsZero() {
			continue
		}
		u.Count++
		for _, s := range inv.VatRatesSummary {
			if u.NativeCurrency == "" {
				u.NativeCurrency = s.NativeCurrency
			}
		}
		byCur[inv.Currency] = byCur[inv.Currency].Add(amount)
		u.Native = u.Native.Add(native)
		age := AgeOf(DayOf(inv.DueOn.Time), today)
		u.ByAge[age] = u.ByAge[age].Add(native)
		d := debtors[inv.SubjectID]
		if d == nil {
			d = &Debtor{SubjectID: inv.SubjectID, Name: inv.ClientName}
			debtors[inv.SubjectID] = d
		}
		d.Native, d.Count = d.Native.Add(native), d.Count+1
	}
	for cur, sum := range byCur {
		u.ByCurrency = append(u.ByCurrency, Money{Currency: cur, Amount: sum})
	}
	slices.SortFunc(u.ByCurrency, func(a, b Money) int { return cmp.Compare(a.Currency, b.Currency) })
	for _, d := range debtors {
		u.Debtors = append(u.Debtors, *d)
	}
	slices.SortFunc(u.Debtors, func(a, b Debtor) int {
		if c := b.Native.Cmp(a.Native); c != 0 {
			return c
		}
		return cmp.Compare(a.Name, b.Name)
	})
	return u
}
