package sandbox_test

import (
	"encoding/json"
	"maps"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// Every to-do of the docs' Todos Index reads, from its name and params, the
// text the service wrote, to the last no-break space.
func TestTodoTextIsTheServices(t *testing.T) {
	checkTexts(t, "todos.json", sandbox.TodoText, "Todos Index")
}

// Every event of the docs' event lists reads, from its name and params, the
// text the service wrote.
func TestEventTextIsTheServices(t *testing.T) {
	checkTexts(t, "events.json", sandbox.EventText, "Events Index", "Events Paid Index")
}

// checkTexts compares text(name, params) with the text of every record the
// docs' examples of endpoints list in file.
func checkTexts(t *testing.T, file string, text func(string, map[string]any) string, endpoints ...string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(docsDir, file))
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		Examples []struct {
			Endpoint string
			Response struct {
				JSON json.RawMessage `json:"json"`
			} `json:"response"`
		} `json:"examples"`
	}
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range page.Examples {
		if !slices.Contains(endpoints, e.Endpoint) {
			continue
		}
		var records []struct {
			Name   string         `json:"name"`
			Text   string         `json:"text"`
			Params map[string]any `json:"params"`
		}
		if err := json.Unmarshal(e.Response.JSON, &records); err != nil {
			t.Fatal(err)
		}
		for _, r := range records {
			seen++
			if got := text(r.Name, r.Params); got != r.Text {
				t.Errorf("%s: the sandbox writes %q, the docs %q", r.Name, got, r.Text)
			}
		}
	}
	if seen < len(endpoints)*2 {
		t.Fatalf("read %d records of %s %v: the docs' examples are not where they were", seen, file, endpoints)
	}
}

// A payment with the thank-you e-mail logs invoice_paid_with_thank_you_note
// with the params the docs' Events Paid Index shows (the e-mail sent, and
// date), not the payment's, which invoice_paid carries.
func TestThankYouEventParamsAreTheDocs(t *testing.T) {
	var page struct {
		Examples []struct {
			Endpoint string
			Response struct {
				JSON []struct {
					Name   string         `json:"name"`
					Params map[string]any `json:"params"`
				} `json:"json"`
			} `json:"response"`
		} `json:"examples"`
	}
	b, err := os.ReadFile(filepath.Join(docsDir, "events.json"))
	if err != nil || json.Unmarshal(b, &page) != nil {
		t.Fatalf("read the docs' events: %v", err)
	}
	var docKeys []string
	for _, e := range page.Examples {
		for _, r := range e.Response.JSON {
			if r.Name == "invoice_paid_with_thank_you_note" {
				docKeys = slices.Sorted(maps.Keys(r.Params))
			}
		}
	}
	if docKeys == nil {
		t.Fatal("the docs show no thank-you event")
	}

	e := newEnv(t)
	cust := customer(t, e)
	inv := createInvoice(t, e, map[string]any{"subject_id": cust.ID, "lines": oneLine("1000", 21)})
	if status, _, body := e.do("POST", invoicePath(e, inv.ID, "/payments.json"), map[string]any{"send_thank_you_email": true}); status != http.StatusCreated {
		t.Fatalf("pay: %d %s", status, body)
	}
	_, _, body := e.do("GET", e.acct("events/paid.json"), nil)
	for _, ev := range decode[[]apiclient.Event](t, body) {
		if ev.Name != "invoice_paid_with_thank_you_note" {
			continue
		}
		if got := slices.Sorted(maps.Keys(ev.Params)); !slices.Equal(got, docKeys) {
			t.Errorf("params %v, the docs' %v", got, docKeys)
		}
		if ev.Params["email"] != "ucetni@odberatel.cz" || ev.Params["email_copy"] != "sef@odberatel.cz" ||
			ev.Params["email_subject"] != "[Zaplacena] Faktura č. "+inv.Number || ev.Params["date"] != nil {
			t.Errorf("params %v", ev.Params)
		}
		return
	}
	t.Fatalf("no thank-you event in %s", body)
}
