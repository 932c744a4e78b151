package sandbox_test

import (
	"encoding/base64"
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// supplier creates a supplier subject with a full address and returns its id.
func supplier(t *testing.T, e *env) apiclient.Subject {
	t.Helper()
	return createSubject(t, e, map[string]any{
		"name": "Dodavatel a.s.", "type": "supplier", "street": "Průmyslová 7", "city": "Ostrava", "zip": "702 00",
		"registration_no": "12345678", "vat_no": "CZ12345678", "bank_account": "123/0100", "iban": "CZ650100", "swift_bic": "KOMBCZPP",
	})
}

// createExpense posts an expense body and returns the record, failing on non-201.
func createExpense(t *testing.T, e *env, body map[string]any) apiclient.Expense {
	t.Helper()
	status, h, b := e.do("POST", e.acct("expenses.json"), body)
	if status != http.StatusCreated {
		t.Fatalf("create expense: status %d: %s", status, b)
	}
	x := decode[apiclient.Expense](t, b)
	if h.Get("Location") != x.URL || x.URL == "" {
		t.Fatalf("Location %q url %q", h.Get("Location"), x.URL)
	}
	return x
}

// longTokens keeps the test's access token valid while the clock jumps days ahead.
func longTokens(o *sandbox.Options) { o.TokenLifetime = 365 * 24 * time.Hour }

func oneLine(price string, rate int) []map[string]any {
	return []map[string]any{{"name": "Služba", "quantity": "1", "unit_price": price, "vat_rate": rate}}
}

func eventNames(e *env) []string {
	var names []string
	e.Srv.Do(func() {
		for _, ev := range e.Setup.Account.Events {
			names = append(names, ev.Name)
		}
	})
	return names
}

func countEvents(e *env, name string) int {
	n := 0
	for _, got := range eventNames(e) {
		if got == name {
			n++
		}
	}
	return n
}

func expensePath(e *env, id int64, rest string) string {
	return e.acct(fmt.Sprintf("expenses/%d%s", id, rest))
}

func TestExpensesSubjectRequiredAndSupplierCopied(t *testing.T) {
	e := newEnv(t)
	status, _, b := e.do("POST", e.acct("expenses.json"), map[string]any{"description": "x"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["subject_id"][0] != "can't be blank" {
		t.Fatalf("no subject: %d %s", status, b)
	}
	status, _, b = e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": 999})
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["subject_id"]) == 0 {
		t.Fatalf("unknown subject: %d %s", status, b)
	}
	sup := supplier(t, e)
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "supplier_name": "Forged"})
	if x.SupplierName != "Dodavatel a.s." || x.SupplierCity != "Ostrava" || x.SupplierVatNo != "CZ12345678" || x.BankAccount != "123/0100" || x.IBAN != "CZ650100" {
		t.Fatalf("supplier fields: %+v", x)
	}
	if x.Status != "open" || x.DocumentType != "invoice" || x.PaymentMethod != "bank" || x.VatPriceMode != "without_vat" || x.ProportionalVatDeduction != 100 || !x.TaxDeductible || !x.RemindDueDate {
		t.Fatalf("defaults: %+v", x)
	}
	if x.Attachments == nil || len(x.Attachments) != 0 || x.Payments == nil || x.Tags == nil {
		t.Fatalf("lists must be [] not null: %+v", x)
	}
	if x.SubjectURL != e.TS.URL+"/api/v3"+e.acct(fmt.Sprintf("subjects/%d.json", sup.ID)) {
		t.Fatalf("subject_url %q", x.SubjectURL)
	}
}

func TestExpensesNumberSequencePerYearAndUnique(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	a := createExpense(t, e, map[string]any{"subject_id": sup.ID})
	b := createExpense(t, e, map[string]any{"subject_id": sup.ID})
	c := createExpense(t, e, map[string]any{"subject_id": sup.ID, "issued_on": "2025-12-30"})
	if a.Number != "N2026-0001" || b.Number != "N2026-0002" || c.Number != "N2025-0001" {
		t.Fatalf("numbers %q %q %q", a.Number, b.Number, c.Number)
	}
	status, _, body := e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": sup.ID, "number": "N2026-0001"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, body)["number"][0] != "has already been taken" {
		t.Fatalf("duplicate number: %d %s", status, body)
	}
}

func TestExpensesListValuesValidated(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	status, _, b := e.do("POST", e.acct("expenses.json"), map[string]any{
		"subject_id": sup.ID, "document_type": "receipt", "payment_method": "barter", "vat_price_mode": "with_vat",
		"custom_payment_method": strings.Repeat("x", 21),
	})
	if status != http.StatusUnprocessableEntity {
		t.Fatalf("status %d", status)
	}
	errs := errorsOf(t, b)
	for _, f := range []string{"document_type", "payment_method", "vat_price_mode"} {
		if len(errs[f]) == 0 || errs[f][0] != "is not included in the list" {
			t.Errorf("%s: %v", f, errs[f])
		}
	}
	if len(errs["custom_payment_method"]) == 0 {
		t.Error("custom_payment_method over 20 characters accepted")
	}
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "payment_method": "custom", "custom_payment_method": "Zápočet", "document_type": "bill"})
	if x.CustomPaymentMethod.String() != "Zápočet" || x.DocumentType != "bill" {
		t.Fatalf("custom kept: %+v", x)
	}
	_, _, b = e.do("PATCH", expensePath(e, x.ID, ".json"), map[string]any{"payment_method": "cash"})
	if got := decode[apiclient.Expense](t, b); got.CustomPaymentMethod.String() != "" || got.PaymentMethod != "cash" {
		t.Fatalf("custom_payment_method kept without custom: %+v", got)
	}
}

func TestExpensesExchangeRateRequiredInForeignCurrency(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	status, _, b := e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": sup.ID, "currency": "EUR", "lines": oneLine("100", 21)})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["exchange_rate"][0] != "can't be blank" {
		t.Fatalf("EUR without rate: %d %s", status, b)
	}
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "currency": "EUR", "exchange_rate": "25.0", "lines": oneLine("100", 21)})
	if x.Total.String() != "121.0" || x.NativeTotal.String() != "3025.0" || x.Currency != "EUR" {
		t.Fatalf("totals %s native %s", x.Total, x.NativeTotal)
	}
	y := createExpense(t, e, map[string]any{"subject_id": sup.ID})
	if y.ExchangeRate.String() != "1.0" {
		t.Fatalf("home currency rate %q", y.ExchangeRate)
	}
}

func TestExpensesLinesRequiredAndPricesComputed(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	status, _, b := e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": sup.ID, "lines": []map[string]any{{"quantity": 2}}})
	errs := errorsOf(t, b)
	if status != http.StatusUnprocessableEntity || errs["lines.name"][0] != "can't be blank" || errs["lines.unit_price"][0] != "can't be blank" {
		t.Fatalf("line without name/price: %d %s", status, b)
	}
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "lines": []map[string]any{
		{"name": "Papír", "quantity": "2", "unit_price": "100", "vat_rate": "21"},
		{"name": "Kniha", "quantity": "1", "unit_price": "50", "vat_rate": 0},
	}})
	if x.Subtotal.String() != "250.0" || x.Total.String() != "292.0" || len(x.VatRatesSummary) != 2 {
		t.Fatalf("without_vat totals: %s %s %v", x.Subtotal, x.Total, x.VatRatesSummary)
	}
	if x.Lines[0].UnitPriceWithVat.String() != "121.0" || x.Lines[0].TotalVat.String() != "42.0" {
		t.Fatalf("line prices %+v", x.Lines[0])
	}
	// from_total_with_vat reads unit_price as including VAT.
	y := createExpense(t, e, map[string]any{"subject_id": sup.ID, "vat_price_mode": "from_total_with_vat", "lines": oneLine("121", 21)})
	if y.Subtotal.String() != "100.0" || y.Total.String() != "121.0" {
		t.Fatalf("from_total_with_vat: %s %s", y.Subtotal, y.Total)
	}
	// Reverse charge: no VAT.
	z := createExpense(t, e, map[string]any{"subject_id": sup.ID, "transferred_tax_liability": true, "lines": oneLine("100", 21)})
	if z.Total.String() != "100.0" {
		t.Fatalf("reverse charge total %s", z.Total)
	}
	// Lines edited by id, deleted with _destroy, added without id.
	status, _, b = e.do("PATCH", expensePath(e, x.ID, ".json"), map[string]any{"lines": []map[string]any{
		{"id": x.Lines[0].ID, "quantity": "3"},
		{"id": x.Lines[1].ID, "_destroy": true},
		{"name": "Toner", "unit_price": "10", "vat_rate": 21},
	}})
	got := decode[apiclient.Expense](t, b)
	if status != http.StatusOK || len(got.Lines) != 2 || got.Lines[0].Quantity.String() != "3.0" || got.Lines[1].Name != "Toner" || got.Total.String() != "375.1" {
		t.Fatalf("line edit: %d total %s lines %+v", status, got.Total, got.Lines)
	}
}

func TestExpensesAttachmentsFromDataURIs(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	pdf := []byte("%PDF-1.4 receipt")
	status, _, b := e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": sup.ID, "attachments": []map[string]any{{"data_url": "data:application/pdf,nobase64"}}})
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["attachments.data_url"]) == 0 {
		t.Fatalf("bad data uri: %d %s", status, b)
	}
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "attachments": []map[string]any{
		{"data_url": "data:application/pdf;base64," + base64.StdEncoding.EncodeToString(pdf)},
		{"filename": "účtenka.png", "data_url": "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte{0x89, 'P', 'N', 'G'})},
	}})
	if len(x.Attachments) != 2 || x.Attachments[0].Filename != "attachment.pdf" || x.Attachments[0].ContentType != "application/pdf" || x.Attachments[1].Filename != "účtenka.png" {
		t.Fatalf("attachments %+v", x.Attachments)
	}
	want := e.TS.URL + "/api/v3" + expensePath(e, x.ID, fmt.Sprintf("/attachments/%d/download", x.Attachments[0].ID))
	if x.Attachments[0].DownloadURL != want {
		t.Fatalf("download_url %q, want %q", x.Attachments[0].DownloadURL, want)
	}
	status, h, body := e.do("GET", strings.TrimPrefix(want, e.TS.URL+"/api/v3"), nil)
	if status != http.StatusOK || string(body) != string(pdf) {
		t.Fatalf("download: %d %q", status, body)
	}
	if h.Get("Content-Type") != "application/pdf" || h.Get("Content-Transfer-Encoding") != "binary" ||
		h.Get("Content-Disposition") != `attachment; filename="attachment.pdf"` || h.Get("Content-Length") != fmt.Sprint(len(pdf)) {
		t.Fatalf("headers %v", h)
	}
	if status, _, _ := e.do("GET", expensePath(e, x.ID, "/attachments/9999/download"), nil); status != http.StatusNotFound {
		t.Fatalf("unknown attachment: %d", status)
	}
	// A file that cannot be downloaded answers 204.
	e.Srv.Do(func() { delete(e.Setup.Account.Attachments, x.Attachments[1].ID) })
	if status, _, _ := e.do("GET", expensePath(e, x.ID, fmt.Sprintf("/attachments/%d/download", x.Attachments[1].ID)), nil); status != http.StatusNoContent {
		t.Fatalf("missing file: %d, want 204", status)
	}
}

func TestExpensesBecomeOverdueOnceWithEvent(t *testing.T) {
	e := newEnv(t, longTokens)
	sup := supplier(t, e)
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "due_on": "2026-11-03", "lines": oneLine("100", 21)})
	if x.Status != "open" {
		t.Fatalf("status %q", x.Status)
	}
	e.Clock.Advance(48 * time.Hour)
	_, _, b := e.do("GET", expensePath(e, x.ID, ".json"), nil)
	if got := decode[apiclient.Expense](t, b); got.Status != "overdue" {
		t.Fatalf("after due date: %q", got.Status)
	}
	e.do("GET", expensePath(e, x.ID, ".json"), nil)
	if n := countEvents(e, "expense_overdue"); n != 1 {
		t.Fatalf("expense_overdue written %d times", n)
	}
	_, _, b = e.do("GET", e.acct("expenses.json?status=overdue"), nil)
	if got := decode[[]apiclient.Expense](t, b); len(got) != 1 {
		t.Fatalf("status filter: %d", len(got))
	}
}

func TestExpensesPaymentsFollowTheStateTable(t *testing.T) {
	e := newEnv(t, longTokens)
	sup := supplier(t, e)
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "variable_symbol": "2026001", "due_on": "2026-11-05", "lines": oneLine("1000", 21)})
	pay := func(body any) (int, []byte) {
		status, _, b := e.do("POST", expensePath(e, x.ID, "/payments.json"), body)
		return status, b
	}
	status, b := pay(map[string]any{"amount": "abc"})
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["amount"][0] != "is not a number" {
		t.Fatalf("bad amount: %d %s", status, b)
	}
	status, b = pay(map[string]any{"amount": "210"})
	p1 := decode[apiclient.Payment](t, b)
	if status != http.StatusCreated || p1.MarkDocumentAsPaid || p1.Currency != "CZK" || p1.VariableSymbol != "2026001" || p1.BankAccountID == nil || *p1.BankAccountID != 1 || p1.PaidOn.String() != "2026-11-02" {
		t.Fatalf("partial payment: %d %+v", status, p1)
	}
	if countEvents(e, "expense_payment_added") != 1 {
		t.Fatal("no expense_payment_added")
	}
	// No amount: the remaining 1000.
	status, b = pay(map[string]any{})
	p2 := decode[apiclient.Payment](t, b)
	if status != http.StatusCreated || p2.Amount.String() != "1000.0" || p2.NativeAmount.String() != "1000.0" {
		t.Fatalf("default amount: %d %+v", status, p2)
	}
	_, _, b = e.do("GET", expensePath(e, x.ID, ".json"), nil)
	got := decode[apiclient.Expense](t, b)
	if got.Status != "paid" || got.PaidOn.String() != "2026-11-02" || len(got.Payments) != 2 {
		t.Fatalf("after full payment: %+v", got)
	}
	var paidParams map[string]any
	e.Srv.Do(func() {
		for _, ev := range e.Setup.Account.Events {
			if ev.Name == "expense_paid" {
				paidParams = ev.Params
			}
		}
	})
	if pp, ok := paidParams["payment"].(sandbox.Payment); !ok || pp.ID != p2.ID {
		t.Fatalf("expense_paid params %v", paidParams)
	}
	status, b = pay(map[string]any{"amount": "1"})
	if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "forbidden" {
		t.Fatalf("paying a paid expense: %d %s", status, b)
	}
	// Deleting a payment of a paid expense: unpaid again, overdue by its due date.
	e.Clock.Advance(96 * time.Hour)
	if status, _, _ := e.do("DELETE", expensePath(e, x.ID, fmt.Sprintf("/payments/%d.json", p2.ID)), nil); status != http.StatusNoContent {
		t.Fatalf("delete payment: %d", status)
	}
	_, _, b = e.do("GET", expensePath(e, x.ID, ".json"), nil)
	got = decode[apiclient.Expense](t, b)
	if got.Status != "overdue" || !got.PaidOn.IsZero() || len(got.Payments) != 1 {
		t.Fatalf("after removal: status %q paid_on %v payments %d", got.Status, got.PaidOn, len(got.Payments))
	}
	if countEvents(e, "expense_payment_removed") != 1 {
		t.Fatal("no expense_payment_removed")
	}
	if status, _, _ := e.do("DELETE", expensePath(e, x.ID, "/payments/9999.json"), nil); status != http.StatusNotFound {
		t.Fatalf("unknown payment: %d", status)
	}
}

func TestExpensesMarkAsPaidFalseKeepsItUnpaid(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "currency": "EUR", "exchange_rate": "25", "lines": oneLine("100", 0)})
	status, _, b := e.do("POST", expensePath(e, x.ID, "/payments.json"), map[string]any{"mark_document_as_paid": false})
	p := decode[apiclient.Payment](t, b)
	if status != http.StatusCreated || p.Amount.String() != "100.0" || p.NativeAmount.String() != "2500.0" || p.Currency != "EUR" || p.MarkDocumentAsPaid {
		t.Fatalf("payment %d %+v", status, p)
	}
	_, _, b = e.do("GET", expensePath(e, x.ID, ".json"), nil)
	if got := decode[apiclient.Expense](t, b); got.Status != "open" {
		t.Fatalf("status %q, want open", got.Status)
	}
}

func TestExpensesUnpairedPaymentRaisesTodo(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "variable_symbol": "111", "lines": oneLine("1000", 21)})
	if status, _, b := e.do("POST", expensePath(e, x.ID, "/payments.json"), map[string]any{"variable_symbol": "999"}); status != http.StatusCreated {
		t.Fatalf("payment: %d %s", status, b)
	}
	todos := listTodos(t, e)
	var found bool
	for _, td := range todos {
		if td.Name == "expense_payment_unpaired" && strings.Contains(td.Text, "VS: 999, částka:\u00a01 210,00 Kč") && len(td.RelatedObjects) == 1 && td.RelatedObjects[0].ID == x.ID {
			found = true
		}
	}
	if !found {
		t.Fatalf("no expense_payment_unpaired to-do in %+v", todos)
	}
}

func TestExpensesLockRefusesChanges(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	x := createExpense(t, e, map[string]any{"subject_id": sup.ID, "lines": oneLine("100", 21)})
	fire := func(ev string) (int, []byte) {
		status, _, b := e.do("POST", expensePath(e, x.ID, "/fire.json?event="+ev), nil)
		return status, b
	}
	if status, _ := fire("lock"); status != http.StatusNoContent {
		t.Fatalf("lock: %d", status)
	}
	status, b := fire("lock")
	if status != http.StatusUnprocessableEntity || errorsOf(t, b)["event"][0] != "lock cannot be fired" {
		t.Fatalf("second lock: %d %s", status, b)
	}
	_, _, b = e.do("GET", expensePath(e, x.ID, ".json"), nil)
	if decode[apiclient.Expense](t, b).LockedAt.IsZero() {
		t.Fatal("locked_at not set")
	}
	for _, req := range []struct{ method, path string }{
		{"PATCH", expensePath(e, x.ID, ".json")},
		{"POST", expensePath(e, x.ID, "/payments.json")},
	} {
		status, _, b := e.do(req.method, req.path, map[string]any{"description": "x"})
		if code, _ := refusalOf(t, b); status != http.StatusForbidden || code != "document_locked" {
			t.Fatalf("%s %s on locked: %d %s", req.method, req.path, status, b)
		}
	}
	// The docs answer a delete that cannot be done with 422 errors.document.
	if status, _, b := e.do("DELETE", expensePath(e, x.ID, ".json"), nil); status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["document"]) != 1 {
		t.Fatalf("DELETE on locked: %d %s", status, b)
	}
	if status, _ := fire("unlock"); status != http.StatusNoContent {
		t.Fatalf("unlock: %d", status)
	}
	if status, b := fire("explode"); status != http.StatusUnprocessableEntity || errorsOf(t, b)["event"][0] != "explode cannot be fired" {
		t.Fatalf("unknown event: %d %s", status, b)
	}
	if countEvents(e, "expense_locked") != 1 || countEvents(e, "expense_unlocked") != 1 {
		t.Fatalf("lock events: %v", eventNames(e))
	}
	if status, _, _ := e.do("DELETE", expensePath(e, x.ID, ".json"), nil); status != http.StatusNoContent {
		t.Fatalf("delete after unlock: %d", status)
	}
	if countEvents(e, "expense_removed") != 1 {
		t.Fatal("no expense_removed")
	}
}

func TestExpensesIndexFiltersAndSearch(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	other := createSubject(t, e, map[string]any{"name": "Jiný dodavatel"})
	a := createExpense(t, e, map[string]any{"subject_id": sup.ID, "custom_id": "A", "variable_symbol": "777", "document_type": "bill", "tags": []string{"auto", "2026"}, "lines": []map[string]any{{"name": "Benzín Natural", "unit_price": 1000}}})
	createExpense(t, e, map[string]any{"subject_id": other.ID, "original_number": "FV-555", "tags": []string{"auto"}, "private_note": "zaplaceno kartou"})
	check := func(query string, want int) {
		t.Helper()
		status, _, b := e.do("GET", e.acct(query), nil)
		if status != http.StatusOK {
			t.Fatalf("%s: %d %s", query, status, b)
		}
		if got := decode[[]apiclient.Expense](t, b); len(got) != want {
			t.Fatalf("%s: %d results, want %d", query, len(got), want)
		}
	}
	check(fmt.Sprintf("expenses.json?subject_id=%d", sup.ID), 1)
	check("expenses.json?custom_id=A", 1)
	check("expenses.json?number="+a.Number, 1)
	check("expenses.json?variable_symbol=777", 1)
	check("expenses.json?document_type=bill", 1)
	check("expenses.json?document_type=invoice", 1)
	check("expenses.json?status=paid", 0)
	check("expenses/search.json?query=natural", 1)
	check("expenses/search.json?query=fv-555", 1)
	check("expenses/search.json?query=KARTOU", 1)
	check("expenses/search.json?query=12345678", 1)
	check("expenses/search.json?tags[]=auto", 2)
	check("expenses/search.json?tags[]=auto&tags[]=2026", 1)
	check("expenses/search.json?query=auto", 0) // tags only through tags
	if status, _, _ := e.do("GET", e.acct("expenses.json?until=2026-13-45"), nil); status != http.StatusBadRequest {
		t.Fatalf("bad until: %d", status)
	}
}

func TestExpensesInventoryLinesMoveStockIn(t *testing.T) {
	e := newEnv(t)
	sup := supplier(t, e)
	status, _, b := e.do("POST", e.acct("inventory_items.json"), map[string]any{
		"name": "Toner", "sku": "TON-1", "track_quantity": true, "quantity": "0", "native_purchase_price": "100", "native_retail_price": "200",
	})
	if status != http.StatusCreated {
		t.Fatalf("create inventory item: %d %s", status, b)
	}
	item := decode[apiclient.InventoryItem](t, b)
	status, _, b = e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": sup.ID, "lines": []map[string]any{{"inventory_item_id": item.ID, "quantity": "5", "unit_price": "90"}}})
	x := decode[apiclient.Expense](t, b)
	if status != http.StatusCreated || x.Lines[0].Inventory == nil || x.Lines[0].Inventory.ItemID != item.ID || x.Lines[0].Inventory.MoveID == 0 || x.Lines[0].Name != "Toner" {
		t.Fatalf("linked line: %d %s", status, b)
	}
	_, _, b = e.do("GET", e.acct(fmt.Sprintf("inventory_items/%d.json", item.ID)), nil)
	if got := decode[apiclient.InventoryItem](t, b); got.Quantity.Dec().IntPart() != 5 {
		t.Fatalf("quantity after the expense: %s", got.Quantity)
	}
	if status, _, _ := e.do("DELETE", expensePath(e, x.ID, ".json"), nil); status != http.StatusNoContent {
		t.Fatalf("delete: %d", status)
	}
	_, _, b = e.do("GET", e.acct(fmt.Sprintf("inventory_items/%d.json", item.ID)), nil)
	if got := decode[apiclient.InventoryItem](t, b); !got.Quantity.Dec().IsZero() {
		t.Fatalf("quantity after deleting the expense: %s", got.Quantity)
	}
	status, _, b = e.do("POST", e.acct("expenses.json"), map[string]any{"subject_id": sup.ID, "lines": []map[string]any{{"inventory_item_id": 9999, "unit_price": "1"}}})
	if status != http.StatusUnprocessableEntity || len(errorsOf(t, b)["lines.inventory_item_id"]) == 0 {
		t.Fatalf("unknown item: %d %s", status, b)
	}
}

// listTodos reads the to-dos through the API (todos.json); a refusal fails
// the test.
func listTodos(t *testing.T, e *env) []apiclient.Todo {
	t.Helper()
	status, _, b := e.do("GET", e.acct("todos.json"), nil)
	if status != http.StatusOK {
		t.Fatalf("todos.json answers %d: %s", status, b)
	}
	return decode[[]apiclient.Todo](t, b)
}
