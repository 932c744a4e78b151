package apiclient

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// endpointCase is one call of one service method: what must go over the wire
// (method, path, query, body) and what must come back decoded.
type endpointCase struct {
	name   string
	do     func(ctx context.Context, c *Client) (any, *Response, error)
	method string
	path   string     // below the base URL, escaped
	query  url.Values // exactly these parameters
	body   string     // exactly this JSON; "" means no body at all
	status int        // of the answer; 0 means 200
	reply  []byte     // answer body
	header http.Header
	want   any // the decoded result; nil for calls that return none
}

func list(b []byte) []byte { return []byte("[" + string(b) + "]") }

func created(loc string) http.Header { return http.Header{"Location": {loc}} }

const acct = "/api/v3/accounts/acme"

// cet is a fixed +01:00 zone for the date filters.
var cet = time.FixedZone("CET", 3600)

func TestEndpoints(t *testing.T) {
	cases := endpointCases(t)

	// Every method reports a refused call as the typed error, wrapped with what
	// it was doing, and still hands back the response.
	for _, tc := range cases {
		t.Run(tc.name+" not found", func(t *testing.T) {
			api := newFakeAPI(t, answer(http.StatusNotFound, `{"error":"not_found","error_description":"Record not found"}`))
			got, resp, err := tc.do(context.Background(), api.client(t))
			var nf *NotFoundError
			if !errors.As(err, &nf) || nf.Description != "Record not found" {
				t.Fatalf("error %v, want a NotFoundError", err)
			}
			if resp == nil || resp.StatusCode != http.StatusNotFound {
				t.Errorf("response %+v", resp)
			}
			if strings.HasPrefix(err.Error(), "GET ") || strings.HasPrefix(err.Error(), "POST ") {
				t.Errorf("error %q does not say what was being done", err)
			}
			if v := reflect.ValueOf(got); got != nil && !v.IsNil() {
				t.Errorf("result %v alongside the error", got)
			}
		})
	}

	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			status := tc.status
			if status == 0 {
				status = http.StatusOK
			}
			api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
				for k, vs := range tc.header {
					w.Header()[k] = vs
				}
				w.Header().Set("X-RateLimit-Policy", "default;q=400;w=60")
				w.Header().Set("X-RateLimit", "default;r=371;t=42")
				w.WriteHeader(status)
				_, _ = w.Write(tc.reply)
			})
			c := api.client(t)
			got, resp, err := tc.do(context.Background(), c)
			if err != nil {
				t.Fatalf("call: %v", err)
			}
			reqs := api.requests()
			if len(reqs) != 1 {
				t.Fatalf("server saw %d requests, want 1", len(reqs))
			}
			r := reqs[0]
			if r.Method != tc.method || r.Path != tc.path {
				t.Errorf("request %s %s, want %s %s", r.Method, r.Path, tc.method, tc.path)
			}
			wantQ := tc.query
			if wantQ == nil {
				wantQ = url.Values{}
			}
			if d := cmp.Diff(map[string][]string(wantQ), r.Query); d != "" {
				t.Errorf("query (-want +got):\n%s", d)
			}
			if ua := r.Header.Get("User-Agent"); ua != "kasa-test ("+testEmail+")" {
				t.Errorf("User-Agent %q", ua)
			}
			if a := r.Header.Get("Authorization"); a != "Bearer "+testToken {
				t.Errorf("Authorization %q, want the bearer token", a)
			}
			if tc.body == "" {
				if len(r.Body) != 0 {
					t.Errorf("sent body %q, want none", r.Body)
				}
				if ct := r.Header.Get("Content-Type"); ct != "" {
					t.Errorf("Content-Type %q without a body", ct)
				}
			} else {
				if ct := r.Header.Get("Content-Type"); ct != "application/json" {
					t.Errorf("Content-Type %q, want application/json", ct)
				}
				jsonEqual(t, "request", r.Body, tc.body)
			}
			if _, isDownload := tc.want.(*Download); !isDownload && r.Header.Get("Accept") != "application/json" {
				t.Errorf("Accept %q, want application/json", r.Header.Get("Accept"))
			}
			if resp == nil || resp.StatusCode != status {
				t.Fatalf("response %+v, want status %d", resp, status)
			}
			if want := tc.header.Get("Location"); resp.Location != want {
				t.Errorf("Location %q, want %q", resp.Location, want)
			}
			if !resp.Rate.Known || resp.Rate.Remaining != 371 || resp.Rate.Reset != 42*time.Second || resp.Rate.Limit != 400 || resp.Rate.Window != time.Minute {
				t.Errorf("rate %+v, want r=371 t=42 q=400 w=60", resp.Rate)
			}
			if c.Rate().Remaining != 371 {
				t.Errorf("client.Rate() %+v, want the last response's", c.Rate())
			}
			if tc.want == nil {
				if got != nil {
					t.Errorf("result %v, want none", got)
				}
				return
			}
			if d := cmp.Diff(tc.want, got, cmpOpts); d != "" {
				t.Errorf("decoded (-want +got):\n%s", d)
			}
		})
	}
}

// Every account-scoped method refuses to run without an account, before any request.
func TestAccountRequired(t *testing.T) {
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("[]")) })
	c, err := New(api.baseURL(), WithUserAgent("kasa", testEmail))
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	calls := map[string]func() error{
		"users":         func() error { _, _, err := c.Users.List(ctx); return err },
		"account":       func() error { _, _, err := c.Account.Get(ctx); return err },
		"bank accounts": func() error { _, _, err := c.BankAccounts.List(ctx); return err },
		"formats":       func() error { _, _, err := c.NumberFormats.ListInvoices(ctx); return err },
		"subjects":      func() error { _, _, err := c.Subjects.Get(ctx, 1); return err },
		"subject list":  func() error { _, _, err := c.Subjects.List(ctx, SubjectListOptions{}); return err },
		"search":        func() error { _, _, err := c.Subjects.Search(ctx, SearchOptions{}); return err },
		"create":        func() error { _, _, err := c.Subjects.Create(ctx, &SubjectParams{}); return err },
		"update":        func() error { _, _, err := c.Subjects.Update(ctx, 1, &SubjectParams{}); return err },
		"delete":        func() error { _, err := c.Subjects.Delete(ctx, 1); return err },
		"fire":          func() error { _, err := c.Expenses.Lock(ctx, 1); return err },
		"action":        func() error { _, _, err := c.InventoryItems.Archive(ctx, 1); return err },
		"payment":       func() error { _, _, err := c.Expenses.CreatePayment(ctx, 1, nil); return err },
		"del payment":   func() error { _, err := c.Expenses.DeletePayment(ctx, 1, 2); return err },
		"attachment":    func() error { _, _, err := c.Expenses.DownloadAttachment(ctx, 1, 2); return err },
		"tax doc":       func() error { _, _, err := c.Invoices.CreateTaxDocument(ctx, 1, 2); return err },
		"message":       func() error { _, err := c.Invoices.SendMessage(ctx, 1, nil); return err },
		"pdf":           func() error { _, _, err := c.Invoices.DownloadPDF(ctx, 1); return err },
		"moves":         func() error { _, _, err := c.InventoryMoves.List(ctx, InventoryMoveListOptions{}); return err },
		"inbox ocr":     func() error { _, err := c.InboxFiles.SendToOCR(ctx, 1); return err },
		"inbox dl":      func() error { _, _, err := c.InboxFiles.Download(ctx, 1); return err },
		"todos":         func() error { _, _, err := c.Todos.List(ctx, TodoListOptions{}); return err },
		"toggle":        func() error { _, _, err := c.Todos.ToggleCompletion(ctx, 1); return err },
		"events":        func() error { _, _, err := c.Events.List(ctx, EventListOptions{}); return err },
		"failed":        func() error { _, _, err := c.Webhooks.FailedDeliveries(ctx, "u"); return err },
	}
	for name, call := range calls {
		if err := call(); !errorsIs(err, ErrNoAccount) {
			t.Errorf("%s: error %v, want ErrNoAccount", name, err)
		}
	}
	if n := api.count(); n != 0 {
		t.Errorf("%d requests made without an account", n)
	}
	// ForAccount gives a client for another account sharing the limiter.
	other := c.ForAccount("jine-ucto")
	if other.AccountSlug() != "jine-ucto" || c.AccountSlug() != "" {
		t.Errorf("ForAccount: %q / %q", other.AccountSlug(), c.AccountSlug())
	}
	if other.limiter != c.limiter {
		t.Error("ForAccount does not share the rate limiter")
	}
	if _, _, err := other.Users.List(ctx); err != nil {
		t.Fatal(err)
	}
	if got := api.requests()[0].Path; got != "/api/v3/accounts/jine-ucto/users.json" {
		t.Errorf("path %q", got)
	}
}

func TestSlugIsEscapedOnce(t *testing.T) {
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) { _, _ = w.Write([]byte("[]")) })
	c := api.client(t, WithAccount("my acct"))
	if _, _, err := c.Users.List(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := api.requests()[0].Path; got != "/api/v3/accounts/my%20acct/users.json" {
		t.Errorf("path %q, want the slug escaped once", got)
	}
	if !strings.HasSuffix(c.BaseURL(), "/api/v3") {
		t.Errorf("BaseURL %q", c.BaseURL())
	}
}

// endpointCases are one call of every client method, with what must go over
// the wire and come back.
func endpointCases(t *testing.T) []endpointCase {
	since := time.Date(2026, 11, 1, 0, 0, 0, 0, cet)
	until := time.Date(2026, 11, 30, 23, 59, 59, 500e6, cet)
	sinceQ, untilQ := "2026-11-01T00:00:00.000+01:00", "2026-11-30T23:59:59.500+01:00"

	subject, expense, invoice := fixture(t, "subject.json"), fixture(t, "expense.json"), fixture(t, "invoice.json")
	generator, recurring := fixture(t, "generator.json"), fixture(t, "recurring_generator.json")
	item, move, inbox := fixture(t, "inventory_item.json"), fixture(t, "inventory_move.json"), fixture(t, "inbox_file.json")
	todo, event, webhook := fixture(t, "todo.json"), fixture(t, "event.json"), fixture(t, "webhook.json")
	payment := fixture(t, "payment.json")

	upload := filepath.Join(t.TempDir(), "scan.pdf")
	if err := os.WriteFile(upload, []byte("%PDF-1.4 test"), 0o600); err != nil {
		t.Fatal(err)
	}

	cases := []endpointCase{
		// Users, account, bank accounts, number formats.
		{name: "Users.Current", method: "GET", path: "/api/v3/user.json", reply: fixture(t, "user_current.json"),
			want: wantCurrentUser(t),
			do:   func(ctx context.Context, c *Client) (any, *Response, error) { return c.Users.Current(ctx) }},
		{name: "Users.List", method: "GET", path: acct + "/users.json", reply: list(fixture(t, "user.json")),
			want: []User{wantUser(t)},
			do:   func(ctx context.Context, c *Client) (any, *Response, error) { return c.Users.List(ctx) }},
		{name: "Account.Get", method: "GET", path: acct + "/account.json", reply: fixture(t, "account.json"),
			want: wantAccount(t),
			do:   func(ctx context.Context, c *Client) (any, *Response, error) { return c.Account.Get(ctx) }},
		{name: "BankAccounts.List", method: "GET", path: acct + "/bank_accounts.json", reply: list(fixture(t, "bank_account.json")),
			want: []BankAccount{wantBankAccount(t)},
			do:   func(ctx context.Context, c *Client) (any, *Response, error) { return c.BankAccounts.List(ctx) }},
		{name: "NumberFormats.ListInvoices", method: "GET", path: acct + "/number_formats/invoices.json", reply: list(fixture(t, "number_format.json")),
			want: []NumberFormat{wantNumberFormat(t)},
			do:   func(ctx context.Context, c *Client) (any, *Response, error) { return c.NumberFormats.ListInvoices(ctx) }},

		// Subjects.
		{name: "Subjects.List", method: "GET", path: acct + "/subjects.json", reply: list(subject),
			query: url.Values{"page": {"2"}, "since": {sinceQ}, "updated_since": {untilQ}, "custom_id": {"CUST-7"}},
			want:  []Subject{*wantSubject(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Subjects.List(ctx, SubjectListOptions{ListOptions: ListOptions{Page: 2}, DateFilter: DateFilter{Since: since, UpdatedSince: until}, CustomID: "CUST-7"})
			}},
		{name: "Subjects.Search", method: "GET", path: acct + "/subjects/search.json", reply: list(subject),
			query: url.Values{"query": {"Dodavatel"}, "page": {"3"}}, want: []Subject{*wantSubject(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Subjects.Search(ctx, SearchOptions{ListOptions: ListOptions{Page: 3}, Query: "Dodavatel"})
			}},
		{name: "Subjects.Get", method: "GET", path: acct + "/subjects/101.json", reply: subject, want: wantSubject(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) { return c.Subjects.Get(ctx, 101) }},
		{name: "Subjects.Create", method: "POST", path: acct + "/subjects.json", status: 201, reply: subject,
			header: created("https://app.example/api/v3/accounts/acme/subjects/101.json"),
			body:   `{"name":"Dodavatel a.s.","type":"both","email":"karel@dodavatel.example","has_delivery_address":false,"due":21}`,
			want:   wantSubject(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Subjects.Create(ctx, &SubjectParams{Name: Ptr("Dodavatel a.s."), Type: Ptr(SubjectBoth),
					Email: Ptr("karel@dodavatel.example"), HasDeliveryAddress: Ptr(false), Due: NullOf(21)})
			}},
		{name: "Subjects.Update phone only", method: "PATCH", path: acct + "/subjects/101.json", reply: subject,
			body: `{"phone":"+420 602 000 111"}`, want: wantSubject(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Subjects.Update(ctx, 101, &SubjectParams{Phone: Ptr("+420 602 000 111")})
			}},
		{name: "Subjects.Delete", method: "DELETE", path: acct + "/subjects/101.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Subjects.Delete(ctx, 101)
				return nil, resp, err
			}},

		// Invoices.
		{name: "Invoices.List", method: "GET", path: acct + "/invoices.json", reply: list(invoice),
			query: url.Values{"since": {sinceQ}, "until": {untilQ}, "updated_since": {sinceQ}, "updated_until": {untilQ},
				"subject_id": {"102"}, "custom_id": {"INV-X1"}, "number": {"2026-0042"}, "status": {"paid"}, "document_type": {"proforma"}},
			want: []Invoice{*wantInvoice(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Invoices.List(ctx, DocumentListOptions{DateFilter: DateFilter{Since: since, Until: until, UpdatedSince: since, UpdatedUntil: until},
					SubjectID: 102, CustomID: "INV-X1", Number: "2026-0042", Status: InvoicePaid, DocumentType: DocProforma})
			}},
		{name: "Invoices.Search", method: "GET", path: acct + "/invoices/search.json", reply: list(invoice),
			query: url.Values{"query": {"Konzultace"}, "tags[]": {"consulting", "vip"}}, want: []Invoice{*wantInvoice(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Invoices.Search(ctx, SearchOptions{Query: "Konzultace", Tags: []string{"consulting", "vip"}})
			}},
		{name: "Invoices.Get", method: "GET", path: acct + "/invoices/301.json", reply: invoice, want: wantInvoice(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) { return c.Invoices.Get(ctx, 301) }},
		{name: "Invoices.Create", method: "POST", path: acct + "/invoices.json", status: 201, reply: invoice,
			header: created("https://app.example/api/v3/accounts/acme/invoices/301.json"),
			body:   `{"subject_id":102,"document_type":"proforma","issued_on":"2026-11-05","lines":[{"name":"Konzultace","quantity":"10.5","unit_price":"95.24","vat_rate":"21"}]}`,
			want:   wantInvoice(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Invoices.Create(ctx, &InvoiceParams{SubjectID: Ptr[int64](102), DocumentType: Ptr(DocProforma),
					IssuedOn: Ptr(NewDate(2026, 11, 5)),
					Lines:    []LineParams{{Name: Ptr("Konzultace"), Quantity: Ptr(dec("10.5")), UnitPrice: Ptr(dec("95.24")), VatRate: Ptr(dec("21"))}}})
			}},
		{name: "Invoices.Update", method: "PATCH", path: acct + "/invoices/301.json", reply: invoice,
			body: `{"private_note":"VIP","tags":[]}`, want: wantInvoice(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Invoices.Update(ctx, 301, &InvoiceParams{PrivateNote: Ptr("VIP"), Tags: &[]string{}})
			}},
		{name: "Invoices.Delete", method: "DELETE", path: acct + "/invoices/301.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Invoices.Delete(ctx, 301)
				return nil, resp, err
			}},
		{name: "Invoices.Fire", method: "POST", path: acct + "/invoices/301/fire.json", status: 204,
			query: url.Values{"event": {"mark_as_sent"}},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Invoices.Fire(ctx, 301, InvoiceEventMarkAsSent)
				return nil, resp, err
			}},
		{name: "Invoices.CreatePayment", method: "POST", path: acct + "/invoices/301/payments.json", status: 201, reply: payment,
			body: `{"paid_on":"2026-11-21","amount":"121.0","native_amount":"3025.5","mark_document_as_paid":true,"proforma_followup_document":"final_invoice_paid","send_thank_you_email":true,"variable_symbol":"20260042","bank_account_id":11}`,
			want: wantPayment(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Invoices.CreatePayment(ctx, 301, &PaymentParams{PaidOn: Ptr(NewDate(2026, 11, 21)), Amount: Ptr(dec("121.0")),
					NativeAmount: Ptr(dec("3025.5")), MarkDocumentAsPaid: Ptr(true), ProformaFollowupDocument: Ptr(FollowupFinalInvoicePaid),
					SendThankYouEmail: Ptr(true), VariableSymbol: Ptr("20260042"), BankAccountID: Ptr[int64](11)})
			}},
		{name: "Invoices.CreatePayment defaults", method: "POST", path: acct + "/invoices/301/payments.json", status: 201, reply: payment,
			body: `{}`, want: wantPayment(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Invoices.CreatePayment(ctx, 301, nil)
			}},
		{name: "Invoices.DeletePayment", method: "DELETE", path: acct + "/invoices/301/payments/31.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Invoices.DeletePayment(ctx, 301, 31)
				return nil, resp, err
			}},
		{name: "Invoices.CreateTaxDocument", method: "POST", path: acct + "/invoices/301/payments/31/create_tax_document.json",
			status: 201, reply: payment, want: wantPayment(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Invoices.CreateTaxDocument(ctx, 301, 31)
			}},
		{name: "Invoices.SendMessage", method: "POST", path: acct + "/invoices/301/message.json", status: 204,
			body: `{"subject":"Faktura #no#","email":"a@b.example","email_copy":"c@d.example","message":"Dobrý den, #link#","deliver_now":true,"replace_with_defaults":false}`,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Invoices.SendMessage(ctx, 301, &InvoiceMessage{Subject: Ptr("Faktura #no#"), Email: Ptr("a@b.example"),
					EmailCopy: Ptr("c@d.example"), Message: Ptr("Dobrý den, #link#"), DeliverNow: Ptr(true), ReplaceWithDefaults: Ptr(false)})
				return nil, resp, err
			}},
		{name: "Invoices.SendMessage defaults", method: "POST", path: acct + "/invoices/301/message.json", status: 204, body: `{}`,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Invoices.SendMessage(ctx, 301, nil)
				return nil, resp, err
			}},
		{name: "Invoices.DownloadPDF", method: "GET", path: acct + "/invoices/301/download.pdf", reply: []byte("%PDF-1.7 bytes"),
			header: http.Header{"Content-Type": {"application/pdf"}, "Content-Disposition": {`attachment; filename="2026-0042.pdf"`}},
			want:   &Download{Filename: "2026-0042.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.7 bytes")},
			do:     func(ctx context.Context, c *Client) (any, *Response, error) { return c.Invoices.DownloadPDF(ctx, 301) }},

		// Expenses.
		{name: "Expenses.List", method: "GET", path: acct + "/expenses.json", reply: list(expense),
			query: url.Values{"page": {"2"}, "since": {sinceQ}, "until": {untilQ}, "subject_id": {"101"}, "custom_id": {"EXP-2026-9"},
				"number": {"N20260009"}, "variable_symbol": {"2026311"}, "status": {"open"}, "document_type": {"bill"}},
			want: []Expense{*wantExpense(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Expenses.List(ctx, DocumentListOptions{ListOptions: ListOptions{Page: 2}, DateFilter: DateFilter{Since: since, Until: until},
					SubjectID: 101, CustomID: "EXP-2026-9", Number: "N20260009", VariableSymbol: "2026311", Status: StatusOpen, DocumentType: ExpenseBill})
			}},
		{name: "Expenses.Search", method: "GET", path: acct + "/expenses/search.json", reply: list(expense),
			query: url.Values{"query": {"papír"}, "tags[]": {"office"}}, want: []Expense{*wantExpense(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Expenses.Search(ctx, SearchOptions{Query: "papír", Tags: []string{"office"}})
			}},
		{name: "Expenses.Get", method: "GET", path: acct + "/expenses/201.json", reply: expense, want: wantExpense(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) { return c.Expenses.Get(ctx, 201) }},
		{name: "Expenses.Create", method: "POST", path: acct + "/expenses.json", status: 201, reply: expense,
			header: created("https://app.example/api/v3/accounts/acme/expenses/201.json"),
			body: `{"subject_id":101,"original_number":"FV-2026-311","issued_on":"2026-11-01","received_on":"2026-11-03","tags":["office"],"exchange_rate":"25.005","round_total":true,` +
				`"lines":[{"name":"Papír A4","quantity":"2.0","unit_price":"50.0","vat_rate":"21","inventory_item_id":401},{"sku":"PAP-A4","unit_price":"49.9"}],` +
				`"attachments":[{"filename":"uctenka.pdf","data_url":"data:application/pdf;base64,JVBERg=="}]}`,
			want: wantExpense(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Expenses.Create(ctx, &ExpenseParams{SubjectID: Ptr[int64](101), OriginalNumber: Ptr("FV-2026-311"),
					IssuedOn: Ptr(NewDate(2026, 11, 1)), ReceivedOn: Ptr(NewDate(2026, 11, 3)), Tags: &[]string{"office"},
					ExchangeRate: Ptr(dec("25.005")), RoundTotal: Ptr(true),
					Lines: []LineParams{
						{Name: Ptr("Papír A4"), Quantity: Ptr(dec("2.0")), UnitPrice: Ptr(dec("50.0")), VatRate: Ptr(dec("21")), InventoryItemID: Ptr[int64](401)},
						{SKU: Ptr("PAP-A4"), UnitPrice: Ptr(dec("49.9"))},
					},
					Attachments: []AttachmentParams{{Filename: Ptr("uctenka.pdf"), DataURL: DataURI("application/pdf", []byte("%PDF"))}}})
			}},
		{name: "Expenses.Update lines", method: "PATCH", path: acct + "/expenses/201.json", reply: expense,
			body: `{"lines":[{"id":1001,"quantity":"3"},{"id":1002,"_destroy":true},{"name":"Toner","unit_price":"900.0","vat_rate":"21"}]}`,
			want: wantExpense(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Expenses.Update(ctx, 201, &ExpenseParams{Lines: []LineParams{
					{ID: Ptr[int64](1001), Quantity: Ptr(dec("3"))},
					{ID: Ptr[int64](1002), Destroy: true},
					{Name: Ptr("Toner"), UnitPrice: Ptr(dec("900.0")), VatRate: Ptr(dec("21"))},
				}})
			}},
		{name: "Expenses.Delete", method: "DELETE", path: acct + "/expenses/201.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Expenses.Delete(ctx, 201)
				return nil, resp, err
			}},
		{name: "Expenses.Lock", method: "POST", path: acct + "/expenses/201/fire.json", status: 204, query: url.Values{"event": {"lock"}},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Expenses.Lock(ctx, 201)
				return nil, resp, err
			}},
		{name: "Expenses.Unlock", method: "POST", path: acct + "/expenses/201/fire.json", status: 204, query: url.Values{"event": {"unlock"}},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Expenses.Unlock(ctx, 201)
				return nil, resp, err
			}},
		{name: "Expenses.CreatePayment", method: "POST", path: acct + "/expenses/201/payments.json", status: 201, reply: payment,
			body: `{"amount":"121.0","mark_document_as_paid":false}`, want: wantPayment(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Expenses.CreatePayment(ctx, 201, &PaymentParams{Amount: Ptr(dec("121.0")), MarkDocumentAsPaid: Ptr(false)})
			}},
		{name: "Expenses.DeletePayment", method: "DELETE", path: acct + "/expenses/201/payments/31.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Expenses.DeletePayment(ctx, 201, 31)
				return nil, resp, err
			}},
		{name: "Expenses.DownloadAttachment", method: "GET", path: acct + "/expenses/201/attachments/601/download", reply: []byte("PNGDATA"),
			header: http.Header{"Content-Type": {"image/png"}, "Content-Transfer-Encoding": {"binary"}, "Content-Disposition": {"attachment; filename=uctenka.png"}},
			want:   &Download{Filename: "uctenka.png", ContentType: "image/png", Data: []byte("PNGDATA")},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Expenses.DownloadAttachment(ctx, 201, 601)
			}},

		{name: "Invoices.DownloadAttachment", method: "GET", path: acct + "/invoices/301/attachments/602/download", reply: []byte("%PDF"),
			header: http.Header{"Content-Type": {"application/pdf"}, "Content-Disposition": {"attachment; filename=smlouva.pdf"}},
			want:   &Download{Filename: "smlouva.pdf", ContentType: "application/pdf", Data: []byte("%PDF")},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Invoices.DownloadAttachment(ctx, 301, 602)
			}},

		// Generators.
		{name: "Generators.List", method: "GET", path: acct + "/generators.json", reply: list(generator),
			query: url.Values{"since": {sinceQ}, "updated_since": {sinceQ}, "subject_id": {"102"}}, want: []Generator{*wantGenerator(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Generators.List(ctx, GeneratorListOptions{DateFilter: DateFilter{Since: since, UpdatedSince: since}, SubjectID: 102})
			}},
		{name: "Generators.Get", method: "GET", path: acct + "/generators/701.json", reply: generator, want: wantGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) { return c.Generators.Get(ctx, 701) }},
		{name: "Generators.Create", method: "POST", path: acct + "/generators.json", status: 201, reply: generator,
			header: created("https://app.example/api/v3/accounts/acme/generators/701.json"),
			body:   `{"name":"Měsíční paušál","subject_id":102,"round_total":true,"lines":[{"name":"Správa serveru","unit_price":"500.0","vat_rate":"21"}]}`,
			want:   wantGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Generators.Create(ctx, &GeneratorParams{Name: Ptr("Měsíční paušál"), SubjectID: Ptr[int64](102), RoundTotal: Ptr(true),
					Lines: []LineParams{{Name: Ptr("Správa serveru"), UnitPrice: Ptr(dec("500.0")), VatRate: Ptr(dec("21"))}}})
			}},
		{name: "Generators.Update", method: "PATCH", path: acct + "/generators/701.json", reply: generator,
			body: `{"due":10,"lines":[{"id":7001,"_destroy":true}]}`, want: wantGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Generators.Update(ctx, 701, &GeneratorParams{Due: NullOf(10), Lines: []LineParams{{ID: Ptr[int64](7001), Destroy: true}}})
			}},
		{name: "Generators.Delete", method: "DELETE", path: acct + "/generators/701.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Generators.Delete(ctx, 701)
				return nil, resp, err
			}},

		// Recurring generators.
		{name: "RecurringGenerators.List", method: "GET", path: acct + "/recurring_generators.json", reply: list(recurring),
			query: url.Values{"page": {"4"}, "subject_id": {"103"}}, want: []RecurringGenerator{*wantRecurringGenerator(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.RecurringGenerators.List(ctx, GeneratorListOptions{ListOptions: ListOptions{Page: 4}, SubjectID: 103})
			}},
		{name: "RecurringGenerators.Get", method: "GET", path: acct + "/recurring_generators/801.json", reply: recurring, want: wantRecurringGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.RecurringGenerators.Get(ctx, 801)
			}},
		{name: "RecurringGenerators.Create", method: "POST", path: acct + "/recurring_generators.json", status: 201, reply: recurring,
			header: created("https://app.example/api/v3/accounts/acme/recurring_generators/801.json"),
			body:   `{"name":"Roční licence","subject_id":103,"start_date":"2026-01-01","months_period":12,"lines":[{"name":"Licence","unit_price":"1200.0"}]}`,
			want:   wantRecurringGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.RecurringGenerators.Create(ctx, &RecurringGeneratorParams{
					GeneratorParams: GeneratorParams{Name: Ptr("Roční licence"), SubjectID: Ptr[int64](103),
						Lines: []LineParams{{Name: Ptr("Licence"), UnitPrice: Ptr(dec("1200.0"))}}},
					StartDate: Ptr(NewDate(2026, 1, 1)), MonthsPeriod: Ptr(12)})
			}},
		{name: "RecurringGenerators.Update", method: "PATCH", path: acct + "/recurring_generators/801.json", reply: recurring,
			body: `{"send_email":true,"end_date":"2030-12-31"}`, want: wantRecurringGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.RecurringGenerators.Update(ctx, 801, &RecurringGeneratorParams{SendEmail: Ptr(true), EndDate: Ptr(NewDate(2030, 12, 31))})
			}},
		{name: "RecurringGenerators.Delete", method: "DELETE", path: acct + "/recurring_generators/801.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.RecurringGenerators.Delete(ctx, 801)
				return nil, resp, err
			}},
		{name: "RecurringGenerators.Pause", method: "PATCH", path: acct + "/recurring_generators/801/pause.json", reply: recurring,
			want: wantRecurringGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.RecurringGenerators.Pause(ctx, 801)
			}},
		{name: "RecurringGenerators.Activate", method: "PATCH", path: acct + "/recurring_generators/801/activate.json", reply: recurring,
			want: wantRecurringGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.RecurringGenerators.Activate(ctx, 801, nil)
			}},
		{name: "RecurringGenerators.Activate with date", method: "PATCH", path: acct + "/recurring_generators/801/activate.json", reply: recurring,
			body: `{"next_occurrence_on":"2027-01-01"}`, want: wantRecurringGenerator(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.RecurringGenerators.Activate(ctx, 801, Ptr(NewDate(2027, 1, 1)))
			}},

		// Inventory items.
		{name: "InventoryItems.List", method: "GET", path: acct + "/inventory_items.json", reply: list(item),
			query: url.Values{"since": {sinceQ}, "until": {untilQ}, "updated_since": {sinceQ}, "updated_until": {untilQ}, "article_number": {"8590000000001"}, "sku": {"PAP-A4"}},
			want:  []InventoryItem{*wantInventoryItem(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryItems.List(ctx, InventoryItemListOptions{DateFilter: DateFilter{Since: since, Until: until, UpdatedSince: since, UpdatedUntil: until},
					ArticleNumber: "8590000000001", SKU: "PAP-A4"})
			}},
		{name: "InventoryItems.ListArchived", method: "GET", path: acct + "/inventory_items/archived.json", reply: list(item),
			query: url.Values{"sku": {"PAP-A4"}}, want: []InventoryItem{*wantInventoryItem(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryItems.ListArchived(ctx, InventoryItemListOptions{SKU: "PAP-A4"})
			}},
		{name: "InventoryItems.ListLowQuantity", method: "GET", path: acct + "/inventory_items/low_quantity.json", reply: list(item),
			query: url.Values{"page": {"2"}}, want: []InventoryItem{*wantInventoryItem(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryItems.ListLowQuantity(ctx, ListOptions{Page: 2})
			}},
		{name: "InventoryItems.Search", method: "GET", path: acct + "/inventory_items/search.json", reply: list(item),
			query: url.Values{"query": {"A4"}}, want: []InventoryItem{*wantInventoryItem(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryItems.Search(ctx, SearchOptions{Query: "A4"})
			}},
		{name: "InventoryItems.Get", method: "GET", path: acct + "/inventory_items/401.json", reply: item, want: wantInventoryItem(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) { return c.InventoryItems.Get(ctx, 401) }},
		{name: "InventoryItems.Create", method: "POST", path: acct + "/inventory_items.json", status: 201, reply: item,
			header: created("https://app.example/api/v3/accounts/acme/inventory_items/401.json"),
			body:   `{"name":"Papír A4","sku":"PAP-A4","track_quantity":true,"quantity":"12.0","native_purchase_price":"80.5","native_retail_price":"120.0","vat_rate":"standard","retail_prices":[{"amount":"5.0","currency":"EUR"}]}`,
			want:   wantInventoryItem(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryItems.Create(ctx, &InventoryItemParams{Name: Ptr("Papír A4"), SKU: Ptr("PAP-A4"), TrackQuantity: Ptr(true),
					Quantity: Ptr(dec("12.0")), NativePurchasePrice: Ptr(dec("80.5")), NativeRetailPrice: Ptr(dec("120.0")), VatRate: Ptr("standard"),
					RetailPrices: []RetailPriceParams{{Amount: Ptr(dec("5.0")), Currency: Ptr("EUR")}}})
			}},
		{name: "InventoryItems.Update retail prices", method: "PATCH", path: acct + "/inventory_items/401.json", reply: item,
			body: `{"retail_prices":[{"id":4101,"amount":"5.5"},{"id":4102,"_destroy":true},{"amount":"6.0","currency":"USD"}]}`,
			want: wantInventoryItem(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryItems.Update(ctx, 401, &InventoryItemParams{RetailPrices: []RetailPriceParams{
					{ID: Ptr[int64](4101), Amount: Ptr(dec("5.5"))},
					{ID: Ptr[int64](4102), Destroy: true},
					{Amount: Ptr(dec("6.0")), Currency: Ptr("USD")},
				}})
			}},
		{name: "InventoryItems.Delete", method: "DELETE", path: acct + "/inventory_items/401.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.InventoryItems.Delete(ctx, 401)
				return nil, resp, err
			}},
		{name: "InventoryItems.Archive", method: "POST", path: acct + "/inventory_items/401/archive.json", reply: item, want: wantInventoryItem(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryItems.Archive(ctx, 401)
			}},
		{name: "InventoryItems.Unarchive", method: "POST", path: acct + "/inventory_items/401/unarchive.json", reply: item, want: wantInventoryItem(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryItems.Unarchive(ctx, 401)
			}},

		// Inventory moves.
		{name: "InventoryMoves.List", method: "GET", path: acct + "/inventory_moves.json", reply: list(move),
			query: url.Values{"updated_since": {sinceQ}, "updated_until": {untilQ}, "inventory_item_id": {"401"}},
			want:  []InventoryMove{*wantInventoryMove(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryMoves.List(ctx, InventoryMoveListOptions{DateFilter: DateFilter{UpdatedSince: since, UpdatedUntil: until}, InventoryItemID: 401})
			}},
		{name: "InventoryMoves.Get", method: "GET", path: acct + "/inventory_items/401/inventory_moves/501.json", reply: move, want: wantInventoryMove(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryMoves.Get(ctx, 401, 501)
			}},
		{name: "InventoryMoves.Create", method: "POST", path: acct + "/inventory_items/401/inventory_moves.json", status: 201, reply: move,
			header: created("https://app.example/api/v3/accounts/acme/inventory_items/401/inventory_moves/501.json"),
			body:   `{"direction":"out","moved_on":"2026-11-09","quantity_change":"2.0","purchase_price":"80.5","purchase_currency":"EUR","retail_price":"120.0","retail_currency":"USD","private_note":"výdej"}`,
			want:   wantInventoryMove(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryMoves.Create(ctx, 401, &InventoryMoveParams{Direction: Ptr(MoveOut), MovedOn: Ptr(NewDate(2026, 11, 9)),
					QuantityChange: Ptr(dec("2.0")), PurchasePrice: Ptr(dec("80.5")), PurchaseCurrency: Ptr("EUR"),
					RetailPrice: Ptr(dec("120.0")), RetailCurrency: Ptr("USD"), PrivateNote: Ptr("výdej")})
			}},
		{name: "InventoryMoves.Update", method: "PATCH", path: acct + "/inventory_items/401/inventory_moves/501.json", reply: move,
			body: `{"quantity_change":"2.0"}`, want: wantInventoryMove(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InventoryMoves.Update(ctx, 401, 501, &InventoryMoveParams{QuantityChange: Ptr(dec("2.0"))})
			}},
		{name: "InventoryMoves.Delete", method: "DELETE", path: acct + "/inventory_items/401/inventory_moves/501.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.InventoryMoves.Delete(ctx, 401, 501)
				return nil, resp, err
			}},

		// Inbox files.
		{name: "InboxFiles.List", method: "GET", path: acct + "/inbox_files.json", reply: list(inbox), query: url.Values{"page": {"2"}},
			want: []InboxFile{*wantInboxFile(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InboxFiles.List(ctx, ListOptions{Page: 2})
			}},
		{name: "InboxFiles.Create", method: "POST", path: acct + "/inbox_files.json", status: 201, reply: inbox,
			body: `{"attachment":"data:application/pdf;base64,JVBERi0x","filename":"faktura.pdf","send_to_ocr":true}`, want: wantInboxFile(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InboxFiles.Create(ctx, &InboxFileParams{Attachment: "data:application/pdf;base64,JVBERi0x", Filename: Ptr("faktura.pdf"), SendToOCR: Ptr(true)})
			}},
		{name: "InboxFiles.CreateFromBytes unnamed", method: "POST", path: acct + "/inbox_files.json", status: 201, reply: inbox,
			body: `{"attachment":"data:image/png;base64,iVBORw==","send_to_ocr":false}`, want: wantInboxFile(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InboxFiles.CreateFromBytes(ctx, "image/png", []byte("\x89PNG"), "", false)
			}},
		{name: "InboxFiles.CreateFromBytes named", method: "POST", path: acct + "/inbox_files.json", status: 201, reply: inbox,
			body: `{"attachment":"data:image/png;base64,iVBORw==","filename":"a.png","send_to_ocr":true}`, want: wantInboxFile(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InboxFiles.CreateFromBytes(ctx, "image/png", []byte("\x89PNG"), "a.png", true)
			}},
		{name: "InboxFiles.CreateFromFile", method: "POST", path: acct + "/inbox_files.json", status: 201, reply: inbox,
			body: `{"attachment":"data:application/pdf;base64,JVBERi0xLjQgdGVzdA==","filename":"scan.pdf","send_to_ocr":true}`, want: wantInboxFile(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.InboxFiles.CreateFromFile(ctx, upload, true)
			}},
		{name: "InboxFiles.SendToOCR", method: "POST", path: acct + "/inbox_files/901/send_to_ocr.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.InboxFiles.SendToOCR(ctx, 901)
				return nil, resp, err
			}},
		{name: "InboxFiles.Download", method: "GET", path: acct + "/inbox_files/901/download", reply: []byte("%PDF-1.4"),
			header: http.Header{"Content-Type": {"application/pdf"}, "Content-Disposition": {`attachment; filename="faktura.pdf"`}, "Content-Transfer-Encoding": {"binary"}},
			want:   &Download{Filename: "faktura.pdf", ContentType: "application/pdf", Data: []byte("%PDF-1.4")},
			do:     func(ctx context.Context, c *Client) (any, *Response, error) { return c.InboxFiles.Download(ctx, 901) }},
		{name: "InboxFiles.Delete", method: "DELETE", path: acct + "/inbox_files/901.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.InboxFiles.Delete(ctx, 901)
				return nil, resp, err
			}},

		// To-dos and events.
		{name: "Todos.List", method: "GET", path: acct + "/todos.json", reply: list(todo), query: url.Values{"page": {"2"}, "since": {sinceQ}},
			want: []Todo{*wantTodo(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Todos.List(ctx, TodoListOptions{ListOptions: ListOptions{Page: 2}, Since: since})
			}},
		{name: "Todos.ToggleCompletion", method: "POST", path: acct + "/todos/1101/toggle_completion.json", reply: todo, want: wantTodo(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Todos.ToggleCompletion(ctx, 1101)
			}},
		{name: "Events.List", method: "GET", path: acct + "/events.json", reply: list(event),
			query: url.Values{"since": {sinceQ}, "subject_id": {"102"}}, want: []Event{wantEvent(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Events.List(ctx, EventListOptions{Since: since, SubjectID: 102})
			}},
		{name: "Events.ListPaid", method: "GET", path: acct + "/events/paid.json", reply: list(event),
			query: url.Values{"page": {"5"}}, want: []Event{wantEvent(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Events.ListPaid(ctx, EventListOptions{ListOptions: ListOptions{Page: 5}})
			}},

		// Webhooks.
		{name: "Webhooks.List", method: "GET", path: acct + "/webhooks.json", reply: list(webhook), want: []Webhook{*wantWebhook(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Webhooks.List(ctx, ListOptions{})
			}},
		{name: "Webhooks.Get", method: "GET", path: acct + "/webhooks/1201.json", reply: webhook, want: wantWebhook(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) { return c.Webhooks.Get(ctx, 1201) }},
		{name: "Webhooks.Create", method: "POST", path: acct + "/webhooks.json", status: 201, reply: webhook,
			header: created("https://app.example/api/v3/accounts/acme/webhooks/1201.json"),
			body:   `{"webhook_url":"https://hooks.acme.example/kasa","auth_header":"Bearer hook-secret-1","events":["invoice_paid","expense_paid"]}`,
			want:   wantWebhook(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Webhooks.Create(ctx, &WebhookParams{WebhookURL: Ptr("https://hooks.acme.example/kasa"), AuthHeader: Ptr("Bearer hook-secret-1"),
					Events: &[]string{"invoice_paid", "expense_paid"}})
			}},
		{name: "Webhooks.Update active off", method: "PATCH", path: acct + "/webhooks/1201.json", reply: webhook,
			body: `{"active":false}`, want: wantWebhook(t),
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Webhooks.Update(ctx, 1201, &WebhookParams{Active: Ptr(false)})
			}},
		{name: "Webhooks.Delete", method: "DELETE", path: acct + "/webhooks/1201.json", status: 204,
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				resp, err := c.Webhooks.Delete(ctx, 1201)
				return nil, resp, err
			}},
		{name: "Webhooks.FailedDeliveries", method: "GET", path: acct + "/webhooks/0192f0aa-8a2c-7cc1-9d59-3c1f0e1b2a77/failed_deliveries.json",
			reply: list(fixture(t, "failed_delivery.json")), want: []FailedDelivery{wantFailedDelivery(t)},
			do: func(ctx context.Context, c *Client) (any, *Response, error) {
				return c.Webhooks.FailedDeliveries(ctx, "0192f0aa-8a2c-7cc1-9d59-3c1f0e1b2a77")
			}},
	}
	return cases
}
