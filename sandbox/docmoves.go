package sandbox

import (
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/shopspring/decimal"
)

// Inventory moves: the stock mechanics shared by the move endpoints and by the
// documents (expenses, invoices) whose lines link inventory items, the document
// hooks, and the move endpoints. An item's quantity changes only through moves:
// an in move adds, an out move subtracts.

// msgStockBelowZero is the message of a move that would take an item below zero
// while the item does not allow it.
const msgStockBelowZero = "would take the inventory item below zero"

// recordDocumentMove makes the inventory move of a document line that links an
// inventory item (an expense line moves stock in, an invoice line moves it out).
// The move is tied to the document and refuses edits. It returns errors keyed
// "lines.<field>" when the move is not possible (quantity below zero without
// allow_below_zero). An item that does not track its quantity records no move:
// the result is then nil with no errors. A negative quantity (a correction) moves
// the other way.
func (s *Server) recordDocumentMove(c *Ctx, itemID int64, direction string, qty, unitPrice Decimal, currency string, doc MoveDocument) (*InventoryMove, Errors) {
	a := c.Account
	it, ok := a.Items.Get(itemID)
	if !ok {
		return nil, Errors{"lines.inventory_item_id": {MsgInvalid}}
	}
	if direction != MoveIn && direction != MoveOut {
		return nil, Errors{"lines.direction": {MsgNotInList}}
	}
	if !it.TrackQuantity {
		return nil, Errors{}
	}
	q := decimal.NewFromInt(1) // a line's quantity defaults to 1
	if qty.IsSet() {
		q = qty.Dec()
	}
	if q.IsZero() {
		return nil, Errors{}
	}
	if q.IsNegative() {
		q = q.Neg()
		direction = oppositeDirection(direction)
	}
	if direction == MoveOut && wouldGoBelowZero(it, q.Neg()) {
		return nil, Errors{"lines.quantity": {msgStockBelowZero}}
	}
	if currency == "" {
		currency = a.Info.Currency
	}
	native := func(price Decimal, cur string) Decimal {
		if cur == a.Info.Currency {
			return price
		}
		return Decimal{}
	}
	d := doc
	m := &InventoryMove{
		ID:              a.Moves.nextID(),
		Direction:       direction,
		MovedOn:         DateOf(c.Now),
		QuantityChange:  qtyText(q),
		InventoryItemID: it.ID,
		Document:        &d,
		CreatedAt:       DateTime{Time: c.Now},
		UpdatedAt:       DateTime{Time: c.Now},
	}
	if direction == MoveIn {
		// Bought stock: the document's price is the purchase price.
		m.PurchasePrice, m.PurchaseCurrency = unitPrice, currency
		m.NativePurchasePrice = native(unitPrice, currency)
		m.RetailPrice, m.RetailCurrency, m.NativeRetailPrice = it.NativeRetailPrice, Text(a.Info.Currency), it.NativeRetailPrice
	} else {
		// Sold stock: the document's price is the retail price; it cost the average.
		m.RetailPrice, m.RetailCurrency = unitPrice, Text(currency)
		m.NativeRetailPrice = native(unitPrice, currency)
		cost := it.AverageNativePurchasePrice
		if !cost.IsSet() {
			cost = it.NativePurchasePrice
		}
		m.PurchasePrice, m.PurchaseCurrency, m.NativePurchasePrice = cost, a.Info.Currency, cost
	}
	a.Moves.put(m.ID, m)
	adjustStock(it, moveDelta(m), c.Now)
	a.refreshAveragePrice(it)
	a.AddEvent(c.Now, "inventory_move_created", moveEventText(it, m, "created"), c.User,
		map[string]any{"inventory_item": presentInvItem(it)}, RelatedObject{Type: doc.Type, ID: doc.ID})
	return m, Errors{}
}

// removeDocumentMoves deletes the moves tied to a document (when the document or its
// line is deleted), putting the item quantities back. Called for a document that
// was never stored (a create refused after some of its moves were made), it
// undoes those moves without a trace: a refused request logs no events.
func (s *Server) removeDocumentMoves(c *Ctx, docType string, docID int64) {
	a := c.Account
	moves := a.Moves.NewestFirst(func(m *InventoryMove) bool {
		return m.Document != nil && m.Document.Type == docType && m.Document.ID == docID
	})
	rollback := !a.documentStored(docType, docID)
	for _, m := range moves {
		a.Moves.del(m.ID)
		it, ok := a.Items.Get(m.InventoryItemID)
		if !ok {
			continue
		}
		adjustStock(it, moveDelta(m).Neg(), c.Now)
		a.refreshAveragePrice(it)
		if rollback && m.CreatedAt.Equal(c.Now) && a.dropMoveCreatedEvent(c.Now, it.ID, docType, docID) {
			continue
		}
		a.AddEvent(c.Now, "inventory_move_removed", moveEventText(it, m, "removed"), c.User,
			map[string]any{"inventory_item": presentInvItem(it)}, RelatedObject{Type: docType, ID: docID})
	}
}

// documentStored reports whether the document a move names exists.
func (a *Account) documentStored(docType string, id int64) bool {
	switch docType {
	case "Expense":
		_, ok := a.Expenses.Get(id)
		return ok
	case "Invoice":
		_, ok := a.Invoices.Get(id)
		return ok
	}
	return true
}

// dropMoveCreatedEvent removes the newest inventory_move_created entry logged at
// now for the item and document; it reports whether there was one.
func (a *Account) dropMoveCreatedEvent(now time.Time, itemID int64, docType string, docID int64) bool {
	for i := len(a.Events) - 1; i >= 0; i-- {
		ev := &a.Events[i]
		if !ev.CreatedAt.Equal(now) {
			return false
		}
		item, ok := ev.Params["inventory_item"].(itemView)
		if ev.Name != "inventory_move_created" || !ok || item.ID != itemID ||
			len(ev.RelatedObjects) != 1 || ev.RelatedObjects[0] != (RelatedObject{Type: docType, ID: docID}) {
			continue
		}
		a.Events = append(a.Events[:i], a.Events[i+1:]...)
		return true
	}
	return false
}

func oppositeDirection(d string) string {
	if d == MoveIn {
		return MoveOut
	}
	return MoveIn
}

// moveDelta is the signed change a move makes to its item's quantity.
func moveDelta(m *InventoryMove) decimal.Decimal {
	q := m.QuantityChange.Dec()
	if m.Direction == MoveOut {
		return q.Neg()
	}
	return q
}

// wouldGoBelowZero reports whether changing a tracked item's quantity by delta
// takes it below zero while the item does not allow that.
func wouldGoBelowZero(it *InventoryItem, delta decimal.Decimal) bool {
	if !it.TrackQuantity || it.AllowBelowZero || !delta.IsNegative() {
		return false
	}
	return it.Quantity.Dec().Add(delta).IsNegative()
}

// adjustStock changes a tracked item's quantity by delta, keeping
// low_quantity_date and updated_at in step.
func adjustStock(it *InventoryItem, delta decimal.Decimal, now time.Time) {
	if !it.TrackQuantity {
		return
	}
	it.Quantity = qtyText(it.Quantity.Dec().Add(delta))
	refreshLowQuantity(it, now)
	it.UpdatedAt = DateTime{Time: now}
}

// refreshLowQuantity sets low_quantity_date when the quantity falls below the
// minimum and clears it when the quantity is back at or above it.
func refreshLowQuantity(it *InventoryItem, now time.Time) {
	if it.BelowMinimum() {
		if it.LowQuantityDate.IsZero() {
			it.LowQuantityDate = DateOf(now)
		}
		return
	}
	it.LowQuantityDate = Date{}
}

// refreshAveragePrice recomputes average_native_purchase_price: the weighted
// average of the native purchase prices of the stock that came in, the quantity
// the item was created with (at its native purchase price) included. Recomputing
// from the moves keeps it right after edits and deletes.
func (a *Account) refreshAveragePrice(it *InventoryItem) {
	var inQty, outQty, valued, value decimal.Decimal
	for _, m := range a.Moves.byID {
		if m.InventoryItemID != it.ID {
			continue
		}
		q := m.QuantityChange.Dec()
		if m.Direction == MoveOut {
			outQty = outQty.Add(q)
			continue
		}
		inQty = inQty.Add(q)
		if m.NativePurchasePrice.IsSet() {
			valued = valued.Add(q)
			value = value.Add(q.Mul(m.NativePurchasePrice.Dec()))
		}
	}
	if it.TrackQuantity && it.NativePurchasePrice.IsSet() {
		initial := it.Quantity.Dec().Sub(inQty).Add(outQty)
		if initial.IsPositive() {
			valued = valued.Add(initial)
			value = value.Add(initial.Mul(it.NativePurchasePrice.Dec()))
		}
	}
	if valued.IsPositive() {
		it.AverageNativePurchasePrice = Dec(value.Div(valued))
		return
	}
	it.AverageNativePurchasePrice = it.NativePurchasePrice
}

// qtyText formats a quantity as the service does ("5.0", "2.125").
func qtyText(d decimal.Decimal) Decimal {
	if d.Equal(d.Truncate(0)) {
		return MustDecimal(d.StringFixed(1))
	}
	return MustDecimal(d.String())
}

func moveEventText(it *InventoryItem, m *InventoryMove, what string) string {
	dir := "Receipt"
	if m.Direction == MoveOut {
		dir = "Issue"
	}
	unit := ""
	if it.UnitName != "" {
		unit = string(" " + it.UnitName)
	}
	return fmt.Sprintf("%s of %s%s of %s was %s", dir, m.QuantityChange, unit, it.Name, what)
}

// ---- the inventory move endpoints (registered by routesInventory)

func (s *Server) listMoves(c *Ctx) {
	f, ok := c.DateFilters("since", "until", "updated_since", "updated_until")
	if !ok {
		return
	}
	var itemID int64
	if v := c.Query("inventory_item_id"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			n = -1 // matches nothing
		}
		itemID = n
	}
	moves := c.Account.Moves.pageNewestFirst(c.Page(), func(m *InventoryMove) bool {
		return (itemID == 0 || m.InventoryItemID == itemID) &&
			InTimeRange(m.CreatedAt.Time, f, "since", "until") &&
			InTimeRange(m.UpdatedAt.Time, f, "updated_since", "updated_until")
	})
	if moves == nil {
		moves = []*InventoryMove{}
	}
	c.OK(moves)
}

// move finds the move of the path under its item (404 when either is missing
// or the move belongs to another item).
func (s *Server) findMove(c *Ctx) (*InventoryItem, *InventoryMove, bool) {
	it, ok := s.findItem(c, "item")
	if !ok {
		return nil, nil, false
	}
	id, ok := c.ID("id")
	if !ok {
		return nil, nil, false
	}
	m, ok := c.Account.Moves.Get(id)
	if !ok || m.InventoryItemID != it.ID {
		c.NotFound()
		return nil, nil, false
	}
	return it, m, true
}

func (s *Server) getMove(c *Ctx) {
	if _, m, ok := s.findMove(c); ok {
		c.OK(m)
	}
}

func (s *Server) createMove(c *Ctx) {
	a := c.Account
	it, ok := s.findItem(c, "item")
	if !ok {
		return
	}
	var p InventoryMoveParams
	if _, ok := decodeParams(c, &p); !ok {
		return
	}
	if !it.TrackQuantity {
		c.Invalid(Errors{"inventory_item": {msgItemNotTracked}})
		return
	}
	m := &InventoryMove{
		PurchaseCurrency: a.Info.Currency,
		RetailCurrency:   Text(a.Info.Currency),
		InventoryItemID:  it.ID,
		CreatedAt:        DateTime{Time: c.Now},
		UpdatedAt:        DateTime{Time: c.Now},
	}
	errs := Errors{}
	sentInto(&m.Direction, p.Direction)
	switch {
	case m.Direction == "":
		errs.Add("direction", MsgBlank)
	default:
		requireInList(errs, "direction", m.Direction, moveDirections)
	}
	a.applyInvMoveParams(m, p, errs)
	if !moveAllowed(c, it, moveDelta(m), errs) {
		return
	}
	a.Moves.Add(m)
	moved(c, it, m, moveDelta(m), "created")
	c.Created(c.AccountURL("inventory_items/%d/inventory_moves/%d.json", it.ID, m.ID), m)
}

func (s *Server) updateMove(c *Ctx) {
	a := c.Account
	it, cur, ok := s.changeableMove(c)
	if !ok {
		return
	}
	var p InventoryMoveParams
	if _, ok := decodeParams(c, &p); !ok {
		return
	}
	m := *cur
	errs := Errors{}
	if p.Direction != nil && *p.Direction != cur.Direction {
		// A bad value is reported twice, as not in the list and as a change.
		requireInList(errs, "direction", *p.Direction, moveDirections)
		errs.Add("direction", MsgCannotChange)
	}
	a.applyInvMoveParams(&m, p, errs)
	delta := moveDelta(&m).Sub(moveDelta(cur))
	if !moveAllowed(c, it, delta, errs) {
		return
	}
	m.UpdatedAt = DateTime{Time: c.Now}
	*cur = m
	moved(c, it, cur, delta, "updated")
	c.OK(cur)
}

func (s *Server) deleteMove(c *Ctx) {
	a := c.Account
	it, m, ok := s.changeableMove(c)
	if !ok {
		return
	}
	if wouldGoBelowZero(it, moveDelta(m).Neg()) {
		c.Invalid(Errors{"inventory_item": {msgStockBelowZero}})
		return
	}
	a.Moves.del(m.ID)
	moved(c, it, m, moveDelta(m).Neg(), "removed")
	c.NoContent()
}

// refuseDocumentMove answers 403 for a move that belongs to a document.
// moveAllowed answers 422 for errs, or for a change (delta) that would take
// the stock below zero; it reports whether the move may go ahead.
func moveAllowed(c *Ctx, it *InventoryItem, delta decimal.Decimal, errs Errors) bool {
	if !errs.Any() && wouldGoBelowZero(it, delta) {
		errs.Add("quantity_change", msgStockBelowZero)
	}
	if errs.Any() {
		c.Invalid(errs)
		return false
	}
	return true
}

// moved brings the item in step with a move created, updated or removed
// (what), the change in stock being delta, and writes inventory_move_<what>.
func moved(c *Ctx, it *InventoryItem, m *InventoryMove, delta decimal.Decimal, what string) {
	adjustStock(it, delta, c.Now)
	c.Account.refreshAveragePrice(it)
	c.Account.AddEvent(c.Now, "inventory_move_"+what, moveEventText(it, m, what), c.User,
		map[string]any{"inventory_item": presentInvItem(it)})
}

// changeableMove finds a move that may be changed: 403 for one that
// belongs to a document.
func (s *Server) changeableMove(c *Ctx) (*InventoryItem, *InventoryMove, bool) {
	it, m, ok := s.findMove(c)
	if !ok || refuseDocumentMove(c, m) {
		return nil, nil, false
	}
	return it, m, true
}

func refuseDocumentMove(c *Ctx, m *InventoryMove) bool {
	if m.Document == nil {
		return false
	}
	c.Refuse("forbidden", fmt.Sprintf("The move belongs to %s %d and can only be changed through it", m.Document.Type, m.Document.ID))
	return true
}

// applyInvMoveParams copies the sent attributes (all but direction) onto m and
// checks the result. Native prices follow the prices when the currency is the
// account's, unless they are sent.
func (a *Account) applyInvMoveParams(m *InventoryMove, p InventoryMoveParams, errs Errors) {
	sentInto(&m.MovedOn, p.MovedOn)
	sentInto(&m.QuantityChange, p.QuantityChange)
	sentInto(&m.PurchasePrice, p.PurchasePrice)
	sentInto(&m.RetailPrice, p.RetailPrice)
	sentText(&m.PrivateNote, p.PrivateNote)
	if p.PurchaseCurrency != nil {
		m.PurchaseCurrency = strings.ToUpper(strings.TrimSpace(*p.PurchaseCurrency))
	}
	if p.RetailCurrency != nil {
		m.RetailCurrency = Text(strings.ToUpper(strings.TrimSpace(*p.RetailCurrency)))
	}
	m.NativePurchasePrice = a.moveNativePrice(m.NativePurchasePrice, p.NativePurchasePrice, p.PurchasePrice != nil || p.PurchaseCurrency != nil, m.PurchasePrice, m.PurchaseCurrency)
	m.NativeRetailPrice = a.moveNativePrice(m.NativeRetailPrice, p.NativeRetailPrice, p.RetailPrice != nil || p.RetailCurrency != nil, m.RetailPrice, string(m.RetailCurrency))

	if m.MovedOn.IsZero() {
		errs.Add("moved_on", MsgBlank)
	}
	switch {
	case !m.QuantityChange.IsSet():
		errs.Add("quantity_change", MsgBlank)
	case !m.QuantityChange.Dec().IsPositive():
		errs.Add("quantity_change", msgInvPositive)
	}
	if !m.PurchasePrice.IsSet() {
		errs.Add("purchase_price", MsgBlank)
	}
	if !currencyCodeOK(m.PurchaseCurrency) {
		errs.Add("purchase_currency", MsgInvalid)
	}
	if !currencyCodeOK(string(m.RetailCurrency)) {
		errs.Add("retail_currency", MsgInvalid)
	}
	for field, d := range map[string]Decimal{"purchase_price": m.PurchasePrice, "retail_price": m.RetailPrice,
		"native_purchase_price": m.NativePurchasePrice, "native_retail_price": m.NativeRetailPrice} {
		if d.Dec().IsNegative() {
			errs.Add(field, "must be greater than or equal to 0")
		}
	}
	if m.QuantityChange.IsSet() {
		m.QuantityChange = qtyText(m.QuantityChange.Dec())
	}
}

// moveNativePrice is a move's price in the account currency: the sent value, else the
// price itself when it is in the account currency, else (foreign, not sent) unknown.
func (a *Account) moveNativePrice(cur Decimal, sent *Decimal, priceChanged bool, price Decimal, currency string) Decimal {
	switch {
	case sent != nil:
		return *sent
	case !priceChanged && cur.IsSet():
		return cur
	case currency == a.Info.Currency:
		return price
	default:
		return Decimal{}
	}
}
