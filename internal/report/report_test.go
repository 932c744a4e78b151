package report

import (
	"encoding/json"
	"testing"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
)

func TestParsePeriod(t *testing.T) {
	for in, want := range map[string]Period{
		"2026-11": {Name: "2026-11", From: 20261101, To: 20261130},
		"2026-02": {Name: "2026-02", From: 20260201, To: 20260228},
		"2026-Q4": {Name: "2026-Q4", From: 20261001, To: 20261231},
		"2026-q1": {Name: "2026-Q1", From: 20260101, To: 20260331},
		"2026":    {Name: "2026", From: 20260101, To: 20261231},
	} {
		got, err := ParsePeriod(in)
		if err != nil || got != want {
			t.Errorf("ParsePeriod(%q) = %+v, %v; want %+v", in, got, err, want)
		}
	}
	for _, bad := range []string{"", "26-11", "2026-13", "2026-Q5", "2026-1", "november"} {
		if _, err := ParsePeriod(bad); err == nil {
			t.Errorf("ParsePeriod(%q) took it", bad)
		}
	}
	if got := Month(20260115).Shift(-1); got.Name != "2025-12" || got.To != 20251231 {
		t.Errorf("a month back from 2026-01: %+v", got)
	}
}

func TestAgeOf(t *testing.T) {
	today := Day(20261126)
	for due, want := range map[Day]int{20261126: AgeNotDue, 20261201: AgeNotDue, 20261125: Age1to30,
		20261027: Age1to30, 20261026: Age31to60, 20260927: Age31to60, 20260926: Age61to90, 20260828: Age61to90, 20260827: AgeOver90} {
		if got := AgeOf(due, today); got != want {
			t.Errorf("due %d: age %d, want %d", due, got, want)
		}
	}
}

// invoices reads documents as the service writes them.
func invoices(t *testing.T, js string) []apiclient.Invoice {
	t.Helper()
	var out []apiclient.Invoice
	if err := json.Unmarshal([]byte(js), &out); err != nil {
		t.Fatal(err)
	}
	return out
}

// A month's books with every kind of document the rules tell apart.
func TestBuildCountsEachDocumentOnce(t *testing.T) {
	invs := invoices(t, `[
	 {"id":1,"document_type":"proforma","status":"open","issued_on":"2026-11-02","currency":"CZK","subject_id":1,"client_name":"A",
	  "total":"1210.0","native_total":"1210.0","native_subtotal":"1000.0","remaining_amount":"1210.0","remaining_native_amount":"1210.0",
	  "vat_rates_summary":[{"vat_rate":21,"base":"1000.0","vat":"210.0","native_base":"1000.0","native_vat":"210.0"}]},
	 {"id":2,"document_type":"proforma","status":"paid","issued_on":"2026-11-03","currency":"CZK","subject_id":2,"client_name":"B",
	  "total":"2420.0","native_total":"2420.0","native_subtotal":"2000.0","remaining_amount":"0.0",
	  "payments":[{"paid_on":"2026-11-05","amount":"2420.0","native_amount":"2420.0"}],
	  "vat_rates_summary":[{"vat_rate":21,"base":"2000.0","vat":"420.0","native_base":"2000.0","native_vat":"420.0"}]},
	 {"id":3,"document_type":"final_invoice","status":"paid","issued_on":"2026-11-05","taxable_fulfillment_due":"2026-11-05","currency":"CZK","subject_id":2,"client_name":"B",
	  "total":"2420.0","native_total":"2420.0","native_subtotal":"2000.0","remaining_amount":"0.0",
	  "vat_rates_summary":[{"vat_rate":21,"base":"2000.0","vat":"420.0","native_base":"2000.0","native_vat":"420.0"}]},
	 {"id":4,"document_type":"invoice","status":"cancelled","issued_on":"2026-11-06","taxable_fulfillment_due":"2026-11-06","currency":"CZK","subject_id":3,"client_name":"C",
	  "total":"1120.0","native_total":"1120.0","remaining_amount":"1120.0",
	  "vat_rates_summary":[{"vat_rate":12,"base":"1000.0","vat":"120.0","native_base":"1000.0","native_vat":"120.0"}]},
	 {"id":5,"document_type":"invoice","status":"overdue","issued_on":"2026-10-20","taxable_fulfillment_due":"2026-11-01","due_on":"2026-11-10","currency":"EUR","exchange_rate":"25.0","subject_id":3,"client_name":"C",
	  "total":"121.0","native_total":"3025.0","native_subtotal":"2500.0","remaining_amount":"121.0","remaining_native_amount":"3025.0",
	  "vat_rates_summary":[{"vat_rate":21,"base":"100.0","vat":"21.0","native_base":"2500.0","native_vat":"525.0"}]},
	 {"id":6,"document_type":"correction","status":"paid","issued_on":"2026-11-20","taxable_fulfillment_due":"2026-11-20","currency":"EUR","subject_id":3,"client_name":"C",
	  "total":"-12.1","native_total":"-302.5","native_subtotal":"-250.0","remaining_amount":"0.0",
	  "vat_rates_summary":[{"vat_rate":21,"base":"-10.0","vat":"-2.1","native_base":"-250.0","native_vat":"-52.5"}]},
	 {"id":7,"document_type":"invoice","status":"uncollectible","issued_on":"2026-06-01","taxable_fulfillment_due":"2026-06-01","due_on":"2026-06-15","currency":"CZK","subject_id":4,"client_name":"D",
	  "total":"500.0","native_total":"500.0","remaining_amount":"500.0","remaining_native_amount":"500.0"}
	]`)
	var exps []apiclient.Expense
	if err := json.Unmarshal([]byte(`[
	 {"id":1,"issued_on":"2026-10-28","received_on":"2026-11-02","native_total":"242.0","native_subtotal":"200.0",
	  "vat_rates_summary":[{"vat_rate":21,"base":"200.0","vat":"42.0","native_base":"200.0","native_vat":"42.0"}]},
	 {"id":2,"issued_on":"2026-11-28","received_on":"2026-12-01","native_total":"100.0",
	  "vat_rates_summary":[{"vat_rate":21,"base":"100.0","vat":"21.0","native_base":"100.0","native_vat":"21.0"}]},
	 {"id":3,"issued_on":"2026-11-10","transferred_tax_liability":true,"native_total":"1000.0","native_subtotal":"1000.0",
	  "vat_rates_summary":[{"vat_rate":21,"base":"40.0","vat":"0.0","native_base":"1000.0","native_vat":"0.0"}]}
	]`), &exps); err != nil {
		t.Fatal(err)
	}
	r := Build(Month(20261101), "CZK", 20261126, invs, exps)
	check := func(what string, got Rate, base, vat string) {
		t.Helper()
		if got.Base.StringFixed(2) != base || got.Vat.StringFixed(2) != vat {
			t.Errorf("%s: base %s VAT %s, want %s and %s", what, got.Base.StringFixed(2), got.Vat.StringFixed(2), base, vat)
		}
	}
	// Output: final invoice 2000 + EUR invoice 2500 - correction 250; no
	// proforma, nothing cancelled.
	if len(r.Output) != 1 {
		t.Fatalf("output rates %+v", r.Output)
	}
	check("output 21%", r.Output[0], "4250.00", "892.50")
	if len(r.Input) != 1 || len(r.ReverseCharge) != 1 {
		t.Fatalf("input %+v reverse %+v", r.Input, r.ReverseCharge)
	}
	check("input 21% (received in November, not the one received in December)", r.Input[0], "200.00", "42.00")
	check("reverse charge 21%", r.ReverseCharge[0], "1000.00", "210.00")
	if got := r.Balance().StringFixed(2); got != "850.50" {
		t.Errorf("balance %s, want 850.50", got)
	}
	if r.Proformas.Count != 2 || r.Proformas.Total.StringFixed(2) != "3630.00" || r.Invoiced.Count != 3 {
		t.Errorf("proformas %+v invoiced %+v", r.Proformas, r.Invoiced)
	}
	if r.Received.Total.StringFixed(2) != "2420.00" {
		t.Errorf("received %s", r.Received.Total)
	}
	// Unpaid: the open proforma and the overdue EUR invoice; not the
	// cancelled nor the uncollectible one.
	u := r.Unpaid
	if u.Native.StringFixed(2) != "4235.00" || u.Count != 2 {
		t.Errorf("unpaid %s in %d", u.Native, u.Count)
	}
	if u.ByAge[AgeNotDue].StringFixed(2) != "1210.00" || u.ByAge[Age1to30].StringFixed(2) != "3025.00" {
		t.Errorf("by age %v", u.ByAge)
	}
	if len(u.Debtors) != 2 || u.Debtors[0].Name != "C" {
		t.Errorf("debtors %+v", u.Debtors)
	}
	// The documents behind each figure add up to it.
	sum := func(key string) string {
		total := decimal.Zero
		for _, d := range r.Docs[key] {
			total = total.Add(d.Amount)
		}
		return total.StringFixed(2)
	}
	for key, want := range map[string]decimal.Decimal{FigUnpaid: u.Native, FigInvoiced: r.Invoiced.Total,
		FigProformas: r.Proformas.Total, FigReceived: r.Received.Total, FigExpenses: r.Expenses.Total,
		RateKey(FigOutput, r.Output[0].Rate): r.Output[0].Vat, RateKey(FigInput, r.Input[0].Rate): r.Input[0].Vat,
		RateKey(FigReverse, r.ReverseCharge[0].Rate): r.ReverseCharge[0].Base, Key(FigAge, "1"): u.ByAge[Age1to30],
		Key(FigDebtor, "3"): u.Debtors[0].Native} {
		if got := sum(key); got != want.StringFixed(2) {
			t.Errorf("the documents of %s sum to %s, the figure is %s", key, got, want.StringFixed(2))
		}
	}
	if len(r.Months) != 12 || r.Months[11].Period.Name != "2026-11" || r.Months[11].Invoiced.StringFixed(2) != "5142.50" {
		t.Errorf("months: %+v", r.Months[11])
	}
}
