package forms_test

import (
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// fillItem types a minimal untracked item.
func fillItem(r *rig, name, sku, retail string) {
	r.Set("Name", name)
	r.Set("SKU", sku)
	r.Set("Retail price (CZK)", retail)
}

func TestItemIsCreatedWithRetailPrices(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewItemPage())
	if r.Line("Price 2 currency") != "" {
		t.Errorf("the second price slot shows before the first is used:\n%s", r.Page.View())
	}
	fillItem(r, "Stolní lampa", "LAMP-9", "650")
	r.Focus("Track quantity")
	r.Keys("space")
	r.Set("Quantity", "12")
	r.Set("Purchase price (CZK)", "400")
	r.Focus("VAT rate")
	r.Keys("right") // reduced
	r.Set("Price 1 currency", "eur")
	r.Set("Price 1 amount", "27.50")
	r.Set("Price 2 currency", "USD")
	r.Set("Price 2 amount", "30")
	r.Keys("ctrl+s")
	if p := r.host().Problem(); p != "" {
		t.Fatalf("problem %q\n%s", p, r.Page.View())
	}
	items, _, err := e.c.InventoryItems.List(e.ctx, apiclient.InventoryItemListOptions{SKU: "LAMP-9"})
	if err != nil || len(items) != 1 {
		t.Fatalf("items %v %v", items, err)
	}
	it := items[0]
	if it.Name != "Stolní lampa" || !it.TrackQuantity || it.Quantity.String() != "12.0" || it.VatRate.String() != "reduced" ||
		it.NativePurchasePrice.String() != "400.0" || len(it.RetailPrices) != 2 ||
		it.RetailPrices[0].Currency != "EUR" || it.RetailPrices[0].Amount.String() != "27.5" {
		t.Errorf("created %+v", it)
	}
	if ts := toasts(r.Out); len(ts) != 1 || ts[0] != "Item Stolní lampa (SKU LAMP-9) was created" {
		t.Errorf("toasts %q", ts)
	}
	// The news carries the new item, so the list below takes it without a request.
	if ch, ok := changed(r.Out, nav.InventoryItem, it.ID); !ok || ch.Op != ui.ChangeCreated || ch.Record == nil {
		t.Errorf("no news of the created item with its record: %v", r.Out)
	}
}

func TestItemRulesAreCheckedAsTyped(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewItemPage())
	r.Keys("ctrl+s")
	for key, want := range map[string]string{"name": "Name can't be blank", "sku": "SKU can't be blank",
		"native_retail_price": "Retail price can't be blank"} {
		if errs := r.host().FieldErrors(key); len(errs) == 0 || errs[0] != want {
			t.Errorf("%s: %q, want %q", key, errs, want)
		}
	}
	r.Focus("Track quantity")
	r.Keys("space")
	if errs := r.host().FieldErrors("quantity"); len(errs) == 0 || !strings.Contains(errs[0], "when the quantity is tracked") {
		t.Errorf("quantity %q", errs)
	}
	if errs := r.host().FieldErrors("native_purchase_price"); len(errs) == 0 {
		t.Error("no purchase price accepted on a tracked item")
	}
	r.Set("Price 1 currency", "EUR")
	if errs := r.host().FieldErrors("price_1_amount"); len(errs) == 0 {
		t.Error("a currency without an amount passed")
	}
	r.Set("Price 1 amount", "1/5")
	if errs := r.host().FieldErrors("price_1_amount"); len(errs) == 0 || !strings.Contains(errs[0], "not a number") {
		t.Errorf("amount %q", errs)
	}
	r.Set("Price 1 amount", "1.5")
	r.Set("Price 2 currency", "eur")
	if errs := r.host().FieldErrors("price_2_currency"); len(errs) == 0 || !strings.Contains(errs[0], "one price per currency") {
		t.Errorf("duplicate currency %q", errs)
	}
	if n := e.rt.Count("POST", "/inventory_items.json"); n != 0 {
		t.Errorf("%d POSTs of an invalid item", n)
	}
}

func TestItemDuplicateSKUShownBesideIt(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	e.item(false) // LAMP-1
	r := e.open(forms.NewItemPage())
	fillItem(r, "Druhá lampa", "LAMP-1", "700")
	r.Keys("ctrl+s")
	if errs := r.host().FieldErrors("sku"); len(errs) != 1 || errs[0] != "has already been taken" {
		t.Fatalf("sku errors %q", errs)
	}
	view := r.Page.View()
	i := strings.Index(view, "SKU")
	if i < 0 || !strings.Contains(view[i:], "✕ has already been taken") {
		t.Errorf("the message is not beside the SKU:\n%s", view)
	}
	if p := r.host().Problem(); !strings.Contains(p, "nothing was saved and your input is kept") {
		t.Errorf("problem %q", p)
	}
	if r.host().Values()["name"] != "Druhá lampa" {
		t.Error("input lost")
	}
}

func TestItemQuantityIsReadOnlyOnEdit(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	r := e.open(forms.EditItemPage(it.ID))
	if !strings.Contains(r.Page.View(), "Read-only: the quantity changes only through inventory moves") ||
		!strings.Contains(r.Line("Quantity"), "12\u00a0ks") {
		t.Errorf("quantity not shown as read-only:\n%s", r.Page.View())
	}
	if _, ok := r.host().Values()["quantity"]; ok {
		t.Error("the quantity is an editable value")
	}
	b := e.recordBodies("PATCH", ".json")
	r.Set("Name", "Stolní lampa LED")
	r.Set("Minimum quantity", "3")
	r.Keys("ctrl+s")
	body := b.Last(t)
	if _, ok := body["quantity"]; ok || len(body) != 2 {
		t.Errorf("PATCH body %v, want name and min_quantity only", body)
	}
	got, _, _ := e.c.InventoryItems.Get(e.ctx, it.ID)
	if got.Name != "Stolní lampa LED" || got.Quantity.String() != "12.0" || got.MinQuantity.String() != "3.0" ||
		got.NativeRetailPrice.String() != "650.0" {
		t.Errorf("after the edit %+v", got)
	}
}

// Switching tracking on in an edit needs the starting quantity, which is
// then sent (the one time the service accepts it after creation).
func TestItemTrackingSwitchedOnSendsTheStartingQuantity(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it, _, err := e.c.InventoryItems.Create(e.ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr("Služba"),
		SKU: apiclient.Ptr("SRV-1"), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("100"))})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(forms.EditItemPage(it.ID))
	r.Focus("Track quantity")
	r.Keys("space")
	r.Keys("ctrl+s")
	if errs := r.host().FieldErrors("quantity"); len(errs) == 0 {
		t.Fatalf("no starting quantity accepted:\n%s", r.Page.View())
	}
	r.Set("Starting quantity", "5")
	r.Set("Purchase price (CZK)", "60")
	r.Keys("ctrl+s")
	got, _, _ := e.c.InventoryItems.Get(e.ctx, it.ID)
	if !got.TrackQuantity || got.Quantity.String() != "5.0" {
		t.Errorf("after switching tracking on %+v\n%s", got, r.Page.View())
	}
}

// Retail prices on edit follow the nested-collection rules: id for a
// change, _destroy for a removal, no id for a new one.
func TestItemRetailPricesEdit(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it, _, err := e.c.InventoryItems.Create(e.ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr("Kniha"),
		SKU: apiclient.Ptr("BOOK-1"), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("300")),
		RetailPrices: []apiclient.RetailPriceParams{
			{Currency: apiclient.Ptr("EUR"), Amount: apiclient.Ptr(apiclient.MustDecimal("12"))},
			{Currency: apiclient.Ptr("USD"), Amount: apiclient.Ptr(apiclient.MustDecimal("13"))},
		}})
	if err != nil {
		t.Fatal(err)
	}
	eur, usd := it.RetailPrices[0].ID, it.RetailPrices[1].ID
	r := e.open(forms.EditItemPage(it.ID))
	b := e.recordBodies("PATCH", ".json")
	r.Set("Price 1 currency", "")
	r.Set("Price 1 amount", "")
	r.Set("Price 2 amount", "14")
	r.Set("Price 3 currency", "GBP")
	r.Set("Price 3 amount", "11")
	r.Keys("ctrl+s")
	body := b.Last(t)
	prices, _ := body["retail_prices"].([]any)
	if len(body) != 1 || len(prices) != 3 {
		t.Fatalf("PATCH body %v", body)
	}
	first, _ := prices[0].(map[string]any)
	if first["id"] != float64(eur) || first["_destroy"] != true {
		t.Errorf("removal sent as %v", first)
	}
	got, _, _ := e.c.InventoryItems.Get(e.ctx, it.ID)
	if len(got.RetailPrices) != 2 || got.RetailPrices[0].ID != usd || got.RetailPrices[0].Amount.String() != "14.0" ||
		got.RetailPrices[1].Currency != "GBP" {
		t.Errorf("retail prices after the edit %+v", got.RetailPrices)
	}
	if _, ok := has[ui.Back](r.Out); !ok {
		t.Error("no Back after success")
	}
}

// A new item starts with the account's unit as a value, not as a grey
// placeholder that reads as one while the item is made without a unit
// (issue 15.6).
func TestNewItemGetsTheAccountsUnit(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	acct, _, err := e.c.Account.Get(e.ctx)
	if err != nil || acct.UnitName == "" {
		t.Fatalf("the account's unit: %+v %v", acct, err)
	}
	r := e.open(forms.NewItemPage())
	if got := r.LineValue("Unit"); got != acct.UnitName {
		t.Errorf("the unit field shows %q, want the account's %q", got, acct.UnitName)
	}
	fillItem(r, "Stolní lampa", "LAMP-10", "650")
	r.Keys("ctrl+s")
	items, _, _ := e.c.InventoryItems.List(e.ctx, apiclient.InventoryItemListOptions{SKU: "LAMP-10"})
	if len(items) != 1 || items[0].UnitName.String() != acct.UnitName {
		t.Errorf("the item was made with unit %+v", items)
	}
}
