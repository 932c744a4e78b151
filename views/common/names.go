package common

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
)

// Names remembers, for the session, what records are called (a subject's
// name, a bank account's, an invoice's number) by account and id, so pages
// show names where the API gives ids. A page's fetch (a Cmd) loads what is
// missing; its rendering only reads. Deps carries one; safe from Cmds.
type Names struct {
	mu   sync.Mutex
	m    map[string]string
	copy func() *store.Store // the account's local copy, read first (UseCopy)
}

// NewNames is an empty cache.
func NewNames() *Names { return &Names{m: map[string]string{}} }

func nameKey(account, kind string, id int64) string {
	return fmt.Sprintf("%s/%s/%d", account, kind, id)
}

// Get is the name of record id of kind on account, if known.
func (n *Names) Get(account, kind string, id int64) (string, bool) {
	n.mu.Lock()
	defer n.mu.Unlock()
	v, ok := n.m[nameKey(account, kind, id)]
	return v, ok
}

// Put remembers a name learnt without a request (from a list that was
// loaded anyway).
func (n *Names) Put(account, kind string, id int64, name string) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.m[nameKey(account, kind, id)] = name
}

// Kinds of names.
const (
	NameSubject     = "subject"
	NameBankAccount = "bank_account"
	NameInvoice     = "invoice"
)

// Ref is a record a page wants to name: its kind of name and its id.
type Ref struct {
	Kind string
	ID   int64
}

// maxNameLoads bounds the requests one page load spends on names.
const maxNameLoads = 10

// Load learns the names of refs not known yet (in a Cmd), each once: from
// the local copy where it holds the record (UseCopy), else with at most
// maxNameLoads requests a call: the rest keep showing their ids
// until a later load, or a list that carries the names, teaches them. A
// failed look-up leaves the name unknown: a name is a nicety, the id still
// shows.
func (n *Names) Load(ctx context.Context, c *apiclient.Client, refs ...Ref) {
	asked := map[Ref]bool{}
	for _, r := range refs {
		if _, ok := n.Get(c.AccountSlug(), r.Kind, r.ID); ok || r.ID == 0 || r.Kind == "" || asked[r] {
			continue
		}
		if name, ok := n.fromCopy(ctx, r); ok {
			n.Put(c.AccountSlug(), r.Kind, r.ID, name)
			continue
		}
		if len(asked) == maxNameLoads {
			continue // the copy may still name the rest
		}
		asked[r] = true
		if name, ok := lookUp(ctx, c, r); ok {
			n.Put(c.AccountSlug(), r.Kind, r.ID, name)
		}
	}
}

// lookUp asks the service for one record's name.
func lookUp(ctx context.Context, c *apiclient.Client, r Ref) (string, bool) {
	switch r.Kind {
	case NameSubject:
		return named(c.Subjects.Get(ctx, r.ID))(func(s *apiclient.Subject) string { return s.Name })
	case NameInvoice:
		return named(c.Invoices.Get(ctx, r.ID))(func(i *apiclient.Invoice) string { return i.Number })
	case NameExpense:
		return named(c.Expenses.Get(ctx, r.ID))(func(e *apiclient.Expense) string { return e.Number })
	case NameInventoryItem:
		return named(c.InventoryItems.Get(ctx, r.ID))(func(it *apiclient.InventoryItem) string { return it.Name })
	}
	return "", false
}

// named reads a name off a Get's answer, when there is one.
func named[T any](rec *T, _ *apiclient.Response, err error) func(name func(*T) string) (string, bool) {
	return func(name func(*T) string) (string, bool) {
		if err != nil || rec == nil {
			return "", false
		}
		return name(rec), true
	}
}

// LoadBankAccounts learns the account's bank accounts' names unless id is
// known.
func (n *Names) LoadBankAccounts(ctx context.Context, c *apiclient.Client, id int64) {
	if _, ok := n.Get(c.AccountSlug(), NameBankAccount, id); ok || id == 0 {
		return
	}
	bs, _, err := c.BankAccounts.List(ctx)
	if err != nil {
		return
	}
	for _, b := range bs {
		label := b.Name
		if label == "" {
			label = b.Number
		}
		if b.Number != "" && b.Name != "" {
			label += " (" + b.Number + ")"
		}
		n.Put(c.AccountSlug(), NameBankAccount, b.ID, label)
	}
}

// NameExpense is an expense's number; NameInventoryItem an item's name.
const (
	NameExpense       = "expense"
	NameInventoryItem = "inventory_item"
)

// KindOf is the kind of name of a related record by the service's type
// ("Invoice", "Subject", "Expense"), or "".
func KindOf(typ string) string {
	return map[string]string{"Invoice": NameInvoice, "Subject": NameSubject, "Expense": NameExpense}[typ]
}

// KnownName is the known name of a related object by the service's type
// ("Invoice", "Subject", "Expense"), for labels of related objects.
func (d *Deps) KnownName(typ string, id int64) (string, bool) {
	kind := KindOf(typ)
	c := d.client()
	if kind == "" || c == nil || d.Names == nil {
		return "", false
	}
	v, ok := d.Names.Get(c.AccountSlug(), kind, id)
	return v, ok && v != ""
}

// NameOr is the known name, else fallback (the id as the page showed it).
func (d *Deps) NameOr(kind string, id int64, fallback string) string {
	c := d.client()
	if c == nil || d.Names == nil {
		return fallback
	}
	if v, ok := d.Names.Get(c.AccountSlug(), kind, id); ok && v != "" {
		return v
	}
	return fallback
}

// AppendRelatedRef appends the first of a to-do's or an event's related
// records, the one its summary names first, when it is of a kind with a name.
func AppendRelatedRef(refs []Ref, related []apiclient.RelatedObject) []Ref {
	if len(related) > 0 {
		if k := KindOf(related[0].Type); k != "" {
			refs = append(refs, Ref{Kind: k, ID: related[0].ID})
		}
	}
	return refs
}

// SubjectRef is a document's contact record by the name the session knows
// ("Pekárna U Mlýna s.r.o."), else by its id ("#2"); "" for none.
func (d *Deps) SubjectRef(id int64) string {
	if id == 0 {
		return ""
	}
	return d.NameOr(NameSubject, id, "#"+strconv.FormatInt(id, 10))
}

// PutName remembers a name the user picked (a subject found by a search).
func (d *Deps) PutName(kind string, id int64, name string) {
	if c := d.client(); c != nil && d.Names != nil && name != "" {
		d.Names.Put(c.AccountSlug(), kind, id, name)
	}
}

// NameAccountCurrency keeps the account's currency (under id 0): the
// currency of the native amounts the service sends.
const NameAccountCurrency = "account_currency"

// LoadAccountCurrency learns the account's currency unless it is known.
func (n *Names) LoadAccountCurrency(ctx context.Context, c *apiclient.Client) {
	if _, ok := n.Get(c.AccountSlug(), NameAccountCurrency, 0); ok {
		return
	}
	if a, _, err := c.Account.Get(ctx); err == nil && a.Currency != "" {
		n.Put(c.AccountSlug(), NameAccountCurrency, 0, a.Currency)
	}
}
