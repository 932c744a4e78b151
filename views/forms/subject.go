package forms

import (
	"context"
	"fmt"
	"strconv"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/nav"
)

// The choices of a subject's settings (api-v3.md, Subject).
var (
	subjectTypes = []form.Option{
		{Value: apiclient.SubjectCustomer, Label: "customer"},
		{Value: apiclient.SubjectSupplier, Label: "supplier"},
		{Value: apiclient.SubjectBoth, Label: "both"},
	}
	settingOptions = []form.Option{
		{Value: "inherit", Label: "inherit (account setting)"}, {Value: "on", Label: "on"}, {Value: "off", Label: "off"},
	}
	historyOptions = []form.Option{
		{Value: "", Label: "inherit (account setting)"}, {Value: "disabled", Label: "disabled"},
		{Value: "recent", Label: "recent"}, {Value: "client_portal", Label: "client portal"},
	}
)

// NewSubjectForm is the subject form for id "new" or a subject's id.
func NewSubjectForm(fd Deps, id ui.PageID) (ui.Page, error) {
	return recordForm(fd, id, locale.Key("subject"), locale.Key("New subject"),
		func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.Subject, error) {
			s, _, err := c.Subjects.Get(ctx, id)
			return s, err
		},
		func(ctx context.Context, c *apiclient.Client, s *apiclient.Subject) *form.Spec {
			// The account's settings only fill the placeholders: a failure costs nothing.
			acct, _, _ := c.Account.Get(ctx)
			spec := subjectSpec(fd, s, acct)
			if name, ok := strings.CutPrefix(id.ID, newID+":"); ok && s == nil {
				spec.Initial["name"] = name // from a picker that found no such subject
			}
			return spec
		})
}

// subjectValues are a subject's form values.
func subjectValues(s *apiclient.Subject) form.Values {
	v := form.Values{
		"name": s.Name, "type": s.Type, "full_name": s.FullName.String(), "email": s.Email, "email_copy": s.EmailCopy.String(),
		"phone": s.Phone.String(), "web": s.Web, "street": s.Street, "city": s.City, "zip": s.Zip, "country": s.Country,
		"has_delivery_address": form.BoolText(s.HasDeliveryAddress),
		"delivery_name":        s.DeliveryName.String(), "delivery_street": s.DeliveryStreet.String(), "delivery_city": s.DeliveryCity.String(),
		"delivery_zip": s.DeliveryZip.String(), "delivery_country": s.DeliveryCountry.String(),
		"registration_no": s.RegistrationNo, "vat_no": s.VatNo, "bank_account": s.BankAccount.String(), "iban": s.IBAN.String(),
		"swift_bic": s.SwiftBic.String(), "variable_symbol": s.VariableSymbol.String(), "due": "", "currency": s.Currency.String(),
		"custom_id": s.CustomID.String(), "private_note": s.PrivateNote.String(),
		"setting_update_from_ares":         s.SettingUpdateFromAres,
		"setting_invoice_pdf_attachments":  s.SettingInvoicePdfAttachments,
		"setting_estimate_pdf_attachments": s.SettingEstimatePdfAttachments,
		"setting_invoice_send_reminders":   s.SettingInvoiceSendReminders,
		"webinvoice_history":               "",
	}
	if !s.HasDeliveryAddress {
		// The service reports the account's country here; it is no input of the user's.
		v["delivery_country"] = ""
	}
	if s.Due != nil {
		v["due"] = strconv.Itoa(*s.Due)
	}
	if s.WebinvoiceHistory != nil {
		v["webinvoice_history"] = *s.WebinvoiceHistory
	}
	for _, k := range []string{"setting_update_from_ares", "setting_invoice_pdf_attachments", "setting_estimate_pdf_attachments", "setting_invoice_send_reminders"} {
		if v[k] == "" {
			v[k] = "inherit"
		}
	}
	return v
}

func subjectSpec(fd Deps, s *apiclient.Subject, acct *apiclient.Account) *form.Spec {
	editing := s != nil
	initial := subjectValues(&apiclient.Subject{Type: apiclient.SubjectCustomer})
	if editing {
		initial = subjectValues(s)
	}
	l := fd.L
	country, currency := "CZ", "CZK"
	dueHelp := l.T("Days from issue to due date; empty: the account's setting (emptied, it goes back to it).")
	if acct != nil {
		country, currency = acct.Country, acct.Currency
		if acct.Due > 0 {
			dueHelp = l.Tf("Days from issue to due date; empty: the account's setting, %s (emptied, it goes back to it).", l.Nf(acct.Due, "%d day|%d days", acct.Due))
		}
	}
	noDelivery := func(v form.Values) bool { return !v.Bool("has_delivery_address") }
	dueCheck := optional(checkDays)
	inherits := func(what string) func(v form.Values) string {
		return func(v form.Values) string {
			if strings.TrimSpace(v[what]) != "" {
				return ""
			}
			return l.T("inherits the account's setting")
		}
	}
	dueHint := inherits("due")
	fields := []form.Field{
		{Key: "name", Label: "Name", Validate: checkName, CharLimit: 255},
		{Key: "type", Label: "Type", Kind: form.FieldChoice, Options: subjectTypes},
		{Key: "full_name", Label: "Contact person"},
		{Key: "email", Label: "E-mail", Validate: checkEmail, Help: []string{locale.Key("Invoices are e-mailed to this address.")}},
		{Key: "email_copy", Label: "Copy e-mail", Validate: checkEmail},
		{Key: "phone", Label: "Phone"},
		{Key: "web", Label: "Web"},
		{Key: "street", Label: "Street"},
		{Key: "city", Label: "City"},
		{Key: "zip", Label: "ZIP"},
		{Key: "country", Label: "Country", CharLimit: 2, Placeholder: country, Validate: optional(checkCountry)},
		{Key: "has_delivery_address", Label: "Delivery address", Kind: form.FieldBool,
			Note: l.T("Turning it off clears the delivery address"),
			Warn: func(val string, _ form.Values) string {
				if editing && val == "false" && initial["has_delivery_address"] == "true" {
					return locale.Key("saving removes the delivery address")
				}
				return ""
			}},
		{Key: "delivery_name", Label: "Delivery name", Hidden: noDelivery},
		{Key: "delivery_street", Label: "Delivery street", Hidden: noDelivery},
		{Key: "delivery_city", Label: "Delivery city", Hidden: noDelivery},
		{Key: "delivery_zip", Label: "Delivery ZIP", Hidden: noDelivery},
		{Key: "delivery_country", Label: "Delivery country", CharLimit: 2, Placeholder: country, Hidden: noDelivery,
			Validate: optional(checkCountry)},
		{Key: "registration_no", Label: "Registration no.", CharLimit: 20, Validate: checkRegistrationNo, Warn: warnRegistrationNo},
		{Key: "vat_no", Label: "VAT no.", CharLimit: 20, Warn: warnVatNo},
		{Key: "bank_account", Label: "Bank account", Warn: warnBankAccount},
		{Key: "iban", Label: "IBAN", CharLimit: 42, Validate: optional(checkIBAN)},
		{Key: "swift_bic", Label: "SWIFT/BIC", CharLimit: 11, Warn: warnSwift},
		{Key: "variable_symbol", Label: "Variable symbol", CharLimit: 10, Validate: checkVariableSymbol,
			Help: []string{locale.Key("Used on every invoice of this subject instead of the invoice number.")}},
		{Key: "due", Label: "Due (days)", CharLimit: 4, Validate: dueCheck, Hint: dueHint, Help: []string{dueHelp}},
		{Key: "currency", Label: "Currency", CharLimit: 3, Placeholder: currency, Validate: optional(checkCurrency)},
		{Key: "setting_update_from_ares", Label: "Update from ARES", Kind: form.FieldChoice, Options: settingOptions},
		{Key: "setting_invoice_pdf_attachments", Label: "Invoice PDF attached", Kind: form.FieldChoice, Options: settingOptions},
		{Key: "setting_estimate_pdf_attachments", Label: "Estimate PDF attached", Kind: form.FieldChoice, Options: settingOptions},
		{Key: "setting_invoice_send_reminders", Label: "Send reminders", Kind: form.FieldChoice, Options: settingOptions},
		{Key: "webinvoice_history", Label: "Web invoice history", Kind: form.FieldChoice, Options: historyOptions},
		{Key: "custom_id", Label: "Custom id"},
		{Key: "private_note", Label: "Private note", CharLimit: 2000},
	}
	spec := &form.Spec{Title: "New subject", Noun: "subject", Fields: fields, Initial: initial,
		Intro: []string{l.T("A customer, a supplier or both; only the name is required.")}}
	if !editing {
		spec.Submit = func(v form.Values) form.Task { return submitSubject(fd, v) }
		return spec
	}
	spec.Title = l.Tf("Edit subject %s", s.Name)
	spec.Intro = []string{l.Tf("Subject %d · only the fields you change are sent", s.ID)}
	spec.Submit = func(v form.Values) form.Task { return submitSubjectEdit(fd, s, initial, v) }
	return spec
}

// subjectParams builds the body from the values; only the keys send
// accepts go in (a key missing from v is not sent).
func subjectParams(v form.Values, send func(string) bool) (*apiclient.SubjectParams, error) {
	p := &apiclient.SubjectParams{}
	var cleared []string
	str := func(k string) *string {
		val, ok := v[k]
		if !ok || !send(k) {
			return nil
		}
		val = strings.TrimSpace(val)
		if val == "" && clearedByNull(k) {
			cleared = append(cleared, k) // emptied: null clears it, as the service's PATCH does
			return nil
		}
		switch k {
		case "country", "delivery_country", "currency":
			val = strings.ToUpper(val)
		case "iban":
			val = strings.ToUpper(strings.ReplaceAll(val, " ", ""))
		}
		return &val
	}
	p.Name, p.Type, p.FullName = str("name"), str("type"), str("full_name")
	p.Email, p.EmailCopy, p.Phone, p.Web = str("email"), str("email_copy"), str("phone"), str("web")
	p.Street, p.City, p.Zip, p.Country = str("street"), str("city"), str("zip"), str("country")
	p.DeliveryName, p.DeliveryStreet, p.DeliveryCity = str("delivery_name"), str("delivery_street"), str("delivery_city")
	p.DeliveryZip, p.DeliveryCountry = str("delivery_zip"), str("delivery_country")
	p.RegistrationNo, p.VatNo, p.BankAccount, p.IBAN = str("registration_no"), str("vat_no"), str("bank_account"), str("iban")
	p.SwiftBic, p.VariableSymbol, p.Currency = str("swift_bic"), str("variable_symbol"), str("currency")
	p.CustomID, p.PrivateNote = str("custom_id"), str("private_note")
	p.SettingUpdateFromAres = str("setting_update_from_ares")
	p.SettingInvoicePdfAttachments = str("setting_invoice_pdf_attachments")
	p.SettingEstimatePdfAttachments = str("setting_estimate_pdf_attachments")
	p.SettingInvoiceSendReminders = str("setting_invoice_send_reminders")
	// "" is inherit: the service takes "" (or null) as back to the account's setting.
	p.WebinvoiceHistory = str("webinvoice_history")
	if s, ok := v["has_delivery_address"]; ok && send("has_delivery_address") {
		p.HasDeliveryAddress = apiclient.Ptr(s == "true")
	}
	switch s := str("due"); {
	case s == nil:
	case *s == "":
		p.Due = apiclient.ExplicitNull[int]() // emptied: back to the account's setting
	default:
		n, err := strconv.Atoi(*s)
		if err != nil {
			return nil, fmt.Errorf("due %q: %w", *s, err)
		}
		p.Due = apiclient.NullOf(n)
	}
	p.Clear = strings.Join(cleared, ",")
	return p, nil
}

// clearedByNull says whether k is one of the subject's free-text fields:
// one the user empties is sent as null, which clears it at the service (an
// empty text would be kept as one). A new subject never sends them empty.
func clearedByNull(k string) bool {
	switch k {
	case "full_name", "email", "email_copy", "phone", "web", "street", "city", "zip",
		"delivery_name", "delivery_street", "delivery_city", "delivery_zip", "registration_no",
		"vat_no", "bank_account", "iban", "swift_bic", "variable_symbol", "custom_id", "private_note":
		return true
	}
	return false
}

func submitSubject(fd Deps, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		// A new subject gets only what was filled in: empty means the default.
		p, err := subjectParams(v, func(k string) bool {
			return strings.TrimSpace(v[k]) != "" || k == "has_delivery_address"
		})
		if err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		s, _, err := c.Subjects.Create(ctx, p)
		if err == nil {
			return form.Result{Done: done(fd.L.Tf("Subject %s was created", s.Name), subjectChanged(s, ui.ChangeCreated))}, nil
		}
		return fd.failure(err, "subject", "saved", func(e *apiclient.ErrorResponse) string { return subjectRefusal(fd.L, e) }), err
	})
}

// subjectRefusal explains a 403 on creating a subject: the plan's limit.
func subjectRefusal(l locale.Locale, e *apiclient.ErrorResponse) string {
	s := l.T("The plan's limit of subjects is reached: delete a subject you no longer need or upgrade the plan to add more")
	if e.Description != "" {
		s += ". " + l.Tf("The service said: %s", e.Description)
	}
	return s
}

func submitSubjectEdit(fd Deps, s *apiclient.Subject, orig, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		p, err := subjectParams(v, func(k string) bool { return changedValue(orig, v, k) })
		if err != nil {
			return form.Result{Problem: fd.L.Tf("Could not read the form: %v", err)}, err
		}
		if *p == (apiclient.SubjectParams{}) {
			return form.Result{Problem: fd.L.T("Nothing was changed.")}, errNoRequest
		}
		got, _, err := c.Subjects.Update(ctx, s.ID, p)
		if err != nil {
			return fd.failure(err, "change", "saved", nil), err
		}
		return form.Result{Done: done(fd.L.Tf("Subject %s was saved", got.Name), subjectChanged(got, ui.ChangeUpdated))}, nil
	})
}

// subjectChanged is the news of a saved subject, with the service's answer.
func subjectChanged(s *apiclient.Subject, op ui.ChangeOp) ui.Changed {
	return ui.Changed{Kind: nav.Subject, ID: s.ID, Op: op, Record: s}
}
