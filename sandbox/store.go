package sandbox

import (
	"sort"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// table holds one resource's records by id, in creation order.
type table[T any] struct {
	next  int64
	byID  map[int64]*T
	order []int64 // ids in creation order; deleted ids are removed lazily
	dirty bool
}

func newTable[T any]() *table[T] { return &table[T]{byID: map[int64]*T{}} }

// nextID reserves the next id.
func (t *table[T]) nextID() int64 {
	t.next++
	return t.next
}

// put stores v under id (a new id is appended to the order).
func (t *table[T]) put(id int64, v *T) {
	if _, ok := t.byID[id]; !ok {
		t.order = append(t.order, id)
	}
	t.byID[id] = v
	if id > t.next {
		t.next = id
	}
}

func (t *table[T]) get(id int64) (*T, bool) {
	v, ok := t.byID[id]
	return v, ok
}

func (t *table[T]) del(id int64) bool {
	if _, ok := t.byID[id]; !ok {
		return false
	}
	delete(t.byID, id)
	t.dirty = true
	return true
}

func (t *table[T]) len() int { return len(t.byID) }

// newestFirst returns the records, newest (highest id) first, that keep passes.
func (t *table[T]) newestFirst(keep func(*T) bool) []*T {
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

// pageNewestFirst returns one page (1-based) of the records that keep passes,
// newest first, without building the whole filtered list: a list request at
// 50,000 records stays cheap.
func (t *table[T]) pageNewestFirst(page int, keep func(*T) bool) []*T {
	t.compact()
	skip := (max(page, 1) - 1) * apiclient.PageSize
	out := make([]*T, 0, apiclient.PageSize)
	for i := len(t.order) - 1; i >= 0 && len(out) < apiclient.PageSize; i-- {
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

func (t *table[T]) compact() {
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

// blob is a stored file: an inbox file or an expense attachment.
type blob struct {
	Filename    string
	ContentType string
	Data        []byte
}

// inboxFile is an inbox record with its bytes and OCR schedule.
type inboxFile struct {
	apiclient.InboxFile
	blob blob
}

// webhook is a webhook with the credential that made it (a client may manage only its own).
type webhook struct {
	apiclient.Webhook
	ClientID string
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
	Slug   string
	Info   apiclient.Account
	Limits Limits

	BankAccounts  []apiclient.BankAccount
	NumberFormats []apiclient.NumberFormat

	Subjects   *table[apiclient.Subject]
	Invoices   *table[apiclient.Invoice]
	Expenses   *table[apiclient.Expense]
	Generators *table[apiclient.Generator]
	Recurring  *table[apiclient.RecurringGenerator]
	Items      *table[apiclient.InventoryItem]
	Moves      *table[apiclient.InventoryMove]
	Inbox      *table[inboxFile]
	Todos      *table[apiclient.Todo]
	Webhooks   *table[webhook]

	// Events is the log, oldest first.
	Events []apiclient.Event
	// FailedDeliveries by a webhook's failed_deliveries_uuid.
	FailedDeliveries map[string][]apiclient.FailedDelivery
	// Attachments of expenses and invoices by attachment id.
	Attachments map[int64]blob

	// Counters shared by nested records (lines, payments, attachments, prices).
	nextLineID, nextPaymentID, nextAttachmentID, nextPriceID, nextDeliveryID int64

	// E-mails sent on EmailDay, for the daily quota.
	EmailDay  apiclient.Date
	EmailsDay int
	// OCR remaining is Info.Extraction[OCRVendor].RemainingExtractions.
}

// OCRVendor is the name the sandbox gives its extraction provider in account.json.
const OCRVendor = "sandbox_ocr"

// NewAccount makes an empty account with the given slug and settings.
func NewAccount(slug string, info apiclient.Account, limits Limits) *Account {
	info.Subdomain = slug
	return &Account{
		Slug:             slug,
		Info:             info,
		Limits:           limits,
		Subjects:         newTable[apiclient.Subject](),
		Invoices:         newTable[apiclient.Invoice](),
		Expenses:         newTable[apiclient.Expense](),
		Generators:       newTable[apiclient.Generator](),
		Recurring:        newTable[apiclient.RecurringGenerator](),
		Items:            newTable[apiclient.InventoryItem](),
		Moves:            newTable[apiclient.InventoryMove](),
		Inbox:            newTable[inboxFile](),
		Todos:            newTable[apiclient.Todo](),
		Webhooks:         newTable[webhook](),
		FailedDeliveries: map[string][]apiclient.FailedDelivery{},
		Attachments:      map[int64]blob{},
	}
}

func (a *Account) lineID() int64       { a.nextLineID++; return a.nextLineID }
func (a *Account) paymentID() int64    { a.nextPaymentID++; return a.nextPaymentID }
func (a *Account) attachmentID() int64 { a.nextAttachmentID++; return a.nextAttachmentID }
func (a *Account) priceID() int64      { a.nextPriceID++; return a.nextPriceID }
func (a *Account) deliveryID() int64   { a.nextDeliveryID++; return a.nextDeliveryID }

// AddEvent appends an entry to the event log the way the service would.
func (a *Account) AddEvent(at time.Time, name, text string, user *User, params map[string]any, related ...apiclient.RelatedObject) {
	ev := apiclient.Event{
		Name:           name,
		CreatedAt:      apiclient.DateTime{Time: at},
		Text:           text,
		RelatedObjects: related,
		Params:         params,
	}
	if related == nil {
		ev.RelatedObjects = []apiclient.RelatedObject{}
	}
	if params == nil {
		ev.Params = map[string]any{}
	}
	if user != nil {
		ev.User = &apiclient.EventUser{ID: user.ID, FullName: user.FullName}
	}
	a.Events = append(a.Events, ev)
}

// AddTodo raises a to-do.
func (a *Account) AddTodo(at time.Time, name, text string, params map[string]any, related ...apiclient.RelatedObject) *apiclient.Todo {
	id := a.Todos.nextID()
	t := &apiclient.Todo{
		ID:             id,
		Name:           name,
		CreatedAt:      apiclient.DateTime{Time: at},
		Text:           text,
		RelatedObjects: related,
		Params:         params,
	}
	if related == nil {
		t.RelatedObjects = []apiclient.RelatedObject{}
	}
	if params == nil {
		t.Params = map[string]any{}
	}
	a.Todos.put(id, t)
	return t
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
