package sandbox

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// Inventory items, and the registration of the inventory endpoints (the move
// endpoints and the stock mechanics live in docmoves.go).
//
// Choices where the reference is silent (stated so integrators know):
//   - Moves are recorded only for items that track their quantity; a move on
//     any other item is refused with 422 {"errors":{"inventory_item":[...]}}.
//   - quantity is read-only after creation (422 "cannot be changed"), except
//     in the PATCH that switches tracking on, where it is required.
//   - An out move, an edit or a delete that would take a tracked item below
//     zero is refused with 422 unless the item has allow_below_zero.
//   - The low-quantity list and the search leave archived items out, like the index.
//   - Archiving an archived item, or unarchiving an active one, changes nothing (200).

// Messages of the inventory rules that the reference does not word.
const (
	msgItemHasMoves      = "cannot be deleted because it has inventory moves"
	msgItemNoMoves       = "cannot be archived because it has no inventory moves"
	msgItemNotTracked    = "does not track quantity, so it has no inventory moves"
	msgInvPositive       = "must be greater than 0"
	msgTooManyCurrencies = "can have at most 5 currencies"
)

var (
	articleNumberTypes = []string{"ian", "ean", "isbn"}
	itemVatRates       = []string{"standard", "reduced", "reduced2", "zero"}
	supplyTypes        = []string{"goods", "service"}
	suggestFors        = []string{"invoices", "expenses", "both"}
	moveDirections     = []string{MoveIn, MoveOut}
)

func (s *Server) routesInventory() {
	r := &s.router
	// The fixed sub-paths first, so ":id.json" does not swallow them.
	r.handle("GET", "/accounts/:slug/inventory_items/archived.json", s.listArchivedItems)
	r.handle("GET", "/accounts/:slug/inventory_items/low_quantity.json", s.listLowQuantityItems)
	r.handle("GET", "/accounts/:slug/inventory_items/search.json", s.searchItems)
	r.handle("GET", "/accounts/:slug/inventory_items.json", s.listItems)
	r.handle("POST", "/accounts/:slug/inventory_items.json", s.createItem)
	r.handle("GET", "/accounts/:slug/inventory_items/:id.json", s.getItem)
	r.handle("PATCH", "/accounts/:slug/inventory_items/:id.json", s.updateItem)
	r.handle("DELETE", "/accounts/:slug/inventory_items/:id.json", s.deleteItem)
	r.handle("POST", "/accounts/:slug/inventory_items/:id/archive.json", s.archiveItem)
	r.handle("POST", "/accounts/:slug/inventory_items/:id/unarchive.json", s.unarchiveItem)

	r.handle("GET", "/accounts/:slug/inventory_moves.json", s.listMoves)
	r.handle("POST", "/accounts/:slug/inventory_items/:item/inventory_moves.json", s.createMove)
	r.handle("GET", "/accounts/:slug/inventory_items/:item/inventory_moves/:id.json", s.getMove)
	r.handle("PATCH", "/accounts/:slug/inventory_items/:item/inventory_moves/:id.json", s.updateMove)
	r.handle("DELETE", "/accounts/:slug/inventory_items/:item/inventory_moves/:id.json", s.deleteMove)
}

// itemView is an item as the API returns it: retail_prices never null, and
// article_number_type always set ("ian" by default), with or without an
// article number, as every item example of the docs writes it. (Only a
// line's inventory object leaves the type out without a number.)
type itemView struct {
	InventoryItem
}

func presentInvItem(it *InventoryItem) itemView {
	v := itemView{InventoryItem: *it}
	v.RetailPrices = append([]RetailPrice{}, it.RetailPrices...)
	if v.ArticleNumberType == "" {
		v.ArticleNumberType = "ian"
	}
	return v
}

func presentInvItems(items []*InventoryItem) []itemView {
	out := make([]itemView, 0, len(items))
	for _, it := range items {
		out = append(out, presentInvItem(it))
	}
	return out
}

// ---- items: reading

func (s *Server) listItems(c *Ctx)         { s.listItemsWhere(c, false) }
func (s *Server) listArchivedItems(c *Ctx) { s.listItemsWhere(c, true) }

func (s *Server) listItemsWhere(c *Ctx, archived bool) {
	f, ok := c.DateFilters("since", "until", "updated_since", "updated_until")
	if !ok {
		return
	}
	articleNo, sku := c.Query("article_number"), c.Query("sku")
	items := c.Account.Items.pageNewestFirst(c.Page(), func(it *InventoryItem) bool {
		return it.Archived == archived &&
			InTimeRange(it.CreatedAt.Time, f, "since", "until") &&
			InTimeRange(it.UpdatedAt.Time, f, "updated_since", "updated_until") &&
			(articleNo == "" || string(it.ArticleNumber) == articleNo) &&
			(sku == "" || it.SKU == sku)
	})
	c.OK(presentInvItems(items))
}

func (s *Server) listLowQuantityItems(c *Ctx) {
	items := c.Account.Items.pageNewestFirst(c.Page(), func(it *InventoryItem) bool {
		return !it.Archived && it.BelowMinimum()
	})
	c.OK(presentInvItems(items))
}

func (s *Server) searchItems(c *Ctx) {
	q := strings.ToLower(strings.TrimSpace(c.Query("query")))
	items := c.Account.Items.pageNewestFirst(c.Page(), func(it *InventoryItem) bool {
		if it.Archived {
			return false
		}
		if q == "" {
			return true
		}
		for _, f := range []string{it.Name, string(it.ArticleNumber), it.SKU} {
			if strings.Contains(strings.ToLower(f), q) {
				return true
			}
		}
		return false
	})
	c.OK(presentInvItems(items))
}

// item finds the item of the path parameter name, answering 404 when there is none.
func (s *Server) findItem(c *Ctx, param string) (*InventoryItem, bool) {
	return find(c, c.Account.Items, param)
}

func (s *Server) getItem(c *Ctx) {
	if it, ok := s.findItem(c, "id"); ok {
		c.OK(presentInvItem(it))
	}
}

// ---- items: writing

func (s *Server) createItem(c *Ctx) {
	a := c.Account
	var p InventoryItemParams
	if _, ok := decodeParams(c, &p); !ok {
		return
	}
	vatRate := "standard"
	if a.Info.VatMode == NonVatPayer {
		vatRate = "zero"
	}
	it := &InventoryItem{
		ArticleNumberType: "ian",
		VatRate:           vatRate,
		SupplyType:        "goods",
		SuggestFor:        "both",
		CreatedAt:         DateTime{Time: c.Now},
		UpdatedAt:         DateTime{Time: c.Now},
	}
	errs := Errors{}
	applyInvItemParams(it, p)
	sentInto(&it.Quantity, p.Quantity)
	it.RetailPrices = a.applyRetailPrices(nil, p.RetailPrices, c, errs)
	a.validateInvItem(it, 0, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	if !it.TrackQuantity {
		it.Quantity = Decimal{}
	}
	it.ID = a.Items.nextID()
	refreshLowQuantity(it, c.Now)
	a.refreshAveragePrice(it)
	a.Items.put(it.ID, it)
	a.AddEvent(c.Now, "inventory_item_created", fmt.Sprintf("Inventory item %s was created", it.Name), c.User, nil)
	c.Created(c.AccountURL("inventory_items/%d.json", it.ID), presentInvItem(it))
}

func (s *Server) updateItem(c *Ctx) {
	a := c.Account
	cur, ok := s.findItem(c, "id")
	if !ok {
		return
	}
	var p InventoryItemParams
	body, ok := decodeParams(c, &p)
	if !ok {
		return
	}
	it := *cur
	it.RetailPrices = append([]RetailPrice(nil), cur.RetailPrices...)
	errs := Errors{}
	applyInvItemParams(&it, p)
	switch {
	case !cur.TrackQuantity && it.TrackQuantity:
		// Switching tracking on: the starting quantity is required, as on creation.
		sentInto(&it.Quantity, p.Quantity)
	case Present(body)["quantity"]:
		errs.Add("quantity", MsgCannotChange)
	}
	if !it.TrackQuantity {
		it.Quantity = Decimal{}
	}
	it.RetailPrices = a.applyRetailPrices(it.RetailPrices, p.RetailPrices, c, errs)
	a.validateInvItem(&it, it.ID, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	it.UpdatedAt = DateTime{Time: c.Now}
	refreshLowQuantity(&it, c.Now)
	*cur = it
	a.refreshAveragePrice(cur)
	a.AddEvent(c.Now, "inventory_item_updated", fmt.Sprintf("Inventory item %s was updated", cur.Name), c.User, nil)
	c.OK(presentInvItem(cur))
}

func (s *Server) deleteItem(c *Ctx) {
	a := c.Account
	it, ok := s.findItem(c, "id")
	if !ok {
		return
	}
	if a.itemHasMoves(it.ID) {
		c.Invalid(Errors{"inventory_item": {msgItemHasMoves}})
		return
	}
	a.Items.del(it.ID)
	a.AddEvent(c.Now, "inventory_item_removed", fmt.Sprintf("Inventory item %s was removed", it.Name), c.User, nil)
	c.NoContent()
}

func (s *Server) archiveItem(c *Ctx) {
	a := c.Account
	it, ok := s.findItem(c, "id")
	if !ok {
		return
	}
	if !a.itemHasMoves(it.ID) {
		c.RefuseFields(Errors{"inventory_item": {msgItemNoMoves}})
		return
	}
	setArchived(c, it, true)
}

func (s *Server) unarchiveItem(c *Ctx) {
	if it, ok := s.findItem(c, "id"); ok {
		setArchived(c, it, false)
	}
}

// setArchived archives or unarchives an item (nothing changes when it already
// is) and answers it.
func setArchived(c *Ctx, it *InventoryItem, archived bool) {
	if it.Archived != archived {
		it.Archived = archived
		it.UpdatedAt = DateTime{Time: c.Now}
		word := "unarchived"
		if archived {
			word = "archived"
		}
		c.Account.AddEvent(c.Now, "inventory_item_"+word, fmt.Sprintf("Inventory item %s was %s", it.Name, word), c.User, nil)
	}
	c.OK(presentInvItem(it))
}

func (a *Account) itemHasMoves(id int64) bool {
	for _, m := range a.Moves.byID {
		if m.InventoryItemID == id {
			return true
		}
	}
	return false
}

// applyItemParams copies the sent attributes onto it (quantity and retail prices
// are the callers' business).
func applyInvItemParams(it *InventoryItem, p InventoryItemParams) {
	sentInto(&it.Name, p.Name)
	sentInto(&it.SKU, p.SKU)
	sentInto(&it.ArticleNumberType, p.ArticleNumberType)
	sentText(&it.ArticleNumber, p.ArticleNumber)
	sentText(&it.UnitName, p.UnitName)
	sentInto(&it.VatRate, p.VatRate)
	sentInto(&it.SupplyType, p.SupplyType)
	sentText(&it.PrivateNote, p.PrivateNote)
	sentInto(&it.SuggestFor, p.SuggestFor)
	sentInto(&it.TrackQuantity, p.TrackQuantity)
	sentInto(&it.AllowBelowZero, p.AllowBelowZero)
	sentInto(&it.MinQuantity, p.MinQuantity)
	sentInto(&it.MaxQuantity, p.MaxQuantity)
	sentInto(&it.NativePurchasePrice, p.NativePurchasePrice)
	sentInto(&it.NativeRetailPrice, p.NativeRetailPrice)
	if p.LowQuantityDate != nil {
		it.LowQuantityDate = DateOf(p.LowQuantityDate.Time)
	}
}

// sentInto copies a sent (non-nil) attribute onto the record.
// sentText is sentInto for a text field the service writes as null when unset.
func sentText(dst *Text, v *string) {
	if v != nil {
		*dst = Text(*v)
	}
}

func sentInto[T any](dst *T, v *T) {
	if v != nil {
		*dst = *v
	}
}

// validateItem checks the merged item; self is its own id (0 when new) for the
// SKU's uniqueness.
func (a *Account) validateInvItem(it *InventoryItem, self int64, errs Errors) {
	switch name := strings.TrimSpace(it.Name); {
	case name == "":
		addNameBlank(errs)
	case utf8.RuneCountInString(name) < 2:
		errs.Add("name", MsgTooShort2)
	}
	if strings.TrimSpace(it.SKU) == "" {
		errs.Add("sku", MsgBlank)
	} else {
		for _, other := range a.Items.byID {
			if other.ID != self && other.SKU == it.SKU {
				errs.Add("sku", MsgTaken)
				break
			}
		}
	}
	requireInList(errs, "article_number_type", it.ArticleNumberType, articleNumberTypes)
	requireInList(errs, "vat_rate", it.VatRate, itemVatRates)
	requireInList(errs, "supply_type", it.SupplyType, supplyTypes)
	requireInList(errs, "suggest_for", it.SuggestFor, suggestFors)
	if it.TrackQuantity {
		if !it.Quantity.IsSet() {
			errs.Add("quantity", MsgBlank)
		}
		if !it.NativePurchasePrice.IsSet() {
			errs.Add("native_purchase_price", MsgBlank)
		}
	}
	if !it.NativeRetailPrice.IsSet() {
		errs.Add("native_retail_price", MsgBlank)
	}
}

func requireInList(errs Errors, field, v string, list []string) {
	for _, ok := range list {
		if v == ok {
			return
		}
	}
	errs.Add(field, MsgNotInList)
}

// applyRetailPrices edits an item's per-currency prices by the nested-collection
// rules (id edits, no id adds, _destroy deletes): amount and currency are
// required, one price per currency, at most five currencies.
func (a *Account) applyRetailPrices(existing []RetailPrice, params []RetailPriceParams, c *Ctx, errs Errors) []RetailPrice {
	out := existing
	now := DateTime{Time: c.Now}
	find := func(id int64) int {
		for i := range out {
			if out[i].ID == id {
				return i
			}
		}
		return -1
	}
	for _, p := range params {
		var rp RetailPrice
		i := -1
		if p.ID != nil {
			if i = find(*p.ID); i < 0 {
				errs.Add("retail_prices.id", MsgInvalid)
				continue
			}
			if p.Destroy {
				out = append(out[:i:i], out[i+1:]...)
				continue
			}
			rp = out[i]
		} else if p.Destroy {
			continue
		}
		sentInto(&rp.Amount, p.Amount)
		if p.Currency != nil {
			rp.Currency = strings.ToUpper(strings.TrimSpace(*p.Currency))
		}
		if !rp.Amount.IsSet() {
			errs.Add("retail_prices.amount", MsgBlank)
		}
		switch {
		case rp.Currency == "":
			errs.Add("retail_prices.currency", MsgBlank)
		case !currencyCodeOK(rp.Currency):
			errs.Add("retail_prices.currency", MsgInvalid)
		}
		rp.UpdatedAt = now
		if i >= 0 {
			out[i] = rp
			continue
		}
		rp.ID = a.NewPriceID()
		rp.CreatedAt = now
		out = append(out, rp)
	}
	seen := map[string]bool{}
	for _, rp := range out {
		if rp.Currency != "" && seen[rp.Currency] {
			errs.Add("retail_prices.currency", MsgTaken)
			break
		}
		seen[rp.Currency] = true
	}
	if len(out) > MaxRetailPrices {
		errs.Add("retail_prices", msgTooManyCurrencies)
	}
	if out == nil {
		out = []RetailPrice{}
	}
	return out
}

// validCurrency accepts a three-letter code.
func currencyCodeOK(code string) bool {
	if len(code) != 3 {
		return false
	}
	for i := 0; i < 3; i++ {
		if code[i] < 'A' || code[i] > 'Z' {
			return false
		}
	}
	return true
}
