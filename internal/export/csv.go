package export

import (
	"bufio"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"iter"
	"reflect"
	"slices"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/csvsafe"
)

// column is one CSV column: the field's JSON name, and whether the field
// is a number by its kind (a decimal, an integer, a boolean), so that its
// cells are written as numbers. Every other cell is text.
type column struct {
	name   string
	number bool
}

func writeCSV(w io.Writer, typ reflect.Type, rows iter.Seq2[any, error], progress func(int)) (int, error) {
	cols := columns(typ)
	bw := bufio.NewWriter(w)
	rec := make([]string, len(cols))
	quoted := make([]bool, len(cols))
	for i, c := range cols {
		rec[i] = c.name
	}
	if err := csvsafe.WriteRecord(bw, rec, quoted); err != nil {
		return 0, err
	}
	n := 0
	for r, err := range rows {
		if err != nil {
			_ = bw.Flush()
			return n, err
		}
		b, err := json.Marshal(r)
		if err != nil {
			return n, fmt.Errorf("encode record %d: %w", n+1, err)
		}
		var fields map[string]json.RawMessage
		if err := json.Unmarshal(b, &fields); err != nil {
			return n, fmt.Errorf("encode record %d: %w", n+1, err)
		}
		for i, c := range cols {
			rec[i], quoted[i] = csvsafe.Cell(cell(fields[c.name]), c.number)
		}
		if err := csvsafe.WriteRecord(bw, rec, quoted); err != nil {
			return n, err
		}
		n++
		if progress != nil {
			progress(n)
		}
	}
	return n, bw.Flush()
}

// cell is a field's text: a string unquoted, null empty, a number or a
// boolean as written, an array or an object as compact JSON.
func cell(raw json.RawMessage) string {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0, string(raw) == "null":
		return ""
	case raw[0] == '"':
		var s string
		if json.Unmarshal(raw, &s) == nil {
			return s
		}
	case raw[0] == '[' || raw[0] == '{':
		var b bytes.Buffer
		if json.Compact(&b, raw) == nil {
			return b.String()
		}
	}
	return string(raw)
}

// columns are the JSON names of t's fields in declaration order, embedded
// structs flattened, as the service names them, each with its kind.
func columns(t reflect.Type) []column {
	var out []column
	for i := range t.NumField() {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if f.Anonymous && name == "" {
			out = append(out, columns(f.Type)...)
			continue
		}
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		if !slices.ContainsFunc(out, func(c column) bool { return c.name == name }) {
			out = append(out, column{name: name, number: numberKind(f.Type)})
		}
	}
	return out
}

// numberKind reports the field types whose JSON is a number or a boolean:
// Go's numbers and booleans, apiclient.Decimal (written as a string), and
// pointers to them or apiclient.Null of them.
func numberKind(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == reflect.TypeFor[apiclient.Decimal]() {
		return true
	}
	if t.Kind() == reflect.Struct && t.PkgPath() == reflect.TypeFor[apiclient.Decimal]().PkgPath() &&
		strings.HasPrefix(t.Name(), "Null[") && t.NumField() > 0 {
		return numberKind(t.Field(0).Type)
	}
	switch t.Kind() {
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Float32, reflect.Float64:
		return true
	}
	return false
}
