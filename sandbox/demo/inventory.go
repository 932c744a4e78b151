package demo

import (
	"sort"
	"strconv"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// stockSet is the built stock with the two moves that belong to documents.
type stockSet struct {
	items                    []*sandbox.InventoryItem
	invoiceLink, expenseLink stockLink
}

// plannedMove is a stock move to make once all are sorted by time.
type plannedMove struct {
	at   time.Time
	item int
	dir  string
	qty  int
	ago  int
	link *stockLink // set for a move that belongs to a document
}

func (b *builder) buildInventory() stockSet {
	var inv stockSet
	var moves []plannedMove
	for idx, st := range stockItems {
		receiptAgo := 80 - idx*3
		inv.items = append(inv.items, b.stockItem(idx, st, receiptAgo))
		if st.Tracked {
			moves = append(moves, b.plannedMoves(idx, st, receiptAgo, &inv)...)
		}
	}
	sort.SliceStable(moves, func(i, j int) bool { return moves[i].at.Before(moves[j].at) })
	qty := make([]int, len(inv.items))
	for _, ms := range moves {
		b.stockMove(ms, inv.items[ms.item], qty)
	}
	for i, it := range inv.items {
		if it.TrackQuantity {
			it.Quantity = decInt(qty[i])
		}
	}
	return inv
}

// stockItem adds item idx, received receiptAgo days ago (made the day before).
func (b *builder) stockItem(idx int, st stockSpec, receiptAgo int) *sandbox.InventoryItem {
	a := b.a
	created := b.workTime(receiptAgo + 1)
	it := &sandbox.InventoryItem{
		Name: st.Name, SKU: st.SKU, ArticleNumberType: "ian", UnitName: sandbox.Text(st.Unit),
		TrackQuantity: st.Tracked, NativeRetailPrice: decStr(st.Retail), VatRate: st.Vat,
		SupplyType: "goods", SuggestFor: "both", CreatedAt: dt(created), UpdatedAt: dt(created),
	}
	if st.Tracked {
		it.ArticleNumberType = "ean"
		it.ArticleNumber = sandbox.Text(ean13("859" + pad(strconv.Itoa(b.rng.IntN(1000000000)), 9)))
		it.MinQuantity, it.MaxQuantity = decInt(st.Min), decInt(st.Max)
		it.NativePurchasePrice = decStr(st.Purchase)
		it.AverageNativePurchasePrice = decStr(st.Purchase)
	} else {
		it.SupplyType, it.SuggestFor = "service", "invoices"
	}
	it.RetailPrices = []sandbox.RetailPrice{
		{ID: a.NewPriceID(), Amount: decStr(st.Retail), Currency: "CZK", CreatedAt: dt(created), UpdatedAt: dt(created)},
		{ID: a.NewPriceID(), Amount: decStr(st.RetailEUR), Currency: "EUR", CreatedAt: dt(created), UpdatedAt: dt(created)},
	}
	if idx == 9 {
		it.PrivateNote = "Do kuchyňky; objednávat po 10 kg."
	}
	return a.Items.Add(it)
}

// plannedMoves are a tracked item's receipt and issues; two of them belong to
// documents (inv's links).
func (b *builder) plannedMoves(idx int, st stockSpec, receiptAgo int, inv *stockSet) []plannedMove {
	in := plannedMove{at: b.workTime(receiptAgo), item: idx, dir: sandbox.MoveIn, qty: st.In, ago: receiptAgo}
	if idx == 1 {
		in.link = &inv.expenseLink
	}
	moves := []plannedMove{in}
	for j, q := range st.Out {
		ago := max(1, receiptAgo-9*(j+1)-idx%4)
		out := plannedMove{at: b.workTime(ago), item: idx, dir: sandbox.MoveOut, qty: q, ago: ago}
		if idx == 0 && j == 0 {
			out.link = &inv.invoiceLink
		}
		moves = append(moves, out)
	}
	return moves
}

// stockMove makes a planned move of it, keeping qty (by item) and the item's
// low-quantity day up to date.
func (b *builder) stockMove(ms plannedMove, it *sandbox.InventoryItem, qty []int) {
	st := stockItems[ms.item]
	m := &sandbox.InventoryMove{
		Direction: ms.dir, MovedOn: sandbox.DateOf(ms.at), QuantityChange: decInt(ms.qty),
		PurchasePrice: decStr(st.Purchase), PurchaseCurrency: "CZK", NativePurchasePrice: decStr(st.Purchase),
		InventoryItemID: it.ID, CreatedAt: dt(ms.at), UpdatedAt: dt(ms.at),
	}
	if ms.dir == sandbox.MoveOut {
		m.RetailPrice, m.RetailCurrency, m.NativeRetailPrice = decStr(st.Retail), "CZK", decStr(st.Retail)
		qty[ms.item] -= ms.qty
		if qty[ms.item] < st.Min && qty[ms.item]+ms.qty >= st.Min {
			it.LowQuantityDate = sandbox.DateOf(ms.at)
		}
	} else {
		m.PrivateNote = "Příjem na sklad"
		qty[ms.item] += ms.qty
	}
	b.a.Moves.Add(m)
	it.UpdatedAt = dt(ms.at)
	if ms.link != nil {
		*ms.link = stockLink{item: it, move: m, ago: ms.ago}
		return
	}
	if b.inWindow(ms.at) {
		word := "received"
		if ms.dir == sandbox.MoveOut {
			word = "issued"
		}
		b.event(ms.at, "inventory_move_created", m.QuantityChange.String()+" "+string(it.UnitName)+" of "+it.Name+" "+word,
			b.owner, map[string]any{"inventory_item_id": it.ID, "direction": ms.dir})
	}
}
