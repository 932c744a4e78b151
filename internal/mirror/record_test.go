package mirror

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
)

func TestRecordOfInvoice(t *testing.T) {
	inv := apiclient.Invoice{ID: 7, Number: "2026-0007", VariableSymbol: "20260007", Status: "open",
		DocumentType: "invoice", SubjectID: 3, ClientName: "Kavárna Žížala", Note: "Děkujeme",
		IssuedOn: apiclient.NewDate(2026, 11, 2), Tags: []string{"VIP"},
		Lines: []apiclient.Line{{Name: "Káva zrnková", Inventory: &apiclient.LineInventory{SKU: "KAV-1"}}}}
	r, err := RecordOf(store.Invoices, &inv)
	if err != nil {
		t.Fatal(err)
	}
	if r.ID != 7 || r.Number != "2026-0007" || r.Status != "open" || r.SubjectID != 3 || r.DocumentType != "invoice" ||
		!r.Date.Equal(inv.IssuedOn.Time) || len(r.Tags) != 1 {
		t.Errorf("record %+v", r)
	}
	for _, w := range []string{"2026-0007", "20260007", "Kavárna Žížala", "Děkujeme", "Káva zrnková", "KAV-1", "VIP"} {
		if !strings.Contains(r.Text, w) {
			t.Errorf("Text %q lacks %q", r.Text, w)
		}
	}
	back := Decode[apiclient.Invoice]([][]byte{r.JSON})
	if len(back) != 1 || back[0].Number != "2026-0007" || back[0].Lines[0].Name != "Káva zrnková" {
		t.Errorf("the kept JSON decodes to %+v", back)
	}
}

func TestRecordOfEveryKind(t *testing.T) {
	for kind, v := range map[store.Kind]any{
		store.Subjects:            apiclient.Subject{ID: 1, Name: "Jana"},
		store.Invoices:            apiclient.Invoice{ID: 1},
		store.Expenses:            apiclient.Expense{ID: 1, SupplierName: "Jana"},
		store.Generators:          apiclient.Generator{ID: 1, Name: "Jana"},
		store.RecurringGenerators: apiclient.RecurringGenerator{Generator: apiclient.Generator{ID: 1, Name: "Jana"}, Active: true},
		store.InventoryItems:      apiclient.InventoryItem{ID: 1, Name: "Jana"},
		store.InventoryMoves:      apiclient.InventoryMove{ID: 1, InventoryItemID: 5},
		store.InboxFiles:          apiclient.InboxFile{ID: 1, Filename: "Jana.pdf"},
		store.Todos:               apiclient.Todo{ID: 1, Name: "Jana"},
		store.Events:              apiclient.Event{Name: "invoice_paid", Text: "Jana"},
	} {
		r, err := RecordOf(kind, v)
		if err != nil {
			t.Errorf("%s: %v", kind, err)
			continue
		}
		if r.ID == 0 || len(r.JSON) == 0 {
			t.Errorf("%s: record %+v has no ID or JSON", kind, r)
		}
		if kind != store.Invoices && kind != store.InventoryMoves && !strings.Contains(r.Text, "Jana") {
			t.Errorf("%s: Text %q lacks the name", kind, r.Text)
		}
	}
	if _, err := RecordOf(store.Expenses, apiclient.Invoice{ID: 1}); err == nil {
		t.Error("an invoice given as an expense: no error")
	}
	if _, err := RecordOf(store.Invoices, "text"); err == nil {
		t.Error("a string given as an invoice: no error")
	}
	if _, err := RecordOf(store.Invoices, (*apiclient.Invoice)(nil)); err == nil {
		t.Error("a nil invoice: no error")
	}
}

func TestDecodeSkipsABadRow(t *testing.T) {
	got := Decode[apiclient.Subject]([][]byte{[]byte(`{"id":1,"name":"A"}`), []byte(`{"id":"x"`), []byte(`{"id":3,"name":"C"}`)})
	if len(got) != 2 || got[0].ID != 1 || got[1].ID != 3 {
		t.Errorf("Decode kept %+v, want rows 1 and 3", got)
	}
}

func TestKeepAndForget(t *testing.T) {
	st, err := store.Open(context.Background(), store.Path(t.TempDir(), "a"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	m := New(st, nil, nil)
	ctx := context.Background()
	if err := m.Keep(ctx, store.Subjects, []apiclient.Subject{{ID: 1, Name: "Žofie"}, {ID: 2, Name: "Petr"}}); err != nil {
		t.Fatal(err)
	}
	if err := m.Keep(ctx, store.Subjects, &apiclient.Subject{ID: 3, Name: "Šimon"}); err != nil {
		t.Fatal(err)
	}
	if err := m.Keep(ctx, store.Subjects, []apiclient.Invoice{{ID: 9}}); err == nil {
		t.Error("Keep of invoices as subjects: no error")
	}
	rows, err := st.List(ctx, store.Query{Kind: store.Subjects, Search: "zofie"})
	if err != nil || len(Decode[apiclient.Subject](rows)) != 1 {
		t.Errorf("search after Keep: %d rows, %v", len(rows), err)
	}
	if err := m.Forget(ctx, store.Subjects, 1, 3); err != nil {
		t.Fatal(err)
	}
	if _, err := st.Get(ctx, store.Subjects, 3); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Get after Forget: %v", err)
	}
	if n, _ := st.Count(ctx, store.Query{Kind: store.Subjects}); n != 1 {
		t.Errorf("%d subjects left, want 1", n)
	}
}
