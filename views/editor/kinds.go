package editor

import (
	"context"
	"maps"
	"slices"
	"strconv"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
)

// env is what the header fields are offered from: the account (its
// currency, VAT mode), its bank accounts and number formats.
type env struct {
	l       locale.Locale
	account apiclient.Account
	banks   []apiclient.BankAccount
	formats []apiclient.NumberFormat
}

// loaded is a document read for the editor: the record, its lines and its
// subject.
type loaded struct {
	rec         any
	lines       []apiclient.Line
	subjectID   int64
	subjectName string
}

// saved is a document the service answered with.
type saved struct {
	id   int64
	name string // its number, or a template's name
	rec  any
}

// label names the saved document in l's language ("Expense N20260012").
func (s saved) label(l locale.Locale, k kind) string { return l.T(k.title) + " " + s.name }

// kind is what differs between the four kinds of document the editor
// edits; everything else is shared.
type kind struct {
	noun, title  string  // "expense", "Expense": catalog keys
	newTitle     string  // "New expense": a catalog key
	plural       string  // "expenses": a catalog key
	nav          ui.Kind // the detail page's kind
	subjectLabel string  // "Supplier", "Client"
	role         string  // the subjects the picker prefers
	attachments  bool
	defs         func(e env) []def
	get          func(ctx context.Context, c *apiclient.Client, id int64) (loaded, error)
	save         func(ctx context.Context, c *apiclient.Client, id int64, b map[string]any) (saved, error)
}

// kindOf is the kind of an editor page.
func kindOf(k ui.Kind) (kind, bool) {
	switch k {
	case ExpenseKind:
		return expenseKind(), true
	case GeneratorKind:
		return generatorKind(false), true
	case RecurringGeneratorKind:
		return generatorKind(true), true
	case InvoiceKind:
		return invoiceKind(), true
	}
	return kind{}, false
}

// foreign requires an exchange rate for a currency not the account's.
func foreign(e env) func(v form.Values) (bool, string) {
	return func(v form.Values) (bool, string) {
		cur := strings.ToUpper(strings.TrimSpace(v["currency"]))
		if cur == "" || cur == e.account.Currency {
			return false, ""
		}
		return true, e.l.Tf("a currency other than the account's (%s) needs its exchange rate", e.account.Currency)
	}
}

func isForeign(e env) func(v form.Values) bool {
	f := foreign(e)
	return func(v form.Values) bool { req, _ := f(v); return !req }
}

// currencyDefs are the currency, its exchange rate and the price mode.
func currencyDefs(e env, modes []form.Option) []def {
	return []def{
		{key: "currency", Label: "Currency", limit: 3, help: e.l.Tf("empty: the account's currency (%s)", e.account.Currency)},
		{key: "exchange_rate", Label: "Exchange rate", typ: tDecimal, requiredIf: foreign(e), hidden: isForeign(e),
			help: locale.Key("account currency per unit of the document's")},
		{key: "vat_price_mode", Label: "Prices are", typ: tChoice, options: modes},
	}
}

func reverseDefs(supplyType ftype) []def {
	return []def{
		{key: "transferred_tax_liability", Label: "Reverse charge", typ: tBool},
		{key: "supply_code", Label: "Supply code", typ: supplyType, hidden: noReverse, help: locale.Key("the reverse charge's supply code")},
	}
}

func paymentDefs(methods []form.Option) []def {
	return []def{
		{key: "payment_method", Label: "Payment method", typ: tChoice, options: methods},
		{key: "custom_payment_method", Label: "Custom method", limit: 20, hidden: notCustom, required: true},
	}
}

func bankOptions(e env) []form.Option {
	o := make([]form.Option, 0, len(e.banks))
	for _, b := range e.banks {
		label := b.Name
		if label == "" {
			label = b.Number
		}
		o = append(o, form.Option{Value: itoa(b.ID), Label: label + " (" + b.Currency + ")"})
	}
	return inherit(o)
}

func formatOptions(e env) []form.Option {
	o := make([]form.Option, 0, len(e.formats))
	for _, f := range e.formats {
		o = append(o, form.Option{Value: itoa(f.ID), Label: f.Format + " (" + f.Preview + ")"})
	}
	return inherit(o)
}

func itoa(n int64) string { return strconv.FormatInt(n, 10) }

// saveWith builds a kind's params from the body and creates the document
// (id 0) or updates it: the one way every kind sends.
func saveWith[P, R any](ctx context.Context, id int64, b map[string]any,
	create func(context.Context, *P) (*R, *apiclient.Response, error),
	update func(context.Context, int64, *P) (*R, *apiclient.Response, error)) (*R, error) {
	var p P
	// A free-text field the user emptied (body's emptiedText) is sent as
	// null where the params can say null (apiclient.Clearer), else as an
	// empty text.
	var cleared []string
	clearer, canClear := any(&p).(apiclient.Clearer)
	b = maps.Clone(b)
	for _, k := range slices.Sorted(maps.Keys(b)) {
		if _, emptied := b[k].(emptiedText); !emptied {
			continue
		}
		if canClear {
			cleared = append(cleared, k)
			delete(b, k)
		} else {
			b[k] = ""
		}
	}
	if err := decodeInto(b, &p); err != nil {
		return nil, err
	}
	if len(cleared) > 0 {
		clearer.SetClear(strings.Join(cleared, ","))
	}
	var r *R
	var err error
	if id == 0 {
		r, _, err = create(ctx, &p)
	} else {
		r, _, err = update(ctx, id, &p)
	}
	return r, err
}
