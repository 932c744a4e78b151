package editor

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui/form"
)

// ftype says how a header field is typed, read from a record and sent.
type ftype int

const (
	tText ftype = iota
	tArea
	tDate
	tDecimal
	tInt
	tBool
	tChoice // one of options; "" (when offered) is null: inherit
	tTags
)

// def is one header field of a kind of document. key is the API's name, so
// the service's messages land beside it and the body is built from it.
type def struct {
	key     string
	Label   string // a catalog key: the form engine shows it in the language
	typ     ftype
	options []form.Option
	// ids: the choice's values are record ids, sent as numbers.
	ids      bool
	help     string // a catalog key (locale.Key) or a text already in the language
	limit    int
	required bool
	// requiredIf makes the field required by the others' values (an
	// exchange rate for a foreign currency).
	requiredIf func(v form.Values) (bool, string)
	hidden     func(v form.Values) bool
	// check is a rule beyond the type's (the exchange rate a foreign
	// currency needs).
	check func(v string, all form.Values) error
}

// field is the form field of d, its help and rules in l's language.
func (d def) field(l locale.Locale) form.Field {
	f := form.Field{Key: d.key, Label: d.Label, CharLimit: d.limit, Hidden: d.hidden,
		Validate: func(v string, all form.Values) error { return d.validate(l, v, all) }}
	if d.help != "" {
		f.Help = []string{l.T(d.help)}
	}
	switch d.typ {
	case tArea:
		f.Kind, f.Lines = form.FieldTextArea, 2
	case tBool:
		f.Kind = form.FieldBool
	case tChoice:
		f.Kind, f.Options = form.FieldChoice, d.options
	case tDate:
		// The format as help, not as a placeholder: without colours a
		// placeholder reads as a value. The day is typed the locale's way.
		f.Input = form.InputDate
		f.Help = append(f.Help, l.Tf("a date: %s", l.DateHint()))
	case tDecimal:
		f.Input = form.InputAmount
	case tTags:
		f.Help = append(f.Help, l.T("tags separated by commas"))
	}
	return f
}

// validate is the live check of a typed value (the engine has turned a
// date or an amount typed the locale's way into the API's): the rule named
// with the field, in l's language, nothing typed lost.
func (d def) validate(l locale.Locale, v string, all form.Values) error {
	v = strings.TrimSpace(v)
	label := l.T(d.Label)
	if v == "" {
		if d.required {
			return errors.New(l.Tf("%s can't be blank", label))
		}
		if d.requiredIf != nil {
			if req, why := d.requiredIf(all); req {
				return errors.New(l.Tf("%s can't be blank: %s", label, why))
			}
		}
		return nil
	}
	switch d.typ {
	case tDate:
		if _, err := apiclient.ParseDate(v); err != nil {
			return errors.New(l.Tf("%s is not a date: type %s", label, l.DateHint()))
		}
	case tDecimal:
		if _, err := apiclient.NewDecimal(v); err != nil {
			return errors.New(l.Tf("%s is not a number: use digits and a dot, like 25.30", label))
		}
	case tInt:
		if _, err := strconv.Atoi(v); err != nil {
			return errors.New(l.Tf("%s is not a whole number", label))
		}
	}
	if d.limit > 0 && len([]rune(v)) > d.limit {
		return errors.New(l.Tf("%s is too long (at most %d characters)", label, d.limit))
	}
	if d.check != nil {
		return d.check(v, all)
	}
	return nil
}

// valuesOf reads the header fields of a record (any of the client's
// document types) as form values, by the API's names.
func valuesOf(rec any, defs []def) (form.Values, error) {
	b, err := json.Marshal(rec)
	if err != nil {
		return nil, fmt.Errorf("read the document: %w", err)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		return nil, fmt.Errorf("read the document: %w", err)
	}
	v := form.Values{}
	for _, d := range defs {
		v[d.key] = text(raw[d.key], d.typ)
	}
	return v, nil
}

// text is a JSON value as a form's text.
func text(raw json.RawMessage, t ftype) string {
	raw = bytes.TrimSpace(raw)
	switch {
	case len(raw) == 0 || string(raw) == "null":
		if t == tBool {
			return "false"
		}
		return ""
	case raw[0] == '"':
		var s string
		_ = json.Unmarshal(raw, &s)
		return s
	case raw[0] == '[':
		var tags []string
		_ = json.Unmarshal(raw, &tags)
		return strings.Join(tags, ", ")
	}
	return string(raw)
}

// bodyValue is a form's text as the JSON value the API takes for t; ""
// is null (unset, or inherit for a choice that offers it).
func bodyValue(v string, t ftype) (any, error) {
	v = strings.TrimSpace(v)
	switch t {
	case tBool:
		return v == "true", nil
	case tTags:
		tags := []string{}
		for _, s := range strings.Split(v, ",") {
			if s = strings.TrimSpace(s); s != "" {
				tags = append(tags, s)
			}
		}
		return tags, nil
	}
	if v == "" {
		return nil, nil
	}
	if t == tInt {
		n, err := strconv.Atoi(v)
		if err != nil {
			return nil, errors.New(locale.Key("not a whole number"))
		}
		return n, nil
	}
	return v, nil
}

// emptiedText marks, in a body, a free-text field the user emptied (a nil
// value is already a JSON null: a number or choice back to inherit).
type emptiedText struct{}

// body builds a create (every filled field) or an update (every changed
// field) from the header values.
func body(defs []def, v, orig form.Values, creating bool) (map[string]any, error) {
	out := map[string]any{}
	for _, d := range defs {
		val, shown := v[d.key]
		if !shown {
			continue
		}
		if creating && strings.TrimSpace(val) == "" && d.typ != tBool {
			continue
		}
		if !creating && val == orig[d.key] {
			continue
		}
		if !creating && d.typ == tArea && strings.TrimSpace(val) == "" {
			out[d.key] = emptiedText{} // null clears it where the params can say so (saveWith)
			continue
		}
		t := d.typ
		if d.ids {
			t = tInt
		}
		j, err := bodyValue(val, t)
		if err != nil {
			return nil, fmt.Errorf("%s: %w", d.Label, err)
		}
		out[d.key] = j
	}
	return out, nil
}

// decodeInto fills params (a client params type) from a body by the API's
// names, so every kind shares one way of building its request.
func decodeInto(b map[string]any, params any) error {
	raw, err := json.Marshal(b)
	if err != nil {
		return fmt.Errorf("build the request: %w", err)
	}
	if err := json.Unmarshal(raw, params); err != nil {
		return fmt.Errorf("build the request: %w", err)
	}
	return nil
}

// choice options: value, label pairs; each label is a catalog key (the
// form engine shows it in the language).
func opts(pairs ...string) []form.Option {
	out := make([]form.Option, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, form.Option{Value: pairs[i], Label: pairs[i+1]})
	}
	return out
}

// inherit puts "inherit" (null) first.
func inherit(o []form.Option) []form.Option {
	return append([]form.Option{{Value: "", Label: "inherit (the account's setting)"}}, o...)
}

func paymentMethods() []form.Option {
	return opts("bank", locale.Key("bank transfer"), "cash", locale.Key("cash"), "cod", locale.Key("cash on delivery"),
		"card", locale.Key("card"), "paypal", "PayPal", "custom", locale.Key("custom"))
}

func languages() []form.Option {
	return opts("cz", locale.Key("Czech"), "sk", locale.Key("Slovak"), "en", locale.Key("English"), "de", locale.Key("German"),
		"fr", locale.Key("French"), "it", locale.Key("Italian"), "es", locale.Key("Spanish"), "ru", locale.Key("Russian"),
		"pl", locale.Key("Polish"), "hu", locale.Key("Hungarian"), "ro", locale.Key("Romanian"))
}

func priceModes() []form.Option {
	return opts("without_vat", locale.Key("prices without VAT"), "from_total_with_vat", locale.Key("prices include VAT"))
}

func notCustom(v form.Values) bool { return v["payment_method"] != "custom" }
func noReverse(v form.Values) bool { return v["transferred_tax_liability"] != "true" }
