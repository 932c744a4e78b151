package common

import (
	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
)

// Codes put the values the service sends as codes in words: each code's
// catalog key. One table per field, shared by every page that shows it.
type Codes map[string]string

// The service's codes (api-v3.md), in words.
var (
	PriceModes = Codes{
		"with_vat":            locale.Key("prices with VAT"),
		"without_vat":         locale.Key("prices without VAT"),
		"numerical_with_vat":  locale.Key("prices with VAT (numerical)"),
		"from_total_with_vat": locale.Key("VAT computed from the total with VAT"),
	}
	VatModes = Codes{
		apiclient.VatPayer:         locale.Key("VAT payer"),
		apiclient.NonVatPayer:      locale.Key("not a VAT payer"),
		apiclient.IdentifiedPerson: locale.Key("identified person (VAT on some foreign supplies only)"),
	}
	PaymentMethods = Codes{
		"bank": locale.Key("bank transfer"), "cash": locale.Key("cash"), "cod": locale.Key("cash on delivery"),
		"card": locale.Key("card"), "paypal": "PayPal", "custom": locale.Key("custom"),
	}
	Languages = Codes{
		"cz": locale.Key("Czech"), "sk": locale.Key("Slovak"), "en": locale.Key("English"), "de": locale.Key("German"),
		"fr": locale.Key("French"), "it": locale.Key("Italian"), "es": locale.Key("Spanish"), "ru": locale.Key("Russian"),
		"pl": locale.Key("Polish"), "hu": locale.Key("Hungarian"), "ro": locale.Key("Romanian"),
	}
	OSSModes = Codes{
		"disabled": locale.Key("no OSS"), "service": locale.Key("OSS for services"), "goods": locale.Key("OSS for goods"),
	}
	IBANVisibility = Codes{"automatically": locale.Key("automatically"), "always": locale.Key("always")}
	// Settings is a subject's setting that follows the account or not.
	Settings = Codes{
		"inherit": locale.Key("inherit (account setting)"), "on": locale.Key("on"), "off": locale.Key("off"),
		"disabled": locale.Key("disabled"), "recent": locale.Key("recent"), "client_portal": locale.Key("client portal"),
	}
	SubjectTypes = Codes{
		apiclient.SubjectCustomer: locale.Key("customer"), apiclient.SubjectSupplier: locale.Key("supplier"),
		apiclient.SubjectBoth: locale.Key("both"),
	}
	EstimateTypes = Codes{"estimate": locale.Key("estimate"), "quote": locale.Key("quote")}
	// DocTypes are invoices' and expenses' document types ("regular"
	// is the invoice index's filter value for an invoice).
	DocTypes = Codes{
		"invoice": locale.Key("invoice"), "regular": locale.Key("invoice"), "proforma": locale.Key("proforma"),
		"partial_proforma": locale.Key("partial proforma"), "correction": locale.Key("correction"),
		"tax_document": locale.Key("tax document"), "final_invoice": locale.Key("final invoice"),
		"bill": locale.Key("bill (receipt)"), "other": locale.Key("other"),
	}
	// RecordTypes are the kinds of record a move or an object points at
	// ("Invoice", "Expense").
	RecordTypes = Codes{
		"Invoice": locale.Key("Invoice"), "Expense": locale.Key("Expense"), "Subject": locale.Key("Subject"),
		"Generator": locale.Key("Generator"), "RecurringGenerator": locale.Key("Recurring generator"),
		"Estimate": locale.Key("Estimate"), "InventoryItem": locale.Key("Inventory item"),
	}
	// LegalForms are the Czech register's codes of legal form (ČSÚ), the
	// ones a bookkeeper meets; another shows as its code.
	LegalForms = Codes{
		"100": locale.Key("entrepreneur (natural person)"),
		"101": locale.Key("sole trader under the Trade Act"),
		"105": locale.Key("self-employed under a special act"),
		"107": locale.Key("farmer (natural person)"),
		"111": locale.Key("general partnership (v.o.s.)"),
		"112": locale.Key("limited liability company (s.r.o.)"),
		"113": locale.Key("limited partnership (k.s.)"),
		"121": locale.Key("joint-stock company (a.s.)"),
		"205": locale.Key("cooperative"),
		"325": locale.Key("public institution"),
		"706": locale.Key("association (spolek)"),
		"736": locale.Key("branch of an association"),
		"801": locale.Key("municipality"),
		"931": locale.Key("foreign company's branch"),
	}
)

// Code is a code the service sent, in words in the locale: "bank" is
// "bank transfer" / "převodem"; one kasa does not know is the service's
// own word, quoted ("„reverse_x“"); "" stays "".
func (d *Deps) Code(c Codes, code string) string { return c.In(d.L, code) }

// In is code in words in l (Deps.Code, for what has no Deps: a form).
func (c Codes) In(l locale.Locale, code string) string {
	if code == "" {
		return ""
	}
	if key, ok := c[code]; ok {
		return l.T(key)
	}
	return Quoted(l, code)
}

// CodeOr is Code of a value the service may leave out (null), fallback
// then: a subject's setting that follows the account.
func (d *Deps) CodeOr(c Codes, code *string, fallback string) string {
	if code == nil || *code == "" {
		return d.Code(c, fallback)
	}
	return d.Code(c, *code)
}

// Quoted is a text of the service's that kasa cannot put in the user's
// language, marked as the service's: “Paid” / „Paid“.
func Quoted(l locale.Locale, text string) string {
	return l.Tf("“%s”", text)
}

// YesIf is "yes" for true and "" (left out) for false: for rare flags.
func (d *Deps) YesIf(b bool) string {
	if b {
		return d.L.T("yes")
	}
	return ""
}
