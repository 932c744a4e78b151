package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
)

// The service's documented examples (testdata/docs, the one copy, written by
// `go run ./tools/docexamples`) held against the client: every documented
// endpoint has a partner method, and every documented response decodes through
// the client's own request and decode path with no key left without a home.

type docBody struct {
	JSON        json.RawMessage `json:"json"`
	Text        string          `json:"text"`
	InvalidJSON string          `json:"invalid_json"`
	Repaired    string          `json:"repaired"`
}

type docExample struct {
	Page      string   `json:"-"`
	Endpoint  string   `json:"endpoint"`
	Topic     string   `json:"topic"`
	Method    string   `json:"method"`
	Path      string   `json:"path"`
	Situation string   `json:"situation"`
	Status    int      `json:"status"`
	Request   *docBody `json:"request"`
	Response  *docBody `json:"response"`
}

// docRequest is the example's request body, or nil.
func docRequest(e docExample) json.RawMessage {
	if e.Request == nil {
		return nil
	}
	return e.Request.JSON
}

func (e docExample) key() string { return e.Method + " " + e.Path }

func (e docExample) String() string {
	return fmt.Sprintf("%s: %s %s (%s, %d)", e.Page, e.Method, e.Path, e.Situation, e.Status)
}

func loadDocExamples(t *testing.T) []docExample {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("testdata", "docs", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no documented examples in testdata/docs (%v): run go run ./tools/docexamples", err)
	}
	var all []docExample
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var page struct {
			Page     string       `json:"page"`
			Examples []docExample `json:"examples"`
		}
		if err := json.Unmarshal(b, &page); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, e := range page.Examples {
			e.Page = page.Page
			all = append(all, e)
		}
	}
	return all
}

// docCall calls a client method and returns its result (nil when it has none).
type docCall func(ctx context.Context, c *Client) (any, *Response, error)

func noResult(f func(ctx context.Context, c *Client) (*Response, error)) docCall {
	return func(ctx context.Context, c *Client) (any, *Response, error) {
		resp, err := f(ctx, c)
		return nil, resp, err
	}
}

// docPartners pairs each documented endpoint with the client method that calls
// it; the method's result type is what the endpoint's responses decode into.
// Path placeholders are filled in as {id} 2, other ids 1 (see docPath).
var docPartners = map[string]docCall{
	"GET /user.json":                    func(ctx context.Context, c *Client) (any, *Response, error) { return c.Users.Current(ctx) },
	"GET /accounts/{slug}/users.json":   func(ctx context.Context, c *Client) (any, *Response, error) { return c.Users.List(ctx) },
	"GET /accounts/{slug}/account.json": func(ctx context.Context, c *Client) (any, *Response, error) { return c.Account.Get(ctx) },
	"GET /accounts/{slug}/bank_accounts.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.BankAccounts.List(ctx)
	},
	"GET /accounts/{slug}/number_formats/invoices.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.NumberFormats.ListInvoices(ctx)
	},
	"GET /accounts/{slug}/events.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Events.List(ctx, EventListOptions{})
	},
	"GET /accounts/{slug}/events/paid.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Events.ListPaid(ctx, EventListOptions{})
	},
	"GET /accounts/{slug}/todos.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Todos.List(ctx, TodoListOptions{})
	},
	"POST /accounts/{slug}/todos/{id}/toggle_completion.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Todos.ToggleCompletion(ctx, 2)
	},

	"GET /accounts/{slug}/subjects.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Subjects.List(ctx, SubjectListOptions{})
	},
	"GET /accounts/{slug}/subjects/search.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Subjects.Search(ctx, SearchOptions{Query: "a"})
	},
	"GET /accounts/{slug}/subjects/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) { return c.Subjects.Get(ctx, 2) },
	"POST /accounts/{slug}/subjects.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Subjects.Create(ctx, &SubjectParams{Name: Ptr("a")})
	},
	"PATCH /accounts/{slug}/subjects/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Subjects.Update(ctx, 2, &SubjectParams{Name: Ptr("a")})
	},
	"DELETE /accounts/{slug}/subjects/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) { return c.Subjects.Delete(ctx, 2) }),

	"GET /accounts/{slug}/invoices.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Invoices.List(ctx, DocumentListOptions{})
	},
	"GET /accounts/{slug}/invoices/search.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Invoices.Search(ctx, SearchOptions{Query: "a"})
	},
	"GET /accounts/{slug}/invoices/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) { return c.Invoices.Get(ctx, 2) },
	"POST /accounts/{slug}/invoices.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Invoices.Create(ctx, &InvoiceParams{SubjectID: Ptr[int64](1)})
	},
	"PATCH /accounts/{slug}/invoices/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Invoices.Update(ctx, 2, &InvoiceParams{Note: Ptr("a")})
	},
	"DELETE /accounts/{slug}/invoices/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) { return c.Invoices.Delete(ctx, 2) }),
	"POST /accounts/{slug}/invoices/{id}/fire.json": noResult(func(ctx context.Context, c *Client) (*Response, error) {
		return c.Invoices.Fire(ctx, 2, InvoiceEventLock)
	}),
	"GET /accounts/{slug}/invoices/{id}/download.pdf": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Invoices.DownloadPDF(ctx, 2)
	},
	"GET /accounts/{slug}/invoices/{invoice_id}/attachments/{id}/download": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Invoices.DownloadAttachment(ctx, 1, 2)
	},
	"POST /accounts/{slug}/invoices/{invoice_id}/payments.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Invoices.CreatePayment(ctx, 1, &PaymentParams{})
	},
	"POST /accounts/{slug}/invoices/{invoice_id}/payments/{id}/create_tax_document.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Invoices.CreateTaxDocument(ctx, 1, 2)
	},
	"DELETE /accounts/{slug}/invoices/{invoice_id}/payments/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) {
		return c.Invoices.DeletePayment(ctx, 1, 2)
	}),
	"POST /accounts/{slug}/invoices/{invoice_id}/message.json": noResult(func(ctx context.Context, c *Client) (*Response, error) {
		return c.Invoices.SendMessage(ctx, 1, &InvoiceMessage{ReplaceWithDefaults: Ptr(true)})
	}),

	"GET /accounts/{slug}/expenses.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Expenses.List(ctx, DocumentListOptions{})
	},
	"GET /accounts/{slug}/expenses/search.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Expenses.Search(ctx, SearchOptions{Query: "a"})
	},
	"GET /accounts/{slug}/expenses/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) { return c.Expenses.Get(ctx, 2) },
	"POST /accounts/{slug}/expenses.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Expenses.Create(ctx, &ExpenseParams{SubjectID: Ptr[int64](1)})
	},
	"PATCH /accounts/{slug}/expenses/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Expenses.Update(ctx, 2, &ExpenseParams{Description: Ptr("a")})
	},
	"DELETE /accounts/{slug}/expenses/{id}.json":    noResult(func(ctx context.Context, c *Client) (*Response, error) { return c.Expenses.Delete(ctx, 2) }),
	"POST /accounts/{slug}/expenses/{id}/fire.json": noResult(func(ctx context.Context, c *Client) (*Response, error) { return c.Expenses.Lock(ctx, 2) }),
	"GET /accounts/{slug}/expenses/{expense_id}/attachments/{id}/download": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Expenses.DownloadAttachment(ctx, 1, 2)
	},
	"POST /accounts/{slug}/expenses/{expense_id}/payments.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Expenses.CreatePayment(ctx, 1, &PaymentParams{})
	},
	"DELETE /accounts/{slug}/expenses/{expense_id}/payments/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) {
		return c.Expenses.DeletePayment(ctx, 1, 2)
	}),

	"GET /accounts/{slug}/generators.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Generators.List(ctx, GeneratorListOptions{})
	},
	"GET /accounts/{slug}/generators/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) { return c.Generators.Get(ctx, 2) },
	"POST /accounts/{slug}/generators.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Generators.Create(ctx, &GeneratorParams{Name: Ptr("a")})
	},
	"PATCH /accounts/{slug}/generators/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Generators.Update(ctx, 2, &GeneratorParams{Name: Ptr("a")})
	},
	"DELETE /accounts/{slug}/generators/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) { return c.Generators.Delete(ctx, 2) }),
	"GET /accounts/{slug}/recurring_generators.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.RecurringGenerators.List(ctx, GeneratorListOptions{})
	},
	"GET /accounts/{slug}/recurring_generators/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.RecurringGenerators.Get(ctx, 2)
	},
	"POST /accounts/{slug}/recurring_generators.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.RecurringGenerators.Create(ctx, &RecurringGeneratorParams{GeneratorParams: GeneratorParams{Name: Ptr("a")}})
	},
	"PATCH /accounts/{slug}/recurring_generators/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.RecurringGenerators.Update(ctx, 2, &RecurringGeneratorParams{Active: Ptr(false)})
	},
	"PATCH /accounts/{slug}/recurring_generators/{id}/pause.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.RecurringGenerators.Pause(ctx, 2)
	},
	"PATCH /accounts/{slug}/recurring_generators/{id}/activate.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.RecurringGenerators.Activate(ctx, 2, nil)
	},
	"DELETE /accounts/{slug}/recurring_generators/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) {
		return c.RecurringGenerators.Delete(ctx, 2)
	}),

	"GET /accounts/{slug}/inventory_items.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.List(ctx, InventoryItemListOptions{})
	},
	"GET /accounts/{slug}/inventory_items/archived.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.ListArchived(ctx, InventoryItemListOptions{})
	},
	"GET /accounts/{slug}/inventory_items/low_quantity.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.ListLowQuantity(ctx, ListOptions{})
	},
	"GET /accounts/{slug}/inventory_items/search.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.Search(ctx, SearchOptions{Query: "a"})
	},
	"GET /accounts/{slug}/inventory_items/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.Get(ctx, 2)
	},
	"POST /accounts/{slug}/inventory_items.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.Create(ctx, &InventoryItemParams{Name: Ptr("a")})
	},
	"PATCH /accounts/{slug}/inventory_items/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.Update(ctx, 2, &InventoryItemParams{Name: Ptr("a")})
	},
	"DELETE /accounts/{slug}/inventory_items/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) { return c.InventoryItems.Delete(ctx, 2) }),
	"POST /accounts/{slug}/inventory_items/{id}/archive.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.Archive(ctx, 2)
	},
	"POST /accounts/{slug}/inventory_items/{id}/unarchive.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryItems.Unarchive(ctx, 2)
	},
	"GET /accounts/{slug}/inventory_moves.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryMoves.List(ctx, InventoryMoveListOptions{})
	},
	"GET /accounts/{slug}/inventory_items/{inventory_item_id}/inventory_moves/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryMoves.Get(ctx, 1, 2)
	},
	"POST /accounts/{slug}/inventory_items/{inventory_item_id}/inventory_moves.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryMoves.Create(ctx, 1, &InventoryMoveParams{Direction: Ptr(MoveIn)})
	},
	"PATCH /accounts/{slug}/inventory_items/{inventory_item_id}/inventory_moves/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InventoryMoves.Update(ctx, 1, 2, &InventoryMoveParams{PrivateNote: Ptr("a")})
	},
	"DELETE /accounts/{slug}/inventory_items/{inventory_item_id}/inventory_moves/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) {
		return c.InventoryMoves.Delete(ctx, 1, 2)
	}),

	"GET /accounts/{slug}/inbox_files.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InboxFiles.List(ctx, ListOptions{})
	},
	"POST /accounts/{slug}/inbox_files.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InboxFiles.Create(ctx, &InboxFileParams{Attachment: DataURI("text/plain", []byte("a"))})
	},
	"POST /accounts/{slug}/inbox_files/{id}/send_to_ocr.json": noResult(func(ctx context.Context, c *Client) (*Response, error) {
		return c.InboxFiles.SendToOCR(ctx, 2)
	}),
	"GET /accounts/{slug}/inbox_files/{id}/download": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.InboxFiles.Download(ctx, 2)
	},
	"DELETE /accounts/{slug}/inbox_files/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) { return c.InboxFiles.Delete(ctx, 2) }),

	"GET /accounts/{slug}/webhooks.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Webhooks.List(ctx, ListOptions{})
	},
	"GET /accounts/{slug}/webhooks/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) { return c.Webhooks.Get(ctx, 2) },
	"POST /accounts/{slug}/webhooks.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Webhooks.Create(ctx, &WebhookParams{WebhookURL: Ptr("https://example.com")})
	},
	"PATCH /accounts/{slug}/webhooks/{id}.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Webhooks.Update(ctx, 2, &WebhookParams{Active: Ptr(true)})
	},
	"DELETE /accounts/{slug}/webhooks/{id}.json": noResult(func(ctx context.Context, c *Client) (*Response, error) { return c.Webhooks.Delete(ctx, 2) }),
	"GET /accounts/{slug}/webhooks/{failed_deliveries_uuid}/failed_deliveries.json": func(ctx context.Context, c *Client) (any, *Response, error) {
		return c.Webhooks.FailedDeliveries(ctx, "uuid-1")
	},
}

// docsNotUsed are the documented endpoints apiclient has no method for, and why.
var docsNotUsed = map[string]string{
	// The auth package gets and refreshes tokens through golang.org/x/oauth2,
	// which owns the token endpoint's request and response.
	"POST /oauth/token": "auth/ via golang.org/x/oauth2",
	// Revoking is the auth package's logout, outside this client.
	"POST /oauth/revoke": "auth/ logout",
}

// docPathPattern turns a documented path into a regexp of the escaped path the
// client must send.
func docPathPattern(path string) *regexp.Regexp {
	quoted := regexp.QuoteMeta(path)
	quoted = strings.ReplaceAll(quoted, `\{slug\}`, testSlug)
	quoted = regexp.MustCompile(`\\\{[a-z_]+\\\}`).ReplaceAllString(quoted, `[^/]+`)
	return regexp.MustCompile(`^/api/v3` + quoted + `$`)
}

func TestDocsEndpointsHavePartners(t *testing.T) {
	documented := map[string]bool{}
	for _, e := range loadDocExamples(t) {
		documented[e.key()] = true
	}
	var missing []string
	for k := range documented {
		_, partner := docPartners[k]
		_, skipped := docsNotUsed[k]
		if partner == skipped {
			missing = append(missing, k)
		}
	}
	sort.Strings(missing)
	for _, k := range missing {
		t.Errorf("%s: give it a partner in docPartners or a reason in docsNotUsed (not both)", k)
	}
	for k := range docPartners {
		if !documented[k] {
			t.Errorf("docPartners names %s, which the docs do not document", k)
		}
	}
	for k := range docsNotUsed {
		if !documented[k] {
			t.Errorf("docsNotUsed names %s, which the docs do not document", k)
		}
	}
	// Each partner really calls its endpoint.
	for k, call := range docPartners {
		method, path, _ := strings.Cut(k, " ")
		api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) { w.WriteHeader(http.StatusNoContent) })
		_, _, _ = call(context.Background(), api.client(t, WithRetries(0)))
		reqs := api.requests()
		if len(reqs) != 1 || reqs[0].Method != method || !docPathPattern(path).MatchString(reqs[0].Path) {
			t.Errorf("%s: the partner sent %+v", k, reqs)
		}
	}
}

// docOutcome is what one documented response did to the client.
type docOutcome struct {
	decoded bool     // a JSON success body that decoded with no error
	lost    []string // keys of the example with no home in the result's type,
	// and values of the example that did not arrive in their field
	err error
}

func runDocExample(t *testing.T, e docExample, call docCall) docOutcome {
	t.Helper()
	var body []byte
	if e.Response != nil {
		if e.Response.JSON != nil {
			body = e.Response.JSON
		} else {
			body = []byte(e.Response.Text)
		}
	}
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		if e.Response != nil && e.Response.JSON != nil {
			w.Header().Set("Content-Type", "application/json")
		}
		w.WriteHeader(e.Status)
		_, _ = w.Write(body)
	})
	got, _, err := call(context.Background(), api.client(t, WithRetries(0)))
	out := docOutcome{err: err}
	switch {
	case e.Status == http.StatusNoContent:
		if err != nil && !errors.Is(err, ErrNotReady) {
			out.err = err
		} else {
			out.err = nil
		}
	case e.Status >= 400:
		out.err = checkDocError(e, err)
	case e.Response != nil && e.Response.JSON != nil && got != nil && err == nil:
		var v any
		dec := json.NewDecoder(bytes.NewReader(e.Response.JSON))
		dec.UseNumber()
		if derr := dec.Decode(&v); derr != nil {
			t.Fatalf("%s: %v", e, derr)
		}
		lostKeys("", v, reflect.TypeOf(got), &out.lost)
		out.lost = append(out.lost, lostValues(t, v, got)...)
		out.decoded = true
	}
	return out
}

// checkDocError wants the typed error of the status, carrying every message
// of the documented body.
func checkDocError(e docExample, err error) error {
	var er *ErrorResponse
	if !errors.As(err, &er) || er.StatusCode != e.Status {
		return fmt.Errorf("want an ErrorResponse with status %d, got %v", e.Status, err)
	}
	if e.Response == nil || e.Response.JSON == nil {
		return nil
	}
	var eb struct {
		Description string              `json:"error_description"`
		Errors      map[string][]string `json:"errors"`
	}
	if json.Unmarshal(e.Response.JSON, &eb) != nil {
		return fmt.Errorf("body is neither documented error shape: %s", e.Response.JSON)
	}
	msgs := []string{eb.Description}
	for _, ms := range eb.Errors {
		msgs = append(msgs, ms...)
	}
	for _, m := range msgs {
		if !strings.Contains(err.Error(), m) {
			return fmt.Errorf("error %q lost the message %q", err, m)
		}
	}
	return nil
}

func TestDocsResponsesDecode(t *testing.T) {
	total, clean := 0, 0
	for _, e := range loadDocExamples(t) {
		call, ok := docPartners[e.key()]
		if !ok {
			continue
		}
		out := runDocExample(t, e, call)
		if e.Status >= 200 && e.Status < 300 && e.Response != nil && e.Response.JSON != nil {
			total++
			if out.decoded && len(out.lost) == 0 {
				clean++
			}
		}
		if out.err != nil {
			t.Errorf("%s: %v", e, out.err)
		}
		for _, k := range out.lost {
			t.Errorf("%s: key %s has no home in the client's type", e, k)
		}
	}
	t.Logf("%d of %d documented success responses decode with no error and no key lost", clean, total)
}

// lostKeys walks a decoded JSON value beside the Go type it was decoded into
// and records each object key that no field takes.
func lostKeys(path string, v any, t reflect.Type, lost *[]string) {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t {
	case reflect.TypeOf(Decimal{}), reflect.TypeOf(Date{}), reflect.TypeOf(DateTime{}):
		return
	}
	if n, ok := reflect.Zero(t).Interface().(nullable); ok {
		lostKeys(path, v, n.nullElem(), lost)
		return
	}
	switch val := v.(type) {
	case map[string]any:
		switch t.Kind() {
		case reflect.Interface:
			return
		case reflect.Map:
			for k, x := range val {
				lostKeys(path+"."+k, x, t.Elem(), lost)
			}
		case reflect.Struct:
			fields := jsonFields(t)
			for k, x := range val {
				ft, ok := fields[k]
				if !ok && t == reflect.TypeOf(Account{}) && isExtractionKey(k) {
					continue
				}
				if !ok {
					*lost = append(*lost, strings.TrimPrefix(path+"."+k, "."))
					continue
				}
				lostKeys(path+"."+k, x, ft, lost)
			}
		default:
			*lost = append(*lost, fmt.Sprintf("%s (an object where the type is %s)", strings.TrimPrefix(path, "."), t))
		}
	case []any:
		switch t.Kind() {
		case reflect.Slice, reflect.Array:
			for i, x := range val {
				lostKeys(fmt.Sprintf("%s[%d]", path, i), x, t.Elem(), lost)
			}
		case reflect.Interface:
		default:
			*lost = append(*lost, fmt.Sprintf("%s (a list where the type is %s)", strings.TrimPrefix(path, "."), t))
		}
	}
}

// lostValues reports the values of the example that did not arrive: a key
// with a home whose value is set in the example (not null, "", 0 or false)
// but unset in the decoded record, read back through its own encoding. A key
// counted by lostKeys is not counted again.
func lostValues(t *testing.T, example any, got any) []string {
	b, err := json.Marshal(got)
	if err != nil {
		t.Fatalf("re-encode %T: %v", got, err)
	}
	var back any
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.UseNumber()
	if err := dec.Decode(&back); err != nil {
		t.Fatalf("read back %T: %v", got, err)
	}
	var lost []string
	var walk func(path string, want, have any)
	walk = func(path string, want, have any) {
		switch w := want.(type) {
		case map[string]any:
			h, ok := have.(map[string]any)
			if !ok {
				return // a free-form value (params): its keys are checked as keys
			}
			for k, x := range w {
				walk(path+"."+k, x, h[k]) // absent (omitempty) reads as unset
			}
		case []any:
			h, _ := have.([]any)
			for i, x := range w {
				if i < len(h) {
					walk(fmt.Sprintf("%s[%d]", path, i), x, h[i])
				} else if !isZeroJSON(x) {
					lost = append(lost, fmt.Sprintf("%s[%d] (value did not arrive)", strings.TrimPrefix(path, "."), i))
				}
			}
		default:
			if !isZeroJSON(want) && isZeroJSON(have) {
				lost = append(lost, fmt.Sprintf("%s (value %v did not arrive)", strings.TrimPrefix(path, "."), want))
			}
		}
	}
	walk("", example, back)
	return lost
}

func isZeroJSON(v any) bool {
	switch x := v.(type) {
	case nil:
		return true
	case string:
		return x == ""
	case bool:
		return !x
	case json.Number:
		f, err := x.Float64()
		return err == nil && f == 0
	}
	return false
}

func isExtractionKey(k string) bool {
	return strings.HasSuffix(k, "_enabled") || strings.HasSuffix(k, "_remaining_extractions")
}

// jsonFields maps the JSON names of a struct's fields to their types, with
// the fields of embedded structs promoted as encoding/json does.
func jsonFields(t reflect.Type) map[string]reflect.Type {
	out := map[string]reflect.Type{}
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		name, _, _ := strings.Cut(tag, ",")
		if name == "-" {
			continue
		}
		if f.Anonymous && name == "" && f.Type.Kind() == reflect.Struct {
			for k, ft := range jsonFields(f.Type) {
				if _, shadowed := out[k]; !shadowed {
					out[k] = ft
				}
			}
			continue
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out[name] = f.Type
	}
	return out
}

// lostValues finds a value that decoded into nothing (a field of the wrong
// kind, kept only in Unread) though its key has a home.
func TestLostValuesFindsADroppedValue(t *testing.T) {
	var example any
	if err := json.Unmarshal([]byte(`{"id": 7, "name": "A", "due": "soon", "city": "Brno", "unreliable": false}`), &example); err != nil {
		t.Fatal(err)
	}
	var got Subject
	if err := decodeResponse(context.Background(), nil, "GET /test", []byte(`{"id": 7, "name": "A", "due": "soon", "city": "Brno", "unreliable": false}`), &got); err != nil {
		t.Fatal(err)
	}
	lost := lostValues(t, example, &got)
	if len(lost) != 1 || !strings.HasPrefix(lost[0], "due ") || got.Unread["due"] != `"soon"` {
		t.Fatalf("lost %v, unread %v; want due alone, kept in Unread", lost, got.Unread)
	}
}

// The walker itself: a key no field takes is reported with its path, through
// pointers, lists, embedded structs and maps.
func TestLostKeysFindsStrayKeys(t *testing.T) {
	var v any
	if err := json.Unmarshal([]byte(`[{"id":1,"active":true,"stray":1,"lines":[{"name":"a","odd":2}],"legacy_bank_details":{"iban":"x","bic":"y"}}]`), &v); err != nil {
		t.Fatal(err)
	}
	var lost []string
	lostKeys("", v, reflect.TypeOf(&[]RecurringGenerator{}), &lost)
	sort.Strings(lost)
	want := []string{"[0].legacy_bank_details.bic", "[0].lines[0].odd", "[0].stray"}
	if !reflect.DeepEqual(lost, want) {
		t.Errorf("lost %q, want %q", lost, want)
	}
}

// docParams pairs each documented endpoint that takes a body with the params
// type the client sends it from. Activate's one field is the method's argument.
var docParams = map[string]any{
	"POST /accounts/{slug}/subjects.json":                                                  SubjectParams{},
	"PATCH /accounts/{slug}/subjects/{id}.json":                                            SubjectParams{},
	"POST /accounts/{slug}/invoices.json":                                                  InvoiceParams{},
	"PATCH /accounts/{slug}/invoices/{id}.json":                                            InvoiceParams{},
	"POST /accounts/{slug}/invoices/{invoice_id}/payments.json":                            PaymentParams{},
	"POST /accounts/{slug}/invoices/{invoice_id}/message.json":                             InvoiceMessage{},
	"POST /accounts/{slug}/expenses.json":                                                  ExpenseParams{},
	"PATCH /accounts/{slug}/expenses/{id}.json":                                            ExpenseParams{},
	"POST /accounts/{slug}/expenses/{expense_id}/payments.json":                            PaymentParams{},
	"POST /accounts/{slug}/generators.json":                                                GeneratorParams{},
	"PATCH /accounts/{slug}/generators/{id}.json":                                          GeneratorParams{},
	"POST /accounts/{slug}/recurring_generators.json":                                      RecurringGeneratorParams{},
	"PATCH /accounts/{slug}/recurring_generators/{id}.json":                                RecurringGeneratorParams{},
	"POST /accounts/{slug}/inventory_items.json":                                           InventoryItemParams{},
	"PATCH /accounts/{slug}/inventory_items/{id}.json":                                     InventoryItemParams{},
	"POST /accounts/{slug}/inventory_items/{inventory_item_id}/inventory_moves.json":       InventoryMoveParams{},
	"PATCH /accounts/{slug}/inventory_items/{inventory_item_id}/inventory_moves/{id}.json": InventoryMoveParams{},
	"POST /accounts/{slug}/inbox_files.json":                                               InboxFileParams{},
	"POST /accounts/{slug}/webhooks.json":                                                  WebhookParams{},
	"PATCH /accounts/{slug}/webhooks/{id}.json":                                            WebhookParams{},
	"PATCH /accounts/{slug}/recurring_generators/{id}/activate.json": struct {
		NextOccurrenceOn Date `json:"next_occurrence_on"`
	}{},
}

// Every key of a documented request body can be sent from the client's params.
func TestDocsRequestsHaveParams(t *testing.T) {
	for _, e := range loadDocExamples(t) {
		req := docRequest(e)
		if req == nil {
			continue
		}
		params, ok := docParams[e.key()]
		if !ok {
			if _, used := docsNotUsed[e.key()]; !used {
				t.Errorf("%s: a documented request body with no params type in docParams", e)
			}
			continue
		}
		var v any
		if err := json.Unmarshal(req, &v); err != nil {
			t.Fatalf("%s: %v", e, err)
		}
		var lost []string
		lostKeys("", v, reflect.TypeOf(params), &lost)
		for _, k := range lost {
			t.Errorf("%s: request key %s cannot be sent from %T", e, k, params)
		}
	}
}
