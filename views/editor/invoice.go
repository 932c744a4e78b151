package editor

import (
	"context"
	"fmt"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/views/nav"
)

func invoiceKind() kind {
	return kind{noun: locale.Key("invoice"), plural: locale.Key("invoices"), title: locale.Key("Invoice"), newTitle: locale.Key("New invoice"), nav: nav.Invoice, subjectLabel: locale.Key("Client"), role: "customer",
		defs: invoiceDefs, get: getInvoice, save: saveInvoice}
}

// invoiceDefs are the template's fields that apply to an invoice, and its
// dates.
func invoiceDefs(e env) []def {
	d := []def{
		{key: "document_type", Label: "Document type", typ: tChoice, options: opts("invoice", locale.Key("invoice"), "proforma", locale.Key("proforma"))},
		{key: "number_format_id", Label: "Number format", typ: tChoice, ids: true, options: formatOptions(e)},
		{key: "issued_on", Label: "Issued on", typ: tDate, help: locale.Key("empty: today")},
		{key: "taxable_fulfillment_due", Label: "Taxable supply", typ: tDate},
		{key: "due", Label: "Due in days", typ: tInt, help: locale.Key("empty: inherit the account's setting")},
		{key: "order_number", Label: "Order number"},
		{key: "note", Label: "Text before lines", typ: tArea},
		{key: "footer_note", Label: "Footer", typ: tArea},
		{key: "private_note", Label: "Private note", typ: tArea},
		{key: "bank_account_id", Label: "Bank account", typ: tChoice, ids: true, options: bankOptions(e)},
		{key: "iban_visibility", Label: "IBAN shown", typ: tChoice, options: opts("automatically", locale.Key("automatically"), "always", locale.Key("always"))},
		{key: "tags", Label: "Tags", typ: tTags},
	}
	d = append(d, currencyDefs(e, inherit(priceModes()))...)
	d = append(d, paymentDefs(inherit(paymentMethods()))...)
	d = append(d, def{key: "language", Label: "Language", typ: tChoice, options: inherit(languages())})
	d = append(d, reverseDefs(tText)...)
	return append(d,
		def{key: "oss", Label: "OSS", typ: tChoice, options: opts("disabled", locale.Key("disabled"), "service", locale.Key("service"), "goods", locale.Key("goods"))},
		def{key: "round_total", Label: "Round the total", typ: tBool},
		def{key: "paypal", Label: "PayPal button", typ: tBool},
		def{key: "gopay", Label: "GoPay button", typ: tBool},
		def{key: "custom_id", Label: "Custom id"},
	)
}

func getInvoice(ctx context.Context, c *apiclient.Client, id int64) (loaded, error) {
	i, _, err := c.Invoices.Get(ctx, id)
	if err != nil {
		return loaded{}, fmt.Errorf("read invoice %d: %w", id, err)
	}
	return loaded{rec: i, lines: i.Lines, subjectID: i.SubjectID, subjectName: i.ClientName}, nil
}

func invoiceSaved(i *apiclient.Invoice) saved {
	return saved{id: i.ID, name: i.Number, rec: i}
}

func saveInvoice(ctx context.Context, c *apiclient.Client, id int64, b map[string]any) (saved, error) {
	i, err := saveWith(ctx, id, b, c.Invoices.Create, c.Invoices.Update)
	if err != nil {
		return saved{}, err
	}
	return invoiceSaved(i), nil
}
