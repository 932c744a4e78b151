package editor

import (
	"context"
	"fmt"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/views/nav"
)

func expenseKind() kind {
	return kind{noun: locale.Key("expense"), plural: locale.Key("expenses"), title: locale.Key("Expense"), newTitle: locale.Key("New expense"), nav: nav.Expense, subjectLabel: locale.Key("Supplier"), role: "supplier",
		attachments: true, defs: expenseDefs, get: getExpense, save: saveExpense, find: findExpense}
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

// findExpense matches an expense of the same supplier created since the
// send, with the same supplier's number (or the same lines).
func findExpense(ctx context.Context, c *apiclient.Client, b map[string]any, sentAt time.Time) (saved, bool, error) {
	e, ok, err := findIn(c.Expenses.ListAll(ctx, apiclient.DocumentListOptions{DateFilter: since(sentAt), SubjectID: subjectOf(b)}),
		func(e *apiclient.Expense) bool {
			return (b["original_number"] == nil || b["original_number"] == e.OriginalNumber) && sameLines(b, e.Lines)
		})
	if !ok {
		return saved{}, false, err
	}
	return expenseSaved(e), true, nil
}

// subjectOf is the body's subject_id.
func subjectOf(b map[string]any) int64 {
	id, _ := b["subject_id"].(int64)
	return id
}

// sameLines reports whether a record's lines are the ones the body sent
// (by name, in order).
func sameLines(b map[string]any, ls []apiclient.Line) bool {
	sent, _ := b["lines"].([]apiclient.LineParams)
	if len(sent) != len(ls) {
		return false
	}
	for i, p := range sent {
		if p.Name != nil && *p.Name != ls[i].Name {
			return false
		}
	}
	return true
}
