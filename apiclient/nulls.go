package apiclient

import (
	"encoding/json"
	"fmt"
	"strings"
)

// A params struct's text fields are pointers: nil is "not sent" and "" sends
// an empty text. Clear adds the third state, an explicit null, which the
// service reads as nil: the field is cleared, as PATCH {"phone": null} does.

// MarshalJSON encodes the params with each key of Clear set to null.
func (p SubjectParams) MarshalJSON() ([]byte, error) {
	type plain SubjectParams
	return withNulls(plain(p), p.Clear)
}

// MarshalJSON encodes the params with each key of Clear set to null.
func (p InvoiceParams) MarshalJSON() ([]byte, error) {
	type plain InvoiceParams
	return withNulls(plain(p), p.Clear)
}

// MarshalJSON encodes the params with each key of Clear set to null.
func (p ExpenseParams) MarshalJSON() ([]byte, error) {
	type plain ExpenseParams
	return withNulls(plain(p), p.Clear)
}

// Clearer is a params type that can send an explicit null: SetClear names
// the keys (comma-separated) to send as null.
type Clearer interface{ SetClear(keys string) }

// SetClear implements Clearer.
func (p *SubjectParams) SetClear(keys string) { p.Clear = keys }

// SetClear implements Clearer.
func (p *InvoiceParams) SetClear(keys string) { p.Clear = keys }

// SetClear implements Clearer.
func (p *ExpenseParams) SetClear(keys string) { p.Clear = keys }

// withNulls encodes v, then sets each key of clear (comma-separated) to null.
func withNulls(v any, clear string) ([]byte, error) {
	b, err := json.Marshal(v)
	if err != nil || strings.TrimSpace(clear) == "" {
		return b, err
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		return nil, fmt.Errorf("encode params with nulls: %w", err)
	}
	for _, k := range strings.Split(clear, ",") {
		if k = strings.TrimSpace(k); k != "" {
			m[k] = json.RawMessage("null")
		}
	}
	return json.Marshal(m)
}
