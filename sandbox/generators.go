package sandbox

import (
	"fmt"
	"strconv"
	"time"
)

// Generators (invoice templates) and recurring generators.
//
// Choices where the reference is silent:
//   - subject_id, bank_account_id and number_format_id must name existing records
//     (422 "is invalid").
//   - due, currency, language, payment_method, bank_account_id and number_format_id
//     are filled from the account's settings on creation ("default inherited");
//     vat_price_mode stays null and is read from the account when prices are computed
//     (the account's with_vat modes count as from_total_with_vat).
//   - round_total of a plain generator is write-only; the sandbox remembers it as
//     "the totals are rounded" (a non-zero rounding_adjustment) when a later update
//     does not send it.
//   - Pausing a paused recurring generator changes nothing (200); activating an
//     active one is 422 {"errors":{"active":[...]}}. Activating without a date
//     moves a next_occurrence_on that lies in the past forward by months_period
//     until it is today or later.

const (
	msgGenNoBankAccount        = "You need to add a bank account before you can create a generator"
	msgGenTooLong20            = "is too long (maximum is 20 characters)"
	msgRecurringEndBeforeStart = "must be on or after the start date"
	msgRecurringLimit          = "Your plan allows only %d recurring generator(s); upgrade the plan to create more"
	genMaxCustomPayMethod      = 20
)

func (s *Server) routesGenerators() {
	r := &s.router
	r.handle("GET", "/accounts/:slug/generators.json", s.listGenerators)
	r.handle("POST", "/accounts/:slug/generators.json", s.createGenerator)
	r.handle("GET", "/accounts/:slug/generators/:id.json", s.getGenerator)
	r.handle("PATCH", "/accounts/:slug/generators/:id.json", s.updateGenerator)
	r.handle("DELETE", "/accounts/:slug/generators/:id.json", s.deleteGenerator)

	r.handle("GET", "/accounts/:slug/recurring_generators.json", s.listRecurring)
	r.handle("POST", "/accounts/:slug/recurring_generators.json", s.createRecurring)
	r.handle("GET", "/accounts/:slug/recurring_generators/:id.json", s.getRecurring)
	r.handle("PATCH", "/accounts/:slug/recurring_generators/:id.json", s.updateRecurring)
	r.handle("DELETE", "/accounts/:slug/recurring_generators/:id.json", s.deleteRecurring)
	r.handle("PATCH", "/accounts/:slug/recurring_generators/:id/pause.json", s.pauseRecurring)
	r.handle("PATCH", "/accounts/:slug/recurring_generators/:id/activate.json", s.activateRecurring)
}

// ---- presentation

// generatorView is a generator as returned: the inherited vat_price_mode is
// null, tags and lines never null. custom_payment_method is in every answer,
// null unless the method is custom: the Attributes table and the index's
// example have it; the examples of detail, create and update, older, leave
// it out, and a client that set it must read it back.
type generatorView struct {
	Generator
	VatPriceMode        *string         `json:"vat_price_mode"`
	CustomPaymentMethod *string         `json:"custom_payment_method"`
	Lines               []generatorLine `json:"lines"`
}

// generatorLine is a line of a generator or recurring generator as the docs'
// examples show it: no totals, no inventory object, the inventory_item_id.
type generatorLine struct {
	ID                  int64   `json:"id"`
	Name                string  `json:"name"`
	Quantity            Decimal `json:"quantity"`
	UnitName            Text    `json:"unit_name"`
	UnitPrice           Decimal `json:"unit_price"`
	VatRate             Rate    `json:"vat_rate"`
	UnitPriceWithoutVat Decimal `json:"unit_price_without_vat"`
	UnitPriceWithVat    Decimal `json:"unit_price_with_vat"`
	InventoryItemID     *int64  `json:"inventory_item_id"`
}

type recurringView struct {
	RecurringGenerator
	VatPriceMode        *string         `json:"vat_price_mode"`
	CustomPaymentMethod *string         `json:"custom_payment_method"`
	Lines               []generatorLine `json:"lines"`
}

func genNullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// presentGeneratorFields fills the addresses of g and makes its lists non-null.
func presentGeneratorFields(c *Ctx, g *Generator, coll string) {
	// A recurring generator's url points into the generators path, as in the
	// reference's examples; its html_url is its own page.
	g.URL = c.AccountURL("generators/%d.json", g.ID)
	g.HTMLURL = c.HTMLURL("%s/%d", coll, g.ID)
	g.SubjectURL = c.AccountURL("subjects/%d.json", g.SubjectID)
	g.Tags = append([]string{}, g.Tags...)
	g.Lines = append([]Line{}, g.Lines...)
	g.LegacyBankDetails = nil
	// The account's own currency is at rate 1, written "1.0" as in every
	// generator example of the docs; a foreign one without a rate stays null.
	if !g.ExchangeRate.IsSet() && (g.Currency == "" || g.Currency == c.Account.Info.Currency) {
		g.ExchangeRate = MustDecimal("1.0")
	}
}

func presentGenerator(c *Ctx, g *Generator) generatorView {
	v := generatorView{Generator: *g}
	presentGeneratorFields(c, &v.Generator, "generators")
	v.VatPriceMode = genNullIfEmpty(g.VatPriceMode)
	v.CustomPaymentMethod = genNullIfEmpty(g.CustomPaymentMethod)
	v.Lines = generatorLines(g.Lines)
	return v
}

func presentRecurring(c *Ctx, r *RecurringGenerator) recurringView {
	v := recurringView{RecurringGenerator: *r}
	presentGeneratorFields(c, &v.Generator, "recurring_generators")
	v.VatPriceMode = genNullIfEmpty(r.VatPriceMode)
	v.CustomPaymentMethod = genNullIfEmpty(r.CustomPaymentMethod)
	v.Lines = generatorLines(r.Lines)
	return v
}

func generatorLines(lines []Line) []generatorLine {
	out := make([]generatorLine, 0, len(lines))
	for _, l := range lines {
		gl := generatorLine{ID: l.ID, Name: l.Name, Quantity: l.Quantity, UnitName: l.UnitName, UnitPrice: l.UnitPrice,
			VatRate: l.VatRate, UnitPriceWithoutVat: l.UnitPriceWithoutVat, UnitPriceWithVat: l.UnitPriceWithVat}
		if l.Inventory != nil {
			id := l.Inventory.ItemID
			gl.InventoryItemID = &id
		}
		out = append(out, gl)
	}
	return out
}

// ---- generators

func (s *Server) listGenerators(c *Ctx) {
	f, subject, ok := genFilters(c)
	if !ok {
		return
	}
	gens := c.Account.Generators.pageNewestFirst(c.Page(), func(g *Generator) bool {
		return genPasses(g, f, subject)
	})
	c.OK(presentAll(c, gens, presentGenerator))
}

// genFilters reads since, updated_since and subject_id (-1 when it names nothing).
func genFilters(c *Ctx) (map[string]time.Time, int64, bool) {
	f, ok := c.DateFilters("since", "updated_since")
	if !ok {
		return nil, 0, false
	}
	var subject int64
	if v := c.Query("subject_id"); v != "" {
		n, err := strconv.ParseInt(v, 10, 64)
		if err != nil || n <= 0 {
			n = -1 // matches nothing
		}
		subject = n
	}
	return f, subject, true
}

func genPasses(g *Generator, f map[string]time.Time, subject int64) bool {
	return (subject == 0 || g.SubjectID == subject) &&
		InTimeRange(g.CreatedAt.Time, f, "since", "") &&
		InTimeRange(g.UpdatedAt.Time, f, "updated_since", "")
}

func (s *Server) generatorByID(c *Ctx) (*Generator, bool) {
	return find(c, c.Account.Generators, "id")
}

func (s *Server) getGenerator(c *Ctx) { show(c, c.Account.Generators, presentGenerator) }

// genRefuseWithoutBankAccount answers 403 {"errors":{"bank_account":[...]}} for an
// account that has no bank account.
func genRefuseWithoutBankAccount(c *Ctx) bool {
	if len(c.Account.BankAccounts) > 0 {
		return false
	}
	c.RefuseFields(Errors{"bank_account": {msgGenNoBankAccount}})
	return true
}

func (s *Server) createGenerator(c *Ctx) {
	a := c.Account
	if genRefuseWithoutBankAccount(c) {
		return
	}
	var p GeneratorParams
	g := a.newGenerator(c.Now)
	roundTotal := false
	if !genApply(c, &p, &g, &roundTotal, func(body []byte, errs Errors) { roundTotal = a.applyGeneratorParams(&g, p, body, errs) }) {
		return
	}
	a.Generators.Add(&g)
	logGenerator(c, &g, false, "created", "created")
	c.Created(c.AccountURL("generators/%d.json", g.ID), presentGenerator(c, &g))
}

func (s *Server) updateGenerator(c *Ctx) {
	a := c.Account
	cur, ok := s.generatorByID(c)
	if !ok {
		return
	}
	var p GeneratorParams
	g := *cur
	g.Tags = append([]string(nil), cur.Tags...) // the copy's own, so a refused edit leaves cur alone
	roundTotal := !cur.RoundingAdjustment.Dec().IsZero()
	apply := func(body []byte, errs Errors) {
		if rt := a.applyGeneratorParams(&g, p, body, errs); p.RoundTotal != nil {
			roundTotal = rt
		}
	}
	if !genApply(c, &p, &g, &roundTotal, apply) {
		return
	}
	g.UpdatedAt = DateTime{Time: c.Now}
	*cur = g
	logGenerator(c, cur, false, "updated", "updated")
	c.OK(presentGenerator(c, cur))
}

func (s *Server) deleteGenerator(c *Ctx) {
	if g, ok := s.generatorByID(c); ok {
		c.Account.Generators.del(g.ID)
		logGenerator(c, g, false, "removed", "removed")
		c.NoContent()
	}
}

// logGenerator writes "[recurring_]generator_<name>": "<Kind> <name> was <verb>".
func logGenerator(c *Ctx, g *Generator, recurring bool, name, verb string) {
	event, label, typ := "generator_", "Generator", "Generator"
	if recurring {
		event, label, typ = "recurring_generator_", "Recurring generator", "RecurringGenerator"
	}
	c.Account.AddEvent(c.Now, event+name, fmt.Sprintf("%s %s was %s", label, g.Name, verb), c.User, nil, generatorRelated(typ, g)...)
}

// genApply decodes a generator's body into p and applies it to g with apply,
// then computes g's prices (rounded as *roundTotal says once apply ran); on
// errors it answers 422 and reports false.
func genApply[P any](c *Ctx, p *P, g *Generator, roundTotal *bool, apply func(body []byte, errs Errors)) bool {
	body, ok := decodeParams(c, p)
	if !ok {
		return false
	}
	errs := Errors{}
	apply(body, errs)
	if name := errs["name"]; name != nil {
		// The docs' examples answer {"name": ""} with the name's error alone,
		// though that body has no subject, lines or schedule either: a blank
		// name is reported before anything else.
		errs = Errors{"name": name}
	}
	if errs.Any() {
		c.Invalid(errs)
		return false
	}
	c.Account.computeGenerator(g, *roundTotal)
	return true
}

func generatorRelated(typ string, g *Generator) []RelatedObject {
	return []RelatedObject{{Type: typ, ID: g.ID}, {Type: "Subject", ID: g.SubjectID}}
}
