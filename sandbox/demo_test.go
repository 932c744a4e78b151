package sandbox_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
	"github.com/shopspring/decimal"
)

// demoEnv is a running demo with the owner's token.
type demoEnv struct {
	t     *testing.T
	Srv   *sandbox.Server
	Info  demo.Info
	TS    *httptest.Server
	Clock *sandbox.ManualClock
}

func newDemoEnv(t *testing.T, o demo.Options) *demoEnv {
	t.Helper()
	clock := sandbox.NewManualClock(testStart)
	o.Clock = clock
	if o.Seed == 0 {
		o.Seed = 7
	}
	srv, info := demo.New(o)
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	return &demoEnv{t: t, Srv: srv, Info: info, TS: ts, Clock: clock}
}

// req sends a request as the holder of token; path is under /api/v3.
func (d *demoEnv) req(token, method, path string, body io.Reader) (int, []byte) {
	d.t.Helper()
	r, err := http.NewRequest(method, d.TS.URL+"/api/v3"+path, body)
	if err != nil {
		d.t.Fatal(err)
	}
	r.Header.Set("User-Agent", "kasa-test (test@example.com)")
	if token != "" {
		r.Header.Set("Authorization", "Bearer "+token)
	}
	if body != nil {
		r.Header.Set("Content-Type", "application/json")
	}
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		d.t.Fatalf("%s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		d.t.Fatal(err)
	}
	return resp.StatusCode, b
}

// get is an owner's GET of a path under the demo account that must answer 200.
func (d *demoEnv) get(path string) []byte {
	d.t.Helper()
	status, b := d.req(d.Info.OwnerToken, "GET", "/accounts/"+d.Info.Slug+"/"+path, nil)
	if status != http.StatusOK {
		d.t.Fatalf("GET %s: status %d: %s", path, status, b)
	}
	return b
}

// all pages through an index of the demo account.
func demoAll[T any](d *demoEnv, path string) []T {
	d.t.Helper()
	var out []T
	sep := "?"
	if strings.Contains(path, "?") {
		sep = "&"
	}
	for page := 1; page < 100; page++ {
		items := decode[[]T](d.t, d.get(fmt.Sprintf("%s%spage=%d", path, sep, page)))
		out = append(out, items...)
		if len(items) < apiclient.PageSize {
			return out
		}
	}
	d.t.Fatalf("%s: more than 100 pages", path)
	return nil
}

func demoToday() apiclient.Date { return apiclient.DateOf(testStart) }

func TestDemoAccountHasThePromisedShape(t *testing.T) {
	d := newDemoEnv(t, demo.Options{})
	demoCheckAccount(t, d)
	subjects := demoCheckSubjects(t, d)
	expenses := demoCheckExpenses(t, d)
	invoices := demoCheckInvoices(t, d)
	items, moves := demoCheckStock(t, d)
	demoCheckBanksAndUsers(t, d)
	todos := demoCheckTodos(t, d)
	events := demoCheckEvents(t, d)

	t.Logf("demo: %d subjects, %d invoices, %d expenses, %d items, %d moves, %d events, %d to-dos",
		len(subjects), len(invoices), len(expenses), len(items), len(moves), len(events), len(todos))

	gens := decode[[]apiclient.Generator](t, d.get("generators.json"))
	recs := decode[[]apiclient.RecurringGenerator](t, d.get("recurring_generators.json"))
	if len(gens) != 2 || len(recs) != 1 || !recs[0].Active || recs[0].MonthsPeriod != 1 {
		t.Errorf("%d generators, recurring %+v", len(gens), recs)
	}
}

// The parts of TestDemoAccountHasThePromisedShape, a resource or two each.

func demoCheckAccount(t *testing.T, d *demoEnv) {
	t.Helper()
	acct := decode[apiclient.Account](t, d.get("account.json"))
	if acct.Name != "Modrá Hora s.r.o." || acct.Currency != "CZK" || acct.VatMode != apiclient.VatPayer || acct.City != "Brno" {
		t.Errorf("account: %q %q %q %q", acct.Name, acct.Currency, acct.VatMode, acct.City)
	}
	if len(acct.RegistrationNo) != 8 || acct.VatNo != "CZ"+acct.RegistrationNo {
		t.Errorf("account registration %q vat %q", acct.RegistrationNo, acct.VatNo)
	}
}

func demoCheckSubjects(t *testing.T, d *demoEnv) []apiclient.Subject {
	t.Helper()
	subjects := demoAll[apiclient.Subject](d, "subjects.json")
	if len(subjects) < 20 || len(subjects) > 40 {
		t.Errorf("%d subjects, want about 25", len(subjects))
	}
	types := map[string]int{}
	for _, s := range subjects {
		types[s.Type]++
		if !strings.HasSuffix(s.Email, ".example") || s.Street == "" || s.City == "" || s.Zip == "" {
			t.Errorf("subject %q: email %q address %q %q %q", s.Name, s.Email, s.Street, s.City, s.Zip)
		}
		if s.Country == "CZ" && (len(s.RegistrationNo) != 8 || (s.VatNo != "" && s.VatNo != "CZ"+s.RegistrationNo)) {
			t.Errorf("subject %q: registration %q vat %q", s.Name, s.RegistrationNo, s.VatNo)
		}
	}
	if types["customer"] == 0 || types["supplier"] == 0 || types["both"] == 0 {
		t.Errorf("subject types %v", types)
	}
	return subjects
}

func demoCheckExpenses(t *testing.T, d *demoEnv) []apiclient.Expense {
	t.Helper()
	expenses := demoAll[apiclient.Expense](d, "expenses.json")
	byStatus := map[string]int{}
	eur := 0
	withAttachments := 0
	for _, e := range expenses {
		byStatus[e.Status]++
		demoCheckDocumentState(t, "expense "+e.Number, e.Status, e.Total, e.Payments, e.PaidOn, e.DueOn)
		if e.Currency == "EUR" {
			eur++
			if !strings.HasPrefix(e.ExchangeRate.String(), "25.") {
				t.Errorf("expense %s: EUR at rate %s", e.Number, e.ExchangeRate)
			}
		}
		if len(e.Lines) == 0 {
			t.Errorf("expense %s has no lines", e.Number)
		}
		withAttachments += len(e.Attachments)
	}
	if len(expenses) < 35 || byStatus["open"] == 0 || byStatus["overdue"] == 0 || byStatus["paid"] == 0 || eur == 0 {
		t.Errorf("%d expenses by status %v, %d in EUR", len(expenses), byStatus, eur)
	}
	if withAttachments < 2 {
		t.Errorf("%d expense attachments, want 2", withAttachments)
	}
	return expenses
}

func demoCheckInvoices(t *testing.T, d *demoEnv) []apiclient.Invoice {
	t.Helper()
	invoices := demoAll[apiclient.Invoice](d, "invoices.json")
	byStatus := map[string]int{}
	eur, proformas := 0, 0
	for _, inv := range invoices {
		byStatus[inv.Status]++
		if inv.Currency == "EUR" {
			eur++
		}
		if inv.DocumentType == apiclient.DocProforma {
			proformas++
		}
		if inv.Status != apiclient.InvoiceCancelled {
			demoCheckDocumentState(t, "invoice "+inv.Number, inv.Status, inv.Total, inv.Payments, inv.PaidOn, inv.DueOn)
		}
		want := inv.Total.Dec().Sub(demoPaidSum(inv.Payments))
		if inv.Status == apiclient.InvoicePaid {
			want = decimal.Zero
		}
		if !inv.RemainingAmount.Dec().Equal(want) {
			t.Errorf("invoice %s (%s): remaining %s, total %s", inv.Number, inv.Status, inv.RemainingAmount, inv.Total)
		}
		if inv.Status == apiclient.InvoiceSent && inv.SentAt.IsZero() {
			t.Errorf("invoice %s is sent without sent_at", inv.Number)
		}
	}
	for _, st := range []string{"open", "sent", "overdue", "paid", "cancelled"} {
		if byStatus[st] == 0 {
			t.Errorf("no %s invoice: %v", st, byStatus)
		}
	}
	if len(invoices) < 25 || eur == 0 || proformas == 0 {
		t.Errorf("%d invoices, %d in EUR, %d proformas", len(invoices), eur, proformas)
	}
	return invoices
}

func demoCheckStock(t *testing.T, d *demoEnv) ([]apiclient.InventoryItem, []apiclient.InventoryMove) {
	t.Helper()
	low := decode[[]apiclient.InventoryItem](t, d.get("inventory_items/low_quantity.json"))
	if len(low) != 3 {
		t.Errorf("%d items below minimum, want 3", len(low))
	}
	for _, it := range low {
		if !it.BelowMinimum() || it.LowQuantityDate.IsZero() {
			t.Errorf("low item %s: quantity %s min %s since %v", it.SKU, it.Quantity, it.MinQuantity, it.LowQuantityDate)
		}
	}
	items := demoAll[apiclient.InventoryItem](d, "inventory_items.json")
	for _, it := range items {
		if it.ArticleNumberType == "ean" && !demoValidEAN13(it.ArticleNumber.String()) {
			t.Errorf("item %s: EAN %q", it.SKU, it.ArticleNumber)
		}
	}
	moves := demoAll[apiclient.InventoryMove](d, "inventory_moves.json")
	docMoves := 0
	for _, m := range moves {
		if m.Document != nil {
			docMoves++
		}
	}
	if len(items) < 10 || docMoves != 2 {
		t.Errorf("%d items, %d moves of which %d tied to documents", len(items), len(moves), docMoves)
	}
	return items, moves
}

func demoCheckBanksAndUsers(t *testing.T, d *demoEnv) {
	t.Helper()
	banks := decode[[]apiclient.BankAccount](t, d.get("bank_accounts.json"))
	if len(banks) != 2 || !banks[0].Default || banks[0].Currency != "CZK" || banks[1].Currency != "EUR" {
		t.Errorf("bank accounts %+v", banks)
	}
	users := decode[[]apiclient.User](t, d.get("users.json"))
	perms := map[string]string{}
	for _, u := range users {
		perms[u.FullName] = u.Permission
	}
	if len(users) != 2 || perms["Jana Nováková"] != "owner" || perms["Petr Svoboda"] != "read" {
		t.Errorf("users %+v", users)
	}
}

func demoCheckTodos(t *testing.T, d *demoEnv) []apiclient.Todo {
	t.Helper()
	todos := decode[[]apiclient.Todo](t, d.get("todos.json"))
	done := 0
	for _, td := range todos {
		if td.Completed() {
			done++
		}
		if td.Text == "" || td.Name == "" {
			t.Errorf("to-do %+v", td)
		}
	}
	if done == 0 || done == len(todos) || len(todos) < 5 {
		t.Errorf("%d to-dos, %d completed", len(todos), done)
	}
	return todos
}

func demoCheckEvents(t *testing.T, d *demoEnv) []apiclient.Event {
	t.Helper()
	events := demoAll[apiclient.Event](d, "events.json")
	if len(events) < 40 {
		t.Errorf("%d events, want about 60", len(events))
	}
	for i := 1; i < len(events); i++ {
		if events[i].CreatedAt.After(events[i-1].CreatedAt.Time) {
			t.Fatalf("events not newest first at %d: %v after %v", i, events[i].CreatedAt, events[i-1].CreatedAt)
		}
	}
	names := map[string]bool{}
	for _, ev := range events {
		names[ev.Name] = true
		if ev.Text == "" {
			t.Errorf("event %s without text", ev.Name)
		}
	}
	for _, n := range []string{"invoice_sent", "invoice_paid", "expense_created", "inbox_file_added"} {
		if !names[n] {
			t.Errorf("no %s event in %v", n, names)
		}
	}
	return events
}

// demoCheckDocumentState holds a document to the state tables: paid ones are paid in
// full with paid_on, overdue ones are past due, open ones are not.
func demoCheckDocumentState(t *testing.T, what, status string, total apiclient.Decimal, payments []apiclient.Payment, paidOn, dueOn apiclient.Date) {
	t.Helper()
	switch status {
	case "paid":
		if !demoPaidSum(payments).Equal(total.Dec()) || paidOn.IsZero() {
			t.Errorf("%s paid: payments %s of %s, paid_on %v", what, demoPaidSum(payments), total, paidOn)
		}
	case "overdue":
		if !dueOn.Before(demoToday().Time) || len(payments) > 0 {
			t.Errorf("%s overdue: due %v, %d payments", what, dueOn, len(payments))
		}
	case "open", "sent":
		if dueOn.Before(demoToday().Time) || !paidOn.IsZero() {
			t.Errorf("%s %s: due %v, paid_on %v", what, status, dueOn, paidOn)
		}
	}
}

func demoPaidSum(ps []apiclient.Payment) decimal.Decimal {
	sum := decimal.Zero
	for _, p := range ps {
		sum = sum.Add(p.Amount.Dec())
	}
	return sum
}

func demoValidEAN13(s string) bool {
	if len(s) != 13 {
		return false
	}
	sum := 0
	for i := 0; i < 13; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
		w := 1
		if i%2 == 1 {
			w = 3
		}
		sum += int(s[i]-'0') * w
	}
	return sum%10 == 0
}

func TestDemoReadOnlyUserCannotWrite(t *testing.T) {
	d := newDemoEnv(t, demo.Options{})
	token := d.Srv.IssueToken(d.Info.ReadOnly.ID, d.Info.ReadOnlyClientID)
	status, _ := d.req(token, "GET", "/accounts/"+d.Info.Slug+"/invoices.json", nil)
	if status != http.StatusOK {
		t.Fatalf("read-only GET: status %d", status)
	}
	status, body := d.req(token, "POST", "/accounts/"+d.Info.Slug+"/subjects.json", strings.NewReader(`{"name":"Nový klient s.r.o."}`))
	if status != http.StatusForbidden {
		t.Fatalf("read-only POST: status %d: %s", status, body)
	}
}

func TestDemoOwnerCanSwitchToTheSecondAccount(t *testing.T) {
	d := newDemoEnv(t, demo.Options{})
	status, body := d.req(d.Info.OwnerToken, "GET", "/user.json", nil)
	if status != http.StatusOK {
		t.Fatalf("user.json: status %d", status)
	}
	me := decode[apiclient.CurrentUser](t, body)
	slugs := map[string]bool{}
	for _, a := range me.Accounts {
		slugs[a.Slug] = true
	}
	if me.DefaultAccount.String() != demo.Slug || !slugs[demo.Slug] || !slugs[demo.SecondSlug] {
		t.Fatalf("user.json: default %q, accounts %v", me.DefaultAccount, slugs)
	}
	status, body = d.req(d.Info.OwnerToken, "GET", "/accounts/"+demo.SecondSlug+"/invoices.json", nil)
	if status != http.StatusOK {
		t.Fatalf("second account invoices: status %d", status)
	}
	invs := decode[[]apiclient.Invoice](t, body)
	if len(invs) == 0 || invs[0].Currency != "EUR" {
		t.Fatalf("second account invoices %+v", invs)
	}
	// The read-only user has no grant there.
	token := d.Srv.IssueToken(d.Info.ReadOnly.ID, d.Info.ReadOnlyClientID)
	if status, _ := d.req(token, "GET", "/accounts/"+demo.SecondSlug+"/invoices.json", nil); status != http.StatusNotFound {
		t.Fatalf("read-only user on the second account: status %d, want 404", status)
	}
}

func TestDemoClientCredentialsWork(t *testing.T) {
	d := newDemoEnv(t, demo.Options{})
	slug, id, secret, ok := demo.Credentials(d.Srv)
	if !ok || slug != d.Info.Slug || id != d.Info.ClientID || secret != d.Info.ClientSecret {
		t.Fatalf("DemoCredentials = %q %q ok=%v", slug, id, ok)
	}
	form := url.Values{"grant_type": {"client_credentials"}}
	r, _ := http.NewRequest("POST", d.TS.URL+"/api/v3/oauth/token", strings.NewReader(form.Encode()))
	r.Header.Set("User-Agent", "kasa-test (test@example.com)")
	r.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	r.Header.Set("Accept", "application/json")
	r.Header.Set("Authorization", "Basic "+base64.URLEncoding.EncodeToString([]byte(id+":"+secret)))
	resp, err := http.DefaultClient.Do(r)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("token: status %d: %s", resp.StatusCode, b)
	}
	tok := decode[struct {
		AccessToken string `json:"access_token"`
	}](t, b)
	if status, _ := d.req(tok.AccessToken, "GET", "/accounts/"+slug+"/account.json", nil); status != http.StatusOK {
		t.Fatalf("account.json with the client-credentials token: status %d", status)
	}
}

func TestDemoFilesAreRealPDFAndPNG(t *testing.T) {
	d := newDemoEnv(t, demo.Options{})
	files := decode[[]apiclient.InboxFile](t, d.get("inbox_files.json"))
	states := map[string]bool{}
	for _, f := range files {
		st := "null"
		if f.OCRStatus != nil {
			st = *f.OCRStatus
		}
		states[st] = true
		status, data := d.req(d.Info.OwnerToken, "GET", "/accounts/"+d.Info.Slug+fmt.Sprintf("/inbox_files/%d/download", f.ID), nil)
		if status != http.StatusOK || int64(len(data)) != f.Bytesize {
			t.Fatalf("download %s: status %d, %d bytes of %d", f.Filename, status, len(data), f.Bytesize)
		}
		demoCheckFile(t, f.Filename, data)
	}
	for _, st := range []string{"null", "created", "processed", "processing_failed"} {
		if !states[st] {
			t.Errorf("no inbox file with OCR %s: %v", st, states)
		}
	}
	for _, e := range demoAll[apiclient.Expense](d, "expenses.json") {
		for _, a := range e.Attachments {
			status, data := d.req(d.Info.OwnerToken, "GET", "/accounts/"+d.Info.Slug+fmt.Sprintf("/expenses/%d/attachments/%d/download", e.ID, a.ID), nil)
			if status != http.StatusOK {
				t.Fatalf("attachment %s: status %d", a.Filename, status)
			}
			demoCheckFile(t, a.Filename, data)
		}
	}
}

// demoCheckFile makes sure a PDF has its header, cross-reference table and end,
// and a PNG decodes.
func demoCheckFile(t *testing.T, name string, data []byte) {
	t.Helper()
	switch {
	case strings.HasSuffix(name, ".pdf"):
		i := bytes.LastIndex(data, []byte("startxref\n"))
		if !bytes.HasPrefix(data, []byte("%PDF-1.")) || !bytes.HasSuffix(data, []byte("%%EOF\n")) || i < 0 {
			t.Fatalf("%s is not a PDF", name)
		}
		var off int
		fmt.Sscanf(string(data[i+len("startxref\n"):]), "%d", &off)
		if !bytes.HasPrefix(data[off:], []byte("xref\n")) {
			t.Fatalf("%s: startxref %d does not point at the xref table", name, off)
		}
	case strings.HasSuffix(name, ".png"):
		if _, err := png.Decode(bytes.NewReader(data)); err != nil {
			t.Fatalf("%s: %v", name, err)
		}
	default:
		t.Fatalf("unexpected file %s", name)
	}
}

// demoJSON answers a GET through ServeHTTP with a fixed host.
func demoJSON(t *testing.T, srv *sandbox.Server, token, path string) []byte {
	t.Helper()
	r := httptest.NewRequest("GET", "http://sandbox.test/api/v3/accounts/"+demo.Slug+"/"+path, nil)
	r.Header.Set("User-Agent", "kasa-test (test@example.com)")
	r.Header.Set("Authorization", "Bearer "+token)
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		t.Fatalf("GET %s: status %d: %s", path, w.Code, w.Body.Bytes())
	}
	return w.Body.Bytes()
}

func TestDemoIsDeterministic(t *testing.T) {
	build := func(seed uint64) (*sandbox.Server, string) {
		srv, info := demo.New(demo.Options{Options: sandbox.Options{Clock: sandbox.NewManualClock(testStart), Seed: seed}})
		return srv, info.OwnerToken
	}
	s1, t1 := build(42)
	s2, t2 := build(42)
	s3, t3 := build(43)
	paths := []string{"subjects.json", "invoices.json", "invoices.json?page=2", "expenses.json", "expenses.json?page=2",
		"inventory_items.json", "inventory_moves.json", "events.json", "todos.json", "generators.json", "inbox_files.json"}
	differs := 0
	for _, p := range paths {
		a, b := demoJSON(t, s1, t1, p), demoJSON(t, s2, t2, p)
		if !bytes.Equal(a, b) {
			t.Errorf("%s differs between two builds with the same seed", p)
		}
		if !bytes.Equal(a, demoJSON(t, s3, t3, p)) {
			differs++
		}
	}
	if differs == 0 {
		t.Error("another seed gives the very same account")
	}
}

func TestDemoLivesAsTheClockMoves(t *testing.T) {
	d := newDemoEnv(t, demo.Options{Living: true})
	countEvents := func() (all, paid int) {
		return len(demoAll[apiclient.Event](d, "events.json")), len(demoAll[apiclient.Event](d, "events/paid.json"))
	}
	paidInvoices := func() int {
		n := 0
		for _, inv := range demoAll[apiclient.Invoice](d, "invoices.json") {
			if inv.Status == apiclient.InvoicePaid {
				n++
			}
		}
		return n
	}
	events0, paid0 := countEvents()
	invoices0 := paidInvoices()
	todos0 := len(demoAll[apiclient.Todo](d, "todos.json"))

	for i := 0; i < 120; i++ {
		d.Clock.Advance(5 * time.Second)
		d.get("account.json")
	}
	events1, paid1 := countEvents()
	if events1 <= events0+30 || paid1 <= paid0 {
		t.Errorf("after 10 minutes: %d events (was %d), %d paid events (was %d)", events1, events0, paid1, paid0)
	}
	if paidInvoices() <= invoices0 {
		t.Errorf("no invoice got paid in 10 minutes")
	}
	if todos := len(demoAll[apiclient.Todo](d, "todos.json")); todos <= todos0 {
		t.Errorf("no to-do appeared in 10 minutes (%d)", todos)
	}
	events := demoAll[apiclient.Event](d, "events.json")
	for i := 1; i < len(events); i++ {
		if events[i].CreatedAt.After(events[i-1].CreatedAt.Time) {
			t.Fatalf("events not newest first at %d (%s %v after %s %v)", i, events[i].Name, events[i].CreatedAt, events[i-1].Name, events[i-1].CreatedAt)
		}
	}
	for _, ev := range events[:20] {
		if ev.Name == "" || ev.Text == "" || ev.RelatedObjects == nil || ev.Params == nil {
			t.Errorf("malformed event %+v", ev)
		}
	}

	// A day's jump catches up a bounded number of activities.
	d.Clock.Advance(24 * time.Hour)
	d.get("account.json")
	events2, _ := countEvents()
	if grown := events2 - events1; grown <= 0 || grown > 800 {
		t.Errorf("a 24 h jump added %d events, want a bounded catch-up (200 activities)", grown)
	}
	// Life goes on after the jump.
	for i := 0; i < 12; i++ {
		d.Clock.Advance(5 * time.Second)
		d.get("account.json")
	}
	if events3, _ := countEvents(); events3 <= events2 {
		t.Errorf("nothing happened after the jump: %d events", events3)
	}
	demoCheckLivedDocuments(t, d)
}

// demoCheckLivedDocuments: every expense and invoice still follows the state
// tables, under a number of its own.
func demoCheckLivedDocuments(t *testing.T, d *demoEnv) {
	t.Helper()
	today := apiclient.DateOf(d.Clock.Now())
	numbers := map[string]bool{}
	for _, inv := range demoAll[apiclient.Invoice](d, "invoices.json") {
		if numbers[inv.Number] {
			t.Errorf("invoice number %s used twice", inv.Number)
		}
		numbers[inv.Number] = true
		if inv.Status == "paid" && !demoPaidSum(inv.Payments).Equal(inv.Total.Dec()) {
			t.Errorf("invoice %s paid with %s of %s", inv.Number, demoPaidSum(inv.Payments), inv.Total)
		}
	}
	for _, e := range demoAll[apiclient.Expense](d, "expenses.json") {
		if numbers[e.Number] {
			t.Errorf("expense number %s used twice", e.Number)
		}
		numbers[e.Number] = true
		if e.Status == "paid" && !demoPaidSum(e.Payments).Equal(e.Total.Dec()) {
			t.Errorf("expense %s paid with %s of %s", e.Number, demoPaidSum(e.Payments), e.Total)
		}
		if e.Status == "open" && e.DueOn.Before(today.Time) {
			t.Errorf("expense %s open past due %v", e.Number, e.DueOn)
		}
	}
}

func TestDemoScaleAddsSubjectsExpensesAndInvoices(t *testing.T) {
	d := newDemoEnv(t, demo.Options{Scale: 100})
	// 100 generated + 25 hand-made subjects: 4 pages.
	if page4 := decode[[]apiclient.Subject](t, d.get("subjects.json?page=4")); len(page4) == 0 {
		t.Fatal("subjects page 4 is empty")
	}
	// 500 generated + about 40 hand-made expenses: 14 pages.
	if page14 := decode[[]apiclient.Expense](t, d.get("expenses.json?page=14")); len(page14) == 0 {
		t.Fatal("expenses page 14 is empty")
	}
	// The generated history is older: page 1 is the hand-made account.
	first := decode[[]apiclient.Expense](t, d.get("expenses.json"))
	last := decode[[]apiclient.Expense](t, d.get("expenses.json?page=13"))
	if len(first) == 0 || len(last) == 0 || !first[0].IssuedOn.After(last[0].IssuedOn.Time) {
		t.Fatal("generated expenses are not older than the hand-made ones")
	}
	sub := last[0].SubjectID
	mine := decode[[]apiclient.Expense](t, d.get(fmt.Sprintf("expenses.json?subject_id=%d", sub)))
	if len(mine) == 0 {
		t.Fatal("no expenses of a generated supplier")
	}
	for _, e := range mine {
		if e.SubjectID != sub || e.SupplierName == "" {
			t.Fatalf("subject_id filter gave %+v", e)
		}
		demoCheckDocumentState(t, "expense "+e.Number, e.Status, e.Total, e.Payments, e.PaidOn, e.DueOn)
	}
	// 100 generated + 32 hand-made invoices: 4 pages, the generated older,
	// their numbers following their days.
	if page4 := decode[[]apiclient.Invoice](t, d.get("invoices.json?page=4")); len(page4) == 0 {
		t.Fatal("invoices page 4 is empty")
	}
	invFirst := decode[[]apiclient.Invoice](t, d.get("invoices.json"))
	invLast := decode[[]apiclient.Invoice](t, d.get("invoices.json?page=3"))
	if len(invFirst) == 0 || len(invLast) == 0 || !invFirst[0].IssuedOn.After(invLast[0].IssuedOn.Time) {
		t.Fatal("generated invoices are not older than the hand-made ones")
	}
	for _, inv := range invLast {
		demoCheckDocumentState(t, "invoice "+inv.Number, inv.Status, inv.Total, inv.Payments, inv.PaidOn, inv.DueOn)
		if inv.ClientName == "" || inv.SubjectID == 0 {
			t.Fatalf("generated invoice %s has no client", inv.Number)
		}
	}
	var acct apiclient.Account
	if err := json.Unmarshal(d.get("account.json"), &acct); err != nil || acct.Plan != sandbox.PlanUnlimited.Title {
		t.Fatalf("a scaled demo's plan %q (%v), want unlimited so the subjects fit", acct.Plan, err)
	}
}

func TestDemoPlanOptionIsHonoured(t *testing.T) {
	d := newDemoEnv(t, demo.Options{Plan: sandbox.PlanFree})
	acct := decode[apiclient.Account](t, d.get("account.json"))
	if acct.Plan != sandbox.PlanFree.Title || acct.APICallsLimit != sandbox.PlanFree.APICallsLimit {
		t.Fatalf("plan %q, %d calls", acct.Plan, acct.APICallsLimit)
	}
	// The demo's 25 subjects are over the free plan's 15: a new one is refused.
	status, body := d.req(d.Info.OwnerToken, "POST", "/accounts/"+d.Info.Slug+"/subjects.json", strings.NewReader(`{"name":"Nový klient s.r.o."}`))
	if status != http.StatusForbidden {
		t.Fatalf("a 26th subject on the free plan: status %d: %s", status, body)
	}
	d2 := newDemoEnv(t, demo.Options{})
	if plan := decode[apiclient.Account](t, d2.get("account.json")).Plan; plan != sandbox.PlanStandard.Title {
		t.Fatalf("default plan %q, want standard", plan)
	}
}
