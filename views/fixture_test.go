package views_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// fixtureServer answers the subject, invoice and expense endpoints from
// fixed records, so that screens are the same on every run. It pages by 40
// like the service, filters by status and subject_id, and searches by
// substring (and tags[]). Handlers can be made to fail to test the failed
// state.
type fixtureServer struct {
	mu       sync.Mutex
	subjects []apiclient.Subject
	invoices []apiclient.Invoice
	expenses []apiclient.Expense
	files    map[int64][]byte // attachment id -> content
	fail     string           // a path substring answered 500
	requests []string
}

var fixedTime = time.Date(2026, 11, 22, 13, 5, 0, 0, time.UTC)

func dt(s string) apiclient.DateTime {
	v, err := apiclient.ParseDateTime(s)
	if err != nil {
		panic(err)
	}
	return v
}

func day(s string) apiclient.Date {
	v, err := apiclient.ParseDate(s)
	if err != nil {
		panic(err)
	}
	return v
}

func dec(s string) apiclient.Decimal { return apiclient.MustDecimal(s) }

func newFixtureServer() *fixtureServer {
	due := 14
	unreliable := false
	f := &fixtureServer{files: map[int64][]byte{}}
	f.subjects = []apiclient.Subject{
		{ID: 12, Type: "customer", Name: "Acme s.r.o.", FullName: apiclient.NullOf("Jana Nováková"), Email: "jana@acme.example",
			Phone: apiclient.NullOf("+420 777 123 456"), Web: "https://acme.example", Street: "Dlouhá 12", City: "Praha", Zip: "110 00",
			Country: "CZ", RegistrationNo: "27074358", VatNo: "CZ27074358", Unreliable: &unreliable,
			UnreliableCheckedAt: dt("2026-11-20T08:00:00.000+01:00"), BankAccount: apiclient.NullOf("1234567/0100"),
			IBAN: apiclient.NullOf("CZ1201000000000001234567"), Due: &due, Currency: apiclient.NullOf("CZK"), Language: apiclient.NullOf("cz"),
			SettingUpdateFromAres: "inherit", SettingInvoicePdfAttachments: "inherit",
			SettingEstimatePdfAttachments: "inherit", SettingInvoiceSendReminders: "on", SuggestionEnabled: true,
			HasDeliveryAddress: true, DeliveryName: apiclient.NullOf("Acme sklad"), DeliveryStreet: apiclient.NullOf("Skladová 3"), DeliveryCity: apiclient.NullOf("Brno"),
			DeliveryZip: apiclient.NullOf("602 00"), DeliveryCountry: apiclient.NullOf("CZ"), PrivateNote: apiclient.NullOf("Pays late in December."),
			HTMLURL: "https://app.example/acme/subjects/12", CreatedAt: dt("2025-01-10T09:00:00.000+01:00"),
			UpdatedAt: dt("2026-11-20T10:30:00.000+01:00")},
		{ID: 13, Type: "supplier", Name: "Beta Supplies GmbH", Email: "billing@beta.example", City: "Wien",
			Country: "AT", RegistrationNo: "FN123456", VatNo: "ATU12345678", HTMLURL: "https://app.example/acme/subjects/13",
			CreatedAt: dt("2025-02-01T09:00:00.000+01:00"), UpdatedAt: dt("2025-02-01T09:00:00.000+01:00")},
		{ID: 14, Type: "both", Name: "Gamma Consulting", Email: "office@gamma.example", City: "Ostrava",
			Country: "CZ", RegistrationNo: "01234567", CreatedAt: dt("2025-03-01T09:00:00.000+01:00")},
	}
	lines := []apiclient.Line{
		{ID: 1, Name: "Consulting", Quantity: dec("10.0"), UnitName: "h", UnitPrice: dec("1500.0"), VatRate: dec("21"),
			TotalPriceWithoutVat: dec("15000.0"), TotalVat: dec("3150.0")},
		{ID: 2, Name: "Travel costs", Quantity: dec("1.0"), UnitPrice: dec("800.0"), VatRate: dec("21"),
			TotalPriceWithoutVat: dec("800.0"), TotalVat: dec("168.0")},
	}
	vat := []apiclient.VatRateSummary{{VatRate: dec("21"), Base: dec("15800.0"), Vat: dec("3318.0"), Currency: "CZK",
		NativeBase: dec("15800.0"), NativeVat: dec("3318.0"), NativeCurrency: "CZK"}}
	f.invoices = []apiclient.Invoice{
		{ID: 101, Number: "2026-0042", DocumentType: "invoice", Status: "overdue", SubjectID: 12, ClientName: "Acme s.r.o.",
			ClientStreet: "Dlouhá 12", ClientCity: "Praha", ClientZip: "110 00", ClientCountry: "CZ",
			ClientRegistrationNo: "27074358", ClientVatNo: "CZ27074358", VariableSymbol: "20260042",
			IssuedOn: day("2026-10-20"), TaxableFulfillmentDue: day("2026-10-20"), Due: 14, DueOn: day("2026-11-03"),
			SentAt: dt("2026-10-20T10:00:00.000+02:00"), Currency: "CZK", Subtotal: dec("15800.0"), Total: dec("19118.0"),
			NativeTotal: dec("19118.0"), RemainingAmount: dec("9118.0"), Lines: lines, VatRatesSummary: vat,
			Payments:    []apiclient.Payment{{ID: 7, PaidOn: day("2026-11-10"), Currency: "CZK", Amount: dec("10000.0"), VariableSymbol: "20260042"}},
			Attachments: []apiclient.Attachment{{ID: 501, Filename: "contract.pdf", ContentType: "application/pdf"}},
			Tags:        []string{"consulting"}, PaymentMethod: "bank", BankAccount: "2000145399/2010",
			HTMLURL: "https://app.example/acme/invoices/101", CreatedAt: dt("2026-10-20T09:00:00.000+02:00"),
			UpdatedAt: dt("2026-11-10T09:00:00.000+01:00")},
		{ID: 102, Number: "2026-0043", DocumentType: "invoice", Status: "paid", SubjectID: 14, ClientName: "Gamma Consulting",
			IssuedOn: day("2026-11-01"), DueOn: day("2026-11-15"), PaidOn: day("2026-11-12"), Currency: "EUR",
			Total: dec("1210.00"), Subtotal: dec("1000.00"), NativeTotal: dec("30250.0"), ExchangeRate: dec("25.0"),
			LockedAt: dt("2026-11-12T16:00:00.000+01:00"), HTMLURL: "https://app.example/acme/invoices/102"},
		{ID: 103, Number: "2026-0044", DocumentType: "proforma", Status: "open", SubjectID: 12, ClientName: "Acme s.r.o.",
			IssuedOn: day("2026-11-20"), DueOn: day("2026-12-04"), Currency: "CZK", Total: dec("2420.0")},
	}
	f.expenses = []apiclient.Expense{
		{ID: 201, Number: "N20260007", OriginalNumber: "FV-889", VariableSymbol: "889", SupplierName: "Beta Supplies GmbH",
			SupplierStreet: "Ring 1", SupplierCity: "Wien", SupplierZip: "1010", SupplierCountry: "AT",
			SupplierVatNo: "ATU12345678", SubjectID: 13, Status: "overdue", DocumentType: "invoice",
			IssuedOn: day("2026-10-01"), ReceivedOn: day("2026-10-03"), DueOn: day("2026-10-15"), Currency: "CZK",
			Subtotal: dec("15800.0"), Total: dec("19118.0"), NativeTotal: dec("19118.0"), Lines: lines,
			VatRatesSummary: vat, TaxDeductible: true, ProportionalVatDeduction: 100, PaymentMethod: "bank",
			LockedAt: dt("2026-11-02T09:15:00.000+01:00"), Tags: []string{"office"},
			Attachments: []apiclient.Attachment{
				{ID: 601, Filename: "invoice-889.pdf", ContentType: "application/pdf"},
				{ID: 602, Filename: "delivery-note.png", ContentType: "image/png"},
			},
			HTMLURL: "https://app.example/acme/expenses/201", CreatedAt: dt("2026-10-03T12:00:00.000+02:00"),
			UpdatedAt: dt("2026-11-02T09:15:00.000+01:00")},
		{ID: 202, Number: "N20260008", SupplierName: "Gamma Consulting", SubjectID: 14, Status: "paid", DocumentType: "bill",
			IssuedOn: day("2026-11-05"), DueOn: day("2026-11-05"), PaidOn: day("2026-11-05"), Currency: "CZK",
			Total: dec("350.0"), Tags: []string{"travel"},
			Payments: []apiclient.Payment{{ID: 8, PaidOn: day("2026-11-05"), Currency: "CZK", Amount: dec("350.0")}}},
		{ID: 203, Number: "N20260009", SupplierName: "Beta Supplies GmbH", SubjectID: 13, Status: "open",
			DocumentType: "invoice", IssuedOn: day("2026-11-18"), DueOn: day("2026-12-02"), Currency: "EUR",
			Total: dec("99.90"), VariableSymbol: "4411"},
	}
	f.files[601] = []byte("%PDF-1.4 fixture")
	return f
}

// addExpenses appends n generated expenses (for paging).
func (f *fixtureServer) addExpenses(n int) {
	for i := range n {
		id := int64(1000 + i)
		f.expenses = append(f.expenses, apiclient.Expense{ID: id, Number: "G" + strconv.Itoa(i), SupplierName: "Bulk " + strconv.Itoa(i),
			SubjectID: 13, Status: "open", DocumentType: "invoice", IssuedOn: day("2026-09-01"), Currency: "CZK", Total: dec("1.0")})
	}
}

func (f *fixtureServer) setFail(path string) {
	f.mu.Lock()
	f.fail = path
	f.mu.Unlock()
}

func (f *fixtureServer) seen() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	return slices.Clone(f.requests)
}

func (f *fixtureServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.requests = append(f.requests, r.URL.RequestURI())
	w.Header().Set("X-RateLimit-Policy", "default;q=400;w=60")
	w.Header().Set("X-RateLimit", "default;r=398;t=55")
	if f.fail != "" && strings.Contains(r.URL.Path, f.fail) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":"not_found","error_description":"Record not found"}`))
		return
	}
	path := strings.TrimPrefix(r.URL.Path, "/api/v3/accounts/test/")
	q := r.URL.Query()
	switch {
	case path == "subjects.json":
		listOf(w, q, f.subjects, func(s apiclient.Subject) bool { return match(q, "custom_id", s.CustomID.String()) })
	case path == "subjects/search.json":
		listOf(w, q, f.subjects, func(s apiclient.Subject) bool { return contains(q, s.Name, s.Email, s.RegistrationNo) })
	case path == "invoices.json":
		listOf(w, q, f.invoices, func(i apiclient.Invoice) bool {
			return match(q, "status", i.Status) && matchID(q, i.SubjectID)
		})
	case path == "invoices/search.json":
		listOf(w, q, f.invoices, func(i apiclient.Invoice) bool { return contains(q, i.Number, i.ClientName) && tagged(q, i.Tags) })
	case path == "expenses.json":
		listOf(w, q, f.expenses, func(e apiclient.Expense) bool {
			return match(q, "status", e.Status) && match(q, "document_type", e.DocumentType) && matchID(q, e.SubjectID)
		})
	case path == "expenses/search.json":
		listOf(w, q, f.expenses, func(e apiclient.Expense) bool {
			return contains(q, e.Number, e.SupplierName, e.VariableSymbol) && tagged(q, e.Tags)
		})
	case strings.HasPrefix(path, "expenses/") && strings.Contains(path, "/attachments/"):
		parts := strings.Split(path, "/") // expenses/{id}/attachments/{aid}/download
		aid, _ := strconv.ParseInt(parts[3], 10, 64)
		data, ok := f.files[aid]
		if !ok {
			w.WriteHeader(http.StatusNoContent)
			return
		}
		w.Header().Set("Content-Type", "application/pdf")
		w.Header().Set("Content-Disposition", `attachment; filename="server-name.pdf"`)
		_, _ = w.Write(data)
	default:
		f.one(w, path)
	}
}

func (f *fixtureServer) one(w http.ResponseWriter, path string) {
	kind, rest, _ := strings.Cut(path, "/")
	id, _ := strconv.ParseInt(strings.TrimSuffix(rest, ".json"), 10, 64)
	var v any
	switch kind {
	case "subjects":
		v = find(f.subjects, func(s apiclient.Subject) bool { return s.ID == id })
	case "invoices":
		v = find(f.invoices, func(i apiclient.Invoice) bool { return i.ID == id })
	case "expenses":
		v = find(f.expenses, func(e apiclient.Expense) bool { return e.ID == id })
	}
	if v == nil {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(http.StatusNotFound)
		_, _ = w.Write([]byte(`{"error":"not_found","error_description":"Record not found"}`))
		return
	}
	writeJSON(w, v)
}

func find[T any](items []T, ok func(T) bool) any {
	for _, it := range items {
		if ok(it) {
			return it
		}
	}
	return nil
}

func listOf[T any](w http.ResponseWriter, q map[string][]string, items []T, keep func(T) bool) {
	out := []T{}
	for _, it := range items {
		if keep(it) {
			out = append(out, it)
		}
	}
	page := 1
	if p := first(q, "page"); p != "" {
		page, _ = strconv.Atoi(p)
	}
	start := min((page-1)*apiclient.PageSize, len(out))
	end := min(start+apiclient.PageSize, len(out))
	writeJSON(w, out[start:end])
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func first(q map[string][]string, k string) string {
	if v := q[k]; len(v) > 0 {
		return v[0]
	}
	return ""
}

func match(q map[string][]string, k, v string) bool {
	want := first(q, k)
	return want == "" || want == v
}

func matchID(q map[string][]string, id int64) bool {
	want := first(q, "subject_id")
	return want == "" || want == strconv.FormatInt(id, 10)
}

func contains(q map[string][]string, fields ...string) bool {
	s := strings.ToLower(first(q, "query"))
	if s == "" {
		return true
	}
	for _, f := range fields {
		if strings.Contains(strings.ToLower(f), s) {
			return true
		}
	}
	return false
}

func tagged(q map[string][]string, tags []string) bool {
	for _, t := range q["tags[]"] {
		if !slices.Contains(tags, t) {
			return false
		}
	}
	return true
}

// client returns an apiclient on a running fixture server.
func (f *fixtureServer) client(t *testing.T) *apiclient.Client {
	t.Helper()
	ts := httptest.NewServer(f)
	t.Cleanup(ts.Close)
	c, err := apiclient.New(ts.URL+"/api/v3", apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithAccount("test"), apiclient.WithRetries(0))
	if err != nil {
		t.Fatal(err)
	}
	return c
}
