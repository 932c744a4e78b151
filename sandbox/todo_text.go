package sandbox

import (
	"fmt"

	"github.com/shopspring/decimal"
)

// TodoText is a to-do's text as the service writes it from the to-do's name
// and params: in Czech, with the no-break spaces its typography puts after
// short words (the docs' examples of GET /todos.json, whatever the account's
// language). A name the docs show no text of gets "".
func TodoText(name string, params map[string]any) string {
	p := func(k string) string { s, _ := params[k].(string); return s }
	switch name {
	case "inbox_files_too_many_attachments":
		return "Počet příloh v\u00a0emailu překračuje zbývající kapacitu krabice"
	case "account_exceeded_vat_turnover_limit":
		return "Zdá se, že\u00a0jste překročili obrat pro\u00a0povinnou registrace k\u00a0DPH."
	case "email_bounced":
		return "Email na\u00a0" + p("email") + " se\u00a0nepodařil doručit"
	case "expense_payment_unpaired":
		amount, err := decimal.NewFromString(p("amount"))
		if err != nil {
			amount = decimal.Zero
		}
		return fmt.Sprintf("Nespárovaná odchozí platba - VS: %s, částka:\u00a0%s ", p("variable_symbol"), todoMoney(amount, p("currency")))
	}
	return ""
}

// todoMoney is an amount as the to-dos' texts write it: "€ 123,00",
// "1 210,00 Kč", "99,00 USD".
func todoMoney(d decimal.Decimal, currency string) string {
	switch currency {
	case "EUR":
		return "€ " + czechNumber(d)
	case "CZK":
		return czechNumber(d) + " Kč"
	}
	return czechMoney(d, currency)
}
