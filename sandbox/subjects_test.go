package sandbox_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// createSubject posts a subject body and returns the record, failing on non-201.
func createSubject(t *testing.T, e *env, body map[string]any) apiclient.Subject {
	t.Helper()
	status, h, b := e.do("POST", e.acct("subjects.json"), body)
	if status != http.StatusCreated {
		t.Fatalf("create subject: status %d: %s", status, b)
	}
	sub := decode[apiclient.Subject](t, b)
	if want := e.TS.URL + "/api/v3" + e.acct(fmt.Sprintf("subjects/%d.json", sub.ID)); h.Get("Location") != want || sub.URL != want {
		t.Fatalf("Location %q url %q, want %q", h.Get("Location"), sub.URL, want)
	}
	return sub
}

func TestSubjectsCreateDefaultsAndEvent(t *testing.T) {
	e := newEnv(t)
	sub := createSubject(t, e, map[string]any{"name": "ACME s.r.o."})
	if sub.Type != "customer" || sub.Country != "CZ" || sub.DeliveryCountry.String() != "CZ" {
		t.Fatalf("defaults: type %q country %q delivery %q", sub.Type, sub.Country, sub.DeliveryCountry)
	}
	if sub.SettingUpdateFromAres != "inherit" || !sub.AresUpdate || sub.SettingInvoicePdfAttachments != "inherit" || !sub.SuggestionEnabled || sub.WebinvoiceHistory != nil {
		t.Fatalf("setting defaults: %+v", sub)
	}
	if sub.UserID.Or(0) != e.Setup.Owner.ID || sub.HTMLURL == "" || sub.CreatedAt.IsZero() {
		t.Fatalf("user_id %d html_url %q created_at %v", sub.UserID, sub.HTMLURL, sub.CreatedAt)
	}
	var found bool
	e.Srv.Do(func() {
		for _, ev := range e.Setup.Account.Events {
			if ev.Name == "subject_created" && ev.Text == "Subject ACME s.r.o. was created" && ev.RelatedObjects[0].ID == sub.ID && ev.User != nil {
				found = true
			}
		}
	})
	if !found {
		t.Fatal("no subject_created event")
	}
}

func TestSubjectsNameRequiredAndMinimumTwoCharacters(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"email": "a@b.cz"}, "can't be blank"},
		{map[string]any{"name": "  "}, "can't be blank"},
		{map[string]any{"name": "Ž"}, "is too short (minimum is 2 characters)"},
	} {
		status, _, b := e.do("POST", e.acct("subjects.json"), tc.body)
		if status != http.StatusUnprocessableEntity {
			t.Fatalf("%v: status %d", tc.body, status)
		}
		// A blank name also fails the length check (docs: two messages).
		if got := errorsOf(t, b)["name"]; len(got) == 0 || got[0] != tc.want {
			t.Fatalf("%v: name errors %v, want %q", tc.body, got, tc.want)
		}
	}
	createSubject(t, e, map[string]any{"name": "Žo"})
}

func TestSubjectsTypeEmailAndSettingsValidated(t *testing.T) {
	e := newEnv(t)
	status, _, b := e.do("POST", e.acct("subjects.json"), map[string]any{
		"name": "ACME", "type": "partner", "email": "not-an-address", "email_copy": "x@y",
		"setting_invoice_send_reminders": "sometimes", "setting_update_from_ares": "maybe", "webinvoice_history": "forever",
	})
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d", status)
	}
	errs := errorsOf(t, b)
	for field, msg := range map[string]string{
		"type": "is not included in the list", "email": "is invalid", "email_copy": "is invalid",
		"setting_invoice_send_reminders": "is not included in the list", "setting_update_from_ares": "is not included in the list",
		"webinvoice_history": "is not included in the list",
	} {
		if len(errs[field]) == 0 || errs[field][0] != msg {
			t.Errorf("%s: %v, want %q", field, errs[field], msg)
		}
	}
	sub := createSubject(t, e, map[string]any{"name": "ACME", "type": "both", "email": "fakturace@acme.cz", "webinvoice_history": "client_portal"})
	if sub.Type != "both" || sub.Email != "fakturace@acme.cz" || sub.WebinvoiceHistory == nil || *sub.WebinvoiceHistory != "client_portal" {
		t.Fatalf("stored %+v", sub)
	}
	// null returns webinvoice_history to inherit.
	status, _, b = e.do("PATCH", e.acct(fmt.Sprintf("subjects/%d.json", sub.ID)), []byte(`{"webinvoice_history":null}`))
	if status != http.StatusOK || decode[apiclient.Subject](t, b).WebinvoiceHistory != nil {
		t.Fatalf("reset webinvoice_history: %d %s", status, b)
	}
}

func TestSubjectsDeliveryAddressNeedsTheFlag(t *testing.T) {
	e := newEnv(t)
	sub := createSubject(t, e, map[string]any{"name": "ACME", "country": "SK", "delivery_street": "Ignored 1", "delivery_city": "Nowhere"})
	if sub.DeliveryStreet.String() != "" || sub.DeliveryCity.String() != "" || sub.HasDeliveryAddress {
		t.Fatalf("delivery_* stored without has_delivery_address: %+v", sub)
	}
	if sub.DeliveryCountry.String() != "CZ" {
		t.Fatalf("delivery_country %q, want the account's CZ", sub.DeliveryCountry)
	}
	path := e.acct(fmt.Sprintf("subjects/%d.json", sub.ID))
	status, _, b := e.do("PATCH", path, map[string]any{"has_delivery_address": true, "delivery_street": "Skladová 5", "delivery_city": "Brno"})
	got := decode[apiclient.Subject](t, b)
	if status != http.StatusOK || got.DeliveryStreet.String() != "Skladová 5" || got.DeliveryCity.String() != "Brno" {
		t.Fatalf("with flag: %d %+v", status, got)
	}
	status, _, b = e.do("PATCH", path, map[string]any{"has_delivery_address": false})
	got = decode[apiclient.Subject](t, b)
	if status != http.StatusOK || got.DeliveryStreet.String() != "" || got.DeliveryCity.String() != "" || got.HasDeliveryAddress {
		t.Fatalf("clearing the flag kept the address: %+v", got)
	}
}

func TestSubjectsAresSettingsStayInSync(t *testing.T) {
	e := newEnv(t)
	sub := createSubject(t, e, map[string]any{"name": "ACME", "ares_update": false})
	if sub.SettingUpdateFromAres != "off" || sub.AresUpdate {
		t.Fatalf("ares_update false: setting %q ares %v", sub.SettingUpdateFromAres, sub.AresUpdate)
	}
	path := e.acct(fmt.Sprintf("subjects/%d.json", sub.ID))
	_, _, b := e.do("PATCH", path, map[string]any{"ares_update": true})
	if got := decode[apiclient.Subject](t, b); got.SettingUpdateFromAres != "on" || !got.AresUpdate {
		t.Fatalf("ares_update true: %q %v", got.SettingUpdateFromAres, got.AresUpdate)
	}
	// Both sent and in conflict: the new setting wins.
	_, _, b = e.do("PATCH", path, map[string]any{"ares_update": true, "setting_update_from_ares": "off"})
	if got := decode[apiclient.Subject](t, b); got.SettingUpdateFromAres != "off" || got.AresUpdate {
		t.Fatalf("conflict: %q %v", got.SettingUpdateFromAres, got.AresUpdate)
	}
}

func TestSubjectsPatchIsPartial(t *testing.T) {
	e := newEnv(t)
	sub := createSubject(t, e, map[string]any{"name": "ACME", "email": "a@acme.cz", "street": "Dlouhá 1", "custom_id": "C-1"})
	e.Clock.Advance(time.Minute)
	status, _, b := e.do("PATCH", e.acct(fmt.Sprintf("subjects/%d.json", sub.ID)), map[string]any{"phone": "+420 777 000 111"})
	got := decode[apiclient.Subject](t, b)
	if status != http.StatusOK || got.Phone.String() != "+420 777 000 111" || got.Email != "a@acme.cz" || got.Street != "Dlouhá 1" || got.CustomID.String() != "C-1" || got.Name != "ACME" {
		t.Fatalf("partial update: %d %+v", status, got)
	}
	if !got.UpdatedAt.After(got.CreatedAt.Time) {
		t.Fatal("updated_at not moved")
	}
	status, _, b = e.do("PATCH", e.acct(fmt.Sprintf("subjects/%d.json", sub.ID)), map[string]any{"name": "A"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["name"][0] != "is too short (minimum is 2 characters)" {
		t.Fatalf("bad name on update: %d %s", status, b)
	}
}

func TestSubjectsPlanLimitRefuses(t *testing.T) {
	e := newEnvPlan(t, sandbox.PlanFree)
	for i := 0; i < sandbox.PlanFree.Limits.Subjects; i++ {
		createSubject(t, e, map[string]any{"name": fmt.Sprintf("Firma %02d", i)})
	}
	status, _, b := e.do("POST", e.acct("subjects.json"), map[string]any{"name": "One too many"})
	if status != http.StatusForbidden {
		t.Fatalf("status %d, want 403", status)
	}
	code, desc := refusalOf(t, b)
	if code != "forbidden" || !strings.Contains(desc, "15 subjects") {
		t.Fatalf("refusal %q %q", code, desc)
	}
}

func TestSubjectsDeleteRefusedWithDocuments(t *testing.T) {
	e := newEnv(t)
	sub := createSubject(t, e, map[string]any{"name": "Dodavatel"})
	free := createSubject(t, e, map[string]any{"name": "Nikdo"})
	if status, _, b := e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": sub.ID}); status != http.StatusCreated {
		t.Fatalf("expense: %d %s", status, b)
	}
	status, _, b := e.do("DELETE", e.acct(fmt.Sprintf("subjects/%d.json", sub.ID)), nil)
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["document"]) != 1 {
		t.Fatalf("delete with documents: %d %s", status, b)
	}
	if status, _, _ := e.do("DELETE", e.acct(fmt.Sprintf("subjects/%d.json", free.ID)), nil); status != http.StatusNoContent {
		t.Fatalf("delete free subject: %d", status)
	}
	if status, _, _ := e.do("GET", e.acct(fmt.Sprintf("subjects/%d.json", free.ID)), nil); status != http.StatusNotFound {
		t.Fatalf("deleted subject: %d, want 404", status)
	}
}

func TestSubjectsIndexFiltersAndPages(t *testing.T) {
	e := newEnv(t)
	for i := 0; i < 41; i++ {
		createSubject(t, e, map[string]any{"name": fmt.Sprintf("Firma %02d", i), "custom_id": fmt.Sprintf("c%d", i%2)})
	}
	cut := e.Clock.Now()
	e.Clock.Advance(time.Hour)
	late := createSubject(t, e, map[string]any{"name": "Pozdní"})
	_, _, b := e.do("GET", e.acct("subjects.json"), nil)
	first := decode[[]apiclient.Subject](t, b)
	if len(first) != 40 || first[0].ID != late.ID {
		t.Fatalf("page 1: %d records, first %d", len(first), first[0].ID)
	}
	_, _, b = e.do("GET", e.acct("subjects.json?page=2"), nil)
	if got := decode[[]apiclient.Subject](t, b); len(got) != 2 {
		t.Fatalf("page 2: %d", len(got))
	}
	_, _, b = e.do("GET", e.acct("subjects.json?page=9"), nil)
	if strings.TrimSpace(string(b)) != "[]" {
		t.Fatalf("past the end: %s", b)
	}
	_, _, b = e.do("GET", e.acct("subjects.json?custom_id=c1"), nil)
	if got := decode[[]apiclient.Subject](t, b); len(got) != 20 {
		t.Fatalf("custom_id filter: %d", len(got))
	}
	since := url.QueryEscape(cut.Add(time.Minute).Format(time.RFC3339))
	_, _, b = e.do("GET", e.acct("subjects.json?since="+since), nil)
	if got := decode[[]apiclient.Subject](t, b); len(got) != 1 || got[0].ID != late.ID {
		t.Fatalf("since filter: %v", got)
	}
	if status, _, _ := e.do("GET", e.acct("subjects.json?updated_since=yesterday"), nil); status != http.StatusBadRequest {
		t.Fatalf("bad date: %d, want 400", status)
	}
}

func TestSubjectsSearchCoversTheDocumentedFields(t *testing.T) {
	e := newEnv(t)
	fields := []string{"name", "full_name", "email", "email_copy", "registration_no", "vat_no", "private_note"}
	for i, f := range fields {
		body := map[string]any{"name": fmt.Sprintf("Subjekt %d", i)}
		v := fmt.Sprintf("NeedleX%d", i)
		if f == "email" || f == "email_copy" {
			v = fmt.Sprintf("needlex%d@example.com", i)
		}
		body[f] = v
		createSubject(t, e, body)
	}
	createSubject(t, e, map[string]any{"name": "Other", "street": "needlex street", "phone": "needlex"})
	_, _, b := e.do("GET", e.acct("subjects/search.json?query=NEEDLEx"), nil)
	got := decode[[]apiclient.Subject](t, b)
	if len(got) != len(fields) {
		t.Fatalf("search found %d, want %d (one per documented field, not street/phone)", len(got), len(fields))
	}
}
