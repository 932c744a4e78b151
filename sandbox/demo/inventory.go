package demo

import (
	"sort"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// ---- inventory ----

// demoInventory is the built stock with the two moves that belong to documents.
type demoInventory struct {
	items                    []*apiclient.InventoryItem
	invoiceLink, expenseLink demoStockLink
}

func (b *builder) buildInventory() demoInventory {
	a := b.a
	var inv demoInventory
	type moveSpec struct {
		at   time.Time
		item int
		dir  string
		qty  int
		ago  int
		link *demoStockLink
	}
	var moves []moveSpec
	for idx, st := range demoStockItems {
		receiptAgo := 80 - idx*3
		created := b.workTime(receiptAgo + 1)
		it := &apiclient.InventoryItem{
			Name: st.Name, SKU: st.SKU, ArticleNumberType: "ian", UnitName: st.Unit,
			TrackQuantity: st.Tracked, NativeRetailPrice: demoDecStr(st.Retail), VatRate: st.Vat,
			SupplyType: "goods", SuggestFor: "both", CreatedAt: demoDT(created), UpdatedAt: demoDT(created),
		}
		if st.Tracked {
			it.ArticleNumberType = "ean"
			it.ArticleNumber = demoEAN13("859" + demoPad(strconv.Itoa(b.rng.IntN(1000000000)), 9))
			it.MinQuantity, it.MaxQuantity = demoDecInt(st.Min), demoDecInt(st.Max)
			it.NativePurchasePrice = demoDecStr(st.Purchase)
			it.AverageNativePurchasePrice = demoDecStr(st.Purchase)
		} else {
			it.SupplyType, it.SuggestFor = "service", "invoices"
		}
		it.RetailPrices = []apiclient.RetailPrice{
			{ID: a.NewPriceID(), Amount: demoDecStr(st.Retail), Currency: "CZK", CreatedAt: demoDT(created), UpdatedAt: demoDT(created)},
			{ID: a.NewPriceID(), Amount: demoDecStr(st.RetailEUR), Currency: "EUR", CreatedAt: demoDT(created), UpdatedAt: demoDT(created)},
		}
		if idx == 9 {
			it.PrivateNote = "Do kuchyňky; objednávat po 10 kg."
		}
		a.Items.Add(it)
		inv.items = append(inv.items, it)
		if !st.Tracked {
			continue
		}
		in := moveSpec{at: b.workTime(receiptAgo), item: idx, dir: apiclient.MoveIn, qty: st.In, ago: receiptAgo}
		if idx == 1 {
			in.link = &inv.expenseLink
		}
		moves = append(moves, in)
		for j, q := range st.Out {
			ago := max(1, receiptAgo-9*(j+1)-idx%4)
			out := moveSpec{at: b.workTime(ago), item: idx, dir: apiclient.MoveOut, qty: q, ago: ago}
			if idx == 0 && j == 0 {
				out.link = &inv.invoiceLink
			}
			moves = append(moves, out)
		}
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].at.Before(moves[j].at) })
	qty := make([]int, len(inv.items))
	for _, ms := range moves {
		it, st := inv.items[ms.item], demoStockItems[ms.item]
		m := &apiclient.InventoryMove{
			Direction: ms.dir, MovedOn: apiclient.DateOf(ms.at), QuantityChange: demoDecInt(ms.qty),
			PurchasePrice: demoDecStr(st.Purchase), PurchaseCurrency: "CZK", NativePurchasePrice: demoDecStr(st.Purchase),
			InventoryItemID: it.ID, CreatedAt: demoDT(ms.at), UpdatedAt: demoDT(ms.at),
		}
		if ms.dir == apiclient.MoveOut {
			m.RetailPrice, m.RetailCurrency, m.NativeRetailPrice = demoDecStr(st.Retail), "CZK", demoDecStr(st.Retail)
			qty[ms.item] -= ms.qty
			if qty[ms.item] < st.Min && qty[ms.item]+ms.qty >= st.Min {
				it.LowQuantityDate = demoDT(ms.at)
			}
		} else {
			m.PrivateNote = "Příjem na sklad"
			qty[ms.item] += ms.qty
		}
		a.Moves.Add(m)
		it.UpdatedAt = demoDT(ms.at)
		if ms.link != nil {
			*ms.link = demoStockLink{item: it, move: m, ago: ms.ago}
		} else if b.inWindow(ms.at) {
			word := "received"
			if ms.dir == apiclient.MoveOut {
				word = "issued"
			}
			b.event(ms.at, "inventory_move_created", m.QuantityChange.String()+" "+it.UnitName+" of "+it.Name+" "+word,
				b.owner, map[string]any{"inventory_item_id": it.ID, "direction": ms.dir})
		}
	}
	for i, it := range inv.items {
		if it.TrackQuantity {
			it.Quantity = demoDecInt(qty[i])
		}
	}
	return inv
}
