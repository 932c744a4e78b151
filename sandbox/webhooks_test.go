package sandbox_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

var (
	whUUIDv4 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
	whUUIDv7 = regexp.MustCompile(`^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`)
)

// whReceived is one delivery a receiver got.
type whReceived struct {
	Header http.Header
	Body   []byte
}

// whReceiver is a loopback webhook receiver answering status with body.
type whReceiver struct {
	*httptest.Server
	mu   sync.Mutex
	got  []whReceived
	code int
	body string
}

func newWHReceiver(t *testing.T, code int, body string) *whReceiver {
	r := &whReceiver{code: code, body: body}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		b, _ := io.ReadAll(req.Body)
		r.mu.Lock()
		r.got = append(r.got, whReceived{Header: req.Header.Clone(), Body: b})
		r.mu.Unlock()
		w.Header().Set("Content-Type", "text/plain; charset=utf-8")
		w.WriteHeader(r.code)
		io.WriteString(w, r.body)
	}))
	t.Cleanup(r.Close)
	return r
}

func (r *whReceiver) received() []whReceived {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]whReceived(nil), r.got...)
}

// whCreate creates a webhook and fails the test unless it is created.
func whCreate(t *testing.T, e *env, body map[string]any) apiclient.Webhook {
	t.Helper()
	status, _, out := e.do("POST", e.acct("webhooks.json"), body)
	if status != http.StatusCreated {
		t.Fatalf("create webhook: status %d: %s", status, out)
	}
	return decode[apiclient.Webhook](t, out)
}

// whUploadInboxFile logs an inbox_file_added entry (delivered as inbox_file_created).
func whUploadInboxFile(t *testing.T, e *env, name string) {
	t.Helper()
	status, _, out := e.do("POST", e.acct("inbox_files.json"), map[string]any{
		"attachment": apiclient.DataURI("application/pdf", []byte("%PDF")), "filename": name})
	if status != http.StatusCreated {
		t.Fatalf("upload: status %d: %s", status, out)
	}
}

func whFailed(t *testing.T, e *env, uuid string) []apiclient.FailedDelivery {
	t.Helper()
	status, _, out := e.do("GET", e.acct("webhooks/"+uuid+"/failed_deliveries.json"), nil)
	if status != http.StatusOK {
		t.Fatalf("failed deliveries: status %d: %s", status, out)
	}
	return decode[[]apiclient.FailedDelivery](t, out)
}

func TestWebhooksCreateValidatesURLAndEvents(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct {
		name  string
		body  map[string]any
		field string
		want  string
	}{
		{"no events", map[string]any{"webhook_url": "https://example.com/hook"}, "events", "can't be empty"},
		{"empty events", map[string]any{"webhook_url": "https://example.com/hook", "events": []string{}}, "events", "can't be empty"},
		{"unknown event", map[string]any{"webhook_url": "https://example.com/hook", "events": []string{"invoice_created", "invoice_exploded"}}, "events", "is not included in the list"},
		{"no url", map[string]any{"events": []string{"invoice_created"}}, "webhook_url", "can't be blank"},
		{"ftp url", map[string]any{"webhook_url": "ftp://example.com/hook", "events": []string{"invoice_created"}}, "webhook_url", "is invalid"},
		{"relative url", map[string]any{"webhook_url": "/hook", "events": []string{"invoice_created"}}, "webhook_url", "is invalid"},
	} {
		status, _, out := e.do("POST", e.acct("webhooks.json"), tc.body)
		if status != http.StatusUnprocessableEntity {
			t.Errorf("%s: status %d, want 422: %s", tc.name, status, out)
			continue
		}
		if got := errorsOf(t, out)[tc.field]; len(got) != 1 || got[0] != tc.want {
			t.Errorf("%s: %s errors %v, want %q", tc.name, tc.field, got, tc.want)
		}
	}
	if _, _, out := e.do("GET", e.acct("webhooks.json"), nil); string(out) != "[]" {
		t.Fatalf("invalid webhooks were stored: %s", out)
	}
}

func TestWebhooksCreateShowsActiveUUIDAndLocation(t *testing.T) {
	e := newEnv(t)
	status, h, out := e.do("POST", e.acct("webhooks.json"), map[string]any{
		"webhook_url": "https://example.com/hook", "auth_header": "Bearer s3cret", "events": []string{"invoice_paid", "expense_paid"}})
	if status != http.StatusCreated {
		t.Fatalf("status %d: %s", status, out)
	}
	w := decode[apiclient.Webhook](t, out)
	wantURL := e.TS.URL + "/api/v3/accounts/testfirma/webhooks/" + strconv.FormatInt(w.ID, 10) + ".json"
	if h.Get("Location") != wantURL || w.URL != wantURL {
		t.Errorf("Location %q url %q, want %q", h.Get("Location"), w.URL, wantURL)
	}
	if !w.Active || w.AuthHeader != "Bearer s3cret" || len(w.Events) != 2 || w.WebhookURL != "https://example.com/hook" {
		t.Errorf("webhook %+v", w)
	}
	if !whUUIDv4.MatchString(w.FailedDeliveriesUUID) {
		t.Errorf("failed_deliveries_uuid %q is not a UUID", w.FailedDeliveriesUUID)
	}
	if !w.CreatedAt.Equal(testStart) {
		t.Errorf("created_at %v", w.CreatedAt)
	}
	other := whCreate(t, e, map[string]any{"webhook_url": "http://127.0.0.1:9/x", "events": []string{"subject_created"}})
	if other.FailedDeliveriesUUID == w.FailedDeliveriesUUID {
		t.Error("two webhooks share a failed_deliveries_uuid")
	}
	status, _, out = e.do("GET", e.acct("webhooks/"+strconv.FormatInt(w.ID, 10)+".json"), nil)
	if got := decode[apiclient.Webhook](t, out); status != http.StatusOK || got.ID != w.ID || got.AuthHeader != "Bearer s3cret" {
		t.Fatalf("get: status %d %+v", status, got)
	}
	_, _, out = e.do("GET", e.acct("webhooks.json"), nil)
	if list := decode[[]apiclient.Webhook](t, out); len(list) != 2 || list[0].ID != other.ID {
		t.Fatalf("list %+v", list)
	}
}

func TestWebhooksUpdateIsPartialAndSwitchesActive(t *testing.T) {
	e := newEnv(t)
	w := whCreate(t, e, map[string]any{"webhook_url": "https://example.com/hook", "auth_header": "Token a", "events": []string{"invoice_paid"}})
	path := e.acct("webhooks/" + strconv.FormatInt(w.ID, 10) + ".json")
	e.Clock.Advance(time.Minute)

	status, _, out := e.do("PATCH", path, map[string]any{"active": false})
	got := decode[apiclient.Webhook](t, out)
	if status != http.StatusOK || got.Active || got.AuthHeader != "Token a" || len(got.Events) != 1 || got.WebhookURL != "https://example.com/hook" {
		t.Fatalf("pause: status %d %+v", status, got)
	}
	if !got.UpdatedAt.Equal(testStart.Add(time.Minute)) || !got.CreatedAt.Equal(testStart) {
		t.Fatalf("timestamps %v %v", got.CreatedAt, got.UpdatedAt)
	}
	_, _, out = e.do("PATCH", path, map[string]any{"active": true, "events": []string{"expense_paid", "expense_overdue"}})
	if got := decode[apiclient.Webhook](t, out); !got.Active || len(got.Events) != 2 || got.Events[0] != "expense_paid" {
		t.Fatalf("resume: %+v", got)
	}
	status, _, out = e.do("PATCH", path, map[string]any{"events": []string{}})
	if status != http.StatusUnprocessableEntity || errorsOf(t, out)["events"][0] != "can't be empty" {
		t.Fatalf("empty events: status %d: %s", status, out)
	}
	status, _, out = e.do("PATCH", path, map[string]any{"webhook_url": "not a url"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, out)["webhook_url"][0] != "is invalid" {
		t.Fatalf("bad url: status %d: %s", status, out)
	}
	_, _, out = e.do("GET", path, nil)
	if got := decode[apiclient.Webhook](t, out); got.WebhookURL != "https://example.com/hook" || len(got.Events) != 2 {
		t.Fatalf("rejected updates changed the webhook: %+v", got)
	}
}

func TestWebhooksDelete(t *testing.T) {
	e := newEnv(t)
	w := whCreate(t, e, map[string]any{"webhook_url": "https://example.com/hook", "events": []string{"invoice_paid"}})
	path := e.acct("webhooks/" + strconv.FormatInt(w.ID, 10) + ".json")
	if status, _, out := e.do("DELETE", path, nil); status != http.StatusNoContent {
		t.Fatalf("delete: status %d: %s", status, out)
	}
	if status, _, _ := e.do("GET", path, nil); status != http.StatusNotFound {
		t.Fatalf("get after delete: status %d", status)
	}
	if status, _, _ := e.do("GET", e.acct("webhooks/"+w.FailedDeliveriesUUID+"/failed_deliveries.json"), nil); status != http.StatusNotFound {
		t.Fatalf("failed deliveries after delete: status %d", status)
	}
}

func TestWebhooksRefusedOnFreePlan(t *testing.T) {
	e := newEnvPlan(t, sandbox.PlanFree)
	for _, tc := range []struct {
		method, path string
		body         any
	}{
		{"GET", e.acct("webhooks.json"), nil},
		{"POST", e.acct("webhooks.json"), map[string]any{"webhook_url": "https://example.com/hook", "events": []string{"invoice_paid"}}},
	} {
		status, _, out := e.do(tc.method, tc.path, tc.body)
		code, desc := refusalOf(t, out)
		if status != http.StatusForbidden || code != "forbidden" || !strings.Contains(desc, "paid plan") {
			t.Errorf("%s %s: status %d code %q desc %q", tc.method, tc.path, status, code, desc)
		}
	}
}

// whOtherCredential registers a second credential of the owner and returns
// request headers carrying a token of it.
func whOtherCredential(e *env, id string, webhooksAllowed bool) map[string]string {
	e.Srv.AddClient(&sandbox.OAuthClient{ID: id, Secret: "secret-" + id, UserID: e.Setup.Owner.ID, WebhooksAllowed: webhooksAllowed})
	tok := e.Srv.IssueToken(e.Setup.Owner.ID, id)
	return map[string]string{"User-Agent": "other (o@example.com)", "Authorization": "Bearer " + tok}
}

func TestWebhooksAnotherCredentialsWebhookIs404(t *testing.T) {
	e := newEnv(t)
	w := whCreate(t, e, map[string]any{"webhook_url": "https://example.com/hook", "events": []string{"invoice_paid"}})
	other := whOtherCredential(e, "other-credential", true)
	path := e.acct("webhooks/" + strconv.FormatInt(w.ID, 10) + ".json")
	for _, method := range []string{"GET", "PATCH", "DELETE"} {
		if status, _, out := e.doWith(method, path, map[string]any{"active": false}, other); status != http.StatusNotFound {
			t.Errorf("%s another credential's webhook: status %d: %s", method, status, out)
		}
	}
	if status, _, out := e.doWith("GET", e.acct("webhooks/"+w.FailedDeliveriesUUID+"/failed_deliveries.json"), nil, other); status != http.StatusNotFound {
		t.Errorf("another credential's failed deliveries: status %d: %s", status, out)
	}
	if _, _, out := e.doWith("GET", e.acct("webhooks.json"), nil, other); string(out) != "[]" {
		t.Errorf("another credential lists %s", out)
	}
	if _, _, out := e.do("GET", path, nil); !decode[apiclient.Webhook](t, out).Active {
		t.Fatal("the other credential's PATCH changed the webhook")
	}
}

func TestWebhooksCredentialWithoutManagementIs403(t *testing.T) {
	e := newEnv(t)
	off := whOtherCredential(e, "no-webhooks", false)
	status, _, out := e.doWith("POST", e.acct("webhooks.json"), map[string]any{"webhook_url": "https://example.com/hook", "events": []string{"invoice_paid"}}, off)
	if code, _ := refusalOf(t, out); status != http.StatusForbidden || code != "forbidden" {
		t.Fatalf("status %d code %q", status, code)
	}
}

func TestWebhooksDeliveryCarriesHeadersAndBody(t *testing.T) {
	e := newEnv(t)
	rcv := newWHReceiver(t, http.StatusOK, "ok")
	w := whCreate(t, e, map[string]any{"webhook_url": rcv.URL + "/hooks", "auth_header": "Bearer receiver-secret", "events": []string{"inbox_file_created"}})
	whUploadInboxFile(t, e, "faktura.pdf")

	e.Srv.DeliverWebhooksNow(context.Background(), rcv.Client())
	got := rcv.received()
	if len(got) != 1 {
		t.Fatalf("%d deliveries, want 1", len(got))
	}
	h := got[0].Header
	if h.Get("Authorization") != "Bearer receiver-secret" || h.Get("Content-Type") != "application/json" || h.Get("User-Agent") == "" {
		t.Errorf("headers %v", h)
	}
	if !whUUIDv7.MatchString(h.Get("Idempotency-Key")) {
		t.Errorf("Idempotency-Key %q is not a UUID v7", h.Get("Idempotency-Key"))
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(got[0].Body, &raw); err != nil {
		t.Fatal(err)
	}
	if len(raw) != 4 {
		t.Errorf("body keys %v, want body, created_at, event_name, webhook_id", raw)
	}
	p := decode[apiclient.WebhookPayload](t, got[0].Body)
	if p.EventName != "inbox_file_created" || p.WebhookID != w.ID || !p.CreatedAt.Equal(testStart) || whRecord(p.Body, "inbox_file")["filename"] != "faktura.pdf" {
		t.Errorf("payload %+v", p)
	}
	if fd := whFailed(t, e, w.FailedDeliveriesUUID); len(fd) != 0 {
		t.Errorf("a delivered event is listed as failed: %+v", fd)
	}
}

func TestWebhooksFailedDeliveriesAfterReceiverAnswers500(t *testing.T) {
	e := newEnv(t)
	long := strings.Repeat("x", 3000)
	rcv := newWHReceiver(t, http.StatusInternalServerError, long)
	w := whCreate(t, e, map[string]any{"webhook_url": rcv.URL, "events": []string{"inbox_file_created"}})
	whUploadInboxFile(t, e, "a.pdf")

	e.Srv.DeliverWebhooksNow(context.Background(), rcv.Client())
	tries := rcv.received()
	if len(tries) < 2 {
		t.Fatalf("%d tries, want retries after a 500", len(tries))
	}
	key := tries[0].Header.Get("Idempotency-Key")
	for _, r := range tries {
		if r.Header.Get("Idempotency-Key") != key {
			t.Fatal("retries of one event must carry the same Idempotency-Key")
		}
	}
	fds := whFailed(t, e, w.FailedDeliveriesUUID)
	if len(fds) != 1 {
		t.Fatalf("failed deliveries %+v, want 1", fds)
	}
	fd := fds[0]
	if fd.EventName != "inbox_file_created" || fd.IdempotencyKey != key || fd.URL != rcv.URL || fd.Body.WebhookID != w.ID || fd.Body.EventName != "inbox_file_created" {
		t.Errorf("failed delivery %+v", fd)
	}
	if len(fd.Deliveries) != len(tries) {
		t.Fatalf("%d delivery attempts listed, %d made", len(fd.Deliveries), len(tries))
	}
	for i, d := range fd.Deliveries {
		if d.ResponseStatus != "500" || d.ResponseContentType == nil || *d.ResponseContentType != "text/plain; charset=utf-8" {
			t.Errorf("attempt %d: %+v", i, d)
		}
		if d.ResponseBody == nil || len(*d.ResponseBody) != 1024 {
			t.Errorf("attempt %d: response body not trimmed to 1 KB", i)
		}
		if !whUUIDv4.MatchString(d.RequestID) || d.StartedAt.IsZero() || d.FinishedAt.IsZero() {
			t.Errorf("attempt %d: request_id %q started %v finished %v", i, d.RequestID, d.StartedAt, d.FinishedAt)
		}
		if i > 0 && d.ID >= fd.Deliveries[i-1].ID {
			t.Errorf("attempts are not most recent first: ids %d then %d", fd.Deliveries[i-1].ID, d.ID)
		}
	}
}

func TestWebhooksUnreachableReceiverIsConnectionFailed(t *testing.T) {
	e := newEnv(t)
	gone := httptest.NewServer(http.NotFoundHandler())
	url := gone.URL
	gone.Close()
	w := whCreate(t, e, map[string]any{"webhook_url": url, "events": []string{"inbox_file_created"}})
	whUploadInboxFile(t, e, "a.pdf")
	e.Srv.DeliverWebhooksNow(context.Background(), &http.Client{Timeout: 5 * time.Second})
	fds := whFailed(t, e, w.FailedDeliveriesUUID)
	if len(fds) != 1 || len(fds[0].Deliveries) == 0 {
		t.Fatalf("failed deliveries %+v", fds)
	}
	d := fds[0].Deliveries[0]
	if d.ResponseStatus != "connection_failed" || d.ResponseBody != nil || d.ResponseContentType != nil {
		t.Fatalf("attempt %+v", d)
	}
}

func TestWebhooksDelivererSendsEachEventOnceToSubscribedActiveHooks(t *testing.T) {
	e := newEnv(t)
	rcv := newWHReceiver(t, http.StatusNoContent, "")
	whUploadInboxFile(t, e, "before.pdf") // logged before any webhook exists
	e.Clock.Advance(time.Second)
	sub := whCreate(t, e, map[string]any{"webhook_url": rcv.URL + "/sub", "events": []string{"inbox_file_created", "inbox_file_removed"}})
	whCreate(t, e, map[string]any{"webhook_url": rcv.URL + "/other", "events": []string{"invoice_paid"}})
	whCreate(t, e, map[string]any{"webhook_url": rcv.URL + "/paused", "events": []string{"inbox_file_created"}, "active": false})

	d := e.Srv.NewWebhookDeliverer(rcv.Client())
	ctx := context.Background()
	whUploadInboxFile(t, e, "after.pdf")
	d.DeliverNow(ctx)
	d.DeliverNow(ctx)
	got := rcv.received()
	if len(got) != 1 {
		t.Fatalf("%d deliveries, want 1 (subscribed, active, logged after creation, once)", len(got))
	}
	if p := decode[apiclient.WebhookPayload](t, got[0].Body); p.WebhookID != sub.ID || whRecord(p.Body, "inbox_file")["filename"] != "after.pdf" {
		t.Fatalf("payload %+v", p)
	}
	status, _, _ := e.do("DELETE", e.acct("inbox_files/2.json"), nil)
	if status != http.StatusNoContent {
		t.Fatalf("delete inbox file: %d", status)
	}
	d.DeliverNow(ctx)
	got = rcv.received()
	if len(got) != 2 || decode[apiclient.WebhookPayload](t, got[1].Body).EventName != "inbox_file_removed" {
		t.Fatalf("deliveries %d after a removal", len(got))
	}
}

func TestWebhooksFailedDeliveriesAreDroppedAfter60Days(t *testing.T) {
	e := newEnv(t)
	rcv := newWHReceiver(t, http.StatusBadGateway, "")
	w := whCreate(t, e, map[string]any{"webhook_url": rcv.URL, "events": []string{"inbox_file_created"}})
	whUploadInboxFile(t, e, "a.pdf")
	d := e.Srv.NewWebhookDeliverer(rcv.Client())
	d.Backoff = func(int) time.Duration { return time.Millisecond }
	d.DeliverNow(context.Background())
	if fds := whFailed(t, e, w.FailedDeliveriesUUID); len(fds) != 1 || fds[0].Deliveries[0].ResponseStatus != "502" {
		t.Fatalf("failed deliveries %+v", fds)
	}

	e.Clock.Advance(59 * 24 * time.Hour)
	e.Token = e.Srv.IssueToken(e.Setup.Owner.ID, e.Setup.Client.ID) // the old one expired
	if fds := whFailed(t, e, w.FailedDeliveriesUUID); len(fds) != 1 {
		t.Fatalf("after 59 days: %d failed deliveries, want 1", len(fds))
	}
	e.Clock.Advance(2 * 24 * time.Hour)
	e.Token = e.Srv.IssueToken(e.Setup.Owner.ID, e.Setup.Client.ID)
	if fds := whFailed(t, e, w.FailedDeliveriesUUID); len(fds) != 0 {
		t.Fatalf("after 61 days: %d failed deliveries, want 0", len(fds))
	}
}

func TestWebhooksStartWebhookDeliveryRunsUntilCancelled(t *testing.T) {
	e := newEnv(t)
	rcv := newWHReceiver(t, http.StatusOK, "")
	whCreate(t, e, map[string]any{"webhook_url": rcv.URL, "events": []string{"inbox_file_created"}})
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	e.Srv.StartWebhookDelivery(ctx, rcv.Client())
	whUploadInboxFile(t, e, "a.pdf")
	deadline := time.Now().Add(10 * time.Second)
	for len(rcv.received()) == 0 && time.Now().Before(deadline) {
		time.Sleep(20 * time.Millisecond)
	}
	if n := len(rcv.received()); n != 1 {
		t.Fatalf("%d deliveries from the background deliverer, want 1", n)
	}
}
