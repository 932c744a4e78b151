package sandbox_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// The rows of issue 25's table of probes, each with the answer of the
// service (the docs, or a Rails model with the documented validations where
// they are silent). The slow body, 70 MB and --listen rows are in
// serving_test.go, the webhook rows in webhooks_test.go.

// TestMillionDigitNumberIsRefusedAtOnce: a line price or quantity of a
// million digits is 422 "is too long", in linear time: under 100 ms (the
// best of three, so one slow turn of a busy machine does not fail it).
func TestMillionDigitNumberIsRefusedAtOnce(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	huge := strings.Repeat("9", 1_000_000)
	for _, field := range []string{"unit_price", "quantity"} {
		for _, asText := range []bool{true, false} {
			raw := huge
			if asText {
				raw = `"` + huge + `"`
			}
			body := fmt.Sprintf(`{"subject_id":%d,"lines":[{"name":"x","unit_price":"1","quantity":"1","%s":%s}]}`, cust.ID, field, raw)
			best := time.Hour
			var status int
			var b []byte
			for range 3 {
				start := time.Now()
				status, _, b = e.do("POST", e.acct("invoices.json"), []byte(body))
				best = min(best, time.Since(start))
			}
			if status != http.StatusUnprocessableEntity || errorsOf(t, b)["lines."+field][0] != "is too long" {
				t.Fatalf("%s (text %v): %d %.200s", field, asText, status, b)
			}
			t.Logf("%s (text %v): refused in %v (best of 3)", field, asText, best)
			if best > 100*time.Millisecond {
				t.Errorf("%s (text %v): refused in %v, want under 100ms", field, asText, best)
			}
		}
	}
}

// TestNumbersBeyondWhatIsStored: 14 integer digits are kept, 15 are too
// long; more than 6 decimals are rounded as Rails casts to a column's scale.
func TestNumbersBeyondWhatIsStored(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	for _, tc := range []struct{ price, status, want string }{
		{"99999999999999", "201", "99999999999999.0"},
		{"999999999999999", "422", "is too long"},
		{"000000000000000000001.5", "201", "1.5"},
		{"0.12345649", "201", "0.123456"},
		{"1e400", "422", "is not a number"},
		{"12abc", "422", "is not a number"},
	} {
		status, _, b := e.do("POST", e.acct("invoices.json"), map[string]any{"subject_id": cust.ID, "lines": oneLine(tc.price, 0)})
		if fmt.Sprint(status) != tc.status {
			t.Fatalf("%s: %d %s", tc.price, status, b)
		}
		if status == http.StatusCreated {
			if got := decode[apiclient.Invoice](t, b).Lines[0].UnitPrice.String(); got != tc.want {
				t.Errorf("%s: kept %s, want %s", tc.price, got, tc.want)
			}
		} else if got := errorsOf(t, b)["lines.unit_price"]; len(got) == 0 || got[0] != tc.want {
			t.Errorf("%s: %v, want %q", tc.price, got, tc.want)
		}
	}
}

// TestPaymentsRefuseWhatTheServiceRefuses: amounts must be positive and
// bounded, paid_on a date, the body an object; an overpayment is accepted
// (a bookkeeper records what arrived) and the invoice is paid with nothing
// remaining.
func TestPaymentsRefuseWhatTheServiceRefuses(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	for _, tc := range []struct {
		body        any
		field, want string
	}{
		{map[string]any{"amount": "-100"}, "amount", "must be greater than 0"},
		{map[string]any{"amount": 0}, "amount", "must be greater than 0"},
		{map[string]any{"amount": "10", "native_amount": "-1"}, "native_amount", "must be greater than 0"},
		{map[string]any{"amount": strings.Repeat("9", 10_000)}, "amount", "is too long"},
		{map[string]any{"paid_on": ""}, "paid_on", "can't be blank"},
		{map[string]any{"paid_on": nil}, "paid_on", "can't be blank"},
		{map[string]any{"paid_on": "včera"}, "paid_on", "is invalid"},
		{[]byte("null"), "base", "the body is not a JSON object"},
		{[]byte("[]"), "base", "the body is not a JSON object"},
	} {
		status, b := payInvoice(t, e, inv.ID, tc.body)
		if status != http.StatusUnprocessableEntity {
			t.Fatalf("%v: %d %s", tc.body, status, b)
		}
		if got := errorsOf(t, b)[tc.field]; len(got) == 0 || got[0] != tc.want {
			t.Fatalf("%v: %s = %v, want %q", tc.body, tc.field, got, tc.want)
		}
	}
	got := getInvoice(t, e, inv.ID)
	if len(got.Payments) != 0 || got.Status != apiclient.StatusOpen {
		t.Fatalf("refused payments left %d payments, status %s", len(got.Payments), got.Status)
	}
	if status, b := payInvoice(t, e, inv.ID, map[string]any{"amount": "121000000"}); status != http.StatusCreated {
		t.Fatalf("100,000× the total: %d %s", status, b)
	}
	got = getInvoice(t, e, inv.ID)
	if got.Status != apiclient.StatusPaid || got.RemainingAmount.String() != "0.0" {
		t.Fatalf("overpaid: status %s, remaining %s", got.Status, got.RemainingAmount)
	}
}

// TestConcurrentPaymentsKeepTheStateConsistent: two payments of 60 % at
// once; the second covers the total, so the invoice is paid with nothing
// remaining, whichever lands first.
func TestConcurrentPaymentsKeepTheStateConsistent(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	for round := range 5 {
		inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 0)})
		var wg sync.WaitGroup
		statuses := make([]int, 2)
		for i := range 2 {
			wg.Go(func() { statuses[i], _ = payInvoice(t, e, inv.ID, map[string]any{"amount": "600"}) })
		}
		wg.Wait()
		if statuses[0] != http.StatusCreated || statuses[1] != http.StatusCreated {
			t.Fatalf("round %d: statuses %v", round, statuses)
		}
		got := getInvoice(t, e, inv.ID)
		if got.Status != apiclient.StatusPaid || got.RemainingAmount.String() != "0.0" || len(got.Payments) != 2 {
			t.Fatalf("round %d: status %s, remaining %s, %d payments", round, got.Status, got.RemainingAmount, len(got.Payments))
		}
	}
}

// TestNulByteIsRefusedAndInvoicesWithoutLinesAccepted: text with a NUL is
// invalid (the service's database cannot store it), in a name, a line and
// tags. An invoice without lines is accepted: the docs' own invalid Create
// Invoice request has none, and its answer names no lines.
func TestNulByteIsRefusedAndInvoicesWithoutLinesAccepted(t *testing.T) {
	e := newEnv(t)
	cust := customer(t, e)
	for path, body := range map[string]map[string]any{
		"subjects.json": {"name": "Nul\x00 s.r.o."},
		"invoices.json": {"subject_id": cust.ID, "lines": []map[string]any{{"name": "a\x00b", "unit_price": "1"}}},
		"expenses.json": {"subject_id": cust.ID, "tags": []string{"ok", "n\x00l"}, "lines": oneLine("1", 0)},
	} {
		status, _, b := e.do("POST", e.acct(path), body)
		if status != http.StatusUnprocessableEntity || !strings.Contains(string(b), `"is invalid"`) {
			t.Errorf("%s with a NUL: %d %s", path, status, b)
		}
	}
	status, _, b := e.do("POST", e.acct("invoices.json"), map[string]any{"subject_id": cust.ID})
	if status != http.StatusCreated || decode[apiclient.Invoice](t, b).Total.String() != "0.0" {
		t.Fatalf("invoice without lines: %d %s", status, b)
	}
}

// TestExplicitNullClearsAField: PATCH with null clears text, as Rails
// assigns nil; a field not sent stays.
func TestExplicitNullClearsAField(t *testing.T) {
	e := newEnv(t)
	status, _, b := e.do("POST", e.acct("subjects.json"), map[string]any{
		"name": "Plná s.r.o.", "phone": "+420 123", "email": "a@plna.cz", "street": "Dlouhá 1", "web": "https://plna.cz", "city": "Praha"})
	if status != http.StatusCreated {
		t.Fatalf("create: %d %s", status, b)
	}
	sub := decode[map[string]any](t, b)
	path := e.acct(fmt.Sprintf("subjects/%v.json", sub["id"]))
	status, _, b = e.do("PATCH", path, []byte(`{"phone":null,"email":null,"street":null,"web":null}`))
	got := decode[map[string]any](t, b)
	for _, k := range []string{"phone", "email", "street", "web"} {
		if status != http.StatusOK || got[k] != nil {
			t.Errorf("%s after null: %d %v", k, status, got[k])
		}
	}
	if got["city"] != "Praha" || got["name"] != "Plná s.r.o." {
		t.Errorf("fields not sent changed: %v %v", got["city"], got["name"])
	}

	// The client sends the null the same way: Clear.
	id := int64(sub["id"].(float64))
	if _, _, err := e.Client.Subjects.Update(context.Background(), id, &apiclient.SubjectParams{City: apiclient.Ptr("Brno")}); err != nil {
		t.Fatal(err)
	}
	got2, _, err := e.Client.Subjects.Update(context.Background(), id, &apiclient.SubjectParams{Clear: "city, zip"})
	if err != nil || got2.City != "" || got2.Name != "Plná s.r.o." {
		t.Fatalf("client's Clear: %v, city %q", err, got2.City)
	}

	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "note": "Děkujeme", "lines": oneLine("1", 0)})
	status, _, b = e.do("PATCH", invoicePath(e, inv.ID, ".json"), []byte(`{"note":null}`))
	if status != http.StatusOK || decode[map[string]any](t, b)["note"] != nil {
		t.Fatalf("invoice note after null: %d %s", status, b)
	}
}

// TestDateFiltersAcceptRailsISO8601: updated_since without an offset (the
// service's zone) and in the basic form, as Ruby's ISO 8601 parser reads
// them; what is not ISO 8601 stays 400.
func TestDateFiltersAcceptRailsISO8601(t *testing.T) {
	e := newEnv(t)
	customer(t, e) // created at testStart, 09:00 in Prague
	for _, tc := range []struct {
		since string
		want  int // subjects listed
	}{
		{"2026-11-02T08:59:00", 1},
		{"2026-11-02T09:01:00", 0},
		{"2026-11-02T08:01:00Z", 0},
		{"20261102T085900", 1},
		{"20261102T075900Z", 1},
		{"20261102T085900+0100", 1},
		{"2026-11-02T08:59:00.5+01", 1},
		{"20261103", 0},
		{"2026-11-02", 1},
	} {
		status, _, b := e.do("GET", e.acct("subjects.json?updated_since="+url.QueryEscape(tc.since)), nil)
		if status != http.StatusOK {
			t.Fatalf("%s: %d %s", tc.since, status, b)
		}
		if n := len(decode[[]map[string]any](t, b)); n != tc.want {
			t.Errorf("%s: %d subjects, want %d", tc.since, n, tc.want)
		}
	}
	for _, bad := range []string{"yesterday", "2026-13-01", "2026-02-30T10:00:00", "2026-11-02 09:00"} {
		if status, _, _ := e.do("GET", e.acct("subjects.json?updated_since="+url.QueryEscape(bad)), nil); status != http.StatusBadRequest {
			t.Errorf("%s: %d, want 400", bad, status)
		}
	}
}
