package apiclient

import (
	"bytes"
	"encoding/json"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// decodeStrict decodes like the client, but refuses a fixture key that no
// field's json tag takes: a misnamed tag fails here as well as in the diff.
func decodeStrict(t *testing.T, b []byte, out any) {
	t.Helper()
	d := json.NewDecoder(bytes.NewReader(b))
	d.DisallowUnknownFields()
	if err := d.Decode(out); err != nil {
		t.Fatalf("decode: %v", err)
	}
}

func TestFixturesDecodeEveryField(t *testing.T) {
	cases := []struct {
		file string
		into func() any
		want func(t testing.TB) any
		skip []string
	}{
		{"user_current.json", func() any { return new(CurrentUser) }, func(t testing.TB) any { return wantCurrentUser(t) }, nil},
		{"user.json", func() any { return new(User) }, func(t testing.TB) any { u := wantUser(t); return &u }, nil},
		{"bank_account.json", func() any { return new(BankAccount) }, func(t testing.TB) any { b := wantBankAccount(t); return &b }, nil},
		{"number_format.json", func() any { return new(NumberFormat) }, func(t testing.TB) any { n := wantNumberFormat(t); return &n }, nil},
		{"payment.json", func() any { return new(Payment) }, func(t testing.TB) any { return wantPayment(t) }, nil},
		{"subject.json", func() any { return new(Subject) }, func(t testing.TB) any { return wantSubject(t) }, nil},
		{"expense.json", func() any { return new(Expense) }, func(t testing.TB) any { return wantExpense(t) }, nil},
		{"invoice.json", func() any { return new(Invoice) }, func(t testing.TB) any { return wantInvoice(t) }, nil},
		{"generator.json", func() any { return new(Generator) }, func(t testing.TB) any { return wantGenerator(t) }, nil},
		{"recurring_generator.json", func() any { return new(RecurringGenerator) }, func(t testing.TB) any { return wantRecurringGenerator(t) },
			[]string{"Lines.TotalPriceWithoutVat", "Lines.TotalVat", "Lines.NativeTotalPriceWithoutVat", "Lines.NativeTotalVat", "Lines.Inventory"}},
		{"inventory_item.json", func() any { return new(InventoryItem) }, func(t testing.TB) any { return wantInventoryItem(t) }, nil},
		{"inventory_move.json", func() any { return new(InventoryMove) }, func(t testing.TB) any { return wantInventoryMove(t) }, nil},
		{"inbox_file.json", func() any { return new(InboxFile) }, func(t testing.TB) any { return wantInboxFile(t) }, nil},
		{"todo.json", func() any { return new(Todo) }, func(t testing.TB) any { return wantTodo(t) }, nil},
		{"event.json", func() any { return new(Event) }, func(t testing.TB) any { e := wantEvent(t); return &e }, nil},
		{"webhook.json", func() any { return new(Webhook) }, func(t testing.TB) any { return wantWebhook(t) }, nil},
		{"failed_delivery.json", func() any { return new(FailedDelivery) }, func(t testing.TB) any { f := wantFailedDelivery(t); return &f }, nil},
	}
	for _, tc := range cases {
		t.Run(tc.file, func(t *testing.T) {
			got := tc.into()
			decodeStrict(t, fixture(t, tc.file), got)
			want := tc.want(t)
			if d := cmp.Diff(want, got, cmpOpts); d != "" {
				t.Errorf("decoded %s (-want +got):\n%s", tc.file, d)
			}
			assertAllSet(t, want, tc.skip...)
		})
	}
}

// Account decodes itself (the OCR vendor's keys vary), so unknown keys are
// checked by hand: every key of the fixture is a field's tag or a vendor key.
func TestAccountDecodesEveryField(t *testing.T) {
	b := fixture(t, "account.json")
	var got Account
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	want := wantAccount(t)
	if d := cmp.Diff(want, &got, cmpOpts); d != "" {
		t.Errorf("account (-want +got):\n%s", d)
	}
	assertAllSet(t, want)
	tags := map[string]bool{}
	tp := reflect.TypeOf(Account{})
	for i := 0; i < tp.NumField(); i++ {
		tags[strings.Split(tp.Field(i).Tag.Get("json"), ",")[0]] = true
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(b, &raw); err != nil {
		t.Fatal(err)
	}
	for k := range raw {
		if !tags[k] && !strings.HasPrefix(k, "digitoo_") {
			t.Errorf("account key %q has no field", k)
		}
	}
	// Writing it back keeps the vendor keys (the sandbox serves accounts).
	out, err := json.Marshal(got)
	if err != nil {
		t.Fatal(err)
	}
	var again Account
	if err := json.Unmarshal(out, &again); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, &again, cmpOpts); d != "" {
		t.Errorf("account round trip (-want +got):\n%s", d)
	}
}

func TestModelHelpers(t *testing.T) {
	e := wantExpense(t)
	if !e.Locked() {
		t.Error("expense with locked_at is not Locked")
	}
	e.LockedAt = DateTime{}
	if e.Locked() {
		t.Error("expense without locked_at is Locked")
	}
	todo := wantTodo(t)
	if !todo.Completed() {
		t.Error("to-do with completed_at is not Completed")
	}
	todo.CompletedAt = DateTime{}
	if todo.Completed() {
		t.Error("open to-do is Completed")
	}
	it := wantInventoryItem(t) // quantity 12.0 under min 20.0
	if !it.BelowMinimum() {
		t.Error("12.0 of min 20.0 is not BelowMinimum")
	}
	it.Quantity = dec("20")
	if it.BelowMinimum() {
		t.Error("20 of min 20.0 is BelowMinimum")
	}
	it.Quantity, it.TrackQuantity = dec("1"), false
	if it.BelowMinimum() {
		t.Error("an untracked item is BelowMinimum")
	}
}

// Read-only fields never reach a request body: the params types have no place
// for them. Write-only fields (round_total, sku, inventory_item_id on lines) are
// sent, and the read types do not expect them back.
func TestParamsCarryNoReadOnlyFields(t *testing.T) {
	readOnly := map[reflect.Type][]string{
		reflect.TypeOf(SubjectParams{}):       {"id", "user_id", "unreliable", "unreliable_checked_at", "html_url", "url", "created_at", "updated_at"},
		reflect.TypeOf(ExpenseParams{}):       {"id", "status", "paid_on", "locked_at", "supplier_name", "subtotal", "total", "native_total", "rounding_adjustment", "vat_rates_summary", "payments", "html_url", "url", "created_at"},
		reflect.TypeOf(GeneratorParams{}):     {"id", "legacy_bank_details", "subtotal", "total", "native_subtotal", "native_total", "rounding_adjustment", "html_url", "url", "subject_url", "created_at"},
		reflect.TypeOf(LineParams{}):          {"unit_price_without_vat", "unit_price_with_vat", "total_price_without_vat", "total_vat", "native_total_price_without_vat", "native_total_vat", "inventory"},
		reflect.TypeOf(InventoryItemParams{}): {"id", "average_native_purchase_price", "archived", "created_at", "updated_at"},
		reflect.TypeOf(InventoryMoveParams{}): {"id", "inventory_item_id", "document", "created_at"},
		reflect.TypeOf(PaymentParams{}):       {"id", "currency", "created_at", "updated_at"},
		reflect.TypeOf(WebhookParams{}):       {"id", "failed_deliveries_uuid", "url", "created_at"},
		reflect.TypeOf(RetailPriceParams{}):   {"created_at", "updated_at"},
	}
	for tp, names := range readOnly {
		tags := jsonTags(tp)
		for _, n := range names {
			if tags[n] {
				t.Errorf("%s sends read-only %q", tp.Name(), n)
			}
		}
	}
	writeOnly := map[reflect.Type]string{
		reflect.TypeOf(ExpenseParams{}):   "round_total",
		reflect.TypeOf(GeneratorParams{}): "round_total",
		reflect.TypeOf(LineParams{}):      "sku",
	}
	for tp, n := range writeOnly {
		if !jsonTags(tp)[n] {
			t.Errorf("%s cannot send write-only %q", tp.Name(), n)
		}
	}
	for tp, n := range map[reflect.Type]string{reflect.TypeOf(Expense{}): "round_total", reflect.TypeOf(Generator{}): "round_total", reflect.TypeOf(Line{}): "sku"} {
		if jsonTags(tp)[n] {
			t.Errorf("%s expects write-only %q back", tp.Name(), n)
		}
	}
}

func jsonTags(tp reflect.Type) map[string]bool {
	out := map[string]bool{}
	for i := 0; i < tp.NumField(); i++ {
		f := tp.Field(i)
		if f.Anonymous {
			for k := range jsonTags(f.Type) {
				out[k] = true
			}
			continue
		}
		out[strings.Split(f.Tag.Get("json"), ",")[0]] = true
	}
	return out
}
