// Package nav names the pages of kasa, so that any page can open any other
// (a to-do's related invoice, an event's subject) without importing it.
package nav

import (
	"github.com/kasa-tui/kasa/apiclient"
	"strconv"

	"github.com/kasa-tui/kasa/ui"
)

// Page kinds: a list kind and the kind of a record's detail page.
const (
	Subjects            ui.Kind = "subjects"
	Subject             ui.Kind = "subject"
	Invoices            ui.Kind = "invoices"
	Invoice             ui.Kind = "invoice"
	Expenses            ui.Kind = "expenses"
	Expense             ui.Kind = "expense"
	Inventory           ui.Kind = "inventory"
	InventoryItem       ui.Kind = "inventory_item"
	InventoryMoves      ui.Kind = "inventory_moves"
	Inbox               ui.Kind = "inbox"
	InboxFile           ui.Kind = "inbox_file"
	Todos               ui.Kind = "todos"
	Todo                ui.Kind = "todo" // no page of its own: it names a to-do in ui.Changed
	Events              ui.Kind = "events"
	More                ui.Kind = "more"
	Generators          ui.Kind = "generators"
	Generator           ui.Kind = "generator"
	RecurringGenerators ui.Kind = "recurring_generators"
	RecurringGenerator  ui.Kind = "recurring_generator"
	Webhooks            ui.Kind = "webhooks"
	Webhook             ui.Kind = "webhook"
	Account             ui.Kind = "account"
	BankAccounts        ui.Kind = "bank_accounts"
	Users               ui.Kind = "users"
	Monitor             ui.Kind = "monitor"
	Overview            ui.Kind = "overview"
	// FigureDocs lists the documents one figure of the overview sums.
	FigureDocs ui.Kind = "figure_docs"
)

// Sections are the shell's sections in the order of the keys 1 to 9 and 0,
// as on the keyboard: the resources, More, the to-do and event monitor,
// and the overview of the books (where the application opens, Index).
func Sections() []ui.Section {
	return []ui.Section{
		{Key: "1", Title: "Subjects", Short: "Subj.", Root: ui.PageID{Kind: Subjects}},
		{Key: "2", Title: "Invoices", Short: "Inv.", Root: ui.PageID{Kind: Invoices}},
		{Key: "3", Title: "Expenses", Short: "Exp.", Root: ui.PageID{Kind: Expenses}},
		{Key: "4", Title: "Inventory", Short: "Stock", Root: ui.PageID{Kind: Inventory}},
		{Key: "5", Title: "Inbox", Root: ui.PageID{Kind: Inbox}},
		{Key: "6", Title: "To-dos", Root: ui.PageID{Kind: Todos}},
		{Key: "7", Title: "Events", Root: ui.PageID{Kind: Events}},
		{Key: "8", Title: "More", Root: ui.PageID{Kind: More}},
		{Key: "9", Title: "Monitor", Short: "Mon.", Root: ui.PageID{Kind: Monitor}},
		{Key: "0", Title: "Overview", Short: "Ovw.", Root: ui.PageID{Kind: Overview}},
	}
}

// Index is the position in Sections of the section whose root page is of
// kind k (settings: start_section), and whether there is one.
func Index(k ui.Kind) (int, bool) {
	for i, s := range Sections() {
		if s.Root.Kind == k {
			return i, true
		}
	}
	return 0, false
}

// Record is the detail page of a record of kind k.
func Record(k ui.Kind, id int64) ui.PageID {
	return ui.PageID{Kind: k, ID: strconv.FormatInt(id, 10)}
}

// Related is the detail page of a related object of a to-do or an event
// ({type: "Invoice", id: 12}); ok is false for types kasa has no page for.
func Related(typ string, id int64) (ui.PageID, bool) {
	var k ui.Kind
	switch typ {
	case apiclient.RelatedInvoice:
		k = Invoice
	case apiclient.RelatedSubject:
		k = Subject
	case apiclient.RelatedExpense:
		k = Expense
	case apiclient.RelatedGenerator:
		k = Generator
	case apiclient.RelatedRecurringGenerator:
		k = RecurringGenerator
	default:
		return ui.PageID{}, false
	}
	return Record(k, id), true
}

// ID reads a detail page's record id.
func ID(id ui.PageID) (int64, bool) {
	v, err := strconv.ParseInt(id.ID, 10, 64)
	return v, err == nil && v > 0
}
