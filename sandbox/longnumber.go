package sandbox

import (
	"bytes"
	"reflect"
	"strings"
)

// longNumber finds, in one pass over a JSON body, a number longer than
// maxDecimalText: a JSON number anywhere, or a string given for one of the
// numeric fields of params (paths as numericPaths writes them). It reports
// the path of keys to it ("lines.unit_price", arrays left out as in the
// service's error keys) and the message: "is too long" for digits, "is not
// a number" for other text.
//
// Decoding such a body field by field would scan a million digits at every
// level of nesting; this refuses it at the cost of one scan, in which
// strings are skipped with bytes.IndexByte and a number needs no more than
// its first maxDecimalText+1 characters looked at. A body that is not JSON
// is left to the decoder, which says what is wrong with it.
func longNumber(body []byte, numeric map[string]bool) (path, msg string, found bool) {
	type frame struct {
		object bool
		key    string
	}
	var stack []frame
	expectKey := false
	pathOf := func() string {
		var keys []string
		for _, f := range stack {
			if f.object {
				keys = append(keys, f.key)
			}
		}
		return strings.Join(keys, ".")
	}
	for i := 0; i < len(body); i++ {
		switch c := body[i]; {
		case c == '{':
			stack = append(stack, frame{object: true})
			expectKey = true
		case c == '[':
			stack = append(stack, frame{})
		case c == '}' || c == ']':
			if len(stack) == 0 {
				return "", "", false
			}
			stack = stack[:len(stack)-1]
		case c == ',':
			expectKey = len(stack) > 0 && stack[len(stack)-1].object
		case c == ':':
			expectKey = false
		case c == '"':
			end := stringEnd(body, i+1)
			if end < 0 {
				return "", "", false
			}
			text := body[i+1 : end]
			switch {
			case expectKey && len(stack) > 0:
				stack[len(stack)-1].key = string(text)
			case len(text) > maxDecimalText && numeric[pathOf()]:
				if numberPrefix(text) > maxDecimalText {
					return pathOf(), MsgTooLong, true
				}
				return pathOf(), MsgNotNumber, true
			}
			i = end
		case c == '-' || c >= '0' && c <= '9':
			n := numberPrefix(body[i:])
			if n > maxDecimalText {
				return pathOf(), MsgTooLong, true
			}
			i += n - 1
		}
	}
	return "", "", false
}

// stringEnd is the index of the quote that closes the JSON string starting
// at from, or -1.
func stringEnd(body []byte, from int) int {
	for {
		q := bytes.IndexByte(body[from:], '"')
		if q < 0 {
			return -1
		}
		q += from
		if bytes.IndexByte(body[from:q], '\\') < 0 {
			return q
		}
		// Escapes: count the backslashes before the quote.
		n := 0
		for j := q - 1; j >= from && body[j] == '\\'; j-- {
			n++
		}
		if n%2 == 0 {
			return q
		}
		from = q + 1
	}
}

// numberPrefix is how many of b's first bytes, at most maxDecimalText+1, can
// belong to a number.
func numberPrefix(b []byte) int {
	n := 0
	for n < len(b) && n <= maxDecimalText && isNumberByte(b[n]) {
		n++
	}
	return n
}

func isNumberByte(c byte) bool {
	return c >= '0' && c <= '9' || c == '.' || c == '-' || c == '+' || c == 'e' || c == 'E'
}

// numericPaths are the keys of a params struct whose values are numbers
// (decimals, rates, integers), nested ones as "lines.unit_price".
func numericPaths(t reflect.Type, prefix string, out map[string]bool) map[string]bool {
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		ft := f.Type
		for ft.Kind() == reflect.Pointer {
			ft = ft.Elem()
		}
		if f.Anonymous && ft.Kind() == reflect.Struct {
			numericPaths(ft, prefix, out)
			continue
		}
		name := strings.Split(f.Tag.Get("json"), ",")[0]
		if name == "" || name == "-" {
			continue
		}
		switch {
		case ft == decimalType || ft == rateType:
			out[prefix+name] = true
		case ft.Kind() == reflect.Int || ft.Kind() == reflect.Int64:
			out[prefix+name] = true
		case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct && ft.Elem() != decimalType:
			numericPaths(ft.Elem(), prefix+name+".", out)
		}
	}
	return out
}

var rateType = reflect.TypeOf(Rate{})
