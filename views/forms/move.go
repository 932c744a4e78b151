package forms

import (
	"context"
	"fmt"
	"strings"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/nav"
)

// NewMoveForm is the inventory move form for id "item:3" (a new move) or
// "move:3:45" (edit move 45 of item 3).
func NewMoveForm(fd Deps, id ui.PageID) (ui.Page, error) {
	var itemID, moveID int64
	if ids, ok := parseID(id.ID, "item", 1); ok {
		itemID = ids[0]
	} else if ids, ok := parseID(id.ID, "move", 2); ok {
		itemID, moveID = ids[0], ids[1]
	} else {
		return nil, fmt.Errorf("move form: %q is not item:ID or move:ITEM:ID", id.ID)
	}
	title := fd.L.T("New inventory move")
	if moveID > 0 {
		title = fd.L.Tf("Inventory move %d", moveID)
	}
	return fd.host(id, title, func(ctx context.Context, c *apiclient.Client) (*form.Spec, error) {
		item, _, err := c.InventoryItems.Get(ctx, itemID)
		if err != nil {
			return nil, fmt.Errorf("read inventory item %d: %w", itemID, err)
		}
		acct, _, err := c.Account.Get(ctx)
		if err != nil {
			return nil, fmt.Errorf("read account settings: %w", err)
		}
		var mv *apiclient.InventoryMove
		if moveID > 0 {
			if mv, _, err = c.InventoryMoves.Get(ctx, itemID, moveID); err != nil {
				return nil, fmt.Errorf("read inventory move %d: %w", moveID, err)
			}
		}
		return moveSpec(fd, item, mv, acct.Currency), nil
	}), nil
}

// signed is a move's effect on the item's quantity.
func signed(direction string, q decimal.Decimal) decimal.Decimal {
	if direction == apiclient.MoveOut {
		return q.Neg()
	}
	return q
}

func moveSpec(fd Deps, item *apiclient.InventoryItem, mv *apiclient.InventoryMove, currency string) *form.Spec {
	unit, l := item.UnitName.String(), fd.L
	// base is the quantity without this move (for an edit, its old effect is
	// taken back), so the preview shows the quantity after the change.
	base := item.Quantity.Dec()
	initial := moveValues(fd, item, mv, currency)
	if mv != nil {
		base = base.Sub(signed(mv.Direction, mv.QuantityChange.Dec()))
	}
	after := func(v form.Values) (decimal.Decimal, bool) {
		q, err := parseDec(v["quantity_change"])
		if err != nil || !item.TrackQuantity {
			return decimal.Zero, false
		}
		return base.Add(signed(v["direction"], q)), true
	}
	qty := form.Field{Key: "quantity_change", Label: "Quantity", Width: 12, Validate: checkPositive, Input: form.InputAmount,
		Hint: func(v form.Values) string {
			if !item.TrackQuantity {
				return l.T("the item does not track quantity")
			}
			a, ok := after(v)
			if !ok {
				return ""
			}
			return l.Tf("Quantity after: %s -> %s", l.Quantity(item.Quantity.Dec(), ""), l.Quantity(a, unit))
		},
		Warn: func(_ string, v form.Values) string {
			if a, ok := after(v); ok && a.IsNegative() && !item.AllowBelowZero {
				return locale.Key("below zero — the item does not allow it")
			}
			return ""
		}}
	dir := form.Field{Key: "direction", Label: "Direction", Kind: form.FieldChoice,
		Options: []form.Option{{Value: apiclient.MoveIn, Label: locale.Key("in (stock received)")}, {Value: apiclient.MoveOut, Label: locale.Key("out (stock issued)")}}}
	if mv != nil {
		dir.Kind = form.FieldInfo
		dir.Note = l.T("The direction of a move cannot be changed")
		initial["direction"] = mv.Direction
	}
	fields := []form.Field{
		dir,
		{Key: "moved_on", Label: "Date", Placeholder: fd.L.DateHint(), CharLimit: 12, Validate: checkDate, Input: form.InputDate},
		qty,
		{Key: "purchase_price", Label: "Purchase price / unit", Validate: checkPrice, Input: form.InputAmount},
		{Key: "purchase_currency", Label: "Purchase currency", CharLimit: 3, Width: 4, Validate: checkCurrencyCode},
		{Key: "retail_price", Label: "Retail price / unit", Validate: optional(checkPrice), Input: form.InputAmount},
		{Key: "retail_currency", Label: "Retail currency", CharLimit: 3, Width: 4, Validate: optional(checkCurrencyCode)},
		{Key: "private_note", Label: "Note", Width: 40},
	}
	spec := &form.Spec{
		Title:   l.Tf("New move of %s", item.Name),
		Noun:    "move",
		Intro:   []string{l.Tf("%s · SKU %s · in stock %s", item.Name, item.SKU, l.Quantity(item.Quantity.Dec(), unit))},
		Fields:  fields,
		Initial: initial,
	}
	if mv != nil {
		spec.Title = l.Tf("Move %d of %s", mv.ID, item.Name)
		if mv.Document != nil {
			spec.ReadOnly = l.Tf("This move belongs to %s %d and can only be changed there", l.T(mv.Document.Type), mv.Document.ID)
			return spec
		}
		orig := initial
		spec.Submit = func(v form.Values) form.Task { return submitMoveEdit(fd, item.ID, mv.ID, orig, v) }
		return spec
	}
	spec.Submit = func(v form.Values) form.Task { return submitMove(fd, item.ID, v) }
	return spec
}

// moveValues are the form's first values: a new move's defaults, or the
// move edited.
func moveValues(fd Deps, item *apiclient.InventoryItem, mv *apiclient.InventoryMove, currency string) form.Values {
	if mv != nil {
		return form.Values{
			"direction": mv.Direction, "moved_on": mv.MovedOn.String(), "quantity_change": mv.QuantityChange.String(),
			"purchase_price": mv.PurchasePrice.String(), "purchase_currency": mv.PurchaseCurrency.String(),
			"retail_price": mv.RetailPrice.String(), "retail_currency": mv.RetailCurrency, "private_note": mv.PrivateNote.String(),
		}
	}
	initial := form.Values{
		"direction": apiclient.MoveIn, "moved_on": fd.today(), "quantity_change": "",
		"purchase_price": "", "purchase_currency": currency, "retail_price": "", "retail_currency": currency, "private_note": "",
	}
	if item.NativePurchasePrice.IsSet() {
		initial["purchase_price"] = item.NativePurchasePrice.String()
	}
	return initial
}

// moveParams builds the body from the values; only the keys in keep are sent
// (nil sends every one).
func moveParams(v form.Values, keep func(string) bool) (*apiclient.InventoryMoveParams, error) {
	if keep == nil {
		keep = func(string) bool { return true }
	}
	p := &apiclient.InventoryMoveParams{}
	dec := func(k string) (*apiclient.Decimal, error) {
		d, err := apiclient.NewDecimal(v[k])
		if err != nil {
			return nil, err
		}
		return &d, nil
	}
	var err error
	if keep("direction") {
		p.Direction = apiclient.Ptr(v["direction"])
	}
	if keep("moved_on") {
		d, err := apiclient.ParseDate(v["moved_on"])
		if err != nil {
			return nil, err
		}
		p.MovedOn = &d
	}
	if keep("quantity_change") {
		if p.QuantityChange, err = dec("quantity_change"); err != nil {
			return nil, err
		}
	}
	if keep("purchase_price") {
		if p.PurchasePrice, err = dec("purchase_price"); err != nil {
			return nil, err
		}
	}
	if keep("purchase_currency") && v["purchase_currency"] != "" {
		p.PurchaseCurrency = apiclient.Ptr(v["purchase_currency"])
	}
	if keep("retail_price") && v["retail_price"] != "" {
		if p.RetailPrice, err = dec("retail_price"); err != nil {
			return nil, err
		}
	}
	if keep("retail_currency") && v["retail_currency"] != "" {
		p.RetailCurrency = apiclient.Ptr(v["retail_currency"])
	}
	if keep("private_note") {
		p.PrivateNote = apiclient.Ptr(v["private_note"])
	}
	return p, nil
}

func submitMove(fd Deps, itemID int64, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		p, err := moveParams(v, nil)
		if err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		mv, _, err := c.InventoryMoves.Create(ctx, itemID, p)
		if err == nil {
			text := fd.L.Tf("Move recorded: %s %s", fd.L.TC("direction", mv.Direction), fd.L.Quantity(mv.QuantityChange.Dec(), ""))
			return form.Result{Done: done(text, moveChanged(itemID, mv.ID, ui.ChangeCreated)...)}, nil
		}
		return fd.failure(err, "move", "recorded", nil), err
	})
}

// moveChanged is the news of a move: the move itself (for the moves lists,
// which have no detail page of a move and so go by nav.InventoryMoves) and
// its item, whose quantity it changed.
func moveChanged(itemID, moveID int64, op ui.ChangeOp) []ui.Changed {
	return []ui.Changed{{Kind: nav.InventoryMoves, ID: moveID, Op: op}, {Kind: nav.InventoryItem, ID: itemID}}
}

func submitMoveEdit(fd Deps, itemID, moveID int64, orig, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		p, err := moveParams(v, func(k string) bool { _, ok := v[k]; return ok && k != "direction" && v[k] != orig[k] })
		if err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		if *p == (apiclient.InventoryMoveParams{}) {
			return form.Result{Problem: fd.L.T("Nothing was changed.")}, errNoRequest
		}
		if _, _, err := c.InventoryMoves.Update(ctx, itemID, moveID, p); err != nil {
			return fd.failure(err, "move", "recorded", func(e *apiclient.ErrorResponse) string {
				if e.Code == apiclient.RefusalForbidden && strings.Contains(strings.ToLower(e.Description), "read-only") {
					return ""
				}
				return fd.L.T("This move belongs to a document and can only be changed there")
			}), err
		}
		return form.Result{Done: done(fd.L.Tf("Move %d was changed", moveID), moveChanged(itemID, moveID, ui.ChangeUpdated)...)}, nil
	})
}
