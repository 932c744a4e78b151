package forms

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// The choices of an inventory item (api-v3.md, Inventory item).
var (
	articleTypes = []form.Option{{Value: "ian", Label: "IAN"}, {Value: "ean", Label: "EAN"}, {Value: "isbn", Label: "ISBN"}}
	vatRates     = []form.Option{
		{Value: "standard", Label: "standard (21 %)"}, {Value: "reduced", Label: "reduced"},
		{Value: "reduced2", Label: "reduced2 (10 %)"}, {Value: "zero", Label: "zero (0 %)"},
	}
	supplyTypes = []form.Option{{Value: "goods", Label: "goods"}, {Value: "service", Label: "service"}}
	suggestFors = []form.Option{{Value: "both", Label: "invoices and expenses"}, {Value: "invoices", Label: "invoices"},
		{Value: "expenses", Label: "expenses"}}
)

// SupplyTypeLabel and SuggestForLabel are the item form's words for an
// item's supply type and where it is offered ("invoices and expenses" for
// both), for its page to say the same; "" for none. Catalog keys.
func SupplyTypeLabel(v string) string { return itemChoice(supplyTypes, v) }

// SuggestForLabel: see SupplyTypeLabel.
func SuggestForLabel(v string) string { return itemChoice(suggestFors, v) }

func itemChoice(opts []form.Option, v string) string {
	if v == "" {
		return ""
	}
	return form.OptionLabel(opts, v)
}

func priceKey(i int, part string) string { return fmt.Sprintf("price_%d_%s", i, part) }

// NewItemForm is the inventory item form for id "new" or an item's id.
func NewItemForm(fd Deps, id ui.PageID) (ui.Page, error) {
	return recordForm(fd, id, locale.Key("inventory item"), locale.Key("New inventory item"),
		func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.InventoryItem, error) {
			it, _, err := c.InventoryItems.Get(ctx, id)
			return it, err
		},
		func(ctx context.Context, c *apiclient.Client, it *apiclient.InventoryItem) *form.Spec {
			acct, _, _ := c.Account.Get(ctx) // only for the currency and unit shown
			return itemSpec(fd, it, acct)
		})
}

func itemValues(it *apiclient.InventoryItem) form.Values {
	v := form.Values{
		"name": it.Name, "sku": it.SKU, "article_number_type": it.ArticleNumberType, "article_number": it.ArticleNumber.String(),
		"unit_name": it.UnitName.String(), "track_quantity": form.BoolText(it.TrackQuantity), "quantity": it.Quantity.String(),
		"min_quantity": it.MinQuantity.String(), "max_quantity": it.MaxQuantity.String(),
		"allow_below_zero":      form.BoolText(it.AllowBelowZero),
		"native_purchase_price": it.NativePurchasePrice.String(), "native_retail_price": it.NativeRetailPrice.String(),
		"vat_rate": it.VatRate.String(), "supply_type": it.SupplyType, "suggest_for": it.SuggestFor, "private_note": it.PrivateNote.String(),
	}
	if v["article_number_type"] == "" {
		// The service leaves the type out while there is no article number.
		v["article_number_type"] = "ian"
	}
	for i := 1; i <= apiclient.MaxRetailPrices; i++ {
		v[priceKey(i, "currency")], v[priceKey(i, "amount")] = "", ""
		if i <= len(it.RetailPrices) {
			rp := it.RetailPrices[i-1]
			v[priceKey(i, "currency")], v[priceKey(i, "amount")] = rp.Currency, rp.Amount.String()
		}
	}
	return v
}

func itemSpec(fd Deps, it *apiclient.InventoryItem, acct *apiclient.Account) *form.Spec {
	editing, l := it != nil, fd.L
	currency, unit := "CZK", "ks"
	if acct != nil {
		currency, unit = acct.Currency, acct.UnitName
	}
	initial := itemValues(&apiclient.InventoryItem{ArticleNumberType: "ian", VatRate: apiclient.NullOf("standard"), SupplyType: "goods", SuggestFor: "both"})
	if acct != nil && acct.VatMode == apiclient.NonVatPayer {
		initial["vat_rate"] = "zero"
	}
	// ids of the retail prices by slot (0: a new one), for id and _destroy.
	var priceIDs [apiclient.MaxRetailPrices + 1]int64
	if editing {
		initial = itemValues(it)
		for i, rp := range it.RetailPrices {
			if i < apiclient.MaxRetailPrices {
				priceIDs[i+1] = rp.ID
			}
		}
	}
	tracked := func(v form.Values) bool { return v.Bool("track_quantity") }
	untracked := func(v form.Values) bool { return !tracked(v) }

	qty := form.Field{Key: "quantity", Label: "Quantity", Hidden: untracked,
		Validate: func(s string, v form.Values) error {
			if tracked(v) && strings.TrimSpace(s) == "" {
				return common.Sentence(locale.Key("Quantity can't be blank when the quantity is tracked"))
			}
			return optional(checkDecimal)(s, v)
		},
		Help: []string{locale.Key("The starting stock; afterwards it changes only through inventory moves.")}}
	defaultUnit(initial, editing, unit)
	if editing && it.TrackQuantity {
		qty = form.Field{Key: "quantity", Label: "Quantity", Kind: form.FieldInfo, Note: l.T("Read-only: the quantity changes only through inventory moves"), Hidden: untracked}
		initial["quantity"] = l.Quantity(it.Quantity.Dec(), it.UnitName.String())
	} else if editing {
		qty.Label = locale.Key("Starting quantity")
	}
	fields := []form.Field{
		{Key: "name", Label: "Name", Validate: checkName, CharLimit: 255},
		{Key: "sku", Label: "SKU", Validate: required(locale.Key("SKU can't be blank"), nil), CharLimit: 64,
			Help: []string{locale.Key("Your own unique code of the item.")}},
		{Key: "article_number_type", Label: "Article number type", Kind: form.FieldChoice, Options: articleTypes},
		{Key: "article_number", Label: "Article number"},
		{Key: "unit_name", Label: "Unit", CharLimit: 20, Help: []string{l.Tf("A new item starts with the account's unit (%s).", unit)}},
		{Key: "track_quantity", Label: "Track quantity", Kind: form.FieldBool},
		qty,
		{Key: "min_quantity", Label: "Minimum quantity", Hidden: untracked, Validate: optional(checkDecimal), Input: form.InputAmount,
			Help: []string{locale.Key("Below it the item is listed as low on stock.")}},
		{Key: "max_quantity", Label: "Maximum quantity", Hidden: untracked, Validate: optional(checkDecimal), Input: form.InputAmount},
		{Key: "allow_below_zero", Label: "Allow below zero", Kind: form.FieldBool, Hidden: untracked},
		{Key: "native_purchase_price", Label: l.Tf("Purchase price (%s)", currency), Input: form.InputAmount,
			Validate: func(s string, v form.Values) error {
				if tracked(v) && strings.TrimSpace(s) == "" {
					return common.Sentence(locale.Key("Purchase price can't be blank when the quantity is tracked"))
				}
				return optional(checkItemPrice)(s, v)
			}, Help: []string{locale.Key("Per unit, without VAT.")}},
		{Key: "native_retail_price", Label: l.Tf("Retail price (%s)", currency), Input: form.InputAmount, Validate: required(locale.Key("Retail price can't be blank"), checkItemPrice),
			Help: []string{locale.Key("Per unit, without VAT.")}},
		{Key: "vat_rate", Label: "VAT rate", Kind: form.FieldChoice, Options: vatRates},
		{Key: "supply_type", Label: "Supply type", Kind: form.FieldChoice, Options: supplyTypes},
		{Key: "suggest_for", Label: "Suggest on", Kind: form.FieldChoice, Options: suggestFors},
		{Key: "private_note", Label: "Private note", CharLimit: 2000},
	}
	fields = append(fields, priceFields(l)...)
	spec := &form.Spec{Title: "New inventory item", Noun: "inventory item", Fields: fields, Initial: initial,
		Intro: []string{l.T("Prices are per unit without VAT; up to 5 retail prices in other currencies.")}}
	if !editing {
		spec.Submit = func(v form.Values) form.Task { return submitItem(fd, v) }
		return spec
	}
	spec.Title = l.Tf("Edit inventory item %s", it.Name)
	spec.Intro = []string{l.Tf("Item %d · SKU %s · only the fields you change are sent", it.ID, it.SKU)}
	orig := initial
	spec.Submit = func(v form.Values) form.Task { return submitItemEdit(fd, it, orig, priceIDs, v) }
	return spec
}

func checkItemPrice(v string, all form.Values) error {
	if err := checkDecimal(v, all); err != nil {
		return err
	}
	if d, _ := apiclient.NewDecimal(v); d.Dec().IsNegative() {
		return errors.New(locale.Key("cannot be negative"))
	}
	return nil
}

// filled reports whether retail price slot i has anything typed.
func filled(v form.Values, i int) bool {
	return strings.TrimSpace(v[priceKey(i, "currency")]) != "" || strings.TrimSpace(v[priceKey(i, "amount")]) != ""
}

// priceFields are the five currency+amount slots; a slot shows once the one
// before it is used, so an item with one price shows two slots, not ten lines.
func priceFields(l locale.Locale) []form.Field {
	var out []form.Field
	for i := 1; i <= apiclient.MaxRetailPrices; i++ {
		hidden := func(v form.Values) bool { return i > 1 && !filled(v, i-1) && !filled(v, i) }
		cur := form.Field{Key: priceKey(i, "currency"), Label: l.Tf("Price %d currency", i), CharLimit: 3, Hidden: hidden,
			Validate: func(s string, v form.Values) error { return checkPriceCurrency(l, i, s, v) }}
		amt := form.Field{Key: priceKey(i, "amount"), Label: l.Tf("Price %d amount", i), Hidden: hidden, Input: form.InputAmount,
			Validate: func(s string, v form.Values) error {
				if strings.TrimSpace(s) == "" {
					if strings.TrimSpace(v[priceKey(i, "currency")]) != "" {
						return common.Sentence(locale.Key("Amount can't be blank for a currency"))
					}
					return nil
				}
				return checkItemPrice(s, v)
			}}
		if i == 1 {
			cur.Aliases = []string{"retail_prices", "retail_prices.currency", "retail_prices.id"}
			cur.Help = []string{locale.Key("Retail price in another currency, without VAT; empty both to remove it.")}
			amt.Aliases = []string{"retail_prices.amount"}
		}
		out = append(out, cur, amt)
	}
	return out
}

func checkPriceCurrency(l locale.Locale, i int, s string, v form.Values) error {
	s = strings.ToUpper(strings.TrimSpace(s))
	if s == "" {
		if strings.TrimSpace(v[priceKey(i, "amount")]) != "" {
			return common.Sentence(locale.Key("Currency can't be blank for an amount"))
		}
		return nil
	}
	if err := checkCurrency(s, v); err != nil {
		return err
	}
	for j := 1; j < i; j++ {
		if strings.ToUpper(strings.TrimSpace(v[priceKey(j, "currency")])) == s {
			return errors.New(l.Tf("%s already has a price (price %d): one price per currency", s, j))
		}
	}
	return nil
}

// decimalPtr is the value of key as a decimal; "" is null (cleared).
func decimalPtr(v form.Values, key string) (*apiclient.Decimal, error) {
	d, err := apiclient.NewDecimal(v[key])
	if err != nil {
		return nil, err
	}
	return &d, nil
}

// itemParams builds the body from the values; only the keys send accepts go
// in. Quantity and retail prices are the callers' business.
func itemParams(v form.Values, send func(string) bool) (*apiclient.InventoryItemParams, error) {
	p := &apiclient.InventoryItemParams{}
	str := func(k string) *string {
		val, ok := v[k]
		if !ok || !send(k) {
			return nil
		}
		val = strings.TrimSpace(val)
		return &val
	}
	boolean := func(k string) *bool {
		if val, ok := v[k]; ok && send(k) {
			return apiclient.Ptr(val == "true")
		}
		return nil
	}
	p.Name, p.SKU, p.ArticleNumberType, p.ArticleNumber = str("name"), str("sku"), str("article_number_type"), str("article_number")
	p.UnitName, p.VatRate, p.SupplyType = str("unit_name"), str("vat_rate"), str("supply_type")
	p.SuggestFor, p.PrivateNote = str("suggest_for"), str("private_note")
	p.TrackQuantity, p.AllowBelowZero = boolean("track_quantity"), boolean("allow_below_zero")
	for _, f := range []struct {
		key string
		dst **apiclient.Decimal
	}{{"min_quantity", &p.MinQuantity}, {"max_quantity", &p.MaxQuantity},
		{"native_purchase_price", &p.NativePurchasePrice}, {"native_retail_price", &p.NativeRetailPrice}} {
		if _, ok := v[f.key]; !ok || !send(f.key) {
			continue
		}
		d, err := decimalPtr(v, f.key)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", f.key, err)
		}
		*f.dst = d
	}
	return p, nil
}

// slot is one retail price as typed.
func slot(v form.Values, i int) (currency, amount string) {
	return strings.ToUpper(strings.TrimSpace(v[priceKey(i, "currency")])), strings.TrimSpace(v[priceKey(i, "amount")])
}

// retailPrices is the nested collection to send: on create every filled
// slot; on edit (ids given) a changed slot with its id, an emptied one with
// _destroy, a new one without id, and nothing for an untouched one.
func retailPrices(orig, v form.Values, ids [apiclient.MaxRetailPrices + 1]int64) ([]apiclient.RetailPriceParams, error) {
	var out []apiclient.RetailPriceParams
	for i := 1; i <= apiclient.MaxRetailPrices; i++ {
		cur, amt := slot(v, i)
		oc, oa := slot(orig, i)
		id := ids[i]
		switch {
		case id != 0 && cur == "" && amt == "":
			out = append(out, apiclient.RetailPriceParams{ID: apiclient.Ptr(id), Destroy: true})
		case cur == "" && amt == "":
		case id != 0 && cur == oc && amt == oa:
		default:
			d, err := apiclient.NewDecimal(amt)
			if err != nil {
				return nil, fmt.Errorf("retail price %d: %w", i, err)
			}
			rp := apiclient.RetailPriceParams{Amount: &d, Currency: apiclient.Ptr(cur)}
			if id != 0 {
				rp.ID = apiclient.Ptr(id)
			}
			out = append(out, rp)
		}
	}
	return out, nil
}

// itemChanged is the news of a saved item, with the service's answer.
func itemChanged(it *apiclient.InventoryItem, op ui.ChangeOp) ui.Changed {
	return ui.Changed{Kind: nav.InventoryItem, ID: it.ID, Op: op, Record: it}
}

func submitItem(fd Deps, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		p, err := itemParams(v, func(k string) bool {
			return strings.TrimSpace(v[k]) != "" || k == "track_quantity" || k == "allow_below_zero"
		})
		if err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		if v.Bool("track_quantity") {
			if p.Quantity, err = decimalPtr(v, "quantity"); err != nil {
				return form.Result{Problem: fd.L.Tf("Could not read the quantity: %v", err)}, err
			}
		}
		if p.RetailPrices, err = retailPrices(form.Values{}, v, [apiclient.MaxRetailPrices + 1]int64{}); err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		it, _, err := c.InventoryItems.Create(ctx, p)
		if err == nil {
			return form.Result{Done: done(fd.L.Tf("Item %s (SKU %s) was created", it.Name, it.SKU), itemChanged(it, ui.ChangeCreated))}, nil
		}
		return fd.failure(err, locale.Key("inventory item"), "saved", nil), err
	})
}

func submitItemEdit(fd Deps, it *apiclient.InventoryItem, orig form.Values, ids [apiclient.MaxRetailPrices + 1]int64, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		p, err := itemParams(v, func(k string) bool { return changedValue(orig, v, k) })
		if err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		// The quantity is sent only when tracking is switched on here: then the
		// service needs the starting quantity; otherwise it is read-only.
		if !it.TrackQuantity && v.Bool("track_quantity") {
			if p.Quantity, err = decimalPtr(v, "quantity"); err != nil {
				return form.Result{Problem: fd.L.Tf("Could not read the quantity: %v", err)}, err
			}
		}
		if p.RetailPrices, err = retailPrices(orig, v, ids); err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		if isEmptyItemParams(p) {
			return form.Result{Problem: fd.L.T("Nothing was changed.")}, errNoRequest
		}
		got, _, err := c.InventoryItems.Update(ctx, it.ID, p)
		if err != nil {
			return fd.failure(err, "change", "saved", nil), err
		}
		return form.Result{Done: done(fd.L.Tf("Item %s was saved", got.Name), itemChanged(got, ui.ChangeUpdated))}, nil
	})
}

// isEmptyItemParams reports whether p would send an empty body.
func isEmptyItemParams(p *apiclient.InventoryItemParams) bool {
	b, err := json.Marshal(p)
	return err == nil && string(b) == "{}"
}

// defaultUnit gives a new item the account's unit as a value: a grey
// placeholder read as one, and items were made with no unit (issue 15.6).
func defaultUnit(initial form.Values, editing bool, unit string) {
	if !editing && initial["unit_name"] == "" {
		initial["unit_name"] = unit
	}
}
