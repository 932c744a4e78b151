package editor

import (
	"context"
	"fmt"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/views/nav"
)

func expenseKind() kind {
	return kind{noun: locale.Key("expense"), plural: locale.Key("expenses"), title: locale.Key("Expense"), newTitle: locale.Key("New expense"), nav: nav.Expense, subjectLabel: locale.Key("Supplier"), role: "supplier",
		attachments: true, defs: expenseDefs, get: getExpense, save: saveExpense}
}

func expenseDefs(e env) []def {
	d := []def{
		{key: "document_type", Label: "Document type", typ: tChoice, options: opts("invoice", locale.Key("invoice"), "bill", locale.Key("bill (receipt)"), "other", locale.Key("other"))},
		{key: "original_number", Label: "Supplier's number"},
		{key: "number", Label: "Number", help: locale.Key("empty: the next number of the account's series")},
		{key: "variable_symbol", Label: "Variable symbol"},
		{key: "issued_on", Label: "Issued on", typ: tDate},
		{key: "taxable_fulfillment_due", Label: "Taxable supply", typ: tDate},
		{key: "received_on", Label: "Received on", typ: tDate, help: locale.Key("decides the VAT return the expense goes into")},
		{key: "due_on", Label: "Due on", typ: tDate},
		{key: "remind_due_date", Label: "Remind when due", typ: tBool},
	}
	d = append(d, paymentDefs(paymentMethods())...)
	d = append(d, currencyDefs(e, priceModes())...)
	d = append(d, reverseDefs(tText)...)
	return append(d,
		def{key: "proportional_vat_deduction", Label: "VAT deduction %", typ: tInt, help: locale.Key("percent of the VAT deducted; 100 by default")},
		def{key: "tax_deductible", Label: "Tax deductible", typ: tBool},
		def{key: "round_total", Label: "Round the total", typ: tBool},
		def{key: "bank_account", Label: "Bank account"},
		def{key: "iban", Label: "IBAN"},
		def{key: "swift_bic", Label: "SWIFT/BIC"},
		def{key: "description", Label: "Description"},
		def{key: "private_note", Label: "Private note", typ: tArea},
		def{key: "tags", Label: "Tags", typ: tTags},
		def{key: "custom_id", Label: "Custom id"},
	)
}

func getExpense(ctx context.Context, c *apiclient.Client, id int64) (loaded, error) {
	e, _, err := c.Expenses.Get(ctx, id)
	if err != nil {
		return loaded{}, fmt.Errorf("read expense %d: %w", id, err)
	}
	return loaded{rec: e, lines: e.Lines, subjectID: e.SubjectID, subjectName: e.SupplierName}, nil
}

func expenseSaved(e *apiclient.Expense) saved {
	return saved{id: e.ID, name: e.Number, rec: e}
}

func saveExpense(ctx context.Context, c *apiclient.Client, id int64, b map[string]any) (saved, error) {
	e, err := saveWith(ctx, id, b, c.Expenses.Create, c.Expenses.Update)
	if err != nil {
		return saved{}, err
	}
	return expenseSaved(e), nil
}
