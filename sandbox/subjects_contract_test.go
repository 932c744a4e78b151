package sandbox_test

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// apiCalls is the account's request counter: a request the client refuses to send
// must not move it.
func apiCalls(e *env) int {
	var n int
	e.Srv.Do(func() { n = e.Setup.Account.Info.APICallsUsed })
	return n
}

func TestSubjectsContractCRUD(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	sub, resp, err := e.Client.Subjects.Create(ctx, &apiclient.SubjectParams{
		Name: apiclient.Ptr("ACME s.r.o."), Email: apiclient.Ptr("info@acme.cz"), Street: apiclient.Ptr("Dlouhá 1"), CustomID: apiclient.Ptr("K-7"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusCreated || resp.Location != sub.URL {
		t.Fatalf("create: %d location %q url %q", resp.StatusCode, resp.Location, sub.URL)
	}
	// Update only the phone: the e-mail and the rest survive.
	upd, _, err := e.Client.Subjects.Update(ctx, sub.ID, &apiclient.SubjectParams{Phone: apiclient.Ptr("+420 602 000 000")})
	if err != nil {
		t.Fatal(err)
	}
	if upd.Phone.String() != "+420 602 000 000" || upd.Email != "info@acme.cz" || upd.Street != "Dlouhá 1" || upd.CustomID.String() != "K-7" {
		t.Fatalf("partial update blanked fields: %+v", upd)
	}
	got, _, err := e.Client.Subjects.Get(ctx, sub.ID)
	if err != nil || got.Phone != upd.Phone || got.Email != "info@acme.cz" {
		t.Fatalf("get: %v %+v", err, got)
	}
	list, _, err := e.Client.Subjects.List(ctx, apiclient.SubjectListOptions{CustomID: "K-7"})
	if err != nil || len(list) != 1 || list[0].ID != sub.ID {
		t.Fatalf("list by custom_id: %v %v", err, list)
	}
	found, _, err := e.Client.Subjects.Search(ctx, apiclient.SearchOptions{Query: "acme"})
	if err != nil || len(found) != 1 {
		t.Fatalf("search: %v %v", err, found)
	}
	if _, err := e.Client.Subjects.Delete(ctx, sub.ID); err != nil {
		t.Fatal(err)
	}
	_, _, err = e.Client.Subjects.Get(ctx, sub.ID)
	var nf *apiclient.NotFoundError
	if !errors.As(err, &nf) {
		t.Fatalf("get deleted: %v", err)
	}
}

func TestSubjectsContractTypedErrors(t *testing.T) {
	e := newEnvPlan(t, sandbox.PlanFree)
	ctx := context.Background()
	_, _, err := e.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("X"), Email: apiclient.Ptr("nope")})
	var ve *apiclient.ValidationError
	if !errors.As(err, &ve) || ve.Fields["name"][0] != "is too short (minimum is 2 characters)" || ve.Fields["email"][0] != "is invalid" {
		t.Fatalf("validation: %v", err)
	}
	for i := 0; i < sandbox.PlanFree.Limits.Subjects; i++ {
		if _, _, err := e.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(fmt.Sprintf("Firma %d", i))}); err != nil {
			t.Fatal(err)
		}
	}
	_, _, err = e.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Přes limit")})
	var re *apiclient.RefusalError
	if !errors.As(err, &re) || re.Code != apiclient.RefusalForbidden || re.StatusCode != http.StatusForbidden {
		t.Fatalf("limit: %v", err)
	}
	// Deleting a subject with a document: a 422 keyed document.
	subs, _, _ := e.Client.Subjects.List(ctx, apiclient.SubjectListOptions{})
	if _, _, err := e.Client.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: &subs[0].ID}); err != nil {
		t.Fatal(err)
	}
	_, err = e.Client.Subjects.Delete(ctx, subs[0].ID)
	if !errors.As(err, &ve) || len(ve.Fields["document"]) != 1 {
		t.Fatalf("delete with documents: %v", err)
	}
}

// fastRate advertises a generous rate limit, so that the client's pacing (which
// follows the advertised policy) does not slow a test that makes many requests.
func fastRate(o *sandbox.Options) { o.RateLimit = 100000 }

func TestSubjectsContractListAllSearchAllAndFilters(t *testing.T) {
	e := newEnv(t, fastRate)
	ctx := context.Background()
	for i := 0; i < 85; i++ {
		if _, _, err := e.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(fmt.Sprintf("Zákazník %03d", i))}); err != nil {
			t.Fatal(err)
		}
		if i == 79 {
			e.Clock.Advance(time.Hour)
		}
	}
	seen := map[int64]bool{}
	before := apiCalls(e)
	for s, err := range e.Client.Subjects.ListAll(ctx, apiclient.SubjectListOptions{}) {
		if err != nil {
			t.Fatal(err)
		}
		seen[s.ID] = true
	}
	if len(seen) != 85 || apiCalls(e)-before != 3 {
		t.Fatalf("ListAll: %d subjects in %d requests, want 85 in 3", len(seen), apiCalls(e)-before)
	}
	n := 0
	for _, err := range e.Client.Subjects.SearchAll(ctx, apiclient.SearchOptions{Query: "zákazník 0"}) {
		if err != nil {
			t.Fatal(err)
		}
		n++
	}
	if n != 85 {
		t.Fatalf("SearchAll: %d", n)
	}
	recent, _, err := e.Client.Subjects.List(ctx, apiclient.SubjectListOptions{DateFilter: apiclient.DateFilter{Since: testStart.Add(30 * time.Minute)}})
	if err != nil || len(recent) != 5 {
		t.Fatalf("since filter: %v, %d subjects, want 5", err, len(recent))
	}
	// A bad filter is refused by the client before any request is spent...
	before = apiCalls(e)
	_, _, err = e.Client.Subjects.List(ctx, apiclient.SubjectListOptions{DateFilter: apiclient.DateFilter{Since: time.Date(10000, 1, 1, 0, 0, 0, 0, time.UTC)}})
	if err == nil || apiCalls(e) != before {
		t.Fatalf("out-of-range since: err %v, %d requests spent", err, apiCalls(e)-before)
	}
	_, _, err = e.Client.Subjects.List(ctx, apiclient.SubjectListOptions{DateFilter: apiclient.DateFilter{Until: testStart}})
	if err == nil || apiCalls(e) != before {
		t.Fatalf("until on subjects: err %v", err)
	}
	// ...while the same mistake sent raw gets the service's 400.
	if status, _, _ := e.do("GET", e.acct("subjects.json?since=10000-01-01T00:00:00Z"), nil); status != http.StatusBadRequest {
		t.Fatalf("raw bad since: %d", status)
	}
}
