package sandbox

// These tests are in the package itself (not sandbox_test) so that they can put
// invoices, expenses and generators straight into the tables: the subject filter
// of the event log looks through them, and those endpoints belong to other files.

import (
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

var teStart = time.Date(2026, 11, 2, 9, 0, 0, 0, time.FixedZone("CET", 3600))

// teEnv is a served sandbox with one account and its owner's token.
type teEnv struct {
	t     *testing.T
	srv   *Server
	a     *Account
	owner *User
	ts    *httptest.Server
	clock *ManualClock
	token string
}

func newTEEnv(t *testing.T) *teEnv {
	t.Helper()
	clock := NewManualClock(teStart)
	srv, setup := NewWithAccount(Options{Clock: clock, Seed: 1}, "testfirma", PlanUnlimited)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return &teEnv{t: t, srv: srv, a: setup.Account, owner: setup.Owner, ts: ts, clock: clock,
		token: srv.IssueToken(setup.Owner.ID, setup.Client.ID)}
}

// call sends a request under /api/v3/accounts/testfirma/.
func (e *teEnv) call(method, path string) (int, []byte) {
	e.t.Helper()
	req, err := http.NewRequest(method, e.ts.URL+"/api/v3/accounts/testfirma/"+path, nil)
	if err != nil {
		e.t.Fatal(err)
	}
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	req.Header.Set("Authorization", "Bearer "+e.token)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		e.t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		e.t.Fatal(err)
	}
	return resp.StatusCode, b
}

func teDecode[T any](t *testing.T, b []byte) T {
	t.Helper()
	var v T
	if err := json.Unmarshal(b, &v); err != nil {
		t.Fatalf("decode %T: %v: %s", v, err, b)
	}
	return v
}

// teSince is a since= query value for t.
func teSince(t time.Time) string { return url.QueryEscape(t.Format(time.RFC3339)) }

func (e *teEnv) todos(query string) []apiclient.Todo {
	e.t.Helper()
	status, b := e.call("GET", "todos.json"+query)
	if status != http.StatusOK {
		e.t.Fatalf("todos%s: status %d: %s", query, status, b)
	}
	return teDecode[[]apiclient.Todo](e.t, b)
}

func (e *teEnv) events(path string) []apiclient.Event {
	e.t.Helper()
	status, b := e.call("GET", path)
	if status != http.StatusOK {
		e.t.Fatalf("%s: status %d: %s", path, status, b)
	}
	return teDecode[[]apiclient.Event](e.t, b)
}

func TestTodosToggleCompletionBothWays(t *testing.T) {
	e := newTEEnv(t)
	var id int64
	e.srv.Do(func() {
		id = e.a.AddTodo(e.clock.Now(), "email_bounced", "Invoice e-mail bounced", map[string]any{"email": "x@example.com"},
			RelatedObject{Type: "Invoice", ID: 3}).ID
	})
	path := "todos/" + strconv.FormatInt(id, 10) + "/toggle_completion.json"

	e.clock.Advance(time.Hour)
	status, b := e.call("POST", path)
	if status != http.StatusOK {
		t.Fatalf("toggle: status %d: %s", status, b)
	}
	done := teDecode[apiclient.Todo](t, b)
	if !done.CompletedAt.Equal(teStart.Add(time.Hour)) || done.Name != "email_bounced" || len(done.RelatedObjects) != 1 {
		t.Fatalf("completed to-do %+v", done)
	}
	if got := e.todos(""); !got[0].Completed() {
		t.Fatal("index does not show the to-do completed")
	}

	status, b = e.call("POST", path)
	if status != http.StatusOK {
		t.Fatalf("toggle back: status %d: %s", status, b)
	}
	if open := teDecode[apiclient.Todo](t, b); open.Completed() {
		t.Fatalf("toggled back but completed_at %v", open.CompletedAt)
	}
	var raw map[string]any
	_ = json.Unmarshal(b, &raw)
	if v, ok := raw["completed_at"]; !ok || v != nil {
		t.Fatalf("open to-do's completed_at is %v, want null", v)
	}
	if status, _ := e.call("POST", "todos/99/toggle_completion.json"); status != http.StatusNotFound {
		t.Fatalf("unknown to-do: status %d", status)
	}
}

func TestTodosListNewestFirstWithSince(t *testing.T) {
	e := newTEEnv(t)
	e.srv.Do(func() {
		for i := 0; i < 3; i++ {
			e.a.AddTodo(teStart.Add(time.Duration(i)*time.Hour), "expense_payment_unpaired", "Payment "+strconv.Itoa(i), nil)
		}
	})
	all := e.todos("")
	if len(all) != 3 || all[0].Text != "Payment 2" || all[2].Text != "Payment 0" {
		t.Fatalf("to-dos %+v", all)
	}
	if all[0].Params == nil || all[0].RelatedObjects == nil {
		t.Fatal("params and related_objects must be {} and [], not null")
	}
	since := e.todos("?since=" + teSince(teStart.Add(time.Hour)))
	if len(since) != 2 || since[1].Text != "Payment 1" {
		t.Fatalf("since 10:00: %+v", since)
	}
	if got := e.todos("?page=2"); len(got) != 0 {
		t.Fatalf("page 2: %+v", got)
	}
}

func TestTodosAndEventsAnswer400OnBadDate(t *testing.T) {
	e := newTEEnv(t)
	for _, p := range []string{"todos.json?since=yesterday", "events.json?since=2026-13-45T10:00:00Z", "events/paid.json?since=02.11.2026"} {
		if status, b := e.call("GET", p); status != http.StatusBadRequest {
			t.Errorf("%s: status %d, want 400: %s", p, status, b)
		}
	}
}

func TestEventsNewestFirstPagedWithSince(t *testing.T) {
	e := newTEEnv(t)
	e.srv.Do(func() {
		for i := 0; i < 45; i++ {
			e.a.AddEvent(teStart.Add(time.Duration(i)*time.Minute), "subject_updated", "Subject "+strconv.Itoa(i), e.owner, nil,
				RelatedObject{Type: "Subject", ID: int64(i + 1)})
		}
	})
	page1 := e.events("events.json")
	page2 := e.events("events.json?page=2")
	if len(page1) != 40 || len(page2) != 5 || page1[0].Text != "Subject 44" || page2[4].Text != "Subject 0" {
		t.Fatalf("pages %d/%d, first %q", len(page1), len(page2), page1[0].Text)
	}
	if page1[0].User == nil || page1[0].User.ID != e.owner.ID || page1[0].User.FullName != "Jana Nováková" {
		t.Fatalf("event user %+v", page1[0].User)
	}
	since := e.events("events.json?since=" + teSince(teStart.Add(40*time.Minute)))
	if len(since) != 5 || since[4].Text != "Subject 40" {
		t.Fatalf("since: %d entries, last %q", len(since), since[len(since)-1].Text)
	}
}

func TestEventsPaidListsOnlyPaymentsOfInvoicesAndExpenses(t *testing.T) {
	e := newTEEnv(t)
	e.srv.Do(func() {
		for i, name := range []string{"subject_created", "invoice_paid", "invoice_sent", "expense_paid",
			"invoice_payment_added", "invoice_paid_with_thank_you_note", "expense_payment_removed"} {
			e.a.AddEvent(teStart.Add(time.Duration(i)*time.Minute), name, name, e.owner, nil)
		}
	})
	paid := e.events("events/paid.json")
	var names []string
	for _, ev := range paid {
		names = append(names, ev.Name)
	}
	want := []string{"invoice_paid_with_thank_you_note", "expense_paid", "invoice_paid"}
	if len(names) != len(want) {
		t.Fatalf("paid events %v, want %v", names, want)
	}
	for i := range want {
		if names[i] != want[i] {
			t.Fatalf("paid events %v, want %v", names, want)
		}
	}
	if all := e.events("events.json"); len(all) != 7 {
		t.Fatalf("events.json lists %d, want all 7", len(all))
	}
}

func TestEventsSubjectFilterFollowsDocumentsToTheirSubject(t *testing.T) {
	e := newTEEnv(t)
	const acme, other = int64(7), int64(8)
	e.srv.Do(func() {
		e.a.Invoices.put(1, &Invoice{ID: 1, SubjectID: acme})
		e.a.Expenses.put(2, &Expense{ID: 2, SubjectID: acme})
		e.a.Generators.put(3, &Generator{ID: 3, SubjectID: other})
		rg := &RecurringGenerator{}
		rg.ID, rg.SubjectID = 4, acme
		e.a.Recurring.put(4, rg)
		e.a.Expenses.put(5, &Expense{ID: 5, SubjectID: other})
		at := teStart
		add := func(name, typ string, id int64) {
			at = at.Add(time.Minute)
			e.a.AddEvent(at, name, name+" "+typ, e.owner, nil, RelatedObject{Type: typ, ID: id})
		}
		add("subject_updated", "Subject", acme)
		add("invoice_paid", "Invoice", 1)
		add("expense_created", "Expense", 2)
		add("generator_created", "Generator", 3)
		add("recurring_generator_created", "RecurringGenerator", 4)
		add("subject_updated", "Subject", other)
		add("expense_paid", "Expense", 5)
		add("invoice_sent", "Invoice", 404) // a document that no longer exists
	})
	got := e.events("events.json?subject_id=7")
	var texts []string
	for _, ev := range got {
		texts = append(texts, ev.Text)
	}
	want := []string{"recurring_generator_created RecurringGenerator", "expense_created Expense", "invoice_paid Invoice", "subject_updated Subject"}
	if len(texts) != len(want) {
		t.Fatalf("subject 7 events %q, want %q", texts, want)
	}
	for i := range want {
		if texts[i] != want[i] {
			t.Fatalf("subject 7 events %q, want %q", texts, want)
		}
	}
	paid := e.events("events/paid.json?subject_id=8")
	if len(paid) != 1 || paid[0].Name != "expense_paid" {
		t.Fatalf("paid events of subject 8: %+v", paid)
	}
	if got := e.events("events.json?subject_id=abc"); len(got) != 0 {
		t.Fatalf("a subject id that is not a number matched %d events", len(got))
	}
}

// BenchmarkEventsListAt50000 pages the log of a busy account, filtered by subject.
func BenchmarkEventsListAt50000(b *testing.B) {
	clock := NewManualClock(teStart)
	srv, setup := NewWithAccount(Options{Clock: clock, Seed: 1, RateLimit: 1 << 30}, "testfirma", PlanUnlimited)
	for i := 0; i < 50000; i++ {
		setup.Account.AddEvent(teStart.Add(time.Duration(i)*time.Second), "subject_updated", "Subject updated", setup.Owner, nil,
			RelatedObject{Type: "Subject", ID: int64(i%500 + 1)})
	}
	token := srv.IssueToken(setup.Owner.ID, setup.Client.ID)
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		req := httptest.NewRequest("GET", "/api/v3/accounts/testfirma/events.json?page=3&subject_id=42", nil)
		req.Header.Set("User-Agent", "bench (b@example.com)")
		req.Header.Set("Authorization", "Bearer "+token)
		rec := httptest.NewRecorder()
		srv.ServeHTTP(rec, req)
		if rec.Code != http.StatusOK {
			b.Fatalf("status %d", rec.Code)
		}
	}
}

// A payment with the thank-you e-mail logs invoice_paid and
// invoice_paid_with_thank_you_note: a hook on invoice_paid gets one
// delivery of it, from the first (it got two while the second was an alias).
func TestThankYouEntryDeliversNoSecondInvoicePaid(t *testing.T) {
	if got := webhookEventName("invoice_paid_with_thank_you_note"); got != "" {
		t.Errorf("the thank-you entry delivers as %q", got)
	}
	if got := webhookEventName("invoice_paid"); got != "invoice_paid" {
		t.Errorf("invoice_paid delivers as %q", got)
	}
}
