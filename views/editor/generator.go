package editor

import (
	"context"
	"fmt"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/views/nav"
)

// generatorKind is an invoice template, or with recurring a recurring
// template: the same fields and a schedule.
func generatorKind(recurring bool) kind {
	k := kind{noun: locale.Key("template"), plural: locale.Key("templates"), title: locale.Key("Template"), newTitle: locale.Key("New template"), nav: nav.Generator, subjectLabel: locale.Key("Client"), role: "customer",
		defs: generatorDefs, get: getGenerator, save: saveGenerator}
	if recurring {
		k.noun, k.plural, k.nav = locale.Key("recurring template"), locale.Key("recurring templates"), nav.RecurringGenerator
		k.title, k.newTitle = locale.Key("Recurring template"), locale.Key("New recurring template")
		k.defs = func(e env) []def { return append(scheduleDefs(), generatorDefs(e)[1:]...) }
		k.get, k.save = getRecurring, saveRecurring
	}
	return k
}

func generatorDefs(e env) []def {
	d := []def{
		{key: "name", Label: "Name", required: true},
		{key: "proforma", Label: "Proforma", typ: tBool},
		{key: "paypal", Label: "PayPal button", typ: tBool},
		{key: "gopay", Label: "GoPay button", typ: tBool},
		{key: "tax_date_at_end_of_last_month", Label: "Tax date at end of last month", typ: tBool},
		{key: "due", Label: "Due in days", typ: tInt, help: locale.Key("empty: inherit the account's setting")},
		{key: "number_format_id", Label: "Number format", typ: tChoice, ids: true, options: formatOptions(e)},
		{key: "note", Label: "Text before lines", typ: tArea},
		{key: "footer_note", Label: "Footer", typ: tArea},
		{key: "bank_account_id", Label: "Bank account", typ: tChoice, ids: true, options: bankOptions(e)},
		{key: "iban_visibility", Label: "IBAN shown", typ: tChoice, options: opts("automatically", locale.Key("automatically"), "always", locale.Key("always"))},
		{key: "tags", Label: "Tags", typ: tTags},
		{key: "order_number", Label: "Order number"},
	}
	d = append(d, currencyDefs(e, inherit(priceModes()))...)
	d = append(d, paymentDefs(inherit(paymentMethods()))...)
	d = append(d, def{key: "language", Label: "Language", typ: tChoice, options: inherit(languages())})
	d = append(d, reverseDefs(tInt)...)
	return append(d,
		def{key: "oss", Label: "OSS", typ: tChoice, options: opts("disabled", locale.Key("disabled"), "service", locale.Key("service"), "goods", locale.Key("goods"))},
		def{key: "round_total", Label: "Round the total", typ: tBool},
		def{key: "custom_id", Label: "Custom id"},
	)
}

// scheduleDefs are a recurring template's own fields, its name first.
func scheduleDefs() []def {
	return []def{
		{key: "name", Label: "Name", required: true},
		{key: "active", Label: "Active", typ: tBool},
		{key: "start_date", Label: "Start date", typ: tDate, required: true},
		{key: "end_date", Label: "End date", typ: tDate, help: locale.Key("empty: no end")},
		{key: "months_period", Label: "Every (months)", typ: tInt, required: true},
		{key: "next_occurrence_on", Label: "Next invoice on", typ: tDate},
		{key: "last_day_in_month", Label: "On the month's last day", typ: tBool},
		{key: "send_email", Label: "Send by e-mail", typ: tBool},
	}
}

func subjectName(ctx context.Context, c *apiclient.Client, id int64) string {
	if id == 0 {
		return ""
	}
	s, _, err := c.Subjects.Get(ctx, id)
	if err != nil {
		return fmt.Sprintf("#%d", id) // the name is a nicety; the id is what is sent
	}
	return s.Name
}

func getGenerator(ctx context.Context, c *apiclient.Client, id int64) (loaded, error) {
	g, _, err := c.Generators.Get(ctx, id)
	if err != nil {
		return loaded{}, fmt.Errorf("read template %d: %w", id, err)
	}
	return loaded{rec: g, lines: g.Lines, subjectID: g.SubjectID, subjectName: subjectName(ctx, c, g.SubjectID)}, nil
}

func getRecurring(ctx context.Context, c *apiclient.Client, id int64) (loaded, error) {
	g, _, err := c.RecurringGenerators.Get(ctx, id)
	if err != nil {
		return loaded{}, fmt.Errorf("read recurring template %d: %w", id, err)
	}
	return loaded{rec: g, lines: g.Lines, subjectID: g.SubjectID, subjectName: subjectName(ctx, c, g.SubjectID)}, nil
}

func generatorSaved(g *apiclient.Generator) saved {
	return saved{id: g.ID, name: g.Name, rec: g}
}

func recurringSaved(g *apiclient.RecurringGenerator) saved {
	return saved{id: g.ID, name: g.Name, rec: g}
}

func saveGenerator(ctx context.Context, c *apiclient.Client, id int64, b map[string]any) (saved, error) {
	g, err := saveWith(ctx, id, b, c.Generators.Create, c.Generators.Update)
	if err != nil {
		return saved{}, err
	}
	return generatorSaved(g), nil
}

func saveRecurring(ctx context.Context, c *apiclient.Client, id int64, b map[string]any) (saved, error) {
	g, err := saveWith(ctx, id, b, c.RecurringGenerators.Create, c.RecurringGenerators.Update)
	if err != nil {
		return saved{}, err
	}
	return recurringSaved(g), nil
}
