package report

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/mirror"
	"github.com/kasa-tui/kasa/internal/store"
)

// currencyKey keeps the account's currency in the local copy: it decides
// how every figure is summed and changes rarely, so it is read once.
const currencyKey = "account.currency"

// FromCopy is the books from the account's local copy, brought up to date
// first: invoices and expenses cost one request each when nothing changed,
// where Fetch reads every page. When the sync fails and the copy holds both
// kinds whole, the copy's books come with a *StaleError (AsOf says when
// they were synced); otherwise the failure is returned.
func FromCopy(ctx context.Context, c *apiclient.Client, st *store.Store, m *mirror.Mirror, log *slog.Logger) (Books, error) {
	_, syncErr := m.Sync(ctx, c, store.Invoices, store.Expenses)
	b, ok, err := Local(ctx, st)
	if err != nil {
		return Books{}, err
	}
	if !ok && syncErr == nil {
		// Complete copies whose currency was never read: the service says
		// it, the copy keeps it, and the books are read again.
		if err := keepCurrency(ctx, c, st); err != nil {
			return Books{}, err
		}
		if b, ok, err = Local(ctx, st); err != nil {
			return Books{}, err
		}
	}
	if !ok {
		if syncErr == nil {
			syncErr = errors.New("the local copy is not complete")
		}
		return Books{}, fmt.Errorf("bring the local copy up to date: %w", syncErr)
	}
	if syncErr != nil {
		if log != nil {
			log.Warn("books from the local copy as it was", "as_of", b.AsOf, "err", syncErr)
		}
		return b, &StaleError{AsOf: b.AsOf, Err: syncErr}
	}
	b.AsOf = time.Time{}
	return b, nil
}

// StaleError comes with books read from the local copy as it was, because
// bringing it up to date failed (the service unreachable): the books are
// usable, and the failure still says what the connection did.
type StaleError struct {
	AsOf time.Time // when the copy was synced
	Err  error
}

func (e *StaleError) Error() string {
	return fmt.Sprintf("the local copy as synced at %s: %v", e.AsOf.Format(time.RFC3339), e.Err)
}

func (e *StaleError) Unwrap() error { return e.Err }

// Local is the books as the local copy holds them, without a request: ok
// is false unless it holds every invoice and expense and knows the
// account's currency. AsOf is when the copy was synced.
func Local(ctx context.Context, st *store.Store) (b Books, ok bool, err error) {
	asOf, complete, err := copyAge(ctx, st)
	if err != nil || !complete {
		return Books{}, false, err
	}
	cur, err := st.Value(ctx, currencyKey)
	if errors.Is(err, store.ErrNotFound) || (err == nil && len(cur) == 0) {
		return Books{}, false, nil
	}
	if err != nil {
		return Books{}, false, fmt.Errorf("read the account's currency from the local copy: %w", err)
	}
	b = Books{AsOf: asOf, Currency: string(cur)}
	if b.Invoices, err = readAll[apiclient.Invoice](ctx, st, store.Invoices); err != nil {
		return Books{}, false, err
	}
	if b.Expenses, err = readAll[apiclient.Expense](ctx, st, store.Expenses); err != nil {
		return Books{}, false, err
	}
	return b, true, nil
}

// copyAge is when the older of invoices and expenses was last synced, and
// whether both are held whole.
func copyAge(ctx context.Context, st *store.Store) (time.Time, bool, error) {
	var asOf time.Time
	for _, k := range []store.Kind{store.Invoices, store.Expenses} {
		s, err := st.State(ctx, k)
		if err != nil {
			return time.Time{}, false, fmt.Errorf("read the local copy's state: %w", err)
		}
		if !s.Complete {
			return time.Time{}, false, nil
		}
		if asOf.IsZero() || s.SyncedAt.Before(asOf) {
			asOf = s.SyncedAt
		}
	}
	return asOf, true, nil
}

// keepCurrency reads the account's currency from the service and keeps it
// in the copy: it decides how every figure is summed and changes rarely.
func keepCurrency(ctx context.Context, c *apiclient.Client, st *store.Store) error {
	acc, _, err := c.Account.Get(ctx)
	if err != nil {
		return fmt.Errorf("read the account's currency: %w", err)
	}
	if err := st.SetValue(ctx, currencyKey, []byte(acc.Currency)); err != nil {
		return fmt.Errorf("keep the account's currency: %w", err)
	}
	return nil
}

// readAll decodes every record of kind in the copy; a row that does not
// decode is skipped (mirror.Decode), never costing the rest.
func readAll[T any](ctx context.Context, st *store.Store, kind store.Kind) ([]T, error) {
	var out []T
	err := st.Each(ctx, store.Query{Kind: kind}, func(raw []byte) error {
		out = append(out, mirror.Decode[T]([][]byte{raw})...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("read %s from the local copy: %w", kind, err)
	}
	return out, nil
}

// Read is the books: from the local copy when there is one (FromCopy), else
// every page from the service (Fetch).
func Read(ctx context.Context, c *apiclient.Client, st *store.Store, m *mirror.Mirror, log *slog.Logger) (Books, error) {
	if st == nil || m == nil {
		return Fetch(ctx, c)
	}
	return FromCopy(ctx, c, st, m, log)
}
