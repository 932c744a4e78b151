package views_test

import (
	"context"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
)

// Every action that cannot be taken back asks first, the same way on every
// page (issue 28: M asked nothing, expense L asked nothing while invoice L
// asked): the one dialog, its focus on No, nothing sent before the answer,
// and enter on it sends nothing either.
func TestIrreversibleActionsAskTheSameWay(t *testing.T) {
	c, rt, sub := countedSandbox(t)
	ctx := context.Background()
	inv := workInvoice(t, c, sub.ID, "1000")
	if _, _, err := c.Invoices.CreatePayment(ctx, inv.ID, &apiclient.PaymentParams{Amount: apiclient.Ptr(apiclient.MustDecimal("100"))}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: apiclient.Ptr(sub.ID),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Paper"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("120"))}}}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.InventoryItems.Create(ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr("Toner"), SKU: apiclient.Ptr("TON-1"), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("100"))}); err != nil {
		t.Fatal(err)
	}
	writes := func() int64 { return rt.writes.Load() }
	for _, tc := range []struct {
		name  string
		reach []string
		key   string
		asks  string // a part of the question
	}{
		{"invoice: mark as sent", []string{"2", "enter"}, "M", "cannot be undone"},
		{"invoice: cancel", []string{"2", "enter"}, "C", "Cancel invoice"},
		{"invoice: lock", []string{"2", "enter"}, "L", "Lock invoice"},
		{"invoice: uncollectible", []string{"2", "enter"}, "U", "as uncollectible"},
		{"invoice: remove a payment", []string{"2", "enter"}, "X", "100.00"},
		{"invoice: delete", []string{"2", "enter"}, "d", "Delete"},
		{"invoices: lock the marked", []string{"2", "space"}, "L", "Lock 1 invoice"},
		{"invoices: pay the marked", []string{"2", "space"}, "p", "1 invoice"},
		{"invoices: send the marked", []string{"2", "space"}, "s", "Send 1 invoice"},
		{"expense: lock", []string{"3", "enter"}, "L", "Lock expense"},
		{"expense: delete", []string{"3", "enter"}, "d", "Delete"},
		{"expenses: lock the marked", []string{"3", "space"}, "L", "Lock 1 expense"},
		{"expenses: delete one", []string{"3"}, "d", "Delete"},
		{"subject: delete", []string{"1", "enter"}, "d", "cannot be undone"},
		{"subjects: delete one", []string{"1"}, "d", "cannot be undone"},
		{"inventory item: delete", []string{"4", "enter"}, "d", "Delete"},
		{"inventory: delete one", []string{"4"}, "d", "Delete"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			h := newHarness(t, c, 120, 40)
			h.keys(tc.reach...)
			before := writes()
			h.keys(tc.key)
			v := h.view()
			if !strings.Contains(v, "Are you sure?") || !strings.Contains(v, "[ No ]") || !strings.Contains(v, tc.asks) {
				t.Fatalf("%s did not ask with the one dialog, focus on No, saying %q:\n%s", tc.key, tc.asks, v)
			}
			if n := writes() - before; n != 0 {
				t.Fatalf("%d writes before the answer", n)
			}
			h.keys("enter") // No has the focus
			if n := writes() - before; n != 0 || strings.Contains(h.view(), "Are you sure?") {
				t.Errorf("enter on the question sent %d writes or left it open:\n%s", n, h.view())
			}
		})
	}
}
