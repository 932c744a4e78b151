package forms

import (
	"fmt"
	"strconv"

	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// Page kinds of the forms.
const (
	// PaymentKind ids: "invoice:12", "expense:7".
	PaymentKind ui.Kind = "payment_form"
	// MoveKind ids: "item:3" (a new move), "move:3:45" (edit move 45 of item 3).
	MoveKind ui.Kind = "move_form"
	// EmailKind ids: "12" (the invoice).
	EmailKind ui.Kind = "invoice_email"
	// SubjectKind, ItemKind and WebhookKind ids are "new" (a new record) or
	// the id of the record edited ("12").
	SubjectKind ui.Kind = "subject_form"
	ItemKind    ui.Kind = "inventory_item_form"
	WebhookKind ui.Kind = "webhook_form"
)

// newID is the PageID.ID of a form that creates a record.
const newID = "new"

// PaymentPage is the payment form of a document: docKind is nav.Invoice or
// nav.Expense.
func PaymentPage(docKind ui.Kind, docID int64) ui.PageID {
	return ui.PageID{Kind: PaymentKind, ID: fmt.Sprintf("%s:%d", docKind, docID)}
}

// NewMovePage is the form of a new move of an item.
func NewMovePage(itemID int64) ui.PageID {
	return ui.PageID{Kind: MoveKind, ID: fmt.Sprintf("item:%d", itemID)}
}

// EditMovePage is the form that edits a move of an item.
func EditMovePage(itemID, moveID int64) ui.PageID {
	return ui.PageID{Kind: MoveKind, ID: fmt.Sprintf("move:%d:%d", itemID, moveID)}
}

// EmailPage is the e-mail form of an invoice.
func EmailPage(invoiceID int64) ui.PageID {
	return ui.PageID{Kind: EmailKind, ID: strconv.FormatInt(invoiceID, 10)}
}

// NewSubjectPage is the form of a new subject.
func NewSubjectPage() ui.PageID { return ui.PageID{Kind: SubjectKind, ID: newID} }

// NewSubjectNamedPage is the form of a new subject with its name filled
// in (from a picker that found no such subject).
func NewSubjectNamedPage(name string) ui.PageID {
	if name == "" {
		return NewSubjectPage()
	}
	return ui.PageID{Kind: SubjectKind, ID: newID + ":" + name}
}

// EditSubjectPage is the form that edits subject id.
func EditSubjectPage(id int64) ui.PageID { return nav.Record(SubjectKind, id) }

// NewItemPage is the form of a new inventory item.
func NewItemPage() ui.PageID { return ui.PageID{Kind: ItemKind, ID: newID} }

// EditItemPage is the form that edits inventory item id.
func EditItemPage(id int64) ui.PageID { return nav.Record(ItemKind, id) }

// NewWebhookPage is the form of a new webhook.
func NewWebhookPage() ui.PageID { return ui.PageID{Kind: WebhookKind, ID: newID} }

// EditWebhookPage is the form that edits webhook id.
func EditWebhookPage(id int64) ui.PageID { return nav.Record(WebhookKind, id) }
