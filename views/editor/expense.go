package editor

import (
	"context"
	"fmt"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/views/nav"
)

func expenseKind() kind {
	return kind{noun: "expense", title: "Expense", nav: nav.Expense, subjectLabel: "Supplier", role: "supplier",
		attachments: true, defs: expenseDefs, get: getExpense, save: saveExpense, find: findExpense}
}

func expenseDefs(e env) []def {
	d := []def{
		{key: "document_type", label: "Document type", typ: tChoice, options: opts("invoice", "invoice", "bill", "bill (receipt)", "other", "other")},
		{key: "original_number", label: "Supplier's number"},
		{key: "number", label: "Number", help: "empty: the next number of the account's series"},
		{key: "variable_symbol", label: "Variable symbol"},
		{key: "issued_on", label: "Issued on", typ: tDate},
		{key: "taxable_fulfillment_due", label: "Taxable supply", typ: tDate},
		{key: "received_on", label: "Received on", typ: tDate, help: "decides the VAT return the expense goes into"},
		{key: "due_on", label: "Due on", typ: tDate},
		{key: "remind_due_date", label: "Remind when due", typ: tBool},
	}
	d = append(d, paymentDefs(paymentMethods())...)
	d = append(d, currencyDefs(e, priceModes())...)
	d = append(d, reverseDefs(tText)...)
	return append(d,
		def{key: "proportional_vat_deduction", label: "VAT deduction %", typ: tInt, help: "percent of the VAT deducted; 100 by default"},
		def{key: "tax_deductible", label: "Tax deductible", typ: tBool},
		def{key: "round_total", label: "Round the total", typ: tBool},
		def{key: "bank_account", label: "Bank account"},
		def{key: "iban", label: "IBAN"},
		def{key: "swift_bic", label: "SWIFT/BIC"},
		def{key: "description", label: "Description"},
		def{key: "private_note", label: "Private note", typ: tArea},
		def{key: "tags", label: "Tags", typ: tTags},
		def{key: "custom_id", label: "Custom id"},
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
	return saved{id: e.ID, label: "Expense " + e.Number, rec: e}
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
