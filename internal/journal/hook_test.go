package journal

import "testing"

func TestClassifyPath(t *testing.T) {
	cases := []struct {
		method, path, body string
		kind               Kind
		target             string
	}{
		{"POST", "/accounts/f/invoices/12/payments.json", `{}`, KindPayment, "invoice:12"},
		{"POST", "/accounts/f/expenses/7/payments.json", `{}`, KindPayment, "expense:7"},
		{"POST", "/accounts/f/inventory_items/3/inventory_moves.json", `{}`, KindMove, "item:3"},
		{"POST", "/accounts/f/invoices/12/message.json", `{}`, KindEmail, "invoice:12"},
		{"POST", "/accounts/f/invoices.json", `{}`, KindInvoice, "invoices"},
		{"POST", "/accounts/f/recurring_generators.json", `{}`, KindGenerator, "recurring_generators"},
		{"POST", "/accounts/f/invoices/12/fire.json", `{}`, KindEvent, "invoice:12"},
		{"PATCH", "/accounts/f/invoices/12.json", `{"note":"x","lines":[{"id":4,"quantity":"2"}]}`, KindUpdate, "invoice:12"},
		{"PATCH", "/accounts/f/expenses/9.json", `{"lines":[{"id":4},{"name":"New"}]}`, KindLines, "expense:9"},
		{"DELETE", "/accounts/f/subjects/5.json", ``, KindDelete, "subject:5"},
		{"PATCH", "/accounts/f/inventory_items/3/inventory_moves/8.json", `{}`, KindUpdate, "item:3"},
	}
	for _, c := range cases {
		k, target := classifyPath(c.method, c.path, []byte(c.body))
		if k != c.kind || target != c.target {
			t.Errorf("%s %s: %s %s, want %s %s", c.method, c.path, k, target, c.kind, c.target)
		}
	}
}

func TestFieldsOfFlattensTheBody(t *testing.T) {
	got := fieldsOf([]byte(`{"amount":"12.50","paid_on":"2026-11-02","subject_id":12,"mark":true,
		"auth_header":"Bearer x","attachment":"data:...","lines":[{"name":"A","quantity":"2","unit_price":"10"},{"name":"B"}]}`))
	want := map[string]string{"amount": "12.50", "paid_on": "2026-11-02", "subject_id": "12", "mark": "true", "lines": "A|2|10\nB||"}
	if len(got) != len(want) {
		t.Fatalf("fields %q, want %q", got, want)
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("%s = %q, want %q", k, got[k], v)
		}
	}
}
