package sandbox_test

import (
	"fmt"
	"net/http"
	"net/url"
	"slices"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// genSubject creates a subject through the API and returns its id.
func genSubject(t *testing.T, e *env, name string) int64 {
	t.Helper()
	status, _, b := e.do("POST", e.acct("subjects.json"), map[string]any{"name": name})
	if status != http.StatusCreated {
		t.Fatalf("create subject: %d %s", status, b)
	}
	return decode[apiclient.Subject](t, b).ID
}

func genBody(subject int64, lines ...map[string]any) map[string]any {
	if lines == nil {
		lines = []map[string]any{{"name": "Hosting", "quantity": "2", "unit_price": "100", "vat_rate": 21}}
	}
	return map[string]any{"name": "Monthly hosting", "subject_id": subject, "lines": lines}
}

func recBody(subject int64) map[string]any {
	b := genBody(subject)
	b["start_date"] = "2026-12-01"
	b["months_period"] = 1
	return b
}

func genCreate(t *testing.T, e *env, coll string, body map[string]any) (map[string]any, []byte) {
	t.Helper()
	status, _, b := e.do("POST", e.acct(coll+".json"), body)
	if status != http.StatusCreated {
		t.Fatalf("create %s: %d %s", coll, status, b)
	}
	return decode[map[string]any](t, b), b
}

func genEventCount(e *env, name string) int {
	n := 0
	for _, ev := range invEventNames(e) {
		if ev == name {
			n++
		}
	}
	return n
}

func TestGeneratorsCreateComputesPricesAndDefaults(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME s.r.o.")
	status, h, b := e.do("POST", e.acct("generators.json"), genBody(subj))
	if status != http.StatusCreated {
		t.Fatalf("status %d: %s", status, b)
	}
	g := decode[apiclient.Generator](t, b)
	base := e.TS.URL + "/api/v3" + e.acct("")
	if h.Get("Location") != base+fmt.Sprintf("generators/%d.json", g.ID) || g.URL != h.Get("Location") {
		t.Fatalf("Location %q url %q", h.Get("Location"), g.URL)
	}
	if g.SubjectURL != base+fmt.Sprintf("subjects/%d.json", subj) || !strings.HasPrefix(g.HTMLURL, e.TS.URL+"/") {
		t.Fatalf("subject_url %q html_url %q", g.SubjectURL, g.HTMLURL)
	}
	l := g.Lines[0]
	if l.ID == 0 || l.UnitPriceWithoutVat.String() != "100.0" || l.UnitPriceWithVat.String() != "121.0" || l.TotalVat.IsSet() {
		t.Fatalf("line %+v", l)
	}
	if g.Subtotal.String() != "200.0" || g.Total.String() != "242.0" || g.NativeTotal.String() != "242.0" || g.RoundingAdjustment.String() != "0.0" {
		t.Fatalf("totals %s %s %s %s", g.Subtotal, g.Total, g.NativeTotal, g.RoundingAdjustment)
	}
	if g.Currency != "CZK" || g.Language != "cz" || g.PaymentMethod != "bank" || g.IBANVisibility != "automatically" || g.OSS != "disabled" ||
		g.Due == nil || *g.Due != 14 || g.BankAccountID == nil || *g.BankAccountID != 1 || g.NumberFormatID == nil {
		t.Fatalf("inherited defaults: %+v", g)
	}
	raw := decode[map[string]any](t, b)
	for _, k := range []string{"vat_price_mode", "legacy_bank_details"} {
		if v, ok := raw[k]; !ok || v != nil {
			t.Errorf("%s = %v (present %v), want null", k, v, ok)
		}
	}
	if _, ok := raw["round_total"]; ok {
		t.Error("round_total is write-only on a generator")
	}
	if tags, ok := raw["tags"].([]any); !ok || len(tags) != 0 {
		t.Errorf("tags %v, want []", raw["tags"])
	}
	if genEventCount(e, "generator_created") != 1 {
		t.Fatal("no generator_created event")
	}
}

func TestGeneratorsRequireNameSubjectAndLineFields(t *testing.T) {
	e := newEnv(t)
	// A blank name is answered alone, as the docs' example answers {"name": ""}.
	status, _, b := e.do("POST", e.acct("generators.json"), map[string]any{})
	invWant422(t, status, b, "name", "can't be blank")
	if errs := errorsOf(t, b); len(errs) != 1 {
		t.Fatalf("errors %v, want name's alone", errs)
	}
	status, _, b = e.do("POST", e.acct("generators.json"), map[string]any{"name": "X"})
	invWant422(t, status, b, "subject_id", "can't be blank")
	status, _, b = e.do("POST", e.acct("generators.json"), map[string]any{"name": "X", "subject_id": 999})
	invWant422(t, status, b, "subject_id", "is invalid")
	subj := genSubject(t, e, "ACME")
	status, _, b = e.do("POST", e.acct("generators.json"), genBody(subj, map[string]any{"quantity": 1}))
	invWant422(t, status, b, "lines.name", "can't be blank")
	invWant422(t, status, b, "lines.unit_price", "can't be blank")
	status, _, b = e.do("POST", e.acct("generators.json"), genBody(subj, map[string]any{"name": "x", "unit_price": "cheap"}))
	invWant422(t, status, b, "lines.unit_price", "is not a number")
	// A generator without lines is a valid template.
	genCreate(t, e, "generators", map[string]any{"name": "Empty", "subject_id": subj})
}

func TestGeneratorsRefusedWithoutBankAccount(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	e.Srv.Do(func() { e.Setup.Account.BankAccounts = nil })
	for _, coll := range []string{"generators", "recurring_generators"} {
		status, _, b := e.do("POST", e.acct(coll+".json"), recBody(subj))
		if status != http.StatusForbidden || len(errorsOf(t, b)["bank_account"]) == 0 {
			t.Fatalf("%s without bank account: %d %s, want 403 errors.bank_account", coll, status, b)
		}
	}
}

func TestGeneratorsPricesFollowVatPriceMode(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	line := map[string]any{"name": "Box", "unit_price": "121", "vat_rate": "21"}
	price := func(extra map[string]any) (string, string) {
		t.Helper()
		body := genBody(subj, line)
		for k, v := range extra {
			body[k] = v
		}
		_, b := genCreate(t, e, "generators", body)
		g := decode[apiclient.Generator](t, b)
		return g.Lines[0].UnitPriceWithoutVat.String(), g.Lines[0].UnitPriceWithVat.String()
	}
	if wo, w := price(map[string]any{"vat_price_mode": "from_total_with_vat"}); wo != "100.0" || w != "121.0" {
		t.Fatalf("from_total_with_vat: %s / %s", wo, w)
	}
	if wo, w := price(nil); wo != "121.0" || w != "146.41" {
		t.Fatalf("inherited without_vat: %s / %s", wo, w)
	}
	if wo, w := price(map[string]any{"transferred_tax_liability": true, "vat_price_mode": "from_total_with_vat"}); wo != "121.0" || w != "121.0" {
		t.Fatalf("reverse charge: %s / %s", wo, w)
	}
	e.Srv.Do(func() { e.Setup.Account.Info.VatPriceMode = "from_total_with_vat" })
	if wo, w := price(nil); wo != "100.0" || w != "121.0" {
		t.Fatalf("inherited from the account's from_total_with_vat: %s / %s", wo, w)
	}
	e.Srv.Do(func() { e.Setup.Account.Info.VatMode = apiclient.NonVatPayer })
	if wo, w := price(map[string]any{"vat_price_mode": "without_vat"}); wo != "121.0" || w != "121.0" {
		t.Fatalf("non-VAT payer: %s / %s", wo, w)
	}
}

func TestGeneratorsEnumeratedFieldsAreValidated(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	for field, bad := range map[string]string{"language": "xx", "payment_method": "bitcoin", "oss": "always",
		"iban_visibility": "never", "vat_price_mode": "with_vat"} {
		body := genBody(subj)
		body[field] = bad
		status, _, b := e.do("POST", e.acct("generators.json"), body)
		invWant422(t, status, b, field, "is not included in the list")
	}
	body := genBody(subj)
	body["currency"] = "EU"
	status, _, b := e.do("POST", e.acct("generators.json"), body)
	invWant422(t, status, b, "currency", "is invalid")
}

func TestGeneratorsCustomPaymentMethodOnlyWithCustom(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	body := genBody(subj)
	body["payment_method"] = "custom"
	body["custom_payment_method"] = strings.Repeat("x", 21)
	status, _, b := e.do("POST", e.acct("generators.json"), body)
	invWant422(t, status, b, "custom_payment_method", "is too long (maximum is 20 characters)")
	body["custom_payment_method"] = strings.Repeat("ž", 20)
	// Every answer carries custom_payment_method: create, detail, update, index.
	g, _ := genCreate(t, e, "generators", body)
	if got := generatorCustomMethod(e, g); got != strings.Repeat("ž", 20) || g["custom_payment_method"] != got {
		t.Fatalf("custom method %q, written %v", got, g["custom_payment_method"])
	}
	path := e.acct(fmt.Sprintf("generators/%v.json", g["id"]))
	_, _, b = e.do("PATCH", path, map[string]any{"custom_payment_method": "Kupón"})
	_, _, detail := e.do("GET", path, nil)
	_, _, list := e.do("GET", e.acct("generators.json"), nil)
	for what, answer := range map[string]any{"update": decode[map[string]any](t, b), "detail": decode[map[string]any](t, detail), "index": decode[[]map[string]any](t, list)[0]} {
		if got := answer.(map[string]any)["custom_payment_method"]; got != "Kupón" {
			t.Errorf("%s: custom_payment_method %v, want Kupón", what, got)
		}
	}
	body["payment_method"] = "cash"
	g, _ = genCreate(t, e, "generators", body)
	if got := generatorCustomMethod(e, g); got != "" || g["custom_payment_method"] != nil {
		t.Fatalf("custom_payment_method with cash: %q, written %v, want none and null", got, g["custom_payment_method"])
	}
}

func generatorCustomMethod(e *env, g map[string]any) (method string) {
	e.Srv.Do(func() {
		if r, ok := e.Setup.Account.Generators.Get(int64(g["id"].(float64))); ok {
			method = r.CustomPaymentMethod
		}
	})
	return method
}

func TestGeneratorsUpdateEditsLinesByID(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	_, b := genCreate(t, e, "generators", genBody(subj,
		map[string]any{"name": "A", "unit_price": "100", "vat_rate": 21},
		map[string]any{"name": "B", "unit_price": "50"}))
	g := decode[apiclient.Generator](t, b)
	path := e.acct(fmt.Sprintf("generators/%d.json", g.ID))
	status, _, b := e.do("PATCH", path, map[string]any{"note": "Thanks", "lines": []map[string]any{
		{"id": g.Lines[0].ID, "unit_price": "200"}, {"id": g.Lines[1].ID, "_destroy": true}, {"name": "C", "unit_price": "10"}}})
	if status != http.StatusOK {
		t.Fatalf("update: %d %s", status, b)
	}
	u := decode[apiclient.Generator](t, b)
	if len(u.Lines) != 2 || u.Lines[0].ID != g.Lines[0].ID || u.Lines[1].Name != "C" || u.Note.String() != "Thanks" || u.Name != g.Name {
		t.Fatalf("lines after update %+v", u.Lines)
	}
	if u.Subtotal.String() != "210.0" || u.Total.String() != "252.0" {
		t.Fatalf("totals %s %s", u.Subtotal, u.Total)
	}
	status, _, b = e.do("PATCH", path, map[string]any{"lines": []map[string]any{{"id": 424242, "name": "x"}}})
	invWant422(t, status, b, "lines.id", "is invalid")
	status, _, b = e.do("PATCH", path, map[string]any{"name": ""})
	invWant422(t, status, b, "name", "can't be blank")
	if genEventCount(e, "generator_updated") != 1 {
		t.Fatal("want one generator_updated event (refused updates log nothing)")
	}
}

func TestGeneratorsRoundTotal(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	body := genBody(subj, map[string]any{"name": "A", "unit_price": "10.40"})
	body["round_total"] = true
	_, b := genCreate(t, e, "generators", body)
	g := decode[apiclient.Generator](t, b)
	if g.Total.String() != "10.0" || g.RoundingAdjustment.String() != "-0.4" || g.Subtotal.String() != "10.4" {
		t.Fatalf("rounded totals: total %s adj %s subtotal %s", g.Total, g.RoundingAdjustment, g.Subtotal)
	}
	// An update that does not send round_total keeps the totals rounded.
	status, _, b := e.do("PATCH", e.acct(fmt.Sprintf("generators/%d.json", g.ID)), map[string]any{"lines": []map[string]any{{"id": g.Lines[0].ID, "unit_price": "20.70"}}})
	if u := decode[apiclient.Generator](t, b); status != http.StatusOK || u.Total.String() != "21.0" {
		t.Fatalf("after update: %d total %s", status, u.Total)
	}
}

func TestGeneratorsLineFromInventoryItemBySKU(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	invCreateItem(t, e, map[string]any{"name": "Kettle", "sku": "KET", "native_retail_price": "500", "vat_rate": "standard", "unit_name": "pcs"})
	_, b := genCreate(t, e, "generators", genBody(subj, map[string]any{"sku": "KET", "quantity": 2}))
	l := decode[apiclient.Generator](t, b).Lines[0]
	if l.Name != "Kettle" || l.UnitPrice.String() != "500.0" || l.VatRate.Dec().IntPart() != 21 || l.UnitName != "pcs" || l.InventoryItemID == nil || l.Inventory != nil {
		t.Fatalf("line from item %+v", l)
	}
	status, _, b := e.do("POST", e.acct("generators.json"), genBody(subj, map[string]any{"sku": "NOPE"}))
	invWant422(t, status, b, "lines.sku", "is invalid")
}

func TestGeneratorsIndexFiltersAndDelete(t *testing.T) {
	e := newEnv(t)
	s1, s2 := genSubject(t, e, "One"), genSubject(t, e, "Two")
	g1, _ := genCreate(t, e, "generators", genBody(s1))
	e.Clock.Advance(time.Hour)
	g2, _ := genCreate(t, e, "generators", genBody(s2))
	list := func(q string) []float64 {
		t.Helper()
		status, _, b := e.do("GET", e.acct("generators.json"+q), nil)
		if status != http.StatusOK {
			t.Fatalf("list %s: %d %s", q, status, b)
		}
		var ids []float64
		for _, g := range decode[[]map[string]any](t, b) {
			ids = append(ids, g["id"].(float64))
		}
		return ids
	}
	if got := list(""); !slices.Equal(got, []float64{g2["id"].(float64), g1["id"].(float64)}) {
		t.Fatalf("index %v", got)
	}
	if got := list(fmt.Sprintf("?subject_id=%d", s1)); !slices.Equal(got, []float64{g1["id"].(float64)}) {
		t.Fatalf("subject filter %v", got)
	}
	since := url.QueryEscape(testStart.Add(time.Minute).Format(time.RFC3339))
	if got := list("?since=" + since); !slices.Equal(got, []float64{g2["id"].(float64)}) {
		t.Fatalf("since %v", got)
	}
	if got := list("?updated_since=" + since); len(got) != 1 {
		t.Fatalf("updated_since %v", got)
	}
	if status, _, _ := e.do("GET", e.acct("generators.json?since=last+week"), nil); status != http.StatusBadRequest {
		t.Fatalf("bad date: %d", status)
	}
	path := e.acct(fmt.Sprintf("generators/%v.json", g1["id"]))
	if status, _, _ := e.do("DELETE", path, nil); status != http.StatusNoContent {
		t.Fatalf("delete: %d", status)
	}
	if status, _, _ := e.do("GET", path, nil); status != http.StatusNotFound {
		t.Fatalf("deleted: %d", status)
	}
	if genEventCount(e, "generator_removed") != 1 {
		t.Fatal("no generator_removed event")
	}
}

func TestRecurringGeneratorsCreateRequiresScheduleAndLines(t *testing.T) {
	e := newEnv(t)
	// A blank name is answered alone, as the docs' example answers {"name": ""}.
	status, _, b := e.do("POST", e.acct("recurring_generators.json"), map[string]any{"name": ""})
	if errs := errorsOf(t, b); len(errs) != 1 || len(errs["name"]) != 1 {
		t.Fatalf("%d %s, want name's error alone", status, b)
	}
	status, _, b = e.do("POST", e.acct("recurring_generators.json"), map[string]any{"name": "X"})
	for _, f := range []string{"subject_id", "start_date", "months_period"} {
		invWant422(t, status, b, f, "can't be blank")
	}
	invWant422(t, status, b, "lines", "can't be empty")
	subj := genSubject(t, e, "ACME")
	body := recBody(subj)
	body["months_period"] = 0
	status, _, b = e.do("POST", e.acct("recurring_generators.json"), body)
	invWant422(t, status, b, "months_period", "must be greater than 0")
	body["months_period"] = "monthly"
	status, _, b = e.do("POST", e.acct("recurring_generators.json"), body)
	invWant422(t, status, b, "months_period", "is not a number")
	body = recBody(subj)
	body["end_date"] = "2026-11-01"
	status, _, b = e.do("POST", e.acct("recurring_generators.json"), body)
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["end_date"]) == 0 {
		t.Fatalf("end before start: %d %s", status, b)
	}
}

func TestRecurringGeneratorsCreateShape(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	body := recBody(subj)
	body["lines"] = []map[string]any{{"name": "Hosting", "unit_price": "100", "vat_rate": 21, "quantity": 2}}
	status, h, b := e.do("POST", e.acct("recurring_generators.json"), body)
	if status != http.StatusCreated {
		t.Fatalf("%d %s", status, b)
	}
	r := decode[apiclient.RecurringGenerator](t, b)
	base := e.TS.URL + "/api/v3" + e.acct("")
	if h.Get("Location") != base+fmt.Sprintf("recurring_generators/%d.json", r.ID) {
		t.Fatalf("Location %q", h.Get("Location"))
	}
	if r.URL != base+fmt.Sprintf("generators/%d.json", r.ID) {
		t.Fatalf("url %q: the reference points it into the generators path", r.URL)
	}
	if !r.Active || r.NextOccurrenceOn.String() != "2026-12-01" || r.StartDate.String() != "2026-12-01" || r.MonthsPeriod != 1 {
		t.Fatalf("schedule %+v", r)
	}
	if r.Total.String() != "242.0" {
		t.Fatalf("total %s", r.Total)
	}
	raw := decode[map[string]any](t, b)
	// round_total is write-only in the docs and absent from their examples.
	if v, ok := raw["round_total"]; ok {
		t.Fatalf("round_total %v is written", v)
	}
	line := raw["lines"].([]any)[0].(map[string]any)
	var keys []string
	for k := range line {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	want := []string{"id", "inventory_item_id", "name", "quantity", "unit_name", "unit_price", "unit_price_with_vat", "unit_price_without_vat", "vat_rate"}
	if !slices.Equal(keys, want) {
		t.Fatalf("recurring line keys %v, want exactly %v", keys, want)
	}
	if line["unit_price_with_vat"] != "121.0" || line["inventory_item_id"] != nil {
		t.Fatalf("line %v", line)
	}
	if genEventCount(e, "recurring_generator_created") != 1 {
		t.Fatal("no recurring_generator_created event")
	}
}

func TestRecurringGeneratorsLimitedToOneOnLowerPlans(t *testing.T) {
	for _, plan := range []sandbox.Plan{sandbox.PlanFree, sandbox.PlanMini, sandbox.PlanStandard} {
		t.Run(plan.Name, func(t *testing.T) {
			e := newEnvPlan(t, plan)
			subj := genSubject(t, e, "ACME")
			genCreate(t, e, "recurring_generators", recBody(subj))
			status, _, b := e.do("POST", e.acct("recurring_generators.json"), recBody(subj))
			if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "forbidden" {
				t.Fatalf("second on %s: %d %s", plan.Name, status, b)
			}
		})
	}
	e := newEnv(t) // unlimited
	subj := genSubject(t, e, "ACME")
	for range 3 {
		genCreate(t, e, "recurring_generators", recBody(subj))
	}
}

func TestRecurringGeneratorsPauseAndActivate(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	r, _ := genCreate(t, e, "recurring_generators", recBody(subj))
	id := int64(r["id"].(float64))
	action := func(name string, body any) (int, apiclient.RecurringGenerator, []byte) {
		t.Helper()
		status, _, b := e.do("PATCH", e.acct(fmt.Sprintf("recurring_generators/%d/%s.json", id, name)), body)
		var rec apiclient.RecurringGenerator
		if status == http.StatusOK {
			rec = decode[apiclient.RecurringGenerator](t, b)
		}
		return status, rec, b
	}
	status, rec, b := action("activate", nil)
	invWant422(t, status, b, "generator", "Generator is already active")
	status, rec, b = action("pause", nil)
	if status != http.StatusOK || rec.Active {
		t.Fatalf("pause: %d %s", status, b)
	}
	if status, _, b = action("pause", nil); status != http.StatusUnprocessableEntity {
		t.Fatalf("pause again: %d %s", status, b)
	}
	if genEventCount(e, "recurring_generator_paused") != 1 {
		t.Fatal("want one recurring_generator_paused event")
	}
	status, rec, b = action("activate", map[string]any{"next_occurrence_on": "2027-01-15"})
	if status != http.StatusOK || !rec.Active || rec.NextOccurrenceOn.String() != "2027-01-15" {
		t.Fatalf("activate with a date: %d %s", status, b)
	}
	if genEventCount(e, "recurring_generator_created") != 2 {
		t.Fatal("activation should fire recurring_generator_created again")
	}
	// Paused past its next date, an activation without a date moves it forward by the period.
	action("pause", nil)
	e.Clock.Set(time.Date(2027, 3, 20, 9, 0, 0, 0, time.UTC))
	e.Token = e.Srv.IssueToken(e.Setup.Owner.ID, e.Setup.Client.ID) // the old one expired
	status, rec, b = action("activate", []byte(""))
	if status != http.StatusOK || rec.NextOccurrenceOn.String() != "2027-04-15" {
		t.Fatalf("activate without a date: %d next %s %s", status, rec.NextOccurrenceOn, b)
	}
	action("pause", nil)
	status, _, b = action("activate", map[string]any{"next_occurrence_on": "someday"})
	invWant422(t, status, b, "next_occurrence_on", "is invalid")
	if status, _, _ := e.do("PATCH", e.acct("recurring_generators/999/pause.json"), nil); status != http.StatusNotFound {
		t.Fatalf("unknown id: %d", status)
	}
}

func TestRecurringGeneratorsUpdateAndDelete(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	r, _ := genCreate(t, e, "recurring_generators", recBody(subj))
	path := e.acct(fmt.Sprintf("recurring_generators/%v.json", r["id"]))
	status, _, b := e.do("PATCH", path, map[string]any{"start_date": "2027-02-28", "months_period": 3, "last_day_in_month": true, "round_total": true})
	if status != http.StatusOK {
		t.Fatalf("update: %d %s", status, b)
	}
	u := decode[apiclient.RecurringGenerator](t, b)
	if u.MonthsPeriod != 3 || u.NextOccurrenceOn.String() != "2027-02-28" || !recurringRoundTotal(e, u.ID) || u.Name != "Monthly hosting" {
		t.Fatalf("after update %+v", u)
	}
	status, _, b = e.do("PATCH", path, map[string]any{"lines": []map[string]any{{"id": u.Lines[0].ID, "_destroy": true}}})
	invWant422(t, status, b, "lines", "can't be empty")
	status, _, b = e.do("PATCH", path, map[string]any{"months_period": -1})
	invWant422(t, status, b, "months_period", "must be greater than 0")
	if status, _, _ := e.do("DELETE", path, nil); status != http.StatusNoContent {
		t.Fatalf("delete: %d", status)
	}
	if status, _, _ := e.do("GET", path, nil); status != http.StatusNotFound {
		t.Fatalf("deleted: %d", status)
	}
	if genEventCount(e, "recurring_generator_updated") != 1 || genEventCount(e, "recurring_generator_removed") != 1 {
		t.Fatalf("events %v", invEventNames(e))
	}
}

func TestRecurringGeneratorsIndexFilters(t *testing.T) {
	e := newEnv(t)
	s1, s2 := genSubject(t, e, "One"), genSubject(t, e, "Two")
	r1, _ := genCreate(t, e, "recurring_generators", recBody(s1))
	genCreate(t, e, "recurring_generators", recBody(s2))
	status, _, b := e.do("GET", e.acct(fmt.Sprintf("recurring_generators.json?subject_id=%d", s1)), nil)
	list := decode[[]apiclient.RecurringGenerator](t, b)
	if status != http.StatusOK || len(list) != 1 || float64(list[0].ID) != r1["id"].(float64) {
		t.Fatalf("subject filter: %d %s", status, b)
	}
	if status, _, _ := e.do("GET", e.acct("recurring_generators.json?updated_since=nope"), nil); status != http.StatusBadRequest {
		t.Fatalf("bad date: %d", status)
	}
	if _, _, b := e.do("GET", e.acct("recurring_generators.json?page=2"), nil); strings.TrimSpace(string(b)) != "[]" {
		t.Fatalf("past the end: %s", b)
	}
}

func TestGeneratorsForeignCurrencyNativeAmounts(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME GmbH")
	body := genBody(subj, map[string]any{"name": "Licence", "unit_price": "100"})
	body["currency"] = "EUR"
	g, _ := genCreate(t, e, "generators", body)
	if g["total"] != "100.0" || g["native_total"] != nil {
		t.Fatalf("EUR without a rate: total %v native %v, want native null", g["total"], g["native_total"])
	}
	status, _, b := e.do("PATCH", e.acct(fmt.Sprintf("generators/%v.json", g["id"])), map[string]any{"exchange_rate": "25.5"})
	if u := decode[apiclient.Generator](t, b); status != http.StatusOK || u.NativeTotal.String() != "2550.0" {
		t.Fatalf("with a rate: %d %s", status, b)
	}
	// Back to the account's currency the rate no longer converts anything.
	status, _, b = e.do("PATCH", e.acct(fmt.Sprintf("generators/%v.json", g["id"])), map[string]any{"currency": "CZK"})
	if u := decode[apiclient.Generator](t, b); status != http.StatusOK || u.NativeTotal.String() != "100.0" {
		t.Fatalf("in CZK: %d %s", status, b)
	}
	status, _, b = e.do("PATCH", e.acct(fmt.Sprintf("generators/%v.json", g["id"])), map[string]any{"exchange_rate": "-1"})
	invWant422(t, status, b, "exchange_rate", "must be greater than 0")
}

func TestGeneratorsVatPriceModeNullInheritsAgain(t *testing.T) {
	e := newEnv(t)
	subj := genSubject(t, e, "ACME")
	body := genBody(subj, map[string]any{"name": "Box", "unit_price": "121", "vat_rate": 21})
	body["vat_price_mode"] = "from_total_with_vat"
	g, _ := genCreate(t, e, "generators", body)
	status, _, b := e.do("PATCH", e.acct(fmt.Sprintf("generators/%v.json", g["id"])), []byte(`{"vat_price_mode":null}`))
	raw := decode[map[string]any](t, b)
	if status != http.StatusOK || raw["vat_price_mode"] != nil || raw["total"] != "146.41" {
		t.Fatalf("after null: %d mode %v total %v", status, raw["vat_price_mode"], raw["total"])
	}
}

// recurringRoundTotal reads a recurring generator's round_total from the
// server's state: the API does not write it back.
func recurringRoundTotal(e *env, id int64) (on bool) {
	e.Srv.Do(func() {
		if r, ok := e.Setup.Account.Recurring.Get(id); ok {
			on = r.RoundTotal
		}
	})
	return on
}
