// Package editor is the document editor: one page shared by expenses,
// invoice templates (generators), recurring generators and invoices, with a
// header form, a table of lines, a subject picker and totals as the user
// types.
package editor

import (
	"strconv"
	"strings"

	"github.com/kasa-tui/kasa/ui"
)

// Page kinds of the editor, one per kind of document.
const (
	ExpenseKind            ui.Kind = "expense_editor"
	GeneratorKind          ui.Kind = "generator_editor"
	RecurringGeneratorKind ui.Kind = "recurring_generator_editor"
	InvoiceKind            ui.Kind = "invoice_editor"
)

// Seeds of an editor page, the part of PageID.ID before the colon:
//
//	"new"           a new document
//	"12"            edit document 12
//	"copy:12"       a new document copied from document 12 (no ids)
//	"generator:7"   a new invoice from template 7 (invoice editor only)
//	"inbox:5"       a new expense with inbox file 5 attached (expense editor only)
//	"correction:12" a new correction of invoice 12 (invoice editor only)
const (
	seedNew        = "new"
	seedCopy       = "copy"
	seedGenerator  = "generator"
	seedInbox      = "inbox"
	seedCorrection = "correction"
)

// NewPage is the editor of a new document of kind k.
func NewPage(k ui.Kind) ui.PageID { return ui.PageID{Kind: k, ID: seedNew} }

// EditPage edits document id of kind k.
func EditPage(k ui.Kind, id int64) ui.PageID {
	return ui.PageID{Kind: k, ID: strconv.FormatInt(id, 10)}
}

// CopyPage is a new document of kind k copied from document id.
func CopyPage(k ui.Kind, id int64) ui.PageID { return seeded(k, seedCopy, id) }

// InvoiceFromGeneratorPage is a new invoice filled from template id.
func InvoiceFromGeneratorPage(generatorID int64) ui.PageID {
	return seeded(InvoiceKind, seedGenerator, generatorID)
}

// ExpenseFromInboxPage is a new expense with inbox file id attached.
func ExpenseFromInboxPage(inboxFileID int64) ui.PageID {
	return seeded(ExpenseKind, seedInbox, inboxFileID)
}

// CorrectionPage is a new correction (opravný daňový doklad) of invoice
// id, filled from it.
func CorrectionPage(invoiceID int64) ui.PageID {
	return seeded(InvoiceKind, seedCorrection, invoiceID)
}

func seeded(k ui.Kind, seed string, id int64) ui.PageID {
	return ui.PageID{Kind: k, ID: seed + ":" + strconv.FormatInt(id, 10)}
}

// Seed is a parsed editor page id: what the editor starts from.
type Seed struct {
	// Kind is "new", "edit", "copy", "generator", "inbox" or "correction".
	Kind string
	// ID is the document edited, copied or corrected, the template or the
	// inbox file (0 for a new document).
	ID int64
}

// ParseSeed reads an editor page id; ok is false for an id no
// constructor above makes.
func ParseSeed(id ui.PageID) (Seed, bool) {
	if id.ID == seedNew {
		return Seed{Kind: seedNew}, true
	}
	name, num, found := strings.Cut(id.ID, ":")
	if !found {
		n, err := strconv.ParseInt(id.ID, 10, 64)
		return Seed{Kind: "edit", ID: n}, err == nil && n > 0
	}
	n, err := strconv.ParseInt(num, 10, 64)
	if err != nil || n <= 0 {
		return Seed{}, false
	}
	switch {
	case name == seedCopy,
		name == seedGenerator && id.Kind == InvoiceKind,
		name == seedCorrection && id.Kind == InvoiceKind,
		name == seedInbox && id.Kind == ExpenseKind:
		return Seed{Kind: name, ID: n}, true
	}
	return Seed{}, false
}
