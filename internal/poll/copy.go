package poll

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
)

// Copy is an account's local copy (internal/store), the mirror that brings
// it up to date and the client the mirror reads through: with one, the
// counts come from the copy after one sync (issue 26: one local copy),
// where without one they are read page by page from the Source.
type Copy struct {
	Client *apiclient.Client
	Store  *store.Store
	Mirror *mirror.Mirror
	// Close, when set, is called once the counts are read (a copy opened
	// for the one refresh).
	Close func()
}

// openTimeout bounds opening a copy's file.
const openTimeout = 10 * time.Second

// OpenCopy opens the copy of c's account in cacheDir (store.Path) for each
// counts refresh and closes it after: for an account no other part of kasa
// holds open (kasa monitor --all). A copy that cannot be opened is logged
// and the counts are read page by page.
func OpenCopy(cacheDir string, c *apiclient.Client, logger *slog.Logger) func() Copy {
	if logger == nil {
		logger = slog.New(slog.DiscardHandler)
	}
	return func() Copy {
		ctx, cancel := context.WithTimeout(context.Background(), openTimeout)
		defer cancel()
		st, m, err := mirror.Open(ctx, cacheDir, c.AccountSlug(), logger)
		if err != nil {
			logger.Warn("monitor: local copy not opened; counts read page by page", "account", c.AccountSlug(), "err", err)
			return Copy{}
		}
		return Copy{Client: c, Store: st, Mirror: m, Close: func() {
			if err := st.Close(); err != nil {
				logger.Warn("monitor: local copy not closed", "account", c.AccountSlug(), "err", err)
			}
		}}
	}
}

// countsFromCopy brings the copy's invoices, expenses and inventory items
// up to date with one sync, which is all the counts cost (one request, or
// a few, when nothing changed), and counts there as the Source's lists would.
func (f *fetcher) countsFromCopy(ctx context.Context, cp Copy) (Counts, error) {
	rep, err := cp.Mirror.Sync(ctx, cp.Client, store.Invoices, store.Expenses, store.InventoryItems)
	f.calls += rep.Requests
	f.filled = len(rep.Full) > 0
	if err != nil {
		return Counts{}, fmt.Errorf("count from the local copy: %w", err)
	}
	var t tally
	for _, status := range owingStatuses {
		rows, err := cp.Store.List(ctx, store.Query{Kind: store.Invoices, Filter: map[string]string{"status": status}})
		if err != nil {
			return Counts{}, fmt.Errorf("count %s invoices in the local copy: %w", status, err)
		}
		t.invoices(status, mirror.Decode[apiclient.Invoice](rows))
	}
	rows, err := cp.Store.List(ctx, store.Query{Kind: store.Expenses, Filter: map[string]string{"status": "overdue"}})
	if err != nil {
		return Counts{}, fmt.Errorf("count overdue expenses in the local copy: %w", err)
	}
	t.expenses(mirror.Decode[apiclient.Expense](rows))
	if rows, err = cp.Store.List(ctx, store.Query{Kind: store.InventoryItems}); err != nil {
		return Counts{}, fmt.Errorf("count low-stock items in the local copy: %w", err)
	}
	// The service's low-quantity list: the items in the index below their minimum.
	for _, it := range mirror.Decode[apiclient.InventoryItem](rows) {
		if !it.Archived && it.BelowMinimum() {
			t.c.LowStock++
		}
	}
	return t.counts(), nil
}
