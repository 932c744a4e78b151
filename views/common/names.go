package common

import (
	"context"
	"fmt"
	"strconv"
	"sync"

	"github.com/kasa-tui/kasa/apiclient"
)

// Names remembers, for the session, what records are called (a subject's
// name, a bank account's, an invoice's number) by account and id, so pages
// show names where the API gives ids. A page's fetch (a Cmd) loads what is
// missing; its rendering only reads. Deps carries one; safe from Cmds.
type Names struct {
	mu sync.Mutex
	m  map[string]string
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

// LoadSubject learns subject id's name unless known (in a Cmd). A failure
// leaves it unknown: a name is a nicety, the id still shows.
func (n *Names) LoadSubject(ctx context.Context, c *apiclient.Client, id int64) {
	if _, ok := n.Get(c.AccountSlug(), NameSubject, id); ok || id == 0 {
		return
	}
	if s, _, err := c.Subjects.Get(ctx, id); err == nil {
		n.Put(c.AccountSlug(), NameSubject, id, s.Name)
	}
}

// maxNameLoads bounds the requests one page load spends on names.
const maxNameLoads = 10

// LoadSubjects learns the names of the subjects ids that are not known yet,
// each once a session, at most maxNameLoads per call (the rest show their
// ids until a later load or a list of subjects teaches them).
func (n *Names) LoadSubjects(ctx context.Context, c *apiclient.Client, ids []int64) {
	asked := map[int64]bool{}
	for _, id := range ids {
		if len(asked) == maxNameLoads {
			return
		}
		if _, ok := n.Get(c.AccountSlug(), NameSubject, id); ok || id == 0 || asked[id] {
			continue
		}
		asked[id] = true
		n.LoadSubject(ctx, c, id)
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

// LoadInvoice learns invoice id's number unless known.
func (n *Names) LoadInvoice(ctx context.Context, c *apiclient.Client, id int64) {
	if _, ok := n.Get(c.AccountSlug(), NameInvoice, id); ok || id == 0 {
		return
	}
	if i, _, err := c.Invoices.Get(ctx, id); err == nil {
		n.Put(c.AccountSlug(), NameInvoice, id, i.Number)
	}
}

// NameExpense is an expense's number; NameInventoryItem an item's name.
const (
	NameExpense       = "expense"
	NameInventoryItem = "inventory_item"
)

// LoadItem is inventory item id's name, looked up once a session; "#id"
// when the look-up fails (tried again next time).
func (n *Names) LoadItem(ctx context.Context, c *apiclient.Client, id int64) string {
	if v, ok := n.Get(c.AccountSlug(), NameInventoryItem, id); ok {
		return v
	}
	it, _, err := c.InventoryItems.Get(ctx, id)
	if err != nil {
		return "#" + strconv.FormatInt(id, 10)
	}
	n.Put(c.AccountSlug(), NameInventoryItem, id, it.Name)
	return it.Name
}

// LoadDocument is the number of a document a record points at by the
// service's type ("Invoice", "Expense"), looked up once a session; "" when
// unknown (another type, or the look-up failed).
func (n *Names) LoadDocument(ctx context.Context, c *apiclient.Client, typ string, id int64) string {
	kind := map[string]string{"Invoice": NameInvoice, "Expense": NameExpense}[typ]
	if kind == "" || id == 0 {
		return ""
	}
	if v, ok := n.Get(c.AccountSlug(), kind, id); ok {
		return v
	}
	if kind == NameInvoice {
		n.LoadInvoice(ctx, c, id)
	} else if e, _, err := c.Expenses.Get(ctx, id); err == nil {
		n.Put(c.AccountSlug(), NameExpense, id, e.Number)
	}
	v, _ := n.Get(c.AccountSlug(), kind, id)
	return v
}

// KnownName is the known name of a related object by the service's type
// ("Invoice", "Subject", "Expense"), for labels of related objects.
func (d *Deps) KnownName(typ string, id int64) (string, bool) {
	kind := map[string]string{"Invoice": NameInvoice, "Subject": NameSubject, "Expense": NameExpense}[typ]
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

// PutName remembers a name the user picked (a subject found by a search).
func (d *Deps) PutName(kind string, id int64, name string) {
	if c := d.client(); c != nil && d.Names != nil && name != "" {
		d.Names.Put(c.AccountSlug(), kind, id, name)
	}
}
