package mirror

import (
	"encoding/json"
	"fmt"
	"hash/fnv"
	"reflect"
	"strings"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
)

// RecordOf extracts the store's fields from one record of the kind
// (apiclient.Invoice, Expense, Subject, Generator, RecurringGenerator,
// InventoryItem, InventoryMove, InboxFile, Todo, Event; a pointer to one is
// fine). Text is what a bookkeeper searches by: numbers, names, registration
// and VAT numbers, notes, lines' names, SKU and article numbers, tags.
// Status holds what a list filters such records by where the service has no
// status: active/paused (recurring generators), active/archived (inventory
// items), in/out (moves), the OCR state (inbox files), open/completed
// (to-dos), the event's name (events). Events have no ID at the service: theirs
// is a hash of their name, time, text and related objects.
func RecordOf(kind store.Kind, v any) (store.Record, error) {
	if rv := reflect.ValueOf(v); rv.Kind() == reflect.Pointer {
		if rv.IsNil() {
			return store.Record{}, fmt.Errorf("record of %s: nil %T", kind, v)
		}
		v = rv.Elem().Interface()
	}
	var r store.Record
	var err error
	switch x := v.(type) {
	case apiclient.Invoice:
		r, err = check(kind, store.Invoices, invoiceRecord(x))
	case apiclient.Expense:
		r, err = check(kind, store.Expenses, expenseRecord(x))
	case apiclient.Subject:
		r, err = check(kind, store.Subjects, subjectRecord(x))
	case apiclient.Generator:
		r, err = check(kind, store.Generators, generatorRecord(x))
	case apiclient.RecurringGenerator:
		r, err = check(kind, store.RecurringGenerators, recurringRecord(x))
	case apiclient.InventoryItem:
		r, err = check(kind, store.InventoryItems, itemRecord(x))
	case apiclient.InventoryMove:
		r, err = check(kind, store.InventoryMoves, moveRecord(x))
	case apiclient.InboxFile:
		r, err = check(kind, store.InboxFiles, inboxRecord(x))
	case apiclient.Todo:
		r, err = check(kind, store.Todos, todoRecord(x))
	case apiclient.Event:
		r, err = check(kind, store.Events, eventRecord(x))
	default:
		return store.Record{}, fmt.Errorf("record of %s: %T is no record kasa keeps", kind, v)
	}
	if err != nil {
		return store.Record{}, err
	}
	if r.JSON, err = json.Marshal(v); err != nil {
		return store.Record{}, fmt.Errorf("record of %s %d: %w", kind, r.ID, err)
	}
	return r, nil
}

func check(kind, want store.Kind, r store.Record) (store.Record, error) {
	if kind != want {
		return store.Record{}, fmt.Errorf("record of %s: the record given is one of %s", kind, want)
	}
	return r, nil
}

// recordsOf is RecordOf over one record, a pointer to one, or a slice of either.
func recordsOf(kind store.Kind, recs any) ([]store.Record, error) {
	rv := reflect.ValueOf(recs)
	if rv.Kind() != reflect.Slice {
		r, err := RecordOf(kind, recs)
		if err != nil {
			return nil, err
		}
		return []store.Record{r}, nil
	}
	out := make([]store.Record, 0, rv.Len())
	for i := range rv.Len() {
		r, err := RecordOf(kind, rv.Index(i).Interface())
		if err != nil {
			return nil, err
		}
		out = append(out, r)
	}
	return out, nil
}

// words joins the non-empty texts a search finds a record by.
func words(texts ...string) string {
	var b strings.Builder
	for _, s := range texts {
		if s = strings.TrimSpace(s); s == "" {
			continue
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(s)
	}
	return b.String()
}

func lineNames(lines []apiclient.Line) string {
	names := make([]string, 0, len(lines))
	for _, l := range lines {
		names = append(names, l.Name)
		if l.Inventory != nil {
			names = append(names, l.Inventory.SKU, l.Inventory.ArticleNumber)
		}
	}
	return words(names...)
}

// dayOr is a document's day, or its creation time when it has none.
func dayOr(d apiclient.Date, created apiclient.DateTime) time.Time {
	if !d.IsZero() {
		return d.Time
	}
	return created.Time
}

func invoiceRecord(x apiclient.Invoice) store.Record {
	return store.Record{
		ID: x.ID, Status: x.Status, DocumentType: x.DocumentType, Number: x.Number,
		VariableSymbol: x.VariableSymbol, CustomID: x.CustomID.Or(""), SubjectID: x.SubjectID,
		CreatedAt: x.CreatedAt.Time, UpdatedAt: x.UpdatedAt.Time, Date: dayOr(x.IssuedOn, x.CreatedAt),
		Text: words(x.Number, x.VariableSymbol, x.CustomID.Or(""), x.ClientName, x.ClientRegistrationNo,
			x.ClientVatNo, x.OrderNumber.Or(""), x.Note, x.PrivateNote.Or(""), lineNames(x.Lines),
			strings.Join(x.Tags, " ")),
		Tags: x.Tags,
	}
}

func expenseRecord(x apiclient.Expense) store.Record {
	return store.Record{
		ID: x.ID, Status: x.Status, DocumentType: x.DocumentType, Number: x.Number,
		VariableSymbol: x.VariableSymbol, CustomID: x.CustomID.Or(""), SubjectID: x.SubjectID,
		CreatedAt: x.CreatedAt.Time, UpdatedAt: x.UpdatedAt.Time, Date: dayOr(x.IssuedOn, x.CreatedAt),
		Text: words(x.Number, x.OriginalNumber, x.VariableSymbol, x.CustomID.Or(""), x.SupplierName,
			x.SupplierRegistrationNo, x.SupplierVatNo, x.Description.Or(""), x.PrivateNote.Or(""),
			lineNames(x.Lines), strings.Join(x.Tags, " ")),
		Tags: x.Tags,
	}
}

func subjectRecord(x apiclient.Subject) store.Record {
	return store.Record{
		ID: x.ID, CustomID: x.CustomID.Or(""), VariableSymbol: x.VariableSymbol.Or(""),
		CreatedAt: x.CreatedAt.Time, UpdatedAt: x.UpdatedAt.Time, Date: x.CreatedAt.Time,
		Text: words(x.Name, x.FullName.Or(""), x.Email, x.RegistrationNo, x.VatNo, x.Street, x.City,
			x.CustomID.Or(""), x.VariableSymbol.Or(""), x.PrivateNote.Or("")),
	}
}

func generatorRecord(x apiclient.Generator) store.Record {
	return store.Record{
		ID: x.ID, CustomID: x.CustomID.Or(""), SubjectID: x.SubjectID,
		CreatedAt: x.CreatedAt.Time, UpdatedAt: x.UpdatedAt.Time, Date: x.CreatedAt.Time,
		Text: words(x.Name, x.CustomID.Or(""), x.Note.Or(""), lineNames(x.Lines), strings.Join(x.Tags, " ")),
		Tags: x.Tags,
	}
}

func recurringRecord(x apiclient.RecurringGenerator) store.Record {
	r := generatorRecord(x.Generator)
	r.Status = "paused"
	if x.Active {
		r.Status = "active"
	}
	return r
}

func itemRecord(x apiclient.InventoryItem) store.Record {
	status := "active"
	if x.Archived {
		status = "archived"
	}
	return store.Record{
		ID: x.ID, Status: status, CreatedAt: x.CreatedAt.Time, UpdatedAt: x.UpdatedAt.Time,
		Date: x.CreatedAt.Time,
		Text: words(x.Name, x.SKU, x.ArticleNumber.Or(""), x.PrivateNote.Or("")),
	}
}

func moveRecord(x apiclient.InventoryMove) store.Record {
	return store.Record{
		ID: x.ID, Status: x.Direction, ItemID: x.InventoryItemID,
		CreatedAt: x.CreatedAt.Time, UpdatedAt: x.UpdatedAt.Time, Date: dayOr(x.MovedOn, x.CreatedAt),
		Text: words(x.PrivateNote.Or("")),
	}
}

func inboxRecord(x apiclient.InboxFile) store.Record {
	status := ""
	if x.OCRStatus != nil {
		status = *x.OCRStatus
	}
	return store.Record{
		ID: x.ID, Status: status, CreatedAt: x.CreatedAt.Time, UpdatedAt: x.UpdatedAt.Time,
		Date: x.CreatedAt.Time, Text: words(x.Filename),
	}
}

func todoRecord(x apiclient.Todo) store.Record {
	status := "open"
	if x.Completed() {
		status = "completed"
	}
	return store.Record{
		ID: x.ID, Status: status, SubjectID: relatedID(x.RelatedObjects, apiclient.RelatedSubject),
		CreatedAt: x.CreatedAt.Time, UpdatedAt: x.CreatedAt.Time, Date: x.CreatedAt.Time,
		Text: words(x.Name, x.Text),
	}
}

func eventRecord(x apiclient.Event) store.Record {
	user := ""
	if x.User != nil {
		user = x.User.FullName
	}
	return store.Record{
		ID: eventID(x), Status: x.Name, SubjectID: relatedID(x.RelatedObjects, apiclient.RelatedSubject),
		CreatedAt: x.CreatedAt.Time, UpdatedAt: x.CreatedAt.Time, Date: x.CreatedAt.Time,
		Text: words(x.Text, user),
	}
}

// eventID is an event's identity in the copy: the service gives events none,
// and the same event read twice must be kept once.
func eventID(x apiclient.Event) int64 {
	h := fnv.New64a()
	fmt.Fprintf(h, "%s\x00%s\x00%s", x.Name, x.CreatedAt.UTC().Format(time.RFC3339Nano), x.Text)
	for _, o := range x.RelatedObjects {
		fmt.Fprintf(h, "\x00%s:%d", o.Type, o.ID)
	}
	return int64(h.Sum64() >> 1)
}

func relatedID(objs []apiclient.RelatedObject, typ string) int64 {
	for _, o := range objs {
		if o.Type == typ {
			return o.ID
		}
	}
	return 0
}
