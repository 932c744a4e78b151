package common

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
)

// A bulk action sends each row's write through the journal: a row whose
// answer was lost is in doubt, and the same action pressed again settles it
// by a read (the payment is there: done, not paid twice).
func TestBulkActionNeverPaysTwice(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)})
	ctx := context.Background()
	j := journal.Open(filepath.Join(t.TempDir(), "journal"), sb.Server.Now)
	c := sb.ClientWith(t, sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID), apiclient.WithWriteHook(j.Hook))
	sub, _, err := sb.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Odběratel")})
	if err != nil {
		t.Fatal(err)
	}
	var ids []int64
	for range 2 {
		inv, _, err := sb.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: &sub.ID, Lines: []apiclient.LineParams{
			{Name: apiclient.Ptr("Work"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100"))}}})
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, inv.ID)
	}
	d := Deps{Client: func() *apiclient.Client { return c }, Journal: j}.WithDefaults()
	pay := func(ctx context.Context, c *apiclient.Client, id int64) (tea.Msg, string, error) {
		_, _, err := c.Invoices.CreatePayment(ctx, id, &apiclient.PaymentParams{})
		return nil, "", err
	}
	run := func(ids []int64) string {
		for _, m := range tuitest.Collect(RunEach(d, "Pay in full", ids, func(id int64) string { return "invoice " + itoa(id) }, pay)) {
			if ts, ok := m.(ui.Toast); ok {
				return ts.Text
			}
		}
		return ""
	}
	if err := sb.Faults.Add(sandbox.FaultRule{Action: sandbox.FaultDropAfter, Method: "POST", Path: "invoices/" + itoa(ids[0]) + "/payments.json"}); err != nil {
		t.Fatal(err)
	}
	if text := run(ids); !strings.Contains(text, "1 of 2 done") || !strings.Contains(text, "in doubt") {
		t.Fatalf("first run: %q", text)
	}
	// The user marks the invoice left and presses p again.
	if text := run(ids[:1]); !strings.Contains(text, "1 of 1 done") {
		t.Fatalf("second run: %q", text)
	}
	for _, id := range ids {
		inv, _, err := sb.Client.Invoices.Get(ctx, id)
		if err != nil {
			t.Fatal(err)
		}
		if len(inv.Payments) != 1 {
			t.Errorf("invoice %d has %d payments, want 1", id, len(inv.Payments))
		}
	}
}

func itoa(id int64) string { return strconv.FormatInt(id, 10) }
