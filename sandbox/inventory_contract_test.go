package sandbox_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
)

func invParams(sku string) *apiclient.InventoryItemParams {
	return &apiclient.InventoryItemParams{
		Name: apiclient.Ptr("Item " + sku), SKU: apiclient.Ptr(sku), TrackQuantity: apiclient.Ptr(true),
		Quantity: apiclient.Ptr(apiclient.MustDecimal("10")), MinQuantity: apiclient.Ptr(apiclient.MustDecimal("5")),
		NativePurchasePrice: apiclient.Ptr(apiclient.MustDecimal("80")), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("120")),
	}
}

func invMoveParams(dir, qty string) *apiclient.InventoryMoveParams {
	on := apiclient.NewDate(2026, 11, 2)
	return &apiclient.InventoryMoveParams{
		Direction: apiclient.Ptr(dir), MovedOn: &on,
		QuantityChange: apiclient.Ptr(apiclient.MustDecimal(qty)), PurchasePrice: apiclient.Ptr(apiclient.MustDecimal("80")),
	}
}

func TestInventoryContractItems(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	c := e.Client.InventoryItems
	it, _, err := c.Create(ctx, invParams("K-1"))
	if err != nil {
		t.Fatal(err)
	}
	if it.Quantity.String() != "10.0" || !it.TrackQuantity || it.AverageNativePurchasePrice.Cmp(apiclient.MustDecimal("80")) != 0 {
		t.Fatalf("created %+v", it)
	}
	got, _, err := c.Get(ctx, it.ID)
	if err != nil || got.SKU != "K-1" {
		t.Fatalf("get: %v %+v", err, got)
	}
	upd, _, err := c.Update(ctx, it.ID, &apiclient.InventoryItemParams{MinQuantity: apiclient.Ptr(apiclient.MustDecimal("20")),
		RetailPrices: []apiclient.RetailPriceParams{{Amount: apiclient.Ptr(apiclient.MustDecimal("5")), Currency: apiclient.Ptr("EUR")}}})
	if err != nil || !upd.BelowMinimum() || upd.LowQuantityDate.IsZero() || len(upd.RetailPrices) != 1 {
		t.Fatalf("update: %v %+v", err, upd)
	}
	low, _, err := c.ListLowQuantity(ctx, apiclient.ListOptions{})
	if err != nil || len(low) != 1 || low[0].ID != it.ID {
		t.Fatalf("low quantity: %v %+v", err, low)
	}
	found, _, err := c.Search(ctx, apiclient.SearchOptions{Query: "k-1"})
	if err != nil || len(found) != 1 {
		t.Fatalf("search: %v %d", err, len(found))
	}
	list, _, err := c.List(ctx, apiclient.InventoryItemListOptions{SKU: "K-1"})
	if err != nil || len(list) != 1 {
		t.Fatalf("list by sku: %v %d", err, len(list))
	}

	// Archive is refused without moves, then works once the item has one.
	_, _, err = c.Archive(ctx, it.ID)
	var re *apiclient.RefusalError
	if !errors.As(err, &re) || len(re.Fields["inventory_item"]) == 0 {
		t.Fatalf("archive without moves: %v, want RefusalError with errors.inventory_item", err)
	}
	mv, _, err := e.Client.InventoryMoves.Create(ctx, it.ID, invMoveParams("in", "1"))
	if err != nil {
		t.Fatal(err)
	}
	arch, _, err := c.Archive(ctx, it.ID)
	if err != nil || !arch.Archived {
		t.Fatalf("archive: %v %+v", err, arch)
	}
	archived, _, err := c.ListArchived(ctx, apiclient.InventoryItemListOptions{})
	if err != nil || len(archived) != 1 {
		t.Fatalf("archived list: %v %d", err, len(archived))
	}
	if list, _, _ := c.List(ctx, apiclient.InventoryItemListOptions{}); len(list) != 0 {
		t.Fatalf("index still lists the archived item")
	}
	un, _, err := c.Unarchive(ctx, it.ID)
	if err != nil || un.Archived {
		t.Fatalf("unarchive: %v %+v", err, un)
	}

	// An item with moves cannot be deleted; without them it can.
	_, err = c.Delete(ctx, it.ID)
	var ve *apiclient.ValidationError
	if !errors.As(err, &ve) || len(ve.Fields["inventory_item"]) == 0 {
		t.Fatalf("delete with moves: %v, want ValidationError on inventory_item", err)
	}
	if _, err := e.Client.InventoryMoves.Delete(ctx, it.ID, mv.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := c.Delete(ctx, it.ID); err != nil {
		t.Fatal(err)
	}
	var nf *apiclient.NotFoundError
	if _, _, err := c.Get(ctx, it.ID); !errors.As(err, &nf) {
		t.Fatalf("after delete: %v", err)
	}
}

func TestInventoryContractItemValidation(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	c := e.Client.InventoryItems
	if _, _, err := c.Create(ctx, invParams("DUP")); err != nil {
		t.Fatal(err)
	}
	p := invParams("DUP")
	p.Name = apiclient.Ptr("X")
	_, _, err := c.Create(ctx, p)
	var ve *apiclient.ValidationError
	if !errors.As(err, &ve) || !slices.Contains(ve.Fields["sku"], "has already been taken") || !slices.Contains(ve.Fields["name"], "is too short (minimum is 2 characters)") {
		t.Fatalf("err %v, want sku taken and name too short", err)
	}
	items, _, _ := c.List(ctx, apiclient.InventoryItemListOptions{})
	_, _, err = c.Update(ctx, items[0].ID, &apiclient.InventoryItemParams{Quantity: apiclient.Ptr(apiclient.MustDecimal("1"))})
	if !errors.As(err, &ve) || !slices.Contains(ve.Fields["quantity"], "cannot be changed") {
		t.Fatalf("quantity update: %v", err)
	}
}

func TestInventoryContractMoves(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	it, _, err := e.Client.InventoryItems.Create(ctx, invParams("MV"))
	if err != nil {
		t.Fatal(err)
	}
	mc := e.Client.InventoryMoves
	in, _, err := mc.Create(ctx, it.ID, invMoveParams("in", "5"))
	if err != nil || in.PurchaseCurrency.String() != "CZK" || in.InventoryItemID != it.ID {
		t.Fatalf("create: %v %+v", err, in)
	}
	got, _, err := mc.Get(ctx, it.ID, in.ID)
	if err != nil || got.QuantityChange.Cmp(apiclient.MustDecimal("5")) != 0 {
		t.Fatalf("get: %v %+v", err, got)
	}
	upd, _, err := mc.Update(ctx, it.ID, in.ID, &apiclient.InventoryMoveParams{QuantityChange: apiclient.Ptr(apiclient.MustDecimal("7")), PrivateNote: apiclient.Ptr("recount")})
	if err != nil || upd.PrivateNote.String() != "recount" {
		t.Fatalf("update: %v %+v", err, upd)
	}
	if item, _, _ := e.Client.InventoryItems.Get(ctx, it.ID); item.Quantity.Cmp(apiclient.MustDecimal("17")) != 0 {
		t.Fatalf("quantity %s, want 17", item.Quantity)
	}
	_, _, err = mc.Update(ctx, it.ID, in.ID, &apiclient.InventoryMoveParams{Direction: apiclient.Ptr("out")})
	var ve *apiclient.ValidationError
	if !errors.As(err, &ve) || !slices.Contains(ve.Fields["direction"], "cannot be changed") {
		t.Fatalf("direction change: %v", err)
	}
	bad := invMoveParams("out", "100")
	_, _, err = mc.Create(ctx, it.ID, bad)
	if !errors.As(err, &ve) || len(ve.Fields["quantity_change"]) == 0 {
		t.Fatalf("below zero: %v", err)
	}
	noPrice := invMoveParams("in", "1")
	noPrice.PurchasePrice = nil
	_, _, err = mc.Create(ctx, it.ID, noPrice)
	if !errors.As(err, &ve) || !slices.Contains(ve.Fields["purchase_price"], "can't be blank") {
		t.Fatalf("no purchase price: %v", err)
	}
	list, _, err := mc.List(ctx, apiclient.InventoryMoveListOptions{InventoryItemID: it.ID})
	if err != nil || len(list) != 1 || list[0].ID != in.ID {
		t.Fatalf("list: %v %+v", err, list)
	}
	if _, err := mc.Delete(ctx, it.ID, in.ID); err != nil {
		t.Fatal(err)
	}
	if item, _, _ := e.Client.InventoryItems.Get(ctx, it.ID); item.Quantity.Cmp(apiclient.MustDecimal("10")) != 0 {
		t.Fatalf("quantity after delete %s, want 10", item.Quantity)
	}
}

func TestInventoryContractListAllPagesPast40(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	it, _, err := e.Client.InventoryItems.Create(ctx, invParams("PAGE-00"))
	if err != nil {
		t.Fatal(err)
	}
	// The bulk goes in over plain HTTP: the client paces itself to the rate limit.
	for i := 1; i < 44; i++ {
		invCreateItem(t, e, invItemBody(fmt.Sprintf("PAGE-%02d", i), "1"))
	}
	for range 43 {
		createMove(t, e, it.ID, invMoveBody("in", "1", "80"))
	}
	count := func(seq func(func(apiclient.InventoryItem, error) bool)) int {
		n := 0
		for _, err := range seq {
			if err != nil {
				t.Fatal(err)
			}
			n++
		}
		return n
	}
	if n := count(e.Client.InventoryItems.ListAll(ctx, apiclient.InventoryItemListOptions{})); n != 44 {
		t.Fatalf("items ListAll %d, want 44", n)
	}
	if n := count(e.Client.InventoryItems.SearchAll(ctx, apiclient.SearchOptions{Query: "page"})); n != 44 {
		t.Fatalf("items SearchAll %d, want 44", n)
	}
	moves := 0
	for m, err := range e.Client.InventoryMoves.ListAll(ctx, apiclient.InventoryMoveListOptions{InventoryItemID: it.ID}) {
		if err != nil {
			t.Fatal(err)
		}
		if m.InventoryItemID != it.ID {
			t.Fatalf("move of item %d", m.InventoryItemID)
		}
		moves++
	}
	if moves != 43 {
		t.Fatalf("moves ListAll %d, want 43", moves)
	}
}
