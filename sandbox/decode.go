package sandbox

import (
	"bytes"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
)

// Errors are validation messages by field, the body of a 422.
type Errors map[string][]string

// Add appends a message for field.
func (e Errors) Add(field, msg string) { e[field] = append(e[field], msg) }

// Any reports whether there are messages.
func (e Errors) Any() bool { return len(e) > 0 }

// Messages of the reference.
const (
	MsgBlank        = "can't be blank"
	MsgTooShort2    = "is too short (minimum is 2 characters)"
	MsgTaken        = "has already been taken"
	MsgNotNumber    = "is not a number"
	MsgNotInList    = "is not included in the list"
	MsgCannotChange = "cannot be changed"
	MsgEmpty        = "can't be empty"
	MsgInvalid      = "is invalid"
	MsgTooLong      = "is too long"
	msgGreaterThan0 = "must be greater than 0"
)

var decimalType = reflect.TypeOf(Decimal{})

// DecodeBody decodes a JSON object body into params (a pointer to a params struct
// of this package) field by field, so that one bad value gives a 422 naming its field
// instead of failing the whole body. A body that is not a JSON object (null, an
// array, a number) is reported under the key "base". Unknown keys are ignored, as
// the service ignores them. Integers and booleans sent as strings ("12", "true")
// are accepted, as the service's parameter parsing accepts them; decimals accept
// numbers and strings. Text with a NUL character is invalid: the service's
// database cannot store it.
//
// An explicit null for a text, date or decimal field is that field sent
// empty, as Rails assigns nil: a PATCH clears the field, a create finds it
// blank. For other fields (numbers, booleans, lists) it is as if not sent.
func DecodeBody(body []byte, params any) Errors {
	errs := Errors{}
	body = bytes.TrimSpace(body)
	if len(body) == 0 {
		return errs
	}
	numeric := numericPaths(reflect.TypeOf(params).Elem(), "", map[string]bool{})
	if path, msg, found := longNumber(body, numeric); found && path != "" {
		errs.Add(path, msg)
		return errs
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil || body[0] != '{' {
		errs.Add("base", "the body is not a JSON object")
		return errs
	}
	decodeInto(raw, reflect.ValueOf(params).Elem(), "", errs)
	return errs
}

// Present reports which top-level keys a body carried (for "cannot be
// changed" checks). It looks at the keys only, skipping values with
// bytes.IndexByte, so a huge value costs no parse.
func Present(body []byte) map[string]bool {
	out := map[string]bool{}
	if _, _, found := longNumber(body, nil); found {
		return out // a number DecodeBody refuses: not walked digit by digit again
	}
	depth, expectKey := 0, false
	for i := 0; i < len(body); i++ {
		switch body[i] {
		case '{', '[':
			depth++
			expectKey = depth == 1 && body[i] == '{'
		case '}', ']':
			depth--
		case ',':
			expectKey = depth == 1
		case ':':
			expectKey = false
		case '"':
			end := stringEnd(body, i+1)
			if end < 0 {
				return out
			}
			if expectKey && depth == 1 {
				var key string
				if json.Unmarshal(body[i:end+1], &key) == nil {
					out[key] = true
				}
			}
			i = end
		}
	}
	return out
}

func decodeInto(raw map[string]json.RawMessage, v reflect.Value, prefix string, errs Errors) {
	t := v.Type()
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			decodeInto(raw, v.Field(i), prefix, errs)
			continue
		}
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		if name == "" || name == "-" {
			continue
		}
		msg, ok := raw[name]
		if !ok {
			continue
		}
		fv := v.Field(i)
		if bytes.Equal(bytes.TrimSpace(msg), []byte("null")) {
			if clearsOnNull(fv.Type()) {
				fv.Set(reflect.New(fv.Type().Elem()))
			}
			continue
		}
		if err := decodeValue(msg, fv, prefix+name, errs); err != "" {
			errs.Add(prefix+name, err)
		}
	}
}

// clearsOnNull reports the fields an explicit null sets to an empty value:
// pointers to text, dates and decimals.
func clearsOnNull(t reflect.Type) bool {
	if t.Kind() != reflect.Pointer {
		return false
	}
	switch e := t.Elem(); {
	case e.Kind() == reflect.String, e == decimalType, e == dateType, e == dateTimeType:
		return true
	}
	return false
}

var (
	dateType     = reflect.TypeOf(Date{})
	dateTimeType = reflect.TypeOf(DateTime{})
)

// decodeValue decodes one value; it returns a message for a bad value.
func decodeValue(msg json.RawMessage, fv reflect.Value, path string, errs Errors) string {
	ft := fv.Type()
	if ft.Kind() == reflect.Pointer {
		nv := reflect.New(ft.Elem())
		if m := decodeValue(msg, nv.Elem(), path, errs); m != "" {
			return m
		}
		fv.Set(nv)
		return ""
	}
	switch {
	case ft == decimalType:
		var d Decimal
		if err := json.Unmarshal(msg, &d); err != nil {
			if errors.Is(err, ErrDecimalTooLong) {
				return MsgTooLong
			}
			return MsgNotNumber
		}
		fv.Set(reflect.ValueOf(d))
		return ""
	case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct && ft.Elem() != decimalType:
		var items []json.RawMessage
		if json.Unmarshal(msg, &items) != nil {
			return MsgInvalid
		}
		out := reflect.MakeSlice(ft, len(items), len(items))
		for i, it := range items {
			var obj map[string]json.RawMessage
			if json.Unmarshal(it, &obj) != nil {
				return MsgInvalid
			}
			decodeInto(obj, out.Index(i), path+".", errs)
		}
		fv.Set(out)
		return ""
	case ft.Kind() == reflect.Int || ft.Kind() == reflect.Int64:
		if err := json.Unmarshal(msg, fv.Addr().Interface()); err == nil {
			return ""
		}
		var s string
		if json.Unmarshal(msg, &s) == nil {
			if n, err := strconv.ParseInt(strings.TrimSpace(s), 10, 64); err == nil {
				fv.SetInt(n)
				return ""
			}
		}
		return MsgNotNumber
	case ft.Kind() == reflect.Bool:
		if err := json.Unmarshal(msg, fv.Addr().Interface()); err == nil {
			return ""
		}
		var s string
		if json.Unmarshal(msg, &s) == nil {
			if b, err := strconv.ParseBool(s); err == nil {
				fv.SetBool(b)
				return ""
			}
		}
		return MsgInvalid
	case ft.Kind() == reflect.String:
		return decodeText(msg, fv)
	default:
		return decodeOther(msg, fv)
	}
}

// decodeText decodes a text field: a number sent for it (a zip code, a
// supply code) is kept as text; a NUL is invalid.
func decodeText(msg json.RawMessage, fv reflect.Value) string {
	if err := json.Unmarshal(msg, fv.Addr().Interface()); err == nil {
		if strings.ContainsRune(fv.String(), 0) {
			return MsgInvalid
		}
		return ""
	}
	var n json.Number
	if json.Unmarshal(msg, &n) == nil {
		fv.SetString(n.String())
		return ""
	}
	return MsgInvalid
}

// decodeOther decodes any other field by its own JSON decoding: dates,
// rates, lists of text (tags, where a NUL is invalid).
func decodeOther(msg json.RawMessage, fv reflect.Value) string {
	if err := json.Unmarshal(msg, fv.Addr().Interface()); err != nil {
		if errors.Is(err, ErrDecimalTooLong) { // a Rate
			return MsgTooLong
		}
		return MsgInvalid
	}
	if ft := fv.Type(); ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.String {
		for i := range fv.Len() {
			if strings.ContainsRune(fv.Index(i).String(), 0) {
				return MsgInvalid
			}
		}
	}
	return ""
}
