package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"log/slog"
	"net/http"
	"strings"
	"testing"
)

// debugLog is a logger at debug level writing to a buffer.
func debugLog() (*slog.Logger, *bytes.Buffer) {
	var buf bytes.Buffer
	return slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug})), &buf
}

func replyJSON(body string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		_, _ = w.Write([]byte(body))
	}
}

// One record with fields of the wrong kind costs neither the list nor itself.
func TestOddFieldKeepsEveryRecord(t *testing.T) {
	body := `[
	 {"id": 1, "name": "A", "supply_code": "", "due": 14, "total": "10.0"},
	 {"id": 2, "name": "B", "supply_code": "abc", "due": "30", "total": "n/a", "tags": "x",
	  "lines": {"not": "a list"}, "created_at": "yesterday", "proforma": "true", "subject_id": "7",
	  "note": 12.5, "legacy_bank_details": "none"},
	 {"id": 3, "name": "C", "supply_code": 5, "exchange_rate": 1, "updated_at": "2023-11-15"}
	]`
	logger, logs := debugLog()
	api := newFakeAPI(t, replyJSON(body))
	got, _, err := api.client(t, WithLogger(logger)).Generators.List(context.Background(), GeneratorListOptions{})
	if err != nil {
		t.Fatalf("List: %v", err)
	}
	if len(got) != 3 || got[0].ID != 1 || got[1].ID != 2 || got[2].ID != 3 {
		t.Fatalf("got %d records: %+v", len(got), got)
	}
	a, b, c := got[0], got[1], got[2]
	if a.SupplyCode != nil || a.Total.String() != "10.0" {
		t.Errorf("A: supply_code %v, total %q", a.SupplyCode, a.Total)
	}
	if b.Name != "B" || b.SupplyCode != nil || b.Due == nil || *b.Due != 30 || !b.Proforma || b.SubjectID != 7 || b.Note.String() != "12.5" {
		t.Errorf("B: %+v", b)
	}
	if b.Total.Valid() || b.Total.String() != "n/a" || !b.Total.Dec().IsZero() {
		t.Errorf("B: total %q valid %v, want the text kept and marked", b.Total, b.Total.Valid())
	}
	if b.CreatedAt.Valid() || b.CreatedAt.String() != "yesterday" {
		t.Errorf("B: created_at %q valid %v", b.CreatedAt, b.CreatedAt.Valid())
	}
	if b.Tags != nil || b.Lines != nil || b.LegacyBankDetails != nil {
		t.Errorf("B: the values of the wrong shape should be left unset: %v %v %v", b.Tags, b.Lines, b.LegacyBankDetails)
	}
	// ...and kept as their JSON text beside the record, not dropped.
	wantUnread := Unread{"supply_code": `"abc"`, "tags": `"x"`, "lines": `{"not":"a list"}`, "legacy_bank_details": `"none"`}
	if len(b.Unread) != len(wantUnread) {
		t.Errorf("B: unread %v, want %v", b.Unread, wantUnread)
	}
	for k, v := range wantUnread {
		if b.Unread[k] != v {
			t.Errorf("B: unread %s = %q, want %q", k, b.Unread[k], v)
		}
	}
	if a.Unread != nil || c.Unread != nil {
		t.Errorf("records that fitted have unread values: %v %v", a.Unread, c.Unread)
	}
	if c.SupplyCode == nil || *c.SupplyCode != 5 || c.ExchangeRate.String() != "1" || c.UpdatedAt.String() != "2023-11-15T00:00:00.000Z" {
		t.Errorf("C: %+v", c)
	}
	for _, want := range []string{"[1].supply_code", "[1].lines", "[1].total", "[1].created_at", "[1].tags"} {
		if !strings.Contains(logs.String(), "field="+want) {
			t.Errorf("no debug line for %s in:\n%s", want, logs)
		}
	}
	if strings.Contains(logs.String(), "[0]") || strings.Contains(logs.String(), "[2]") {
		t.Errorf("records that decoded cleanly were logged:\n%s", logs)
	}
}

// A record that is not an object is skipped; the rest of the list stays.
func TestNonObjectRecordIsSkipped(t *testing.T) {
	logger, logs := debugLog()
	api := newFakeAPI(t, replyJSON(`[{"id":1},"oops",{"id":3,"due":"x"}]`))
	got, _, err := api.client(t, WithLogger(logger)).Subjects.List(context.Background(), SubjectListOptions{})
	if err != nil || len(got) != 2 || got[0].ID != 1 || got[1].ID != 3 {
		t.Fatalf("got %+v, %v", got, err)
	}
	if !strings.Contains(logs.String(), "level=WARN") {
		t.Errorf("the skipped record was not logged:\n%s", logs)
	}
	if got[1].Unread["due"] != `"x"` {
		t.Errorf("due of the wrong kind: unread %v, want its text kept", got[1].Unread)
	}
}

// A single record reads the same way, with the date-time in a date field
// taking its date part.
func TestOddFieldKeepsTheRecord(t *testing.T) {
	api := newFakeAPI(t, replyJSON(`{"id": 9, "issued_on": "2023-11-15T23:30:00.000+01:00", "due": "14", "total": "", "paid_on": 5}`))
	got, _, err := api.client(t).Invoices.Get(context.Background(), 9)
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	if got.ID != 9 || got.IssuedOn.String() != "2023-11-15" || got.Due != 14 || got.Total.IsSet() || got.PaidOn.Valid() || got.PaidOn.String() != "5" {
		t.Errorf("got id %d issued %q due %d total %q paid %q", got.ID, got.IssuedOn, got.Due, got.Total, got.PaidOn)
	}
}

// What is not JSON at all, or a list where a record is due, is still an error.
func TestUnreadableBodyIsAnError(t *testing.T) {
	for _, body := range []string{`[{"id":1}`, `{"id":1}`} {
		var out []Subject
		if err := decodeResponse(context.Background(), nil, "GET /test", []byte(body), &out); err == nil {
			t.Errorf("%s decoded as a list: %+v", body, out)
		}
	}
	for _, body := range []string{`[{"id":1}]`, `"x"`, `{"id":1`} {
		var out Subject
		if err := decodeResponse(context.Background(), nil, "GET /test", []byte(body), &out); err == nil {
			t.Errorf("%s decoded as a record: %+v", body, out)
		}
	}
}

// FuzzDecodeResponse: no body panics the decoder, and a valid JSON list
// always reads as a list.
func FuzzDecodeResponse(f *testing.F) {
	for _, s := range []string{`[]`, `[{"id":1,"supply_code":""}]`, `[{"lines":[{"quantity":{}}]}]`, `[1,"a",null,{}]`,
		`{"id":"x"}`, `[{"due":1e400}]`, `[{"tags":[1,{},null]}]`, `[{"created_at":7,"total":true,"lines":"x"}]`, `[`, `null`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var list []Generator
		err := decodeResponse(context.Background(), nil, "GET /test", in, &list)
		trimmed := bytes.TrimSpace(in)
		if err != nil && json.Valid(in) && len(trimmed) > 0 && trimmed[0] == '[' {
			t.Fatalf("%q: a valid list failed: %v", in, err)
		}
		var one Invoice
		_ = decodeResponse(context.Background(), nil, "GET /test", in, &one)
	})
}

// FuzzDateJSON: Date's decoder never panics, and what it reads from valid JSON
// survives a round trip.
func FuzzDateJSON(f *testing.F) {
	for _, s := range []string{`"2026-11-22"`, `"2023-11-15T10:00:00+01:00"`, `"2026-02-30"`, `null`, `""`, `7`, `{}`, `"x"`, `"2026-01-01 "`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var d Date
		err := d.UnmarshalJSON(in)
		if err != nil && d.Valid() {
			t.Fatalf("%q: refused (%v) without keeping the text", in, err)
		}
		if !json.Valid(in) {
			return // encoding/json hands a decoder valid JSON only
		}
		out, merr := json.Marshal(d)
		if merr != nil {
			t.Fatalf("%q: encode: %v", in, merr)
		}
		var again Date
		_ = again.UnmarshalJSON(out)
		if again.String() != d.String() {
			t.Fatalf("%q -> %s -> %q, want %q", in, out, again.String(), d.String())
		}
	})
}

// FuzzDateTimeJSON: DateTime's decoder never panics, and what it reads from
// valid JSON survives a round trip.
func FuzzDateTimeJSON(f *testing.F) {
	for _, s := range []string{`"2026-11-22T14:05:00.123+01:00"`, `"2023-11-15"`, `"2026-11-22 14:05:00"`, `null`, `""`, `1`, `[]`, `"later"`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, in []byte) {
		var v DateTime
		err := v.UnmarshalJSON(in)
		if err != nil && v.Valid() {
			t.Fatalf("%q: refused (%v) without keeping the text", in, err)
		}
		if !json.Valid(in) {
			return // encoding/json hands a decoder valid JSON only
		}
		out, merr := json.Marshal(v)
		if merr != nil {
			t.Fatalf("%q: encode: %v", in, merr)
		}
		var again DateTime
		_ = again.UnmarshalJSON(out)
		if again.String() != v.String() {
			t.Fatalf("%q -> %s -> %q, want %q", in, out, again.String(), v.String())
		}
	})
}

// The account, which decodes itself, reads the same way.
func TestOddFieldInTheAccount(t *testing.T) {
	logger, logs := debugLog()
	api := newFakeAPI(t, replyJSON(`{"subdomain":"acme","plan_price":"290","vat_rate":"21","created_at":"x","digitoo_enabled":true,"digitoo_remaining_extractions":"5"}`))
	got, _, err := api.client(t, WithLogger(logger)).Account.Get(context.Background())
	if err != nil {
		t.Fatalf("Get: %v", err)
	}
	if got.Subdomain != "acme" || got.PlanPrice != 290 || got.VatRate != 21 || got.CreatedAt.String() != "x" ||
		!got.Extraction["digitoo"].Enabled || got.Extraction["digitoo"].RemainingExtractions != 5 {
		t.Errorf("got %+v", got)
	}
	if !strings.Contains(logs.String(), "request=\"GET /accounts/acme/account.json\"") || !strings.Contains(logs.String(), "field=created_at") {
		t.Errorf("log lines do not name the request and the field:\n%s", logs)
	}
}
