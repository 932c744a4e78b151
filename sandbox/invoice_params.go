package sandbox

import (
	"fmt"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
)

// The fields of an invoice a body may set (invApplyParams), its totals, and
// its numbering.

// invDefaultVS is the subject's fixed variable symbol, or the number's digits.
func invDefaultVS(a *Account, inv *apiclient.Invoice) string {
	if sub, ok := a.Subjects.Get(inv.SubjectID); ok && sub.VariableSymbol != "" {
		return sub.VariableSymbol
	}
	var b strings.Builder
	for _, r := range inv.Number {
		if r >= '0' && r <= '9' {
			b.WriteRune(r)
		}
	}
	return b.String()
}

// invApplyParams copies the sent fields onto inv (validated into errs) and
// recomputes lines, totals and the remaining amount. It returns the attachments to
// store on success.
func invApplyParams(a *Account, inv *apiclient.Invoice, p *apiclient.InvoiceParams, present map[string]bool, creating bool, errs Errors) []File {
	str := func(dst *string, v *string) {
		if v != nil {
			*dst = *v
		}
	}
	if p.SubjectID != nil {
		sub, ok := a.Subjects.Get(*p.SubjectID)
		if !ok {
			errs.Add("subject_id", MsgInvalid)
		} else {
			invCopyClient(inv, sub)
			if creating {
				if sub.Due != nil && p.Due == nil {
					inv.Due = *sub.Due
				}
				if sub.Currency != "" && p.Currency == nil {
					inv.Currency = sub.Currency
				}
				if sub.Language != "" && p.Language == nil {
					inv.Language = sub.Language
				}
			}
		}
	}
	if p.ProformaFollowupDocument != nil {
		if !invIsProforma(inv) || !subjOneOf(*p.ProformaFollowupDocument, proformaFollowups) {
			errs.Add("proforma_followup_document", MsgNotInList)
		}
		inv.ProformaFollowupDocument = *p.ProformaFollowupDocument
	}
	if p.Number != nil && *p.Number != inv.Number {
		if *p.Number != "" && invNumberTaken(a, *p.Number, inv.ID) {
			errs.Add("number", MsgTaken)
		}
		inv.Number = *p.Number
	}
	if p.NumberFormatID != nil {
		found := false
		for _, nf := range a.NumberFormats {
			found = found || nf.ID == *p.NumberFormatID
		}
		if !found {
			errs.Add("number_format_id", MsgInvalid)
		}
		id := *p.NumberFormatID
		inv.NumberFormatID = &id
	}
	if p.RelatedID != nil {
		if _, ok := a.Invoices.Get(*p.RelatedID); !ok || *p.RelatedID == inv.ID {
			errs.Add("related_id", MsgInvalid)
		}
		id := *p.RelatedID
		inv.RelatedID = &id
	}
	str(&inv.CustomID, p.CustomID)
	str(&inv.VariableSymbol, p.VariableSymbol)
	str(&inv.OrderNumber, p.OrderNumber)
	str(&inv.Note, p.Note)
	str(&inv.FooterNote, p.FooterNote)
	str(&inv.PrivateNote, p.PrivateNote)
	str(&inv.SupplyCode, p.SupplyCode)
	if p.Tags != nil {
		inv.Tags = append([]string{}, *p.Tags...)
	}
	for _, b := range []struct {
		v   *bool
		dst *bool
	}{{p.ShowAlreadyPaidNoteInPdf, &inv.ShowAlreadyPaidNoteInPdf}, {p.HideBankAccount, &inv.HideBankAccount}, {p.TransferredTaxLiability, &inv.TransferredTaxLiability}, {p.RoundTotal, &inv.RoundTotal}, {p.Paypal, &inv.Paypal}, {p.Gopay, &inv.Gopay}} {
		if b.v != nil {
			*b.dst = *b.v
		}
	}
	for _, l := range []struct {
		field   string
		v       *string
		dst     *string
		allowed []string
	}{
		{"language", p.Language, &inv.Language, invLanguages},
		{"oss", p.OSS, &inv.OSS, invOSSModes},
		{"iban_visibility", p.IBANVisibility, &inv.IBANVisibility, invIBANVisibility},
		{"vat_price_mode", p.VatPriceMode, &inv.VatPriceMode, finVatPriceModes},
	} {
		if l.v == nil {
			continue
		}
		if !subjOneOf(*l.v, l.allowed) {
			errs.Add(l.field, MsgNotInList)
		}
		*l.dst = *l.v
	}
	if p.BankAccountID != nil {
		if finBankAccount(a, *p.BankAccountID) == nil {
			errs.Add("bank_account_id", MsgInvalid)
		}
		id := *p.BankAccountID
		inv.BankAccountID = &id
	}
	if inv.BankAccountID != nil {
		if b := finBankAccount(a, *inv.BankAccountID); b != nil {
			inv.BankAccount, inv.IBAN, inv.SwiftBic = b.Number, b.IBAN, b.SwiftBic
		}
	}
	inv.PaymentMethod, inv.CustomPaymentMethod = finApplyPaymentMethod(inv.PaymentMethod, inv.CustomPaymentMethod, p.PaymentMethod, p.CustomPaymentMethod, errs)
	inv.Currency, inv.ExchangeRate = finApplyCurrency(a, inv.Currency, inv.ExchangeRate, p.Currency, p.ExchangeRate, errs)

	if p.IssuedOn != nil {
		inv.IssuedOn = *p.IssuedOn
	}
	if p.Due != nil {
		if *p.Due < 0 {
			errs.Add("due", "must be greater than or equal to 0")
		}
		inv.Due = *p.Due
	}
	switch {
	case p.TaxableFulfillmentDue != nil:
		inv.TaxableFulfillmentDue = *p.TaxableFulfillmentDue
	case present["taxable_fulfillment_due"]:
		inv.TaxableFulfillmentDue = apiclient.Date{}
	case creating && !invIsProforma(inv):
		inv.TaxableFulfillmentDue = inv.IssuedOn
	}
	inv.DueOn = apiclient.Date{Time: inv.IssuedOn.AddDate(0, 0, inv.Due)}

	lines, lineErrs := ApplyLines(a, inv.Lines, p.Lines, []string{"name", "unit_price"}, finItemLookup(a))
	for k, v := range lineErrs {
		errs[k] = append(errs[k], v...)
	}
	inv.Lines = lines
	invComputeTotals(a, inv)
	return finDecodeAttachments(p.Attachments, errs)
}

// invCopyClient copies the subject's details into the client_* fields.
func invCopyClient(inv *apiclient.Invoice, sub *apiclient.Subject) {
	inv.SubjectID, inv.SubjectCustomID = sub.ID, sub.CustomID
	inv.ClientName, inv.ClientStreet, inv.ClientCity, inv.ClientZip, inv.ClientCountry = sub.Name, sub.Street, sub.City, sub.Zip, sub.Country
	inv.ClientHasDeliveryAddress = sub.HasDeliveryAddress
	inv.ClientDeliveryName, inv.ClientDeliveryStreet, inv.ClientDeliveryCity = sub.DeliveryName, sub.DeliveryStreet, sub.DeliveryCity
	inv.ClientDeliveryZip, inv.ClientDeliveryCountry = sub.DeliveryZip, sub.DeliveryCountry
	inv.ClientRegistrationNo, inv.ClientVatNo, inv.ClientLocalVatNo = sub.RegistrationNo, sub.VatNo, sub.LocalVatNo
}

// invComputeTotals fills the lines' prices, the totals and the remaining amount.
func invComputeTotals(a *Account, inv *apiclient.Invoice) {
	mode := PriceMode{VatPriceMode: inv.VatPriceMode, ReverseCharge: inv.TransferredTaxLiability, NonVatPayer: a.Info.VatMode == apiclient.NonVatPayer, ExchangeRate: inv.ExchangeRate.Dec()}
	for i := range inv.Lines {
		ComputeLine(&inv.Lines[i], mode)
	}
	t := ComputeTotals(inv.Lines, mode, inv.Currency, a.Info.Currency, inv.RoundTotal)
	inv.Subtotal, inv.Total, inv.NativeSubtotal, inv.NativeTotal, inv.RoundingAdjustment = t.Subtotal, t.Total, t.NativeSubtotal, t.NativeTotal, t.RoundingAdjustment
	inv.VatRatesSummary = t.Summary
	invRemaining(inv)
}

// invNextNumber renders the default number format (%RRRR% year, %RR%, %CCCC%
// counter...) with the next free counter of the year's sequence. Proformas,
// corrections and tax documents have their own sequences, prefixed P, O and ZD.
func invNextNumber(a *Account, docType string, year int) string {
	format := "%RRRR%-%CCCC%"
	for _, nf := range a.NumberFormats {
		if nf.Default && nf.Format != "" {
			format = nf.Format
		}
	}
	prefix := invNumberPrefix(docType)
	taken := map[string]bool{}
	count := 0
	for _, inv := range a.Invoices.byID {
		taken[inv.Number] = true
		if invNumberPrefix(inv.DocumentType) == prefix && inv.IssuedOn.Year() == year {
			count++
		}
	}
	for n := count + 1; ; n++ {
		num := prefix + invRenderNumber(format, year, n)
		if !taken[num] {
			return num
		}
	}
}

func invNumberPrefix(docType string) string {
	switch docType {
	case apiclient.DocProforma, apiclient.DocPartialProforma:
		return "P"
	case apiclient.DocCorrection:
		return "O"
	case apiclient.DocTaxDocument:
		return "ZD"
	}
	return ""
}

func invRenderNumber(format string, year, n int) string {
	out := strings.NewReplacer("%RRRR%", fmt.Sprintf("%04d", year), "%RR%", fmt.Sprintf("%02d", year%100)).Replace(format)
	for _, tok := range []string{"%CCCCC%", "%CCCC%", "%CCC%", "%CC%", "%C%"} {
		if strings.Contains(out, tok) {
			return strings.Replace(out, tok, fmt.Sprintf("%0*d", len(tok)-2, n), 1)
		}
	}
	return out + fmt.Sprintf("%04d", n)
}

func invNumberTaken(a *Account, number string, self int64) bool {
	for id, inv := range a.Invoices.byID {
		if id != self && inv.Number == number {
			return true
		}
	}
	return false
}
