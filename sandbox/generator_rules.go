package sandbox

import (
	"bytes"
	"encoding/json"
	"strings"
	"time"
	"unicode/utf8"
)

// The rules plain and recurring generators share: the account's defaults, the
// fields a body may set and their checks, and the computed prices.

// newGenerator is a generator with the account's defaults ("default inherited").
func (a *Account) newGenerator(now time.Time) Generator {
	due := a.Info.Due
	pay := "bank"
	if a.Info.InvoicePaymentMethod != nil && *a.Info.InvoicePaymentMethod != "" {
		pay = *a.Info.InvoicePaymentMethod
	}
	lang := a.Info.InvoiceLanguage
	if lang == "" {
		lang = "cz"
	}
	g := Generator{
		Due:            &due,
		IBANVisibility: "automatically",
		Tags:           []string{},
		Currency:       a.Info.Currency,
		PaymentMethod:  pay,
		Language:       lang,
		OSS:            "disabled",
		Lines:          []Line{},
		CreatedAt:      DateTime{Time: now},
		UpdatedAt:      DateTime{Time: now},
	}
	for _, b := range a.BankAccounts {
		if b.Default || g.BankAccountID == nil {
			id := b.ID
			g.BankAccountID = &id
		}
	}
	for _, nf := range a.NumberFormats {
		if nf.Default || g.NumberFormatID == nil {
			id := nf.ID
			g.NumberFormatID = &id
		}
	}
	return g
}

// applyGeneratorParams copies the sent attributes onto g, edits its lines and
// checks the result; it returns the round_total sent (false when not sent).
func (a *Account) applyGeneratorParams(g *Generator, p GeneratorParams, body []byte, errs Errors) bool {
	nulls := genNullKeys(body)
	genCopyParams(g, p, nulls)
	a.inheritNulls(g, nulls)
	a.validateGenerator(g, errs)
	g.Lines = applyLinesInto(a, g.Lines, p.Lines, a.genLineItem, errs)
	return p.RoundTotal != nil && *p.RoundTotal
}

// genCopyParams copies the sent fields onto g; a null sent for some of them
// means "back to the default".
func genCopyParams(g *Generator, p GeneratorParams, nulls map[string]bool) {
	sentText(&g.CustomID, p.CustomID)
	sentInto(&g.Name, p.Name)
	sentInto(&g.Proforma, p.Proforma)
	sentInto(&g.Paypal, p.Paypal)
	sentInto(&g.Gopay, p.Gopay)
	sentInto(&g.TaxDateAtEndOfLastMonth, p.TaxDateAtEndOfLastMonth)
	if p.Due != nil {
		g.Due = p.Due
	}
	sentInto(&g.SubjectID, p.SubjectID)
	if p.NumberFormatID != nil {
		g.NumberFormatID = p.NumberFormatID
	}
	sentText(&g.Note, p.Note)
	sentText(&g.FooterNote, p.FooterNote)
	if p.BankAccountID != nil {
		g.BankAccountID = p.BankAccountID
	}
	sentInto(&g.IBANVisibility, p.IBANVisibility)
	if p.Tags != nil {
		g.Tags = append([]string{}, (*p.Tags)...)
	}
	sentText(&g.OrderNumber, p.OrderNumber)
	if p.Currency != nil {
		g.Currency = strings.ToUpper(strings.TrimSpace(*p.Currency))
	}
	sentInto(&g.ExchangeRate, p.ExchangeRate)
	sentInto(&g.PaymentMethod, p.PaymentMethod)
	sentInto(&g.CustomPaymentMethod, p.CustomPaymentMethod)
	sentInto(&g.Language, p.Language)
	sentInto(&g.VatPriceMode, p.VatPriceMode)
	sentInto(&g.TransferredTaxLiability, p.TransferredTaxLiability)
	if p.SupplyCode != nil {
		g.SupplyCode = p.SupplyCode
	}
	sentInto(&g.OSS, p.OSS)
	if nulls["vat_price_mode"] {
		g.VatPriceMode = ""
	}
	if nulls["custom_payment_method"] {
		g.CustomPaymentMethod = ""
	}
	if nulls["exchange_rate"] {
		g.ExchangeRate = Decimal{}
	}
	if nulls["supply_code"] {
		g.SupplyCode = nil
	}
}

// inheritNulls puts back the account's setting where null was sent for a
// field whose default is inherited (api-v3.md: "default inherited"), as a
// new generator takes it.
func (a *Account) inheritNulls(g *Generator, nulls map[string]bool) {
	def := a.newGenerator(time.Time{})
	if nulls["due"] {
		g.Due = def.Due
	}
	if nulls["number_format_id"] {
		g.NumberFormatID = def.NumberFormatID
	}
	if nulls["bank_account_id"] {
		g.BankAccountID = def.BankAccountID
	}
	if nulls["payment_method"] {
		g.PaymentMethod = def.PaymentMethod
	}
	if nulls["language"] {
		g.Language = def.Language
	}
	if nulls["currency"] {
		g.Currency = def.Currency
	}
}

// validateGenerator checks the merged generator.
func (a *Account) validateGenerator(g *Generator, errs Errors) {
	if strings.TrimSpace(g.Name) == "" {
		errs.Add("name", MsgBlank)
	}
	switch _, found := a.Subjects.Get(g.SubjectID); {
	case g.SubjectID == 0:
		errs.Add("subject_id", MsgBlank)
	case !found:
		errs.Add("subject_id", MsgInvalid)
	}
	if g.NumberFormatID != nil && !a.hasNumberFormat(*g.NumberFormatID) {
		errs.Add("number_format_id", MsgInvalid)
	}
	if g.BankAccountID != nil && !a.hasBankAccount(*g.BankAccountID) {
		errs.Add("bank_account_id", MsgInvalid)
	}
	requireInList(errs, "iban_visibility", g.IBANVisibility, ibanVisibilities)
	requireInList(errs, "payment_method", g.PaymentMethod, paymentMethods)
	requireInList(errs, "language", g.Language, documentLanguages)
	requireInList(errs, "oss", g.OSS, ossModes)
	if g.VatPriceMode != "" {
		requireInList(errs, "vat_price_mode", g.VatPriceMode, vatPriceModes)
	}
	if !currencyCodeOK(g.Currency) {
		errs.Add("currency", MsgInvalid)
	}
	if g.ExchangeRate.IsSet() && !g.ExchangeRate.Dec().IsPositive() {
		errs.Add("exchange_rate", msgInvPositive)
	}
	if g.Due != nil && *g.Due < 0 {
		errs.Add("due", "must be greater than or equal to 0")
	}
	if g.PaymentMethod == "custom" {
		if utf8.RuneCountInString(g.CustomPaymentMethod) > genMaxCustomPayMethod {
			errs.Add("custom_payment_method", msgGenTooLong20)
		}
	} else {
		g.CustomPaymentMethod = "" // used only with the custom method
	}
}

// lineItem finds the inventory item a line links, by SKU or by id.
func (a *Account) genLineItem(id int64, sku string) (*InventoryItem, bool) {
	if sku != "" {
		for _, it := range a.Items.byID {
			if it.SKU == sku {
				return it, true
			}
		}
		return nil, false
	}
	return a.Items.Get(id)
}

func (a *Account) hasNumberFormat(id int64) bool {
	for _, nf := range a.NumberFormats {
		if nf.ID == id {
			return true
		}
	}
	return false
}

func (a *Account) hasBankAccount(id int64) bool {
	for _, b := range a.BankAccounts {
		if b.ID == id {
			return true
		}
	}
	return false
}

// generatorPriceMode is how g's unit prices are read: its own vat_price_mode,
// else the account's.
func (a *Account) generatorPriceMode(g *Generator) PriceMode {
	mode := g.VatPriceMode
	if mode == "" {
		switch a.Info.VatPriceMode {
		case "with_vat", "numerical_with_vat", "from_total_with_vat":
			mode = "from_total_with_vat"
		default:
			mode = "without_vat"
		}
	}
	pm := PriceMode{
		VatPriceMode:  mode,
		ReverseCharge: g.TransferredTaxLiability,
		NonVatPayer:   a.Info.VatMode == NonVatPayer,
	}
	if g.Currency != a.Info.Currency {
		// A rate only converts a foreign currency; in the account's own it is 1.
		pm.ExchangeRate = g.ExchangeRate.Dec()
	}
	return pm
}

// computeGenerator fills the derived line prices and the totals. A foreign
// currency without an exchange rate has no native amounts yet (null).
func (a *Account) computeGenerator(g *Generator, roundTotal bool) {
	m := a.generatorPriceMode(g)
	for i := range g.Lines {
		ComputeLine(&g.Lines[i], m)
	}
	t := ComputeTotals(g.Lines, m, g.Currency, a.Info.Currency, roundTotal)
	g.Subtotal, g.Total, g.RoundingAdjustment = t.Subtotal, t.Total, t.RoundingAdjustment
	g.NativeSubtotal, g.NativeTotal = t.NativeSubtotal, t.NativeTotal
	if g.Currency != a.Info.Currency && !g.ExchangeRate.IsSet() {
		g.NativeSubtotal, g.NativeTotal = Decimal{}, Decimal{}
		for i := range g.Lines {
			g.Lines[i].NativeTotalPriceWithoutVat, g.Lines[i].NativeTotalVat = Decimal{}, Decimal{}
		}
	}
}

// genNullKeys lists the top-level keys a body sent as JSON null.
func genNullKeys(body []byte) map[string]bool {
	var raw map[string]json.RawMessage
	_ = json.Unmarshal(body, &raw)
	out := map[string]bool{}
	for k, v := range raw {
		if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			out[k] = true
		}
	}
	return out
}
