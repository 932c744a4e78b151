package views_test

import (
	"context"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/report/reporttest"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// booksStart is the books' clock: late in November, so the month holds
// every kind of document and some invoices are long overdue.
var booksStart = time.Date(2026, 11, 20, 9, 0, 0, 0, time.FixedZone("CET", 3600))

// booksSandbox is a sandbox holding a month of books with every kind of
// document the figures tell apart, seeded through the API: invoices open,
// sent, overdue (one in euros), a proforma, a paid proforma with its final
// invoice, a cancelled and an uncollectible invoice, a correction, and
// expenses (one reverse-charge, one received the month before).
func booksSandbox(t *testing.T) *tuitest.Sandbox {
	t.Helper()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: booksStart, Client: fastRetries()})
	c, ctx := sb.Client, context.Background()
	subject := func(name, typ string) int64 {
		s, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(name), Type: apiclient.Ptr(typ)})
		if err != nil {
			t.Fatalf("seed subject: %v", err)
		}
		return s.ID
	}
	acme, beta, supplier := subject("Acme s.r.o.", "customer"), subject("Beta GmbH", "customer"), subject("Papír a.s.", "supplier")
	line := func(price, rate string) []apiclient.LineParams {
		return []apiclient.LineParams{{Name: apiclient.Ptr("Work"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal(price)), VatRate: apiclient.Ptr(apiclient.MustDecimal(rate))}}
	}
	day := func(m time.Month, d int) *apiclient.Date { return apiclient.Ptr(apiclient.NewDate(2026, m, d)) }
	invoice := func(p apiclient.InvoiceParams, events ...string) *apiclient.Invoice {
		inv, _, err := c.Invoices.Create(ctx, &p)
		if err != nil {
			t.Fatalf("seed invoice: %v", err)
		}
		for _, e := range events {
			if _, err := c.Invoices.Fire(ctx, inv.ID, e); err != nil {
				t.Fatalf("fire %s: %v", e, err)
			}
		}
		return inv
	}
	// Overdue since October; taxable in October, so no November VAT.
	invoice(apiclient.InvoiceParams{SubjectID: &acme, IssuedOn: day(10, 1), TaxableFulfillmentDue: day(10, 1), Due: apiclient.NullOf(14), Lines: line("10000", "21")})
	sent := invoice(apiclient.InvoiceParams{SubjectID: &beta, IssuedOn: day(11, 3), Due: apiclient.NullOf(30), Lines: line("2000", "12")}, apiclient.InvoiceEventMarkAsSent)
	invoice(apiclient.InvoiceParams{SubjectID: &beta, IssuedOn: day(11, 5), Due: apiclient.NullOf(14), Currency: apiclient.Ptr("EUR"),
		ExchangeRate: apiclient.Ptr(apiclient.MustDecimal("25.0")), Lines: line("100", "21")})
	invoice(apiclient.InvoiceParams{SubjectID: &acme, DocumentType: apiclient.Ptr("proforma"), IssuedOn: day(11, 6), Due: apiclient.NullOf(14), Lines: line("5000", "21")})
	paid := invoice(apiclient.InvoiceParams{SubjectID: &beta, DocumentType: apiclient.Ptr("proforma"), IssuedOn: day(11, 2), Due: apiclient.NullOf(14), Lines: line("3000", "21")})
	if _, _, err := c.Invoices.CreatePayment(ctx, paid.ID, &apiclient.PaymentParams{PaidOn: day(11, 10),
		ProformaFollowupDocument: apiclient.Ptr(apiclient.FollowupFinalInvoicePaid)}); err != nil {
		t.Fatalf("pay the proforma: %v", err)
	}
	invoice(apiclient.InvoiceParams{SubjectID: &acme, IssuedOn: day(11, 4), Due: apiclient.NullOf(14), Lines: line("4000", "12")}, apiclient.InvoiceEventCancel)
	invoice(apiclient.InvoiceParams{SubjectID: &acme, IssuedOn: day(8, 1), Due: apiclient.NullOf(14), Lines: line("1500", "21")}, apiclient.InvoiceEventMarkAsUncollectible)
	invoice(apiclient.InvoiceParams{SubjectID: &beta, DocumentType: apiclient.Ptr("correction"), CorrectionID: &sent.ID, IssuedOn: day(11, 12), Lines: line("-500", "12")})
	expense := func(p apiclient.ExpenseParams) {
		p.SubjectID = &supplier
		if _, _, err := c.Expenses.Create(ctx, &p); err != nil {
			t.Fatalf("seed expense: %v", err)
		}
	}
	expense(apiclient.ExpenseParams{IssuedOn: day(10, 29), ReceivedOn: day(11, 2), Lines: line("1000", "21")})
	expense(apiclient.ExpenseParams{IssuedOn: day(11, 9), TransferredTaxLiability: apiclient.Ptr(true), Lines: line("2000", "21")})
	expense(apiclient.ExpenseParams{IssuedOn: day(10, 10), ReceivedOn: day(10, 15), Lines: line("800", "21")})
	return sb
}

// rawIndex reads every page of an index of the books as the service wrote
// it, plain JSON: the figures are checked against data, not kasa's structs.
func rawIndex(t *testing.T, sb *tuitest.Sandbox, path string) []map[string]any {
	t.Helper()
	return reporttest.RawIndex(t, sb.URL, tuitest.Slug, sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID), path)
}
