package sandbox_test

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/shopspring/decimal"
)

// TestPaymentsContractConcurrentClients: eight clients of their own, on the same
// server, create subjects and payments at once; nothing is lost or doubled.
func TestPaymentsContractConcurrentClients(t *testing.T) {
	e := newEnv(t, fastRate)
	ctx := context.Background()
	sup := contractSupplier(t, e)
	x, _, err := e.Client.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: &sup.ID, Lines: []apiclient.LineParams{contractLine("Zboží", "100000", "0")}})
	if err != nil {
		t.Fatal(err)
	}
	const workers, subjectsEach, paymentsEach = 8, 5, 3
	var wg sync.WaitGroup
	errs := make(chan error, workers)
	for w := 0; w < workers; w++ {
		wg.Add(1)
		go func(w int) {
			defer wg.Done()
			c, err := apiclient.New(e.TS.URL+"/api/v3",
				apiclient.WithUserAgent("kasa-test", "test@example.com"),
				apiclient.WithAccount(e.Slug),
				apiclient.WithTransport(&bearer{token: e.Token}),
				apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }),
			)
			if err != nil {
				errs <- err
				return
			}
			for i := 0; i < subjectsEach; i++ {
				if _, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(fmt.Sprintf("Worker %d subject %d", w, i))}); err != nil {
					errs <- err
					return
				}
			}
			for i := 0; i < paymentsEach; i++ {
				if _, _, err := c.Expenses.CreatePayment(ctx, x.ID, &apiclient.PaymentParams{Amount: apiclient.Ptr(apiclient.MustDecimal("10.50")), MarkDocumentAsPaid: apiclient.Ptr(false)}); err != nil {
					errs <- err
					return
				}
			}
		}(w)
	}
	wg.Wait()
	close(errs)
	for err := range errs {
		t.Fatal(err)
	}
	subjects := 0
	for _, err := range e.Client.Subjects.ListAll(ctx, apiclient.SubjectListOptions{}) {
		if err != nil {
			t.Fatal(err)
		}
		subjects++
	}
	if subjects != workers*subjectsEach+1 {
		t.Fatalf("%d subjects, want %d", subjects, workers*subjectsEach+1)
	}
	got, _, err := e.Client.Expenses.Get(ctx, x.ID)
	if err != nil {
		t.Fatal(err)
	}
	ids := map[int64]bool{}
	sum := decimal.Zero
	for _, p := range got.Payments {
		ids[p.ID] = true
		sum = sum.Add(p.Amount.Dec())
	}
	if len(got.Payments) != workers*paymentsEach || len(ids) != workers*paymentsEach || !sum.Equal(decimal.RequireFromString("252")) {
		t.Fatalf("%d payments (%d distinct ids) summing %s, want %d summing 252", len(got.Payments), len(ids), sum, workers*paymentsEach)
	}
	if got.Status != apiclient.StatusOpen || countEvents(e, "expense_payment_added") != workers*paymentsEach {
		t.Fatalf("status %q, payment events %d", got.Status, countEvents(e, "expense_payment_added"))
	}
}
