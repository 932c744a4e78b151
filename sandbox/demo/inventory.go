package demo

import (
	"sort"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// ---- inventory ----

// stockSet is the built stock with the two moves that belong to documents.
type stockSet struct {
	items                    []*apiclient.InventoryItem
	invoiceLink, expenseLink stockLink
}

func (b *builder) buildInventory() stockSet {
	a := b.a
	var inv stockSet
	type moveSpec struct {
		at   time.Time
		item int
		dir  string
		qty  int
		ago  int
		link *stockLink
	}
	var moves []moveSpec
	for idx, st := range stockItems {
		receiptAgo := 80 - idx*3
		created := b.workTime(receiptAgo + 1)
		it := &apiclient.InventoryItem{
			Name: st.Name, SKU: st.SKU, ArticleNumberType: "ian", UnitName: st.Unit,
			TrackQuantity: st.Tracked, NativeRetailPrice: decStr(st.Retail), VatRate: st.Vat,
			SupplyType: "goods", SuggestFor: "both", CreatedAt: dt(created), UpdatedAt: dt(created),
		}
		if st.Tracked {
			it.ArticleNumberType = "ean"
			it.ArticleNumber = ean13("859" + pad(strconv.Itoa(b.rng.IntN(1000000000)), 9))
			it.MinQuantity, it.MaxQuantity = decInt(st.Min), decInt(st.Max)
			it.NativePurchasePrice = decStr(st.Purchase)
			it.AverageNativePurchasePrice = decStr(st.Purchase)
		} else {
			it.SupplyType, it.SuggestFor = "service", "invoices"
		}
		it.RetailPrices = []apiclient.RetailPrice{
			{ID: a.NewPriceID(), Amount: decStr(st.Retail), Currency: "CZK", CreatedAt: dt(created), UpdatedAt: dt(created)},
			{ID: a.NewPriceID(), Amount: decStr(st.RetailEUR), Currency: "EUR", CreatedAt: dt(created), UpdatedAt: dt(created)},
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
		it, st := inv.items[ms.item], stockItems[ms.item]
		m := &apiclient.InventoryMove{
			Direction: ms.dir, MovedOn: apiclient.DateOf(ms.at), QuantityChange: decInt(ms.qty),
			PurchasePrice: decStr(st.Purchase), PurchaseCurrency: "CZK", NativePurchasePrice: decStr(st.Purchase),
			InventoryItemID: it.ID, CreatedAt: dt(ms.at), UpdatedAt: dt(ms.at),
		}
		if ms.dir == apiclient.MoveOut {
			m.RetailPrice, m.RetailCurrency, m.NativeRetailPrice = decStr(st.Retail), "CZK", decStr(st.Retail)
			qty[ms.item] -= ms.qty
			if qty[ms.item] < st.Min && qty[ms.item]+ms.qty >= st.Min {
				it.LowQuantityDate = dt(ms.at)
			}
		} else {
			m.PrivateNote = "Příjem na sklad"
			qty[ms.item] += ms.qty
		}
		a.Moves.Add(m)
		it.UpdatedAt = dt(ms.at)
		if ms.link != nil {
			*ms.link = stockLink{item: it, move: m, ago: ms.ago}
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
			it.Quantity = decInt(qty[i])
		}
	}
	return inv
}
