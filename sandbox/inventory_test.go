package sandbox_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// invItemBody is a valid item that tracks its quantity.
func invItemBody(sku string, qty string) map[string]any {
	return map[string]any{
		"name": "Widget " + sku, "sku": sku, "unit_name": "ks", "track_quantity": true, "quantity": qty,
		"native_purchase_price": "100", "native_retail_price": "150", "min_quantity": "5",
	}
}

// invCreateItem creates an item and returns it; it fails the test on anything but 201.
func invCreateItem(t *testing.T, e *env, body map[string]any) apiclient.InventoryItem {
	t.Helper()
	status, _, b := e.do("POST", e.acct("inventory_items.json"), body)
	if status != http.StatusCreated {
		t.Fatalf("create item: status %d: %s", status, b)
	}
	return decode[apiclient.InventoryItem](t, b)
}

func invGetItem(t *testing.T, e *env, id int64) apiclient.InventoryItem {
	t.Helper()
	status, _, b := e.do("GET", e.acct(fmt.Sprintf("inventory_items/%d.json", id)), nil)
	if status != http.StatusOK {
		t.Fatalf("get item %d: status %d: %s", id, status, b)
	}
	return decode[apiclient.InventoryItem](t, b)
}

func invMovePath(e *env, itemID int64, moveID ...int64) string {
	if len(moveID) == 0 {
		return e.acct(fmt.Sprintf("inventory_items/%d/inventory_moves.json", itemID))
	}
	return e.acct(fmt.Sprintf("inventory_items/%d/inventory_moves/%d.json", itemID, moveID[0]))
}

func invMoveBody(dir, qty, price string) map[string]any {
	return map[string]any{"direction": dir, "moved_on": "2026-11-02", "quantity_change": qty, "purchase_price": price}
}

func createMove(t *testing.T, e *env, itemID int64, body map[string]any) apiclient.InventoryMove {
	t.Helper()
	status, _, b := e.do("POST", invMovePath(e, itemID), body)
	if status != http.StatusCreated {
		t.Fatalf("create move: status %d: %s", status, b)
	}
	return decode[apiclient.InventoryMove](t, b)
}

// invWant422 checks a 422 whose errors carry msg under field.
func invWant422(t *testing.T, status int, body []byte, field, msg string) {
	t.Helper()
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d, want 422: %s", status, body)
	}
	if got := errorsOf(t, body)[field]; !slices.Contains(got, msg) {
		t.Fatalf("errors[%s] = %q, want %q; body %s", field, got, msg, body)
	}
}

func invEventNames(e *env) []string {
	var names []string
	e.Srv.Do(func() {
		for _, ev := range e.Setup.Account.Events {
			names = append(names, ev.Name)
		}
	})
	return names
}

func TestInventoryItemCreateAppliesDefaults(t *testing.T) {
	e := newEnv(t)
	status, h, b := e.do("POST", e.acct("inventory_items.json"), map[string]any{"name": "Consulting", "sku": "SRV-1", "native_retail_price": 900})
	if status != http.StatusCreated {
		t.Fatalf("status %d: %s", status, b)
	}
	it := decode[apiclient.InventoryItem](t, b)
	if want := e.TS.URL + "/api/v3" + e.acct(fmt.Sprintf("inventory_items/%d.json", it.ID)); h.Get("Location") != want {
		t.Fatalf("Location %q, want %q", h.Get("Location"), want)
	}
	raw := decode[map[string]any](t, b)
	for _, k := range []string{"article_number", "quantity", "low_quantity_date"} {
		if v, ok := raw[k]; !ok || v != nil {
			t.Errorf("%s = %v (present %v), want null", k, v, ok)
		}
	}
	// The type has its default without a number too, as every item example
	// of the docs writes it ("ian" beside "article_number": null).
	if raw["article_number_type"] != "ian" {
		t.Errorf("article_number_type = %v, want ian", raw["article_number_type"])
	}
	if it.TrackQuantity || it.Archived || it.SupplyType != "goods" || it.SuggestFor != "both" || it.VatRate.String() != "standard" {
		t.Fatalf("defaults wrong: %+v", it)
	}
	if it.NativeRetailPrice.String() != "900.0" || it.RetailPrices == nil || len(it.RetailPrices) != 0 {
		t.Fatalf("prices: %+v", it)
	}
	with := invCreateItem(t, e, map[string]any{"name": "Book", "sku": "B-1", "native_retail_price": "10", "article_number": "978-80-0000-000-0"})
	if with.ArticleNumberType != "ian" {
		t.Fatalf("article_number_type %q, want ian by default", with.ArticleNumberType)
	}
}

func TestInventoryItemNameIsRequiredWithTwoCharacters(t *testing.T) {
	e := newEnv(t)
	status, _, b := e.do("POST", e.acct("inventory_items.json"), map[string]any{"sku": "X1", "native_retail_price": 1})
	invWant422(t, status, b, "name", "can't be blank")
	status, _, b = e.do("POST", e.acct("inventory_items.json"), map[string]any{"name": "Ž", "sku": "X1", "native_retail_price": 1})
	invWant422(t, status, b, "name", "is too short (minimum is 2 characters)")
	invCreateItem(t, e, map[string]any{"name": "Žu", "sku": "X1", "native_retail_price": 1})
}

func TestInventoryItemSKUIsRequiredAndUnique(t *testing.T) {
	e := newEnv(t)
	status, _, b := e.do("POST", e.acct("inventory_items.json"), map[string]any{"name": "Widget", "native_retail_price": 1})
	invWant422(t, status, b, "sku", "can't be blank")
	first := invCreateItem(t, e, map[string]any{"name": "Widget", "sku": "W-1", "native_retail_price": 1})
	status, _, b = e.do("POST", e.acct("inventory_items.json"), map[string]any{"name": "Other", "sku": "W-1", "native_retail_price": 1})
	invWant422(t, status, b, "sku", "has already been taken")
	second := invCreateItem(t, e, map[string]any{"name": "Other", "sku": "W-2", "native_retail_price": 1})
	status, _, b = e.do("PATCH", e.acct(fmt.Sprintf("inventory_items/%d.json", second.ID)), map[string]any{"sku": "W-1"})
	invWant422(t, status, b, "sku", "has already been taken")
	// Saving an item with its own SKU is not a clash.
	if status, _, b := e.do("PATCH", e.acct(fmt.Sprintf("inventory_items/%d.json", first.ID)), map[string]any{"sku": "W-1", "name": "Widget 2"}); status != http.StatusOK {
		t.Fatalf("re-saving own SKU: %d %s", status, b)
	}
}

func TestInventoryItemEnumeratedFieldsAreValidated(t *testing.T) {
	e := newEnv(t)
	for field, bad := range map[string]string{"article_number_type": "upc", "vat_rate": "super", "supply_type": "rental", "suggest_for": "nobody"} {
		body := map[string]any{"name": "Widget", "sku": "S-" + field, "native_retail_price": 1, "article_number": "123", field: bad}
		status, _, b := e.do("POST", e.acct("inventory_items.json"), body)
		invWant422(t, status, b, field, "is not included in the list")
	}
	for field, good := range map[string]string{"article_number_type": "isbn", "vat_rate": "reduced2", "supply_type": "service", "suggest_for": "expenses"} {
		it := invCreateItem(t, e, map[string]any{"name": "Widget", "sku": "G-" + field, "native_retail_price": 1, "article_number": "123", field: good})
		got := map[string]string{"article_number_type": it.ArticleNumberType, "vat_rate": it.VatRate.String(), "supply_type": it.SupplyType, "suggest_for": it.SuggestFor}[field]
		if got != good {
			t.Errorf("%s = %q, want %q", field, got, good)
		}
	}
}

func TestInventoryItemRequiredPrices(t *testing.T) {
	e := newEnv(t)
	status, _, b := e.do("POST", e.acct("inventory_items.json"), map[string]any{"name": "Widget", "sku": "A"})
	invWant422(t, status, b, "native_retail_price", "can't be blank")
	status, _, b = e.do("POST", e.acct("inventory_items.json"), map[string]any{"name": "Widget", "sku": "A", "native_retail_price": 2, "track_quantity": true})
	invWant422(t, status, b, "quantity", "can't be blank")
	invWant422(t, status, b, "native_purchase_price", "can't be blank")
	status, _, b = e.do("POST", e.acct("inventory_items.json"), map[string]any{"name": "Widget", "sku": "A", "native_retail_price": "abc"})
	invWant422(t, status, b, "native_retail_price", "is not a number")
}

func TestInventoryItemQuantityIsReadOnlyAfterCreation(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("Q-1", "10"))
	if it.Quantity.String() != "10.0" {
		t.Fatalf("quantity %q", it.Quantity)
	}
	path := e.acct(fmt.Sprintf("inventory_items/%d.json", it.ID))
	status, _, b := e.do("PATCH", path, map[string]any{"quantity": "50", "name": "Renamed"})
	invWant422(t, status, b, "quantity", "cannot be changed")
	if got := invGetItem(t, e, it.ID); got.Quantity.String() != "10.0" || got.Name != it.Name {
		t.Fatalf("a refused update changed the item: %+v", got)
	}
	status, _, b = e.do("PATCH", path, map[string]any{"name": "Renamed", "min_quantity": "2"})
	if status != http.StatusOK {
		t.Fatalf("update: %d %s", status, b)
	}
	if got := decode[apiclient.InventoryItem](t, b); got.Name != "Renamed" || got.Quantity.String() != "10.0" {
		t.Fatalf("after update: %+v", got)
	}
	if n := genEventCount(e, "inventory_item_updated"); n != 1 {
		t.Fatalf("%d inventory_item_updated events, want 1 (refused updates log nothing)", n)
	}
	// Switching tracking on for an untracked item takes its starting quantity.
	plain := invCreateItem(t, e, map[string]any{"name": "Plain", "sku": "Q-2", "native_retail_price": 1, "native_purchase_price": 1})
	ppath := e.acct(fmt.Sprintf("inventory_items/%d.json", plain.ID))
	status, _, b = e.do("PATCH", ppath, map[string]any{"track_quantity": true})
	invWant422(t, status, b, "quantity", "can't be blank")
	status, _, b = e.do("PATCH", ppath, map[string]any{"track_quantity": true, "quantity": 3})
	if status != http.StatusOK || decode[apiclient.InventoryItem](t, b).Quantity.Cmp(apiclient.MustDecimal("3")) != 0 {
		t.Fatalf("switch tracking on: %d %s", status, b)
	}
}

func TestInventoryItemRetailPricesEditedByID(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, map[string]any{"name": "Widget", "sku": "RP", "native_retail_price": 100,
		"retail_prices": []map[string]any{{"amount": "4.5", "currency": "EUR"}, {"amount": "5", "currency": "USD"}}})
	if len(it.RetailPrices) != 2 || it.RetailPrices[0].ID == 0 || it.RetailPrices[0].Currency != "EUR" {
		t.Fatalf("retail prices %+v", it.RetailPrices)
	}
	eur, usd := it.RetailPrices[0], it.RetailPrices[1]
	path := e.acct(fmt.Sprintf("inventory_items/%d.json", it.ID))
	status, _, b := e.do("PATCH", path, map[string]any{"retail_prices": []map[string]any{
		{"id": eur.ID, "amount": "4.9"}, {"id": usd.ID, "_destroy": true}, {"amount": "20", "currency": "PLN"}}})
	if status != http.StatusOK {
		t.Fatalf("edit: %d %s", status, b)
	}
	got := decode[apiclient.InventoryItem](t, b).RetailPrices
	if len(got) != 2 || got[0].ID != eur.ID || got[0].Amount.String() != "4.9" || got[1].Currency != "PLN" {
		t.Fatalf("after edit %+v", got)
	}

	status, _, b = e.do("PATCH", path, map[string]any{"retail_prices": []map[string]any{{"amount": "1", "currency": "EUR"}}})
	invWant422(t, status, b, "retail_prices.currency", "has already been taken")
	status, _, b = e.do("PATCH", path, map[string]any{"retail_prices": []map[string]any{{"currency": "GBP"}, {"amount": 3}}})
	invWant422(t, status, b, "retail_prices.amount", "can't be blank")
	invWant422(t, status, b, "retail_prices.currency", "can't be blank")
	status, _, b = e.do("PATCH", path, map[string]any{"retail_prices": []map[string]any{{"id": 999999, "amount": 3}}})
	invWant422(t, status, b, "retail_prices.id", "is invalid")

	// Five currencies are the most an item may have.
	status, _, b = e.do("PATCH", path, map[string]any{"retail_prices": []map[string]any{
		{"amount": 1, "currency": "USD"}, {"amount": 1, "currency": "GBP"}, {"amount": 1, "currency": "HUF"}}})
	if status != http.StatusOK {
		t.Fatalf("up to five: %d %s", status, b)
	}
	status, _, b = e.do("PATCH", path, map[string]any{"retail_prices": []map[string]any{{"amount": 1, "currency": "CHF"}}})
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["retail_prices"]) == 0 {
		t.Fatalf("sixth currency: %d %s", status, b)
	}
	if n := len(invGetItem(t, e, it.ID).RetailPrices); n != 5 {
		t.Fatalf("%d prices stored after a refused update, want 5", n)
	}
}

func TestInventoryItemIndexExcludesArchivedAndFilters(t *testing.T) {
	e := newEnv(t)
	a := invCreateItem(t, e, map[string]any{"name": "Alpha", "sku": "A-1", "native_retail_price": 1, "article_number": "8590000000001", "article_number_type": "ean"})
	e.Clock.Advance(time.Hour)
	b := invCreateItem(t, e, invItemBody("B-1", "4"))
	createMove(t, e, b.ID, invMoveBody("in", "1", "100"))
	if status, _, body := e.do("POST", e.acct(fmt.Sprintf("inventory_items/%d/archive.json", b.ID)), nil); status != http.StatusOK {
		t.Fatalf("archive: %d %s", status, body)
	}
	ids := func(path string) []int64 {
		t.Helper()
		status, _, body := e.do("GET", path, nil)
		if status != http.StatusOK {
			t.Fatalf("GET %s: %d %s", path, status, body)
		}
		var out []int64
		for _, it := range decode[[]apiclient.InventoryItem](t, body) {
			out = append(out, it.ID)
		}
		return out
	}
	if got := ids(e.acct("inventory_items.json")); !slices.Equal(got, []int64{a.ID}) {
		t.Fatalf("index %v, want only the active item %d", got, a.ID)
	}
	if got := ids(e.acct("inventory_items/archived.json")); !slices.Equal(got, []int64{b.ID}) {
		t.Fatalf("archived %v, want %d", got, b.ID)
	}
	if got := ids(e.acct("inventory_items.json?sku=A-1")); !slices.Equal(got, []int64{a.ID}) {
		t.Fatalf("sku filter %v", got)
	}
	if got := ids(e.acct("inventory_items.json?sku=nope")); len(got) != 0 {
		t.Fatalf("unknown sku %v", got)
	}
	if got := ids(e.acct("inventory_items.json?article_number=8590000000001")); !slices.Equal(got, []int64{a.ID}) {
		t.Fatalf("article_number filter %v", got)
	}
	since := url.QueryEscape(testStart.Add(30 * time.Minute).Format(time.RFC3339))
	if got := ids(e.acct("inventory_items/archived.json?since=" + since)); !slices.Equal(got, []int64{b.ID}) {
		t.Fatalf("archived since %v", got)
	}
	if got := ids(e.acct("inventory_items.json?since=" + since)); len(got) != 0 {
		t.Fatalf("since excludes the older item: %v", got)
	}
	if got := ids(e.acct("inventory_items.json?until=" + since)); !slices.Equal(got, []int64{a.ID}) {
		t.Fatalf("until %v", got)
	}
	if status, _, _ := e.do("GET", e.acct("inventory_items.json?updated_since=yesterday"), nil); status != http.StatusBadRequest {
		t.Fatalf("bad date: %d, want 400", status)
	}
}

func TestInventoryItemIndexPagesBy40NewestFirst(t *testing.T) {
	e := newEnv(t)
	for i := range 45 {
		invCreateItem(t, e, map[string]any{"name": fmt.Sprintf("Item %02d", i), "sku": fmt.Sprintf("P-%02d", i), "native_retail_price": 1})
	}
	pageOf := func(p int) []apiclient.InventoryItem {
		_, _, b := e.do("GET", e.acct(fmt.Sprintf("inventory_items.json?page=%d", p)), nil)
		return decode[[]apiclient.InventoryItem](t, b)
	}
	p1, p2 := pageOf(1), pageOf(2)
	if len(p1) != 40 || len(p2) != 5 || p1[0].SKU != "P-44" || p2[4].SKU != "P-00" {
		t.Fatalf("pages %d/%d, first %s", len(p1), len(p2), p1[0].SKU)
	}
	if _, _, b := e.do("GET", e.acct("inventory_items.json?page=3"), nil); strings.TrimSpace(string(b)) != "[]" {
		t.Fatalf("past the end: %s, want []", b)
	}
}

func TestInventoryItemSearchCoversNameArticleNumberAndSKU(t *testing.T) {
	e := newEnv(t)
	byName := invCreateItem(t, e, map[string]any{"name": "Blue Kettle", "sku": "K-1", "native_retail_price": 1})
	bySKU := invCreateItem(t, e, map[string]any{"name": "Toaster", "sku": "KETTLE-2", "native_retail_price": 1})
	byArt := invCreateItem(t, e, map[string]any{"name": "Mug", "sku": "M-1", "native_retail_price": 1, "article_number": "kettle-mug"})
	invCreateItem(t, e, map[string]any{"name": "Spoon", "sku": "S-1", "native_retail_price": 1, "private_note": "kettle"})
	status, _, b := e.do("GET", e.acct("inventory_items/search.json?query=KETTLE"), nil)
	if status != http.StatusOK {
		t.Fatalf("search: %d %s", status, b)
	}
	var got []int64
	for _, it := range decode[[]apiclient.InventoryItem](t, b) {
		got = append(got, it.ID)
	}
	slices.Sort(got)
	if want := []int64{byName.ID, bySKU.ID, byArt.ID}; !slices.Equal(got, want) {
		t.Fatalf("search found %v, want %v (private_note is not searched)", got, want)
	}
}

func TestInventoryItemLowQuantityFollowsMoves(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("L-1", "10")) // min_quantity 5
	invCreateItem(t, e, invItemBody("L-2", "10"))
	if !it.LowQuantityDate.IsZero() {
		t.Fatal("low_quantity_date set while above the minimum")
	}
	lowIDs := func() []int64 {
		_, _, b := e.do("GET", e.acct("inventory_items/low_quantity.json"), nil)
		var ids []int64
		for _, x := range decode[[]apiclient.InventoryItem](t, b) {
			ids = append(ids, x.ID)
		}
		return ids
	}
	if got := lowIDs(); len(got) != 0 {
		t.Fatalf("low list %v, want empty", got)
	}
	e.Clock.Advance(time.Minute)
	createMove(t, e, it.ID, invMoveBody("out", "6", "100"))
	low := invGetItem(t, e, it.ID)
	// low_quantity_date is the day, as the docs' low-quantity example writes it.
	if low.Quantity.Cmp(apiclient.MustDecimal("4")) != 0 || low.LowQuantityDate.UTC().Format("2006-01-02") != testStart.Format("2006-01-02") {
		t.Fatalf("after out move: quantity %s, low_quantity_date %v", low.Quantity, low.LowQuantityDate)
	}
	if got := lowIDs(); !slices.Equal(got, []int64{it.ID}) {
		t.Fatalf("low list %v, want [%d]", got, it.ID)
	}
	createMove(t, e, it.ID, invMoveBody("in", "3", "100"))
	back := invGetItem(t, e, it.ID)
	if !back.LowQuantityDate.IsZero() || len(lowIDs()) != 0 {
		t.Fatalf("back at %s: low_quantity_date %v, low list %v", back.Quantity, back.LowQuantityDate, lowIDs())
	}
}

func TestInventoryItemArchiveNeedsMoves(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("AR-1", "1"))
	status, _, b := e.do("POST", e.acct(fmt.Sprintf("inventory_items/%d/archive.json", it.ID)), nil)
	if status != http.StatusForbidden || len(errorsOf(t, b)["inventory_item"]) == 0 {
		t.Fatalf("archive without moves: %d %s, want 403 errors.inventory_item", status, b)
	}
	createMove(t, e, it.ID, invMoveBody("in", "1", "100"))
	status, _, b = e.do("POST", e.acct(fmt.Sprintf("inventory_items/%d/archive.json", it.ID)), nil)
	if status != http.StatusOK || !decode[apiclient.InventoryItem](t, b).Archived {
		t.Fatalf("archive: %d %s", status, b)
	}
	status, _, b = e.do("POST", e.acct(fmt.Sprintf("inventory_items/%d/unarchive.json", it.ID)), nil)
	if status != http.StatusOK || decode[apiclient.InventoryItem](t, b).Archived {
		t.Fatalf("unarchive: %d %s", status, b)
	}
	names := invEventNames(e)
	for _, want := range []string{"inventory_item_created", "inventory_move_created", "inventory_item_archived", "inventory_item_unarchived"} {
		if !slices.Contains(names, want) {
			t.Errorf("event %s missing from %v", want, names)
		}
	}
	if status, _, _ := e.do("POST", e.acct("inventory_items/999/archive.json"), nil); status != http.StatusNotFound {
		t.Fatalf("unknown item: %d", status)
	}
}

func TestInventoryItemWithMovesCannotBeDeleted(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("D-1", "1"))
	mv := createMove(t, e, it.ID, invMoveBody("in", "1", "100"))
	path := e.acct(fmt.Sprintf("inventory_items/%d.json", it.ID))
	status, _, b := e.do("DELETE", path, nil)
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["inventory_item"]) == 0 {
		t.Fatalf("delete with moves: %d %s, want 422 errors.inventory_item", status, b)
	}
	if status, _, b := e.do("DELETE", invMovePath(e, it.ID, mv.ID), nil); status != http.StatusNoContent {
		t.Fatalf("delete move: %d %s", status, b)
	}
	if status, _, b := e.do("DELETE", path, nil); status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", status, b)
	}
	if status, _, _ := e.do("GET", path, nil); status != http.StatusNotFound {
		t.Fatalf("deleted item: %d, want 404", status)
	}
	if !slices.Contains(invEventNames(e), "inventory_item_removed") {
		t.Fatal("no inventory_item_removed event")
	}
}

func TestInventoryMoveValidation(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("V-1", "10"))
	status, _, b := e.do("POST", invMovePath(e, it.ID), map[string]any{})
	for _, f := range []string{"direction", "moved_on", "quantity_change", "purchase_price"} {
		invWant422(t, status, b, f, "can't be blank")
	}
	body := invMoveBody("sideways", "1", "1")
	status, _, b = e.do("POST", invMovePath(e, it.ID), body)
	invWant422(t, status, b, "direction", "is not included in the list")
	status, _, b = e.do("POST", invMovePath(e, it.ID), invMoveBody("in", "0", "1"))
	invWant422(t, status, b, "quantity_change", "must be greater than 0")
	status, _, b = e.do("POST", invMovePath(e, it.ID), invMoveBody("in", "many", "1"))
	invWant422(t, status, b, "quantity_change", "is not a number")
	body = invMoveBody("in", "1", "1")
	body["purchase_currency"] = "EURO"
	status, _, b = e.do("POST", invMovePath(e, it.ID), body)
	invWant422(t, status, b, "purchase_currency", "is invalid")
	if got := invGetItem(t, e, it.ID).Quantity; got.Cmp(apiclient.MustDecimal("10")) != 0 {
		t.Fatalf("refused moves changed the quantity to %s", got)
	}
	if status, _, _ := e.do("POST", invMovePath(e, 9999), invMoveBody("in", "1", "1")); status != http.StatusNotFound {
		t.Fatalf("move on an unknown item: %d", status)
	}
}

func TestInventoryMoveDefaultsCurrenciesFromAccount(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("C-1", "10"))
	body := invMoveBody("in", "2", "80")
	body["retail_price"] = "120"
	status, h, b := e.do("POST", invMovePath(e, it.ID), body)
	if status != http.StatusCreated {
		t.Fatalf("%d %s", status, b)
	}
	m := decode[apiclient.InventoryMove](t, b)
	if h.Get("Location") != e.TS.URL+"/api/v3"+invMovePath(e, it.ID, m.ID) {
		t.Fatalf("Location %q", h.Get("Location"))
	}
	if m.PurchaseCurrency.String() != "CZK" || m.RetailCurrency != "CZK" || m.NativePurchasePrice.String() != "80.0" || m.NativeRetailPrice.String() != "120.0" {
		t.Fatalf("currencies and native prices: %+v", m)
	}
	if m.InventoryItemID != it.ID || m.Document != nil || m.MovedOn.String() != "2026-11-02" {
		t.Fatalf("move %+v", m)
	}
	foreign := invMoveBody("in", "1", "4")
	foreign["purchase_currency"] = "eur"
	foreign["native_purchase_price"] = "100"
	fm := createMove(t, e, it.ID, foreign)
	if fm.PurchaseCurrency.String() != "EUR" || fm.NativePurchasePrice.String() != "100.0" {
		t.Fatalf("foreign move %+v", fm)
	}
}

func TestInventoryMovesChangeTheQuantity(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("M-1", "10"))
	qty := func() string { return invGetItem(t, e, it.ID).Quantity.Dec().String() }
	in := createMove(t, e, it.ID, invMoveBody("in", "5", "100"))
	if q := qty(); q != "15" {
		t.Fatalf("after in 5: %s", q)
	}
	out := createMove(t, e, it.ID, invMoveBody("out", "3", "100"))
	if q := qty(); q != "12" {
		t.Fatalf("after out 3: %s", q)
	}
	status, _, b := e.do("PATCH", invMovePath(e, it.ID, in.ID), map[string]any{"quantity_change": "8"})
	if status != http.StatusOK || decode[apiclient.InventoryMove](t, b).QuantityChange.Dec().String() != "8" {
		t.Fatalf("edit: %d %s", status, b)
	}
	if q := qty(); q != "15" {
		t.Fatalf("after editing the in move 5 -> 8: %s", q)
	}
	if status, _, b := e.do("DELETE", invMovePath(e, it.ID, out.ID), nil); status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", status, b)
	}
	if q := qty(); q != "18" {
		t.Fatalf("after deleting the out move: %s", q)
	}
	if status, _, _ := e.do("GET", invMovePath(e, it.ID, out.ID), nil); status != http.StatusNotFound {
		t.Fatal("deleted move still readable")
	}
}

func TestInventoryMoveBelowZeroNeedsAllowBelowZero(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("Z-1", "2"))
	status, _, b := e.do("POST", invMovePath(e, it.ID), invMoveBody("out", "3", "100"))
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["quantity_change"]) == 0 {
		t.Fatalf("out below zero: %d %s", status, b)
	}
	in := createMove(t, e, it.ID, invMoveBody("in", "1", "100"))
	createMove(t, e, it.ID, invMoveBody("out", "3", "100")) // exactly zero is fine
	// Reducing or deleting the in move would now go below zero.
	status, _, b = e.do("PATCH", invMovePath(e, it.ID, in.ID), map[string]any{"quantity_change": "0.5"})
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("edit below zero: %d %s", status, b)
	}
	if status, _, b := e.do("DELETE", invMovePath(e, it.ID, in.ID), nil); status != http.StatusUnprocessableEntity {
		t.Fatalf("delete below zero: %d %s", status, b)
	}
	if status, _, b := e.do("PATCH", e.acct(fmt.Sprintf("inventory_items/%d.json", it.ID)), map[string]any{"allow_below_zero": true}); status != http.StatusOK {
		t.Fatalf("allow: %d %s", status, b)
	}
	createMove(t, e, it.ID, invMoveBody("out", "1.5", "100"))
	if q := invGetItem(t, e, it.ID).Quantity; q.Cmp(apiclient.MustDecimal("-1.5")) != 0 {
		t.Fatalf("quantity %s, want -1.5", q)
	}
}

func TestInventoryMoveDirectionCannotBeChanged(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("DIR", "10"))
	m := createMove(t, e, it.ID, invMoveBody("in", "1", "100"))
	status, _, b := e.do("PATCH", invMovePath(e, it.ID, m.ID), map[string]any{"direction": "out"})
	invWant422(t, status, b, "direction", "cannot be changed")
	status, _, b = e.do("PATCH", invMovePath(e, it.ID, m.ID), map[string]any{"direction": "up"})
	invWant422(t, status, b, "direction", "is not included in the list")
	status, _, b = e.do("PATCH", invMovePath(e, it.ID, m.ID), map[string]any{"direction": "in", "private_note": "same direction is fine"})
	if status != http.StatusOK {
		t.Fatalf("same direction: %d %s", status, b)
	}
	status, _, b = e.do("PATCH", invMovePath(e, it.ID, m.ID), map[string]any{"purchase_price": ""})
	invWant422(t, status, b, "purchase_price", "can't be blank")
}

func TestInventoryMoveOnlyOnTrackedItems(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, map[string]any{"name": "Service", "sku": "SV", "native_retail_price": 1})
	status, _, b := e.do("POST", invMovePath(e, it.ID), invMoveBody("in", "1", "1"))
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["inventory_item"]) == 0 {
		t.Fatalf("move on untracked item: %d %s", status, b)
	}
}

func TestInventoryMoveUnderAnotherItemIs404(t *testing.T) {
	e := newEnv(t)
	a := invCreateItem(t, e, invItemBody("I-A", "1"))
	b := invCreateItem(t, e, invItemBody("I-B", "1"))
	m := createMove(t, e, a.ID, invMoveBody("in", "1", "1"))
	for _, method := range []string{"GET", "PATCH", "DELETE"} {
		if status, _, _ := e.do(method, invMovePath(e, b.ID, m.ID), map[string]any{}); status != http.StatusNotFound {
			t.Errorf("%s under the wrong item: %d, want 404", method, status)
		}
	}
}

func TestInventoryMoveAverages(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("AVG", "10")) // 10 at 100
	if it.AverageNativePurchasePrice.Cmp(apiclient.MustDecimal("100")) != 0 {
		t.Fatalf("initial average %s", it.AverageNativePurchasePrice)
	}
	m := createMove(t, e, it.ID, invMoveBody("in", "10", "200"))
	if avg := invGetItem(t, e, it.ID).AverageNativePurchasePrice; avg.Cmp(apiclient.MustDecimal("150")) != 0 {
		t.Fatalf("average after 10 at 200: %s, want 150", avg)
	}
	createMove(t, e, it.ID, invMoveBody("out", "5", "150"))
	if avg := invGetItem(t, e, it.ID).AverageNativePurchasePrice; avg.Cmp(apiclient.MustDecimal("150")) != 0 {
		t.Fatalf("an out move changed the average to %s", avg)
	}
	e.do("PATCH", invMovePath(e, it.ID, m.ID), map[string]any{"purchase_price": "400"})
	if avg := invGetItem(t, e, it.ID).AverageNativePurchasePrice; avg.Cmp(apiclient.MustDecimal("250")) != 0 {
		t.Fatalf("average after repricing to 400: %s, want 250", avg)
	}
}

func TestInventoryMoveEventsCarryTheItem(t *testing.T) {
	e := newEnv(t)
	it := invCreateItem(t, e, invItemBody("EV", "10"))
	m := createMove(t, e, it.ID, invMoveBody("in", "2", "1"))
	e.do("PATCH", invMovePath(e, it.ID, m.ID), map[string]any{"quantity_change": 3})
	e.do("DELETE", invMovePath(e, it.ID, m.ID), nil)
	var got []struct {
		Name string
		Qty  string
	}
	e.Srv.Do(func() {
		for _, ev := range e.Setup.Account.Events {
			if !strings.HasPrefix(ev.Name, "inventory_move_") {
				continue
			}
			raw, _ := json.Marshal(ev.Params["inventory_item"])
			item := decode[apiclient.InventoryItem](t, raw)
			if item.ID != it.ID {
				t.Errorf("%s: params item %d", ev.Name, item.ID)
			}
			got = append(got, struct{ Name, Qty string }{ev.Name, item.Quantity.Dec().String()})
		}
	})
	want := []struct{ Name, Qty string }{{"inventory_move_created", "12"}, {"inventory_move_updated", "13"}, {"inventory_move_removed", "10"}}
	if !slices.Equal(got, want) {
		t.Fatalf("events %v, want %v", got, want)
	}
}

func TestInventoryMovesIndexFilters(t *testing.T) {
	e := newEnv(t)
	a := invCreateItem(t, e, invItemBody("F-A", "1"))
	b := invCreateItem(t, e, invItemBody("F-B", "1"))
	ma := createMove(t, e, a.ID, invMoveBody("in", "1", "1"))
	e.Clock.Advance(time.Hour)
	mb := createMove(t, e, b.ID, invMoveBody("in", "1", "1"))
	list := func(q string) []int64 {
		t.Helper()
		status, _, body := e.do("GET", e.acct("inventory_moves.json"+q), nil)
		if status != http.StatusOK {
			t.Fatalf("list %s: %d %s", q, status, body)
		}
		var ids []int64
		for _, m := range decode[[]apiclient.InventoryMove](t, body) {
			ids = append(ids, m.ID)
		}
		return ids
	}
	if got := list(""); !slices.Equal(got, []int64{mb.ID, ma.ID}) {
		t.Fatalf("all %v", got)
	}
	if got := list(fmt.Sprintf("?inventory_item_id=%d", a.ID)); !slices.Equal(got, []int64{ma.ID}) {
		t.Fatalf("by item %v", got)
	}
	since := testStart.Add(30 * time.Minute).UTC().Format(time.RFC3339)
	if got := list("?since=" + since); !slices.Equal(got, []int64{mb.ID}) {
		t.Fatalf("since %v", got)
	}
	if got := list("?updated_until=" + since); !slices.Equal(got, []int64{ma.ID}) {
		t.Fatalf("updated_until %v", got)
	}
	if status, _, _ := e.do("GET", e.acct("inventory_moves.json?since=2026-13-45"), nil); status != http.StatusBadRequest {
		t.Fatalf("bad date: %d", status)
	}
	if _, _, body := e.do("GET", e.acct("inventory_moves.json?page=2"), nil); strings.TrimSpace(string(body)) != "[]" {
		t.Fatalf("past the end %s", body)
	}
}

// Moves of documents: an expense line that links an item moves stock in, an
// invoice line moves it out; such moves change only through their document.
func TestInventoryDocumentMovesFollowTheirDocument(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "Supplier s.r.o.")
	it := invCreateItem(t, e, invItemBody("DOC", "10"))
	status, _, b := e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": subj,
		"lines": []map[string]any{{"inventory_item_id": it.ID, "quantity": "4", "unit_price": "90"}}})
	if status != http.StatusCreated {
		t.Fatalf("expense: %d %s", status, b)
	}
	exp := decode[apiclient.Expense](t, b)
	if q := invGetItem(t, e, it.ID).Quantity; q.Cmp(apiclient.MustDecimal("14")) != 0 {
		t.Fatalf("quantity after the expense %s, want 14", q)
	}
	_, _, b = e.do("GET", e.acct(fmt.Sprintf("inventory_moves.json?inventory_item_id=%d", it.ID)), nil)
	moves := decode[[]apiclient.InventoryMove](t, b)
	if len(moves) != 1 || moves[0].Document == nil || moves[0].Document.Type != "Expense" || moves[0].Document.ID != exp.ID ||
		moves[0].Document.LineID != exp.Lines[0].ID || moves[0].Direction != "in" || moves[0].NativePurchasePrice.Cmp(apiclient.MustDecimal("90")) != 0 {
		t.Fatalf("document move %+v", moves)
	}
	mv := moves[0]
	wantDesc := fmt.Sprintf("The move belongs to Expense %d and can only be changed through it", exp.ID)
	for _, method := range []string{"PATCH", "DELETE"} {
		status, _, b := e.do(method, invMovePath(e, it.ID, mv.ID), map[string]any{"private_note": "x"})
		if code, desc := refusalOf(t, b); status != http.StatusForbidden || code != "forbidden" || desc != wantDesc {
			t.Fatalf("%s a document's move: %d %s", method, status, b)
		}
	}
	if status, _, _ := e.do("DELETE", e.acct(fmt.Sprintf("inventory_items/%d.json", it.ID)), nil); status != http.StatusUnprocessableEntity {
		t.Fatalf("deleting an item with a document move: %d", status)
	}
	if status, _, b := e.do("DELETE", e.acct(fmt.Sprintf("expenses/%d.json", exp.ID)), nil); status != http.StatusNoContent {
		t.Fatalf("delete expense: %d %s", status, b)
	}
	if q := invGetItem(t, e, it.ID).Quantity; q.Cmp(apiclient.MustDecimal("10")) != 0 {
		t.Fatalf("quantity after deleting the expense %s, want 10", q)
	}
	// An item that does not track its quantity records no move for a document line.
	plain := invCreateItem(t, e, map[string]any{"name": "Service", "sku": "SRV", "native_retail_price": 1})
	status, _, b = e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": subj,
		"lines": []map[string]any{{"inventory_item_id": plain.ID, "quantity": "1", "unit_price": "90"}}})
	if status != http.StatusCreated {
		t.Fatalf("expense with an untracked item: %d %s", status, b)
	}
	_, _, b = e.do("GET", e.acct(fmt.Sprintf("inventory_moves.json?inventory_item_id=%d", plain.ID)), nil)
	if strings.TrimSpace(string(b)) != "[]" {
		t.Fatalf("moves of an untracked item: %s", b)
	}
	if status, _, _ := e.do("GET", invMovePath(e, it.ID, mv.ID), nil); status != http.StatusNotFound {
		t.Fatalf("the expense's move outlived it: %d", status)
	}
}

func TestInventoryDocumentMoveOutRespectsStock(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "Customer s.r.o.")
	it := invCreateItem(t, e, invItemBody("OUT", "10"))
	invoice := func(qty string) (int, []byte) {
		status, _, b := e.do("POST", e.acct("invoices.json"), map[string]any{"subject_id": subj,
			"lines": []map[string]any{{"inventory_item_id": it.ID, "quantity": qty, "unit_price": "150"}}})
		return status, b
	}
	status, b := invoice("11")
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["lines.quantity"]) == 0 {
		t.Fatalf("invoice beyond stock: %d %s, want 422 lines.quantity", status, b)
	}
	if q := invGetItem(t, e, it.ID).Quantity; q.Cmp(apiclient.MustDecimal("10")) != 0 {
		t.Fatalf("a refused invoice moved stock: %s", q)
	}
	// A refused invoice whose first line did move stock leaves no trace.
	scarce := invCreateItem(t, e, invItemBody("SCARCE", "1"))
	status, _, b = e.do("POST", e.acct("invoices.json"), map[string]any{"subject_id": subj, "lines": []map[string]any{
		{"inventory_item_id": it.ID, "quantity": "2", "unit_price": "150"}, {"inventory_item_id": scarce.ID, "quantity": "5", "unit_price": "1"}}})
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("invoice with one line beyond stock: %d %s", status, b)
	}
	if q := invGetItem(t, e, it.ID).Quantity; q.Cmp(apiclient.MustDecimal("10")) != 0 {
		t.Fatalf("a refused invoice moved stock: %s", q)
	}
	for _, name := range invEventNames(e) {
		if strings.HasPrefix(name, "inventory_move_") {
			t.Fatalf("a refused invoice logged %s", name)
		}
	}
	if status, b := invoice("3"); status != http.StatusCreated {
		t.Fatalf("invoice: %d %s", status, b)
	}
	if q := invGetItem(t, e, it.ID).Quantity; q.Cmp(apiclient.MustDecimal("7")) != 0 {
		t.Fatalf("quantity after invoicing 3: %s, want 7", q)
	}
	_, _, b = e.do("GET", e.acct("inventory_moves.json"), nil)
	moves := decode[[]apiclient.InventoryMove](t, b)
	if len(moves) != 1 || moves[0].Direction != "out" || moves[0].Document == nil || moves[0].Document.Type != "Invoice" ||
		moves[0].RetailPrice.Cmp(apiclient.MustDecimal("150")) != 0 || moves[0].PurchasePrice.Cmp(apiclient.MustDecimal("100")) != 0 {
		t.Fatalf("invoice move %+v", moves)
	}
}
