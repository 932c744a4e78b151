package report

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/internal/csvsafe"
)

// The JSON shape of a report (README, "kasa report"): amounts are decimal
// strings with two places, exact; VAT rates are written as the service
// writes them ("21", "12", "0").
type (
	jsonReport struct {
		Period        string      `json:"period"`
		From          string      `json:"from"`
		To            string      `json:"to"`
		Currency      string      `json:"currency"`
		AsOf          string      `json:"as_of"`
		Invoiced      jsonSum     `json:"invoiced"`
		Proformas     jsonSum     `json:"proformas"`
		Received      jsonSum     `json:"received"`
		Expenses      jsonSum     `json:"expenses"`
		OutputVat     []jsonRate  `json:"output_vat"`
		InputVat      []jsonRate  `json:"input_vat"`
		ReverseCharge []jsonRate  `json:"reverse_charge_vat"`
		VatBalance    string      `json:"vat_balance"`
		Unpaid        jsonUnpaid  `json:"unpaid"`
		Months        []jsonMonth `json:"months"`
	}
	jsonSum struct {
		Count      int    `json:"count"`
		Total      string `json:"total"`
		WithoutVat string `json:"without_vat,omitempty"`
	}
	jsonRate struct {
		VatRate string `json:"vat_rate"`
		Base    string `json:"base"`
		Vat     string `json:"vat"`
	}
	jsonUnpaid struct {
		Total      string            `json:"total"`
		Count      int               `json:"count"`
		ByCurrency []jsonMoney       `json:"by_currency"`
		ByAge      map[string]string `json:"by_age"`
		Debtors    []jsonDebtor      `json:"debtors"`
	}
	jsonMoney struct {
		Currency string `json:"currency"`
		Amount   string `json:"amount"`
	}
	jsonDebtor struct {
		SubjectID int64  `json:"subject_id"`
		Name      string `json:"name"`
		Amount    string `json:"amount"`
		Count     int    `json:"count"`
	}
	jsonMonth struct {
		Month    string `json:"month"`
		Invoiced string `json:"invoiced"`
		Expenses string `json:"expenses"`
	}
)

// money is an amount as the report writes it.
func money(d decimal.Decimal) string { return d.StringFixed(2) }

// Date is the day as YYYY-MM-DD.
func (d Day) String() string {
	if d == 0 {
		return ""
	}
	return d.Time().Format("2006-01-02")
}

func sumJSON(s Sum, withoutVat bool) jsonSum {
	j := jsonSum{Count: s.Count, Total: money(s.Total)}
	if withoutVat {
		j.WithoutVat = money(s.WithoutVat)
	}
	return j
}

func ratesJSON(rates []Rate) []jsonRate {
	out := make([]jsonRate, len(rates))
	for i, r := range rates {
		out[i] = jsonRate{VatRate: r.Rate.String(), Base: money(r.Base), Vat: money(r.Vat)}
	}
	return out
}

func (r Report) json() jsonReport {
	u := r.Unpaid
	j := jsonReport{Period: r.Period.Name, From: r.Period.From.String(), To: r.Period.To.String(),
		Currency: r.Currency, AsOf: r.Today.String(),
		Invoiced: sumJSON(r.Invoiced, true), Proformas: sumJSON(r.Proformas, true),
		Received: sumJSON(r.Received, false), Expenses: sumJSON(r.Expenses, true),
		OutputVat: ratesJSON(r.Output), InputVat: ratesJSON(r.Input), ReverseCharge: ratesJSON(r.ReverseCharge),
		VatBalance: money(r.Balance()),
		Unpaid: jsonUnpaid{Total: money(u.Native), Count: u.Count, ByCurrency: []jsonMoney{},
			ByAge: map[string]string{}, Debtors: []jsonDebtor{}},
	}
	for _, m := range u.ByCurrency {
		j.Unpaid.ByCurrency = append(j.Unpaid.ByCurrency, jsonMoney{Currency: m.Currency, Amount: money(m.Amount)})
	}
	for i, name := range AgeNames {
		j.Unpaid.ByAge[name] = money(u.ByAge[i])
	}
	for _, d := range u.Debtors {
		j.Unpaid.Debtors = append(j.Unpaid.Debtors, jsonDebtor{SubjectID: d.SubjectID, Name: d.Name, Amount: money(d.Native), Count: d.Count})
	}
	for _, m := range r.Months {
		j.Months = append(j.Months, jsonMonth{Month: m.Period.Name, Invoiced: money(m.Invoiced), Expenses: money(m.Expenses)})
	}
	return j
}

// WriteJSON writes the report as indented JSON.
func (r Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(r.json()); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}

// WriteCSV writes the report as rows of section, name, vat_rate, base,
// vat, amount, count: one row per figure, for spreadsheets and accounting
// software.
func (r Report) WriteCSV(w io.Writer) error {
	j := r.json()
	rows := [][]string{{"section", "name", "vat_rate", "base", "vat", "amount", "count"},
		{"period", j.Period, "", "", "", "", ""},
		{"currency", j.Currency, "", "", "", "", ""},
		{"as_of", j.AsOf, "", "", "", "", ""}}
	for _, s := range []struct {
		name string
		sum  jsonSum
	}{{"invoiced", j.Invoiced}, {"proformas", j.Proformas}, {"received", j.Received}, {"expenses", j.Expenses}} {
		rows = append(rows, []string{s.name, "total", "", s.sum.WithoutVat, "", s.sum.Total, fmt.Sprint(s.sum.Count)})
	}
	for _, s := range []struct {
		name  string
		rates []jsonRate
	}{{"output_vat", j.OutputVat}, {"input_vat", j.InputVat}, {"reverse_charge_vat", j.ReverseCharge}} {
		for _, x := range s.rates {
			rows = append(rows, []string{s.name, "", x.VatRate, x.Base, x.Vat, "", ""})
		}
	}
	rows = append(rows, []string{"vat_balance", "", "", "", "", j.VatBalance, ""},
		[]string{"unpaid", "total", "", "", "", j.Unpaid.Total, fmt.Sprint(j.Unpaid.Count)})
	for _, m := range j.Unpaid.ByCurrency {
		rows = append(rows, []string{"unpaid_currency", m.Currency, "", "", "", m.Amount, ""})
	}
	for _, name := range AgeNames {
		rows = append(rows, []string{"unpaid_age", name, "", "", "", j.Unpaid.ByAge[name], ""})
	}
	for _, d := range j.Unpaid.Debtors {
		rows = append(rows, []string{"debtor", d.Name, "", "", "", d.Amount, fmt.Sprint(d.Count)})
	}
	for _, m := range j.Months {
		rows = append(rows, []string{"month_invoiced", m.Month, "", "", "", m.Invoiced, ""},
			[]string{"month_expenses", m.Month, "", "", "", m.Expenses, ""})
	}
	// section and name are text (a debtor's name is the service's);
	// the rest are numbers.
	if err := csvsafe.WriteRows(w, rows, []bool{false, false, true, true, true, true, true}); err != nil {
		return fmt.Errorf("write report: %w", err)
	}
	return nil
}
