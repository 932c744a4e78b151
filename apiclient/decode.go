package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"reflect"
	"strconv"
	"strings"
)

// Be liberal in what you accept: one odd field never costs the user a record or
// a list. A body is first decoded as it stands, which is all a well-formed
// answer costs. Only when that fails is a list taken apart record by record,
// and a record whose field has the wrong kind is coerced towards its Go type
// (a numeric string into an int, "" into unset, a number into a string) and
// decoded again; what still cannot be read is left unset and logged at debug.
// A Decimal, Date or DateTime whose text does not parse is set aside before
// that decode and handed to its field afterwards, which keeps the text (Valid
// reports false): their own UnmarshalJSON reports such text as an error, which
// a server validating input needs, but a reader must not drop the record for it.

// decodeResponse reads a 2xx JSON body into out: the one decode path of every
// response, so tests can hold it against the documented examples. request
// ("GET /accounts/…") names the answer in the log lines of odd values.
func decodeResponse(ctx context.Context, logger *slog.Logger, request string, body []byte, out any) error {
	err := json.Unmarshal(body, out)
	if err == nil {
		return nil
	}
	if logger != nil {
		logger = logger.With(slog.String("request", request))
	}
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return err
	}
	target := reflect.ValueOf(out)
	if target.Kind() != reflect.Pointer || target.IsNil() {
		return err
	}
	target = target.Elem()
	if target.Kind() != reflect.Slice {
		if wantsObject(target.Type()) && !isObject(body) {
			return err // not a record at all: nothing to be liberal about
		}
		target.SetZero()
		return decodeRecord(ctx, logger, body, out, "")
	}
	var raws []json.RawMessage
	if err := json.Unmarshal(body, &raws); err != nil {
		return fmt.Errorf("read a list: %w", err)
	}
	elemType := target.Type().Elem()
	list := reflect.MakeSlice(target.Type(), 0, len(raws))
	for i, raw := range raws {
		path := "[" + strconv.Itoa(i) + "]"
		if wantsObject(elemType) && !isObject(raw) {
			// A record that is not even an object has nothing to show.
			logDecode(ctx, logger, slog.LevelWarn, path, "skipped a record that is not an object", raw)
			continue
		}
		elem := reflect.New(elemType)
		if err := decodeRecord(ctx, logger, raw, elem.Interface(), path); err != nil {
			logDecode(ctx, logger, slog.LevelWarn, path, "skipped a record: "+err.Error(), raw)
			continue
		}
		list = reflect.Append(list, elem.Elem())
	}
	target.Set(list)
	return nil
}

// decodeRecord decodes one record, coercing the fields of the wrong kind.
func decodeRecord(ctx context.Context, logger *slog.Logger, raw []byte, out any, path string) error {
	if err := json.Unmarshal(raw, out); err == nil {
		return nil
	}
	var v any
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	if err := dec.Decode(&v); err != nil {
		return fmt.Errorf("read a record: %w", err)
	}
	var fx fixes
	fixed := fx.coerce(v, reflect.TypeOf(out), nil)
	for _, n := range fx.notes {
		logDecode(ctx, logger, slog.LevelDebug, path+joinLoc(n.loc), n.what, n.raw)
	}
	b, err := json.Marshal(fixed)
	if err != nil {
		return fmt.Errorf("re-encode a coerced record: %w", err)
	}
	rv := reflect.ValueOf(out).Elem()
	rv.SetZero()
	if err := json.Unmarshal(b, out); err != nil {
		// encoding/json fills every field it can before it reports: keep that.
		logDecode(ctx, logger, slog.LevelWarn, path, "kept a partly read record: "+err.Error(), nil)
	}
	for _, p := range fx.kept {
		keepText(rv, p.loc, p.raw)
	}
	for _, n := range fx.notes {
		if n.unset {
			keepUnread(rv, joinLoc(n.loc), n.raw)
		}
	}
	logInvalidValues(ctx, logger, out, path)
	return nil
}

// fixes collects what coerce changed: notes to log, and the value-type texts
// set aside to be handed to their fields after the decode.
type fixes struct {
	notes []coercion
	kept  []coercion
}

// coercion is one value changed, dropped or set aside, at loc (keys and
// "[i]" indexes below the record).
type coercion struct {
	loc  []string
	what string
	raw  []byte
	// unset: the value was left out of its field (kept in Unread).
	unset bool
}

func joinLoc(loc []string) string {
	var b strings.Builder
	for _, s := range loc {
		if !strings.HasPrefix(s, "[") {
			b.WriteByte('.')
		}
		b.WriteString(s)
	}
	return b.String()
}

// at extends loc without sharing its backing array with a sibling's.
func at(loc []string, seg string) []string { return append(loc[:len(loc):len(loc)], seg) }

// isValueType reports Decimal, Date and DateTime: they read any JSON value,
// keeping text they cannot parse.
func isValueType(t reflect.Type) bool {
	switch t {
	case reflect.TypeFor[Decimal](), reflect.TypeFor[Date](), reflect.TypeFor[DateTime]():
		return true
	}
	return false
}

// coerce returns v changed to fit Go type t, noting each change.
func (fx *fixes) coerce(v any, t reflect.Type, loc []string) any {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if v == nil {
		return nil
	}
	if n, ok := reflect.Zero(t).Interface().(nullable); ok {
		return fx.coerce(v, n.nullElem(), loc) // a Null reads what it holds
	}
	if isValueType(t) {
		raw, _ := json.Marshal(v)
		if reflect.New(t).Interface().(json.Unmarshaler).UnmarshalJSON(raw) != nil {
			fx.kept = append(fx.kept, coercion{loc: loc, raw: raw})
			return nil
		}
		return v
	}
	drop := func(what string) any {
		raw, _ := json.Marshal(v)
		fx.notes = append(fx.notes, coercion{loc: loc, what: what, raw: raw, unset: true})
		return nil
	}
	switch t.Kind() {
	case reflect.Interface:
		return v
	case reflect.Struct:
		m, ok := v.(map[string]any)
		if !ok {
			return drop("not an object, left unset")
		}
		fields := fieldsOf(t)
		for k, x := range m {
			if f, ok := fields[k]; ok {
				m[k] = fx.coerce(x, f.Type, at(loc, k))
			}
		}
		return m
	case reflect.Map:
		m, ok := v.(map[string]any)
		if !ok {
			return drop("not an object, left unset")
		}
		for k, x := range m {
			m[k] = fx.coerce(x, t.Elem(), at(loc, k))
		}
		return m
	case reflect.Slice, reflect.Array:
		list, ok := v.([]any)
		if !ok {
			return drop("not a list, left unset")
		}
		for i, x := range list {
			list[i] = fx.coerce(x, t.Elem(), at(loc, "["+strconv.Itoa(i)+"]"))
		}
		return list
	}
	return fx.coerceScalar(v, t.Kind(), loc)
}

// coerceScalar fits a JSON scalar to a string, number or bool field.
func (fx *fixes) coerceScalar(v any, kind reflect.Kind, loc []string) any {
	note := func(what string) {
		raw, _ := json.Marshal(v)
		fx.notes = append(fx.notes, coercion{loc: loc, what: what, raw: raw})
	}
	switch kind {
	case reflect.String:
		switch x := v.(type) {
		case string:
			return x
		case json.Number:
			return x.String()
		case bool:
			return strconv.FormatBool(x)
		}
		raw, _ := json.Marshal(v)
		note("kept an object or a list as its JSON text")
		return string(raw)
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if n, ok := integerOf(v); ok {
			return n
		}
		if s, ok := v.(string); ok && strings.TrimSpace(s) == "" {
			return nil // "" is how a form leaves a number unset
		}
	case reflect.Float32, reflect.Float64:
		if s, ok := v.(string); ok {
			if _, err := strconv.ParseFloat(strings.TrimSpace(s), 64); err == nil {
				return json.Number(strings.TrimSpace(s))
			}
			if strings.TrimSpace(s) == "" {
				return nil
			}
		}
		if _, ok := v.(json.Number); ok {
			return v
		}
	case reflect.Bool:
		switch x := v.(type) {
		case bool:
			return x
		case string, json.Number:
			if b, err := strconv.ParseBool(strings.TrimSpace(fmt.Sprint(x))); err == nil {
				return b
			}
		}
	default:
		return v
	}
	raw, _ := json.Marshal(v)
	fx.notes = append(fx.notes, coercion{loc: loc, what: "does not fit the field (" + kind.String() + "), left unset", raw: raw, unset: true})
	return nil
}

// integerOf reads a whole number from a JSON number or a numeric string ("7", "7.0").
func integerOf(v any) (json.Number, bool) {
	var s string
	switch x := v.(type) {
	case json.Number:
		s = x.String()
	case string:
		s = strings.TrimSpace(x)
	default:
		return "", false
	}
	if _, err := strconv.ParseInt(s, 10, 64); err == nil {
		return json.Number(s), true
	}
	if f, err := strconv.ParseFloat(s, 64); err == nil && f == float64(int64(f)) {
		return json.Number(strconv.FormatInt(int64(f), 10)), true
	}
	return "", false
}

// fieldsOf maps the JSON names of a struct's fields to the fields, with the
// fields of embedded structs promoted (Index is the path from t) as
// encoding/json does.
func fieldsOf(t reflect.Type) map[string]reflect.StructField {
	out := map[string]reflect.StructField{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct && !reflect.PointerTo(f.Type).Implements(reflect.TypeFor[json.Unmarshaler]()) {
			for k, inner := range fieldsOf(f.Type) {
				if _, outer := out[k]; !outer {
					inner.Index = append([]int{i}, inner.Index...)
					out[k] = inner
				}
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f
	}
	return out
}

// keepText hands raw to the Decimal, Date or DateTime at loc below v, which
// keeps text it cannot parse; the error saying so was logged already.
func keepText(v reflect.Value, loc []string, raw []byte) {
	for _, seg := range loc {
		for v.Kind() == reflect.Pointer {
			if v.IsNil() {
				v.Set(reflect.New(v.Type().Elem()))
			}
			v = v.Elem()
		}
		switch v.Kind() {
		case reflect.Struct:
			f, ok := fieldsOf(v.Type())[seg]
			if !ok {
				return
			}
			v = v.FieldByIndex(f.Index)
		case reflect.Slice, reflect.Array:
			i, err := strconv.Atoi(strings.Trim(seg, "[]"))
			if err != nil || i < 0 || i >= v.Len() {
				return
			}
			v = v.Index(i)
		default:
			return // no value type lives in a map of the models
		}
	}
	for v.Kind() == reflect.Pointer {
		if v.IsNil() {
			v.Set(reflect.New(v.Type().Elem()))
		}
		v = v.Elem()
	}
	if u, ok := v.Addr().Interface().(json.Unmarshaler); ok && v.CanSet() {
		_ = u.UnmarshalJSON(raw)
	}
}

func wantsObject(t reflect.Type) bool {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	_, isNull := reflect.Zero(t).Interface().(nullable)
	return t.Kind() == reflect.Struct && !isValueType(t) && !isNull
}

func isObject(raw []byte) bool {
	raw = bytes.TrimSpace(raw)
	return len(raw) > 0 && raw[0] == '{'
}

func logDecode(ctx context.Context, logger *slog.Logger, level slog.Level, path, what string, raw []byte) {
	if logger == nil {
		return
	}
	attrs := []slog.Attr{slog.String("field", strings.TrimPrefix(path, ".")), slog.String("what", what)}
	if raw != nil {
		attrs = append(attrs, slog.String("value", truncateForError(raw)))
	}
	logger.LogAttrs(ctx, level, "api response: odd value", attrs...)
}

// logInvalidValues logs, at debug, the Decimals, Dates and DateTimes of a
// coerced record that kept text they could not parse (only such a record has
// any). It costs nothing unless debug logging is on.
func logInvalidValues(ctx context.Context, logger *slog.Logger, out any, path string) {
	if logger == nil || !logger.Enabled(ctx, slog.LevelDebug) {
		return
	}
	walkInvalid(reflect.ValueOf(out), path, func(path, raw string) {
		logDecode(ctx, logger, slog.LevelDebug, path, "kept text that does not parse", []byte(raw))
	})
}

func walkInvalid(v reflect.Value, path string, found func(path, raw string)) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			walkInvalid(v.Elem(), path, found)
		}
	case reflect.Slice, reflect.Array:
		for i := 0; i < v.Len(); i++ {
			walkInvalid(v.Index(i), path+"["+strconv.Itoa(i)+"]", found)
		}
	case reflect.Struct:
		switch x := v.Interface().(type) {
		case Decimal:
			if !x.Valid() {
				found(path, x.Raw())
			}
			return
		case Date:
			if !x.Valid() {
				found(path, x.Raw())
			}
			return
		case DateTime:
			if !x.Valid() {
				found(path, x.Raw())
			}
			return
		case nullable:
			walkInvalid(reflect.ValueOf(x.nullHeld()), path, found)
			return
		}
		t := v.Type()
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			switch {
			case f.Anonymous && name == "":
				walkInvalid(v.Field(i), path, found) // promoted fields
			case name == "":
				walkInvalid(v.Field(i), path+"."+f.Name, found)
			default:
				walkInvalid(v.Field(i), path+"."+name, found)
			}
		}
	}
}

// Unread is what a record's answer carried that fits none of its fields: by
// the path below the record ("lines[0].quantity"), the value's JSON text. A
// value of the wrong kind is kept here, beside its record, rather than
// dropped: nil when everything fitted.
type Unread map[string]string

// keepUnread stores raw under path in the Unread of the record v (a pointer
// to a model), if it has one.
func keepUnread(v reflect.Value, path string, raw []byte) {
	for v.Kind() == reflect.Pointer {
		v = v.Elem()
	}
	if v.Kind() != reflect.Struct {
		return
	}
	f := v.FieldByName("Unread")
	if !f.IsValid() || f.Type() != reflect.TypeFor[Unread]() || !f.CanSet() {
		return
	}
	if f.IsNil() {
		f.Set(reflect.ValueOf(Unread{}))
	}
	f.SetMapIndex(reflect.ValueOf(strings.TrimPrefix(path, ".")), reflect.ValueOf(string(raw)))
}
