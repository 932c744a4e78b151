package editor_test

import (
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/lines"
)

// A line's item search finds "Káva zrnková" typed as "kava": the service's
// search compares letters exactly, the editor's own match ignores case and
// diacritics.
func TestItemSearchIgnoresDiacritics(t *testing.T) {
	e := newEnv(t)
	e.subject("Beta Supplies s.r.o.", "supplier")
	if _, _, err := e.c.InventoryItems.Create(e.ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr("Káva zrnková 1 kg"),
		SKU: apiclient.Ptr("KF-1"), UnitName: apiclient.Ptr("ks"), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("450")),
		VatRate: apiclient.Ptr("standard")}); err != nil {
		t.Fatal(err)
	}
	if l, _, _ := e.c.InventoryItems.Search(e.ctx, apiclient.SearchOptions{Query: "kava"}); len(l) != 0 {
		t.Fatal("the sandbox's search folds diacritics itself: the test proves nothing")
	}
	r := e.open(editor.NewPage(editor.ExpenseKind))
	r.pickSubject("Supplier", "Beta")
	r.Focus("Lines")
	r.Keys("a", "shift+tab")
	r.TypeText("kava")
	r.Keys("enter", "enter")
	doc, _ := lines.Decode(r.host().Values()["lines"])
	if len(doc.Rows) != 1 || doc.Rows[0].Name != "Káva zrnková 1 kg" || doc.Rows[0].InventoryItemID == 0 {
		t.Fatalf("kava did not find the item: %+v\n%s", doc.Rows, r.Page.View())
	}
}
