package report

import (
	"context"
	"fmt"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// Books are what a report is computed from: every invoice and expense of
// the account and its currency.
type Books struct {
	// AsOf is when the books were last read from the service, when the
	// service could not be reached and they come from the local copy as it
	// was (FromCopy); zero when they are fresh.
	AsOf     time.Time
	Currency string
	Invoices []apiclient.Invoice
	Expenses []apiclient.Expense
}

// Fetch reads the account's currency and every invoice and expense, page by
// page. Reads only: safe to retry, and the client retries what it may.
func Fetch(ctx context.Context, c *apiclient.Client) (Books, error) {
	var b Books
	acc, _, err := c.Account.Get(ctx)
	if err != nil {
		return b, fmt.Errorf("read the account's currency: %w", err)
	}
	b.Currency = acc.Currency
	for inv, err := range c.Invoices.ListAll(ctx, apiclient.DocumentListOptions{}) {
		if err != nil {
			return b, fmt.Errorf("read invoices: %w", err)
		}
		b.Invoices = append(b.Invoices, inv)
	}
	for e, err := range c.Expenses.ListAll(ctx, apiclient.DocumentListOptions{}) {
		if err != nil {
			return b, fmt.Errorf("read expenses: %w", err)
		}
		b.Expenses = append(b.Expenses, e)
	}
	return b, nil
}

// Report is the report of period p from the books, seen on day today.
func (b Books) Report(p Period, today Day) Report {
	return Build(p, b.Currency, today, b.Invoices, b.Expenses)
}
