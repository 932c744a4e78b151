package sandbox_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
)

// Date attributes given a date-time take its date part as written, as Rails
// casts them (api-facts.md, "Seen in the service's official clients").
func TestDateAttributesTakeTheDatePartOfADateTime(t *testing.T) {
	e := newEnv(t)
	inv := createInvoice(t, e, map[string]any{"subject_id": customer(t, e).ID, "lines": oneLine("100", 21),
		"issued_on": "2026-10-30T23:30:00.000+01:00"})
	if inv.IssuedOn.String() != "2026-10-30" {
		t.Errorf("issued_on %s", inv.IssuedOn)
	}
	status, b := payInvoice(t, e, inv.ID, map[string]any{"paid_on": "2026-10-31T08:00:00+01:00"})
	if p := decode[apiclient.Payment](t, b); status != http.StatusCreated || p.PaidOn.String() != "2026-10-31" {
		t.Errorf("paid_on: %d %s", status, b)
	}
	it := invCreateItem(t, e, invItemBody("CAST-1", "5"))
	body := invMoveBody("in", "1", "10")
	body["moved_on"] = "2026-10-29T12:00:00Z"
	if m := createMove(t, e, it.ID, body); m.MovedOn.String() != "2026-10-29" {
		t.Errorf("moved_on %s", m.MovedOn)
	}
	status, _, b = e.do("POST", e.acct("invoices.json"), map[string]any{"subject_id": inv.SubjectID, "lines": oneLine("1", 21), "issued_on": "30. 10. 2026"})
	if status != http.StatusUnprocessableEntity {
		t.Errorf("a date that is no date: %d %s", status, b)
	}
}

// tags[0]=x, as PHP clients send an array, is read as tags[]=x.
func TestSearchReadsIndexedTags(t *testing.T) {
	e := newEnv(t)
	sub := customer(t, e)
	tagged := createInvoice(t, e, map[string]any{"subject_id": sub.ID, "lines": oneLine("100", 21), "tags": []string{"a", "b"}})
	createInvoice(t, e, map[string]any{"subject_id": sub.ID, "lines": oneLine("100", 21), "tags": []string{"a"}})
	status, _, b := e.do("GET", e.acct("invoices/search.json?tags%5B0%5D=a&tags%5B1%5D=b"), nil)
	got := decode[[]apiclient.Invoice](t, b)
	if status != http.StatusOK || len(got) != 1 || got[0].ID != tagged.ID {
		t.Fatalf("search: %d %s", status, fmt.Sprint(len(got)))
	}
}
