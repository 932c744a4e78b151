package editor

import (
	"context"
	"fmt"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/views/nav"
)

func invoiceKind() kind {
	return kind{noun: "invoice", title: "Invoice", nav: nav.Invoice, subjectLabel: "Client", role: "customer",
		defs: invoiceDefs, get: getInvoice, save: saveInvoice, find: findInvoice}
}

// invoiceDefs are the template's fields that apply to an invoice, and its
// dates.
func invoiceDefs(e env) []def {
	d := []def{
		{key: "document_type", label: "Document type", typ: tChoice, options: opts("invoice", "invoice", "proforma", "proforma")},
		{key: "number_format_id", label: "Number format", typ: tChoice, ids: true, options: formatOptions(e)},
		{key: "issued_on", label: "Issued on", typ: tDate, help: "empty: today"},
		{key: "taxable_fulfillment_due", label: "Taxable supply", typ: tDate},
		{key: "due", label: "Due in days", typ: tInt, help: "empty: inherit the account's setting"},
		{key: "order_number", label: "Order number"},
		{key: "note", label: "Text before lines", typ: tArea},
		{key: "footer_note", label: "Footer", typ: tArea},
		{key: "private_note", label: "Private note", typ: tArea},
		{key: "bank_account_id", label: "Bank account", typ: tChoice, ids: true, options: bankOptions(e)},
		{key: "iban_visibility", label: "IBAN shown", typ: tChoice, options: opts("automatically", "automatically", "always", "always")},
		{key: "tags", label: "Tags", typ: tTags},
	}
	d = append(d, currencyDefs(e, inherit(priceModes()))...)
	d = append(d, paymentDefs(inherit(paymentMethods()))...)
	d = append(d, def{key: "language", label: "Language", typ: tChoice, options: inherit(languages())})
	d = append(d, reverseDefs(tText)...)
	return append(d,
		def{key: "oss", label: "OSS", typ: tChoice, options: opts("disabled", "disabled", "service", "service", "goods", "goods")},
		def{key: "round_total", label: "Round the total", typ: tBool},
		def{key: "paypal", label: "PayPal button", typ: tBool},
		def{key: "gopay", label: "GoPay button", typ: tBool},
		def{key: "custom_id", label: "Custom id"},
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
	return saved{id: i.ID, label: "Invoice " + i.Number, rec: i}
}

func saveInvoice(ctx context.Context, c *apiclient.Client, id int64, b map[string]any) (saved, error) {
	i, err := saveWith(ctx, id, b, c.Invoices.Create, c.Invoices.Update)
	if err != nil {
		return saved{}, err
	}
	return invoiceSaved(i), nil
}

func findInvoice(ctx context.Context, c *apiclient.Client, b map[string]any, sentAt time.Time) (saved, bool, error) {
	i, ok, err := findIn(c.Invoices.ListAll(ctx, apiclient.DocumentListOptions{DateFilter: since(sentAt), SubjectID: subjectOf(b)}),
		func(i *apiclient.Invoice) bool { return sameLines(b, i.Lines) })
	if !ok {
		return saved{}, false, err
	}
	return invoiceSaved(i), true, nil
}
