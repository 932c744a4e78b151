package sandbox

// Stock moves of document lines: an expense line linked to an inventory item
// moves stock in, an invoice line moves it out; an edit that touches such a
// line makes the document's moves again.

// itemLookup finds an inventory item by id, or else by SKU, for line links.
func itemLookup(a *Account) func(id int64, sku string) (*InventoryItem, bool) {
	return func(id int64, sku string) (*InventoryItem, bool) {
		if id != 0 {
			return a.Items.Get(id)
		}
		for _, it := range a.Items.byID {
			if sku != "" && it.SKU == sku {
				return it, true
			}
		}
		return nil, false
	}
}

// inventoryLinesTouched reports whether a body edits or deletes a line that
// carries an inventory move.
func inventoryLinesTouched(old []Line, params []LineParams) bool {
	for _, p := range params {
		if p.ID == nil {
			continue
		}
		for _, l := range old {
			if l.ID == *p.ID && l.Inventory != nil {
				return true
			}
		}
	}
	return false
}

func (s *Server) recordLineMoves(c *Ctx, lines []Line, direction, currency, docType string, docID int64) Errors {
	errs := Errors{}
	for i := range lines {
		l := &lines[i]
		if l.Inventory == nil || l.Inventory.MoveID != 0 {
			continue
		}
		mv, merrs := s.recordDocumentMove(c, l.Inventory.ItemID, direction, l.Quantity, l.UnitPriceWithoutVat, currency, MoveDocument{ID: docID, Type: docType, LineID: l.ID})
		for k, v := range merrs {
			errs[k] = append(errs[k], v...)
		}
		if mv != nil {
			l.Inventory.MoveID = mv.ID
		}
	}
	return errs
}

// copyLines copies lines deeply (the inventory link is a pointer), so that an
// edit that fails leaves the stored document as it was.
func copyLines(lines []Line) []Line {
	out := make([]Line, len(lines))
	copy(out, lines)
	for i := range out {
		if out[i].Inventory != nil {
			inv := *out[i].Inventory
			out[i].Inventory = &inv
		}
	}
	return out
}

// redoMoves records the stock moves of an edited document's lines. When the
// edit touches a line that already moved stock, the document's moves are all made
// again from the new lines. If a move is refused, the moves of the old lines are
// put back and the errors returned.
func (s *Server) redoMoves(c *Ctx, old, next []Line, params []LineParams, direction, oldCurrency, currency, docType string, docID int64) Errors {
	redo := inventoryLinesTouched(old, params)
	if redo {
		s.removeDocumentMoves(c, docType, docID)
		for i := range next {
			if next[i].Inventory != nil {
				next[i].Inventory.MoveID = 0
			}
		}
	}
	errs := s.recordLineMoves(c, next, direction, currency, docType, docID)
	if !errs.Any() {
		return errs
	}
	// Put the old lines' moves back (new ids) and leave the stored lines pointing at them.
	s.removeDocumentMoves(c, docType, docID)
	restored := copyLines(old)
	for i := range restored {
		if restored[i].Inventory != nil {
			restored[i].Inventory.MoveID = 0
		}
	}
	s.recordLineMoves(c, restored, direction, oldCurrency, docType, docID)
	copy(old, restored)
	return errs
}
