package apiclient

import (
	"bytes"
	"encoding/json"
	"fmt"
	"reflect"
)

// Null is a value that may be JSON null, for the fields where null means
// something of its own: "inherit from the account settings" for a subject's
// due or currency, "no end" for a recurring generator's end date. A pointer
// cannot carry that: nil is both "not given" and null, and omitempty drops it.
// A Null is absent (the zero value, omitted under `omitzero`), null, or a
// value, and null survives a decode and a re-encode.
type Null[T any] struct {
	val   T
	state nullState
}

type nullState uint8

const (
	nullAbsent nullState = iota
	nullNull
	nullValue
)

// NullOf is a Null holding v.
func NullOf[T any](v T) Null[T] { return Null[T]{val: v, state: nullValue} }

// ExplicitNull is a Null that encodes as null: in a params field it resets the
// value (to "inherit", for most fields that allow it).
func ExplicitNull[T any]() Null[T] { return Null[T]{state: nullNull} }

// Get returns the value and whether there is one.
func (n Null[T]) Get() (T, bool) { return n.val, n.state == nullValue }

// Or returns the value, or def when null or absent.
func (n Null[T]) Or(def T) T {
	if n.state == nullValue {
		return n.val
	}
	return def
}

// IsNull reports an explicit null.
func (n Null[T]) IsNull() bool { return n.state == nullNull }

// Present reports a value or an explicit null: the field was in the JSON.
func (n Null[T]) Present() bool { return n.state != nullAbsent }

// Equal reports the same state and value; go-cmp compares Nulls by it.
func (n Null[T]) Equal(o Null[T]) bool {
	return n.state == o.state && reflect.DeepEqual(n.val, o.val)
}

// IsZero reports an absent Null, for the `omitzero` JSON option.
func (n Null[T]) IsZero() bool { return n.state == nullAbsent }

// String shows the value, or "" when null or absent: what a screen or a form
// field shows of a value that is not set.
func (n Null[T]) String() string {
	if n.state == nullValue {
		return fmt.Sprint(n.val)
	}
	return ""
}

// MarshalJSON encodes the value, or null when null or absent (an absent field
// is left out by `omitzero` before it gets here).
func (n Null[T]) MarshalJSON() ([]byte, error) {
	if n.state != nullValue {
		return []byte("null"), nil
	}
	return json.Marshal(n.val)
}

// UnmarshalJSON reads null as an explicit null and anything else as the value.
// A value T reports as an error stays held (a Date keeps text it cannot parse).
func (n *Null[T]) UnmarshalJSON(b []byte) error {
	if bytes.Equal(bytes.TrimSpace(b), []byte("null")) {
		*n = ExplicitNull[T]()
		return nil
	}
	var v T
	err := json.Unmarshal(b, &v)
	*n = NullOf(v)
	if s, ok := any(v).(interface{ IsSet() bool }); ok && err == nil && !s.IsSet() {
		// "" reads as an unset Decimal or Date, which encodes as null: say so now.
		*n = ExplicitNull[T]()
	}
	if err != nil {
		return fmt.Errorf("nullable value: %w", err)
	}
	return nil
}

// nullElem lets the response decoding see through a Null to the type it holds.
func (n Null[T]) nullElem() reflect.Type { return reflect.TypeFor[T]() }

// nullHeld is the value held, for the debug log of kept text.
func (n Null[T]) nullHeld() any { return n.val }

// nullable is what every Null is, whatever it holds.
type nullable interface {
	nullElem() reflect.Type
	nullHeld() any
}
