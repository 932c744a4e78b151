package mirror

import (
	"fmt"

	"github.com/kasa-tui/kasa/internal/store"
)

// RecordOf extracts the store's fields from one record of the kind
// (apiclient.Invoice, Expense, ...; a pointer to one is fine).
func RecordOf(kind store.Kind, v any) (store.Record, error) {
	return store.Record{}, fmt.Errorf("record of %s: %T is not supported yet", kind, v)
}

// recordsOf is RecordOf over one record, a pointer to one, or a slice.
func recordsOf(kind store.Kind, recs any) ([]store.Record, error) {
	r, err := RecordOf(kind, recs)
	if err != nil {
		return nil, err
	}
	return []store.Record{r}, nil
}
