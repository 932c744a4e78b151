package sandbox

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/kasa-tui/kasa/apiclient"
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
	msgRecurringAlreadyActive  = "is already active"
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

// generatorView is a generator as returned: the inherited vat_price_mode and an
// unused custom_payment_method are null, tags and lines never null.
type generatorView struct {
	apiclient.Generator
	VatPriceMode        *string `json:"vat_price_mode"`
	CustomPaymentMethod *string `json:"custom_payment_method"`
}

// recurringLine is a recurring generator's line: the reference returns only these.
type recurringLine struct {
	ID                  int64             `json:"id"`
	Name                string            `json:"name"`
	Quantity            apiclient.Decimal `json:"quantity"`
	UnitName            string            `json:"unit_name"`
	UnitPrice           apiclient.Decimal `json:"unit_price"`
	VatRate             apiclient.Decimal `json:"vat_rate"`
	UnitPriceWithoutVat apiclient.Decimal `json:"unit_price_without_vat"`
	UnitPriceWithVat    apiclient.Decimal `json:"unit_price_with_vat"`
	InventoryItemID     *int64            `json:"inventory_item_id"`
}

type recurringView struct {
	apiclient.RecurringGenerator
	VatPriceMode        *string         `json:"vat_price_mode"`
	CustomPaymentMethod *string         `json:"custom_payment_method"`
	Lines               []recurringLine `json:"lines"`
}

func genNullIfEmpty(s string) *string {
	if s == "" {
		return nil
	}
	return &s
}

// presentGeneratorFields fills the addresses of g and makes its lists non-null.
func presentGeneratorFields(c *Ctx, g *apiclient.Generator, coll string) {
	// A recurring generator's url points into the generators path, as in the
	// reference's examples; its html_url is its own page.
	g.URL = c.AccountURL("generators/%d.json", g.ID)
	g.HTMLURL = c.HTMLURL("%s/%d", coll, g.ID)
	g.SubjectURL = c.AccountURL("subjects/%d.json", g.SubjectID)
	g.Tags = append([]string{}, g.Tags...)
	g.Lines = append([]apiclient.Line{}, g.Lines...)
	g.LegacyBankDetails = nil
}

func presentGenerator(c *Ctx, g *apiclient.Generator) generatorView {
	v := generatorView{Generator: *g}
	presentGeneratorFields(c, &v.Generator, "generators")
	v.VatPriceMode = genNullIfEmpty(g.VatPriceMode)
	v.CustomPaymentMethod = genNullIfEmpty(g.CustomPaymentMethod)
	return v
}

func presentRecurring(c *Ctx, r *apiclient.RecurringGenerator) recurringView {
	v := recurringView{RecurringGenerator: *r}
	presentGeneratorFields(c, &v.Generator, "recurring_generators")
	v.VatPriceMode = genNullIfEmpty(r.VatPriceMode)
	v.CustomPaymentMethod = genNullIfEmpty(r.CustomPaymentMethod)
	v.Lines = make([]recurringLine, 0, len(r.Lines))
	for _, l := range r.Lines {
		rl := recurringLine{ID: l.ID, Name: l.Name, Quantity: l.Quantity, UnitName: l.UnitName, UnitPrice: l.UnitPrice,
			VatRate: l.VatRate, UnitPriceWithoutVat: l.UnitPriceWithoutVat, UnitPriceWithVat: l.UnitPriceWithVat}
		if l.Inventory != nil {
			id := l.Inventory.ItemID
			rl.InventoryItemID = &id
		}
		v.Lines = append(v.Lines, rl)
	}
	return v
}

// ---- generators

func (s *Server) listGenerators(c *Ctx) {
	f, subject, ok := genFilters(c)
	if !ok {
		return
	}
	gens := c.Account.Generators.pageNewestFirst(c.Page(), func(g *apiclient.Generator) bool {
		return genPasses(g, f, subject)
	})
	out := make([]generatorView, 0, len(gens))
	for _, g := range gens {
		out = append(out, presentGenerator(c, g))
	}
	c.OK(out)
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

func genPasses(g *apiclient.Generator, f map[string]time.Time, subject int64) bool {
	return (subject == 0 || g.SubjectID == subject) &&
		InTimeRange(g.CreatedAt.Time, f, "since", "") &&
		InTimeRange(g.UpdatedAt.Time, f, "updated_since", "")
}

func (s *Server) generatorByID(c *Ctx) (*apiclient.Generator, bool) {
	return find(c, c.Account.Generators, "id")
}

func (s *Server) getGenerator(c *Ctx) {
	if g, ok := s.generatorByID(c); ok {
		c.OK(presentGenerator(c, g))
	}
}

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
	body, _ := c.Body()
	var p apiclient.GeneratorParams
	if errs := DecodeBody(body, &p); errs.Any() {
		c.Invalid(errs)
		return
	}
	g := a.newGenerator(c.Now)
	errs := Errors{}
	roundTotal := a.applyGeneratorParams(&g, p, body, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	a.computeGenerator(&g, roundTotal)
	g.ID = a.Generators.nextID()
	a.Generators.put(g.ID, &g)
	a.AddEvent(c.Now, "generator_created", fmt.Sprintf("Generator %s was created", g.Name), c.User, nil, generatorRelated("Generator", &g)...)
	c.Created(c.AccountURL("generators/%d.json", g.ID), presentGenerator(c, &g))
}

func (s *Server) updateGenerator(c *Ctx) {
	a := c.Account
	cur, ok := s.generatorByID(c)
	if !ok {
		return
	}
	body, _ := c.Body()
	var p apiclient.GeneratorParams
	if errs := DecodeBody(body, &p); errs.Any() {
		c.Invalid(errs)
		return
	}
	g := *cur
	g.Tags = append([]string(nil), cur.Tags...)
	errs := Errors{}
	roundTotal := !cur.RoundingAdjustment.Dec().IsZero()
	if rt := a.applyGeneratorParams(&g, p, body, errs); p.RoundTotal != nil {
		roundTotal = rt
	}
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	a.computeGenerator(&g, roundTotal)
	g.UpdatedAt = apiclient.DateTime{Time: c.Now}
	*cur = g
	a.AddEvent(c.Now, "generator_updated", fmt.Sprintf("Generator %s was updated", g.Name), c.User, nil, generatorRelated("Generator", cur)...)
	c.OK(presentGenerator(c, cur))
}

func (s *Server) deleteGenerator(c *Ctx) {
	a := c.Account
	g, ok := s.generatorByID(c)
	if !ok {
		return
	}
	a.Generators.del(g.ID)
	a.AddEvent(c.Now, "generator_removed", fmt.Sprintf("Generator %s was removed", g.Name), c.User, nil, generatorRelated("Generator", g)...)
	c.NoContent()
}

func generatorRelated(typ string, g *apiclient.Generator) []apiclient.RelatedObject {
	return []apiclient.RelatedObject{{Type: typ, ID: g.ID}, {Type: "Subject", ID: g.SubjectID}}
}

// ---- shared generator rules

// newGenerator is a generator with the account's defaults ("default inherited").
func (a *Account) newGenerator(now time.Time) apiclient.Generator {
	due := a.Info.Due
	pay := "bank"
	if a.Info.InvoicePaymentMethod != nil && *a.Info.InvoicePaymentMethod != "" {
		pay = *a.Info.InvoicePaymentMethod
	}
	lang := a.Info.InvoiceLanguage
	if lang == "" {
		lang = "cz"
	}
	g := apiclient.Generator{
		Due:            &due,
		IBANVisibility: "automatically",
		Tags:           []string{},
		Currency:       a.Info.Currency,
		PaymentMethod:  pay,
		Language:       lang,
		OSS:            "disabled",
		Lines:          []apiclient.Line{},
		CreatedAt:      apiclient.DateTime{Time: now},
		UpdatedAt:      apiclient.DateTime{Time: now},
	}
	for _, b := range a.BankAccounts {
		if b.Default || g.BankAccountID == nil {
			id := b.ID
			g.BankAccountID = &id
		}
	}
	for _, nf := range a.NumberFormats {
		if nf.Default || g.NumberFormatID == nil {
			id := nf.ID
			g.NumberFormatID = &id
		}
	}
	return g
}

// applyGeneratorParams copies the sent attributes onto g, edits its lines and
// checks the result; it returns the round_total sent (false when not sent).
func (a *Account) applyGeneratorParams(g *apiclient.Generator, p apiclient.GeneratorParams, body []byte, errs Errors) bool {
	nulls := genNullKeys(body)
	sentInto(&g.CustomID, p.CustomID)
	sentInto(&g.Name, p.Name)
	sentInto(&g.Proforma, p.Proforma)
	sentInto(&g.Paypal, p.Paypal)
	sentInto(&g.Gopay, p.Gopay)
	sentInto(&g.TaxDateAtEndOfLastMonth, p.TaxDateAtEndOfLastMonth)
	if p.Due != nil {
		g.Due = p.Due
	}
	sentInto(&g.SubjectID, p.SubjectID)
	if p.NumberFormatID != nil {
		g.NumberFormatID = p.NumberFormatID
	}
	sentInto(&g.Note, p.Note)
	sentInto(&g.FooterNote, p.FooterNote)
	if p.BankAccountID != nil {
		g.BankAccountID = p.BankAccountID
	}
	sentInto(&g.IBANVisibility, p.IBANVisibility)
	if p.Tags != nil {
		g.Tags = append([]string{}, (*p.Tags)...)
	}
	sentInto(&g.OrderNumber, p.OrderNumber)
	if p.Currency != nil {
		g.Currency = strings.ToUpper(strings.TrimSpace(*p.Currency))
	}
	sentInto(&g.ExchangeRate, p.ExchangeRate)
	sentInto(&g.PaymentMethod, p.PaymentMethod)
	sentInto(&g.CustomPaymentMethod, p.CustomPaymentMethod)
	sentInto(&g.Language, p.Language)
	sentInto(&g.VatPriceMode, p.VatPriceMode)
	sentInto(&g.TransferredTaxLiability, p.TransferredTaxLiability)
	if p.SupplyCode != nil {
		g.SupplyCode = p.SupplyCode
	}
	sentInto(&g.OSS, p.OSS)
	// A null sent for these means "back to the default".
	if nulls["vat_price_mode"] {
		g.VatPriceMode = ""
	}
	if nulls["custom_payment_method"] {
		g.CustomPaymentMethod = ""
	}
	if nulls["exchange_rate"] {
		g.ExchangeRate = apiclient.Decimal{}
	}
	if nulls["supply_code"] {
		g.SupplyCode = nil
	}

	if strings.TrimSpace(g.Name) == "" {
		errs.Add("name", MsgBlank)
	}
	switch _, found := a.Subjects.Get(g.SubjectID); {
	case g.SubjectID == 0:
		errs.Add("subject_id", MsgBlank)
	case !found:
		errs.Add("subject_id", MsgInvalid)
	}
	if g.NumberFormatID != nil && !a.hasNumberFormat(*g.NumberFormatID) {
		errs.Add("number_format_id", MsgInvalid)
	}
	if g.BankAccountID != nil && !a.hasBankAccount(*g.BankAccountID) {
		errs.Add("bank_account_id", MsgInvalid)
	}
	requireInList(errs, "iban_visibility", g.IBANVisibility, invIBANVisibility)
	requireInList(errs, "payment_method", g.PaymentMethod, finPaymentMethods)
	requireInList(errs, "language", g.Language, invLanguages)
	requireInList(errs, "oss", g.OSS, invOSSModes)
	if g.VatPriceMode != "" {
		requireInList(errs, "vat_price_mode", g.VatPriceMode, finVatPriceModes)
	}
	if !currencyCodeOK(g.Currency) {
		errs.Add("currency", MsgInvalid)
	}
	if g.ExchangeRate.IsSet() && !g.ExchangeRate.Dec().IsPositive() {
		errs.Add("exchange_rate", msgInvPositive)
	}
	if g.Due != nil && *g.Due < 0 {
		errs.Add("due", "must be greater than or equal to 0")
	}
	if g.PaymentMethod == "custom" {
		if utf8.RuneCountInString(g.CustomPaymentMethod) > genMaxCustomPayMethod {
			errs.Add("custom_payment_method", msgGenTooLong20)
		}
	} else {
		g.CustomPaymentMethod = "" // used only with the custom method
	}

	lines, lerrs := ApplyLines(a, g.Lines, p.Lines, []string{"name", "unit_price"}, a.genLineItem)
	for k, v := range lerrs {
		errs[k] = append(errs[k], v...)
	}
	g.Lines = lines
	return p.RoundTotal != nil && *p.RoundTotal
}

// lineItem finds the inventory item a line links, by SKU or by id.
func (a *Account) genLineItem(id int64, sku string) (*apiclient.InventoryItem, bool) {
	if sku != "" {
		for _, it := range a.Items.byID {
			if it.SKU == sku {
				return it, true
			}
		}
		return nil, false
	}
	return a.Items.Get(id)
}

func (a *Account) hasNumberFormat(id int64) bool {
	for _, nf := range a.NumberFormats {
		if nf.ID == id {
			return true
		}
	}
	return false
}

func (a *Account) hasBankAccount(id int64) bool {
	for _, b := range a.BankAccounts {
		if b.ID == id {
			return true
		}
	}
	return false
}

// generatorPriceMode is how g's unit prices are read: its own vat_price_mode,
// else the account's.
func (a *Account) generatorPriceMode(g *apiclient.Generator) PriceMode {
	mode := g.VatPriceMode
	if mode == "" {
		switch a.Info.VatPriceMode {
		case "with_vat", "numerical_with_vat", "from_total_with_vat":
			mode = "from_total_with_vat"
		default:
			mode = "without_vat"
		}
	}
	pm := PriceMode{
		VatPriceMode:  mode,
		ReverseCharge: g.TransferredTaxLiability,
		NonVatPayer:   a.Info.VatMode == apiclient.NonVatPayer,
	}
	if g.Currency != a.Info.Currency {
		// A rate only converts a foreign currency; in the account's own it is 1.
		pm.ExchangeRate = g.ExchangeRate.Dec()
	}
	return pm
}

// computeGenerator fills the derived line prices and the totals. A foreign
// currency without an exchange rate has no native amounts yet (null).
func (a *Account) computeGenerator(g *apiclient.Generator, roundTotal bool) {
	m := a.generatorPriceMode(g)
	for i := range g.Lines {
		ComputeLine(&g.Lines[i], m)
	}
	t := ComputeTotals(g.Lines, m, g.Currency, a.Info.Currency, roundTotal)
	g.Subtotal, g.Total, g.RoundingAdjustment = t.Subtotal, t.Total, t.RoundingAdjustment
	g.NativeSubtotal, g.NativeTotal = t.NativeSubtotal, t.NativeTotal
	if g.Currency != a.Info.Currency && !g.ExchangeRate.IsSet() {
		g.NativeSubtotal, g.NativeTotal = apiclient.Decimal{}, apiclient.Decimal{}
		for i := range g.Lines {
			g.Lines[i].NativeTotalPriceWithoutVat, g.Lines[i].NativeTotalVat = apiclient.Decimal{}, apiclient.Decimal{}
		}
	}
}

// genNullKeys lists the top-level keys a body sent as JSON null.
func genNullKeys(body []byte) map[string]bool {
	var raw map[string]json.RawMessage
	_ = json.Unmarshal(body, &raw)
	out := map[string]bool{}
	for k, v := range raw {
		if bytes.Equal(bytes.TrimSpace(v), []byte("null")) {
			out[k] = true
		}
	}
	return out
}

// ---- recurring generators

func (s *Server) listRecurring(c *Ctx) {
	f, subject, ok := genFilters(c)
	if !ok {
		return
	}
	recs := c.Account.Recurring.pageNewestFirst(c.Page(), func(r *apiclient.RecurringGenerator) bool {
		return genPasses(&r.Generator, f, subject)
	})
	out := make([]recurringView, 0, len(recs))
	for _, r := range recs {
		out = append(out, presentRecurring(c, r))
	}
	c.OK(out)
}

func (s *Server) recurringByID(c *Ctx) (*apiclient.RecurringGenerator, bool) {
	return find(c, c.Account.Recurring, "id")
}

func (s *Server) getRecurring(c *Ctx) {
	if r, ok := s.recurringByID(c); ok {
		c.OK(presentRecurring(c, r))
	}
}

func (s *Server) createRecurring(c *Ctx) {
	a := c.Account
	if genRefuseWithoutBankAccount(c) {
		return
	}
	if lim := a.Limits.RecurringGenerators; lim > 0 && a.Recurring.Len() >= lim {
		c.Refuse("forbidden", fmt.Sprintf(msgRecurringLimit, lim))
		return
	}
	body, _ := c.Body()
	var p apiclient.RecurringGeneratorParams
	if errs := DecodeBody(body, &p); errs.Any() {
		c.Invalid(errs)
		return
	}
	r := apiclient.RecurringGenerator{Generator: a.newGenerator(c.Now), Active: true}
	errs := Errors{}
	r.RoundTotal = a.applyGeneratorParams(&r.Generator, p.GeneratorParams, body, errs)
	applyRecurringParams(&r, p, body, errs)
	if len(r.Lines) == 0 && len(errs["lines"]) == 0 {
		errs.Add("lines", MsgEmpty)
	}
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	a.computeGenerator(&r.Generator, r.RoundTotal)
	r.ID = a.Recurring.nextID()
	a.Recurring.put(r.ID, &r)
	a.AddEvent(c.Now, "recurring_generator_created", fmt.Sprintf("Recurring generator %s was created", r.Name), c.User, nil, generatorRelated("RecurringGenerator", &r.Generator)...)
	c.Created(c.AccountURL("recurring_generators/%d.json", r.ID), presentRecurring(c, &r))
}

func (s *Server) updateRecurring(c *Ctx) {
	a := c.Account
	cur, ok := s.recurringByID(c)
	if !ok {
		return
	}
	body, _ := c.Body()
	var p apiclient.RecurringGeneratorParams
	if errs := DecodeBody(body, &p); errs.Any() {
		c.Invalid(errs)
		return
	}
	r := *cur
	r.Tags = append([]string(nil), cur.Tags...)
	errs := Errors{}
	if rt := a.applyGeneratorParams(&r.Generator, p.GeneratorParams, body, errs); p.RoundTotal != nil {
		r.RoundTotal = rt
	}
	applyRecurringParams(&r, p, body, errs)
	if len(r.Lines) == 0 && len(errs["lines"]) == 0 {
		errs.Add("lines", MsgEmpty)
	}
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	a.computeGenerator(&r.Generator, r.RoundTotal)
	r.UpdatedAt = apiclient.DateTime{Time: c.Now}
	*cur = r
	a.AddEvent(c.Now, "recurring_generator_updated", fmt.Sprintf("Recurring generator %s was updated", r.Name), c.User, nil, generatorRelated("RecurringGenerator", &cur.Generator)...)
	c.OK(presentRecurring(c, cur))
}

func (s *Server) deleteRecurring(c *Ctx) {
	a := c.Account
	r, ok := s.recurringByID(c)
	if !ok {
		return
	}
	a.Recurring.del(r.ID)
	a.AddEvent(c.Now, "recurring_generator_removed", fmt.Sprintf("Recurring generator %s was removed", r.Name), c.User, nil, generatorRelated("RecurringGenerator", &r.Generator)...)
	c.NoContent()
}

func (s *Server) pauseRecurring(c *Ctx) {
	a := c.Account
	r, ok := s.recurringByID(c)
	if !ok {
		return
	}
	if r.Active {
		r.Active = false
		r.UpdatedAt = apiclient.DateTime{Time: c.Now}
		a.AddEvent(c.Now, "recurring_generator_paused", fmt.Sprintf("Recurring generator %s was paused", r.Name), c.User, nil, generatorRelated("RecurringGenerator", &r.Generator)...)
	}
	c.OK(presentRecurring(c, r))
}

func (s *Server) activateRecurring(c *Ctx) {
	a := c.Account
	r, ok := s.recurringByID(c)
	if !ok {
		return
	}
	body, _ := c.Body()
	var p struct {
		NextOccurrenceOn *apiclient.Date `json:"next_occurrence_on"`
	}
	if errs := DecodeBody(body, &p); errs.Any() {
		c.Invalid(errs)
		return
	}
	if r.Active {
		c.Invalid(Errors{"active": {msgRecurringAlreadyActive}})
		return
	}
	today := apiclient.DateOf(c.Now)
	switch {
	case p.NextOccurrenceOn != nil && !p.NextOccurrenceOn.IsZero():
		r.NextOccurrenceOn = *p.NextOccurrenceOn
	case r.NextOccurrenceOn.IsZero():
		r.NextOccurrenceOn = today
	case r.MonthsPeriod > 0:
		for r.NextOccurrenceOn.Before(today.Time) {
			r.NextOccurrenceOn = genAddMonths(r.NextOccurrenceOn, r.MonthsPeriod, r.LastDayInMonth)
		}
	}
	r.Active = true
	r.UpdatedAt = apiclient.DateTime{Time: c.Now}
	// The reference: recurring_generator_created "also fires when ... a recurring
	// generator is activated again".
	a.AddEvent(c.Now, "recurring_generator_created", fmt.Sprintf("Recurring generator %s was activated", r.Name), c.User, nil, generatorRelated("RecurringGenerator", &r.Generator)...)
	c.OK(presentRecurring(c, r))
}

// applyRecurringParams copies the schedule attributes and checks them.
func applyRecurringParams(r *apiclient.RecurringGenerator, p apiclient.RecurringGeneratorParams, body []byte, errs Errors) {
	startChanged := p.StartDate != nil && !p.StartDate.Equal(r.StartDate.Time)
	sentInto(&r.Active, p.Active)
	sentInto(&r.StartDate, p.StartDate)
	sentInto(&r.EndDate, p.EndDate)
	sentInto(&r.MonthsPeriod, p.MonthsPeriod)
	sentInto(&r.LastDayInMonth, p.LastDayInMonth)
	sentInto(&r.SendEmail, p.SendEmail)
	if genNullKeys(body)["end_date"] {
		r.EndDate = apiclient.Date{}
	}
	switch {
	case p.NextOccurrenceOn != nil && !p.NextOccurrenceOn.IsZero():
		r.NextOccurrenceOn = *p.NextOccurrenceOn
	case startChanged || r.NextOccurrenceOn.IsZero():
		// The first invoice is issued on the start date.
		r.NextOccurrenceOn = r.StartDate
		if r.LastDayInMonth && !r.StartDate.IsZero() {
			r.NextOccurrenceOn = genAddMonths(r.StartDate, 0, true)
		}
	}
	if r.StartDate.IsZero() {
		errs.Add("start_date", MsgBlank)
	}
	if p.MonthsPeriod == nil && r.MonthsPeriod == 0 {
		errs.Add("months_period", MsgBlank)
	} else if r.MonthsPeriod <= 0 {
		errs.Add("months_period", msgInvPositive)
	}
	if !r.EndDate.IsZero() && !r.StartDate.IsZero() && r.EndDate.Before(r.StartDate.Time) {
		errs.Add("end_date", msgRecurringEndBeforeStart)
	}
}

// genAddMonths moves d by n months, keeping the day of month where the target month
// has it (31 Jan + 1 month = 28/29 Feb) or, with lastDay, on the month's last day.
func genAddMonths(d apiclient.Date, n int, lastDay bool) apiclient.Date {
	y, m, day := d.Date()
	first := time.Date(y, m+time.Month(n), 1, 0, 0, 0, 0, time.UTC)
	last := first.AddDate(0, 1, -1).Day()
	if lastDay || day > last {
		day = last
	}
	return apiclient.NewDate(first.Year(), first.Month(), day)
}
