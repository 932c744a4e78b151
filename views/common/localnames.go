package common

import (
	"context"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
)

// Names read from the local copy (issue 26): a record the copy holds is
// named from it without a request; the service is asked only for the rest.

// UseCopy makes Load read names from the account's local copy first
// (Deps.Store; nil reads none).
func (n *Names) UseCopy(copy func() *store.Store) {
	n.mu.Lock()
	defer n.mu.Unlock()
	n.copy = copy
}

// fromCopy is r's name as the local copy keeps its record.
func (n *Names) fromCopy(ctx context.Context, r Ref) (string, bool) {
	n.mu.Lock()
	open := n.copy
	n.mu.Unlock()
	if open == nil {
		return "", false
	}
	st := open()
	if st == nil {
		return "", false
	}
	switch r.Kind {
	case NameSubject:
		return copyName(ctx, st, store.Subjects, r.ID, func(s apiclient.Subject) string { return s.Name })
	case NameInvoice:
		return copyName(ctx, st, store.Invoices, r.ID, func(i apiclient.Invoice) string { return i.Number })
	case NameExpense:
		return copyName(ctx, st, store.Expenses, r.ID, func(e apiclient.Expense) string { return e.Number })
	case NameInventoryItem:
		return copyName(ctx, st, store.InventoryItems, r.ID, func(it apiclient.InventoryItem) string { return it.Name })
	}
	return "", false
}

// copyName reads one record of kind from the copy and names it.
func copyName[T any](ctx context.Context, st *store.Store, kind store.Kind, id int64, name func(T) string) (string, bool) {
	raw, err := st.Get(ctx, kind, id)
	if err != nil {
		return "", false // not in the copy (store.ErrNotFound), or unreadable: the service is asked
	}
	recs := mirror.Decode[T]([][]byte{raw})
	if len(recs) == 0 || name(recs[0]) == "" {
		return "", false
	}
	return name(recs[0]), true
}
