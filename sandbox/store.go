package sandbox

import (
	"sort"
	"sync"
	"time"
)

// Table holds one resource's records of an account by id, in creation order.
// Seeding code adds records with Add and reads them with Get, Len,
// NewestFirst and Recent; the API's handlers use the same table.
type Table[T any] struct {
	next  int64
	byID  map[int64]*T
	order []int64 // ids in creation order; deleted ids are removed lazily
	dirty bool
	// id points at a record's id field, so Add can number a record of any type.
	id func(*T) *int64
}

func newTable[T any](id func(*T) *int64) *Table[T] {
	return &Table[T]{byID: map[int64]*T{}, id: id}
}

// nextID reserves the next id.
func (t *Table[T]) nextID() int64 {
	t.next++
	return t.next
}

// put stores v under id (a new id is appended to the order).
func (t *Table[T]) put(id int64, v *T) {
	if _, ok := t.byID[id]; !ok {
		t.order = append(t.order, id)
	}
	t.byID[id] = v
	if id > t.next {
		t.next = id
	}
}

// Add stores v as the newest record and returns it. A zero id becomes the
// table's next id; a record with an id replaces the one of that id.
func (t *Table[T]) Add(v *T) *T {
	id := t.id(v)
	if *id == 0 {
		*id = t.nextID()
	}
	t.put(*id, v)
	return v
}

// Get returns the record of an id.
func (t *Table[T]) Get(id int64) (*T, bool) {
	v, ok := t.byID[id]
	return v, ok
}

// each calls f with every record, oldest first.
func (t *Table[T]) each(f func(*T)) {
	t.compact()
	for _, id := range t.order {
		f(t.byID[id])
	}
}

func (t *Table[T]) del(id int64) bool {
	if _, ok := t.byID[id]; !ok {
		return false
	}
	delete(t.byID, id)
	t.dirty = true
	return true
}

// Len is the number of records.
func (t *Table[T]) Len() int { return len(t.byID) }

// NewestFirst returns the records, newest (highest id) first, that keep passes
// (all of them when keep is nil).
func (t *Table[T]) NewestFirst(keep func(*T) bool) []*T {
	t.compact()
	out := make([]*T, 0, 64)
	for i := len(t.order) - 1; i >= 0; i-- {
		v := t.byID[t.order[i]]
		if keep == nil || keep(v) {
			out = append(out, v)
		}
	}
	return out
}

// Recent returns up to limit of the newest records that keep passes, looking
// at no more than the newest 4*limit: a caller that acts on recent records
// (the living demo) stays cheap at 50,000 records.
func (t *Table[T]) Recent(limit int, keep func(*T) bool) []*T {
	t.compact()
	out := make([]*T, 0, limit)
	for i, looked := len(t.order)-1, 0; i >= 0 && len(out) < limit && looked < 4*limit; i, looked = i-1, looked+1 {
		if v := t.byID[t.order[i]]; keep(v) {
			out = append(out, v)
		}
	}
	return out
}

// Reserve makes room for n more records, so a bulk seeding does not rehash
// and regrow the table over and over.
func (t *Table[T]) Reserve(n int) {
	if len(t.byID) == 0 {
		t.byID = make(map[int64]*T, n)
	}
	if cap(t.order)-len(t.order) < n {
		order := make([]int64, len(t.order), len(t.order)+n)
		copy(order, t.order)
		t.order = order
	}
}

// pageNewestFirst returns one page (1-based) of the records that keep passes,
// newest first, without building the whole filtered list: a list request at
// 50,000 records stays cheap.
func (t *Table[T]) pageNewestFirst(page int, keep func(*T) bool) []*T {
	t.compact()
	skip := (max(page, 1) - 1) * PageSize
	out := make([]*T, 0, PageSize)
	for i := len(t.order) - 1; i >= 0 && len(out) < PageSize; i-- {
		v := t.byID[t.order[i]]
		if keep != nil && !keep(v) {
			continue
		}
		if skip > 0 {
			skip--
			continue
		}
		out = append(out, v)
	}
	return out
}

func (t *Table[T]) compact() {
	if !t.dirty {
		return
	}
	kept := t.order[:0]
	for _, id := range t.order {
		if _, ok := t.byID[id]; ok {
			kept = append(kept, id)
		}
	}
	t.order = kept
	t.dirty = false
}

// User is a person who can sign in to the sandbox.
type User struct {
	ID        int64
	FullName  string
	Email     string
	AvatarURL string
	// Grants are the accounts the user can reach, by slug.
	Grants map[string]Grant
	// DefaultAccount is the slug of /user.json's default_account.
	DefaultAccount string
}

// Grant is a user's permission on an account.
type Grant struct {
	Permission   string   // "owner", "read", ...
	AllowedScope []string // "reports", "expenses", "invoices"
}

// File is a stored file: an inbox file or a document's attachment.
type File struct {
	Filename    string
	ContentType string
	Data        []byte
}

// inboxFile is an inbox record with its bytes and OCR schedule.
type inboxFile struct {
	InboxFile
	blob File
}

// webhook is a webhook with the credential that made it (a client may manage only its own).
type webhook struct {
	Webhook
	ClientID string
	// base is the API root its maker reached: deliveries write addresses on it.
	base string
}

// Limits are what the plan allows.
type Limits struct {
	Subjects            int // 0 = unlimited
	RecurringGenerators int // 0 = unlimited
	EmailsPerDay        int // 0 = unlimited
	EmailAllowed        bool
	WebhooksAllowed     bool
}

// Account is one account's whole state.
type Account struct {
	// mu serializes the account's requests (see Server).
	mu sync.Mutex
	// activity, when set, runs at the start of each of the account's
	// requests (SetActivity); lastAdvance is when that start last ran.
	activity    func(now time.Time)
	lastAdvance time.Time

	Slug   string
	Info   AccountInfo
	Limits Limits

	BankAccounts  []BankAccount
	NumberFormats []NumberFormat

	Subjects   *Table[Subject]
	Invoices   *Table[Invoice]
	Expenses   *Table[Expense]
	Generators *Table[Generator]
	Recurring  *Table[RecurringGenerator]
	Items      *Table[InventoryItem]
	Moves      *Table[InventoryMove]
	Inbox      *Table[inboxFile]
	Todos      *Table[Todo]
	Webhooks   *Table[webhook]

	// Events is the log, oldest first.
	Events []Event
	// FailedDeliveries by a webhook's failed_deliveries_uuid.
	FailedDeliveries map[string][]FailedDelivery
	// Attachments of expenses and invoices by attachment id.
	Attachments map[int64]File

	// Counters shared by nested records (lines, payments, attachments, prices).
	nextLineID, nextPaymentID, nextAttachmentID, nextPriceID, nextDeliveryID int64

	// E-mails sent on EmailDay, for the daily quota.
	EmailDay  Date
	EmailsDay int
	// OCR remaining is Info.Extraction[OCRVendor].RemainingExtractions.
}

// OCRVendor is the extraction provider the service names in account.json
// (digitoo_enabled, digitoo_auto_processing_enabled, digitoo_remaining_extractions).
const OCRVendor = "digitoo"

// NewAccount makes an empty account with the given slug and settings.
func NewAccount(slug string, info AccountInfo, limits Limits) *Account {
	info.Subdomain = slug
	return &Account{
		Slug:             slug,
		Info:             info,
		Limits:           limits,
		Subjects:         newTable(func(v *Subject) *int64 { return &v.ID }),
		Invoices:         newTable(func(v *Invoice) *int64 { return &v.ID }),
		Expenses:         newTable(func(v *Expense) *int64 { return &v.ID }),
		Generators:       newTable(func(v *Generator) *int64 { return &v.ID }),
		Recurring:        newTable(func(v *RecurringGenerator) *int64 { return &v.ID }),
		Items:            newTable(func(v *InventoryItem) *int64 { return &v.ID }),
		Moves:            newTable(func(v *InventoryMove) *int64 { return &v.ID }),
		Inbox:            newTable(func(v *inboxFile) *int64 { return &v.ID }),
		Todos:            newTable(func(v *Todo) *int64 { return &v.ID }),
		Webhooks:         newTable(func(v *webhook) *int64 { return &v.ID }),
		FailedDeliveries: map[string][]FailedDelivery{},
		Attachments:      map[int64]File{},
	}
}

func (a *Account) attachmentID() int64 { a.nextAttachmentID++; return a.nextAttachmentID }
func (a *Account) deliveryID() int64   { a.nextDeliveryID++; return a.nextDeliveryID }

// AddEvent appends an entry to the event log the way the service would.
func (a *Account) AddEvent(at time.Time, name, text string, user *User, params map[string]any, related ...RelatedObject) {
	params, related = logParts(params, related)
	ev := Event{Name: name, CreatedAt: DateTime{Time: at}, Text: text, RelatedObjects: related, Params: params}
	if user != nil {
		ev.User = &EventUser{ID: user.ID, FullName: user.FullName}
	}
	a.Events = append(a.Events, ev)
}

// RaiseTodo raises a to-do as the service does: its text follows from its
// name and params (TodoText).
func (a *Account) RaiseTodo(at time.Time, name string, params map[string]any, related ...RelatedObject) *Todo {
	return a.AddTodo(at, name, TodoText(name, params), params, related...)
}

// AddTodo raises a to-do with a text of the caller's (a test's, an import's).
func (a *Account) AddTodo(at time.Time, name, text string, params map[string]any, related ...RelatedObject) *Todo {
	params, related = logParts(params, related)
	return a.Todos.Add(&Todo{Name: name, CreatedAt: DateTime{Time: at}, Text: text, RelatedObjects: related, Params: params})
}

// logParts are an event's or a to-do's params and related objects, never
// null in the JSON.
func logParts(params map[string]any, related []RelatedObject) (map[string]any, []RelatedObject) {
	if params == nil {
		params = map[string]any{}
	}
	if related == nil {
		related = []RelatedObject{}
	}
	return params, related
}

// sortedKeys returns a map's keys in order, for deterministic output.
func sortedKeys[V any](m map[string]V) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
