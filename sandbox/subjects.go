package sandbox

import (
	"fmt"
	"net/mail"
	"strings"
	"unicode/utf8"
)

// Subjects (contacts): the Subject section of api-v3.md.

// routesSubjects registers the endpoints of this file. search.json is registered
// before :id.json, which would otherwise capture it.
func (s *Server) routesSubjects() {
	s.router.handle("GET", "/accounts/:slug/subjects.json", s.subjectsIndex)
	s.router.handle("GET", "/accounts/:slug/subjects/search.json", s.subjectsSearch)
	s.router.handle("POST", "/accounts/:slug/subjects.json", s.subjectCreate)
	s.router.handle("GET", "/accounts/:slug/subjects/:id.json", s.subjectShow)
	s.router.handle("PATCH", "/accounts/:slug/subjects/:id.json", s.subjectUpdate)
	s.router.handle("DELETE", "/accounts/:slug/subjects/:id.json", s.subjectDelete)
}

// presentSubject is the record as the caller sees it, addresses for this host.
func presentSubject(c *Ctx, sub *Subject) Subject {
	out := *sub
	out.URL = c.AccountURL("subjects/%d.json", sub.ID)
	out.HTMLURL = c.HTMLURL("subjects/%d", sub.ID)
	return out
}

func presentSubjects(c *Ctx, list []*Subject) []Subject {
	out := make([]Subject, 0, len(list))
	for _, sub := range list {
		out = append(out, presentSubject(c, sub))
	}
	return out
}

func (s *Server) subjectsIndex(c *Ctx) {
	f, ok := c.DateFilters("since", "updated_since")
	if !ok {
		return
	}
	customID := c.Query("custom_id")
	page := c.Account.Subjects.pageNewestFirst(c.Page(), func(sub *Subject) bool {
		if customID != "" && string(sub.CustomID) != customID {
			return false
		}
		if !InTimeRange(sub.CreatedAt.Time, f, "since", "") {
			return false
		}
		return InTimeRange(sub.UpdatedAt.Time, f, "updated_since", "")
	})
	c.OK(presentSubjects(c, page))
}

// subjectsSearch matches the query, case-insensitively, as a substring of name,
// full_name, email, email_copy, registration_no, vat_no or private_note.
func (s *Server) subjectsSearch(c *Ctx) {
	q := strings.ToLower(strings.TrimSpace(c.Query("query")))
	page := c.Account.Subjects.pageNewestFirst(c.Page(), func(sub *Subject) bool {
		return q == "" || containsFold(q, sub.Name, string(sub.FullName), string(sub.Email), string(sub.EmailCopy), string(sub.RegistrationNo), string(sub.VatNo), string(sub.PrivateNote))
	})
	c.OK(presentSubjects(c, page))
}

// containsFold reports whether lowerQuery is a substring of any field, ignoring case.
func containsFold(lowerQuery string, fields ...string) bool {
	for _, f := range fields {
		if f != "" && strings.Contains(strings.ToLower(f), lowerQuery) {
			return true
		}
	}
	return false
}

func (s *Server) subjectShow(c *Ctx) {
	sub, ok := s.findSubject(c)
	if !ok {
		return
	}
	c.OK(presentSubject(c, sub))
}

func (s *Server) findSubject(c *Ctx) (*Subject, bool) {
	return find(c, c.Account.Subjects, "id")
}

func (s *Server) subjectCreate(c *Ctx) {
	a := c.Account
	body := c.Body()
	var p SubjectParams
	errs := DecodeBody(body, &p)
	if a.Limits.Subjects > 0 && a.Subjects.Len() >= a.Limits.Subjects {
		c.Refuse("forbidden", fmt.Sprintf("The %s plan allows at most %d subjects; delete a subject or upgrade the plan to add more", a.Info.Plan, a.Limits.Subjects))
		return
	}
	sub := &Subject{
		UserID:                        c.User.ID,
		Type:                          SubjectCustomer,
		Country:                       a.Info.Country,
		DeliveryCountry:               Text(a.Info.Country),
		SettingUpdateFromAres:         "inherit",
		AresUpdate:                    true,
		SettingInvoicePdfAttachments:  "inherit",
		SettingEstimatePdfAttachments: "inherit",
		SettingInvoiceSendReminders:   "inherit",
		SuggestionEnabled:             true,
		CreatedAt:                     DateTime{Time: c.Now},
		UpdatedAt:                     DateTime{Time: c.Now},
	}
	if p.Name == nil {
		addNameBlank(errs)
	}
	applySubjectParams(sub, &p, Present(body), a.Info.Country, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	sub.ID = a.Subjects.nextID()
	a.Subjects.put(sub.ID, sub)
	a.AddEvent(c.Now, "subject_created", fmt.Sprintf("Subject %s was created", sub.Name), c.User, nil, RelatedObject{Type: "Subject", ID: sub.ID})
	c.Created(c.AccountURL("subjects/%d.json", sub.ID), presentSubject(c, sub))
}

// subjectUpdate is a partial update: fields not sent are kept.
func (s *Server) subjectUpdate(c *Ctx) {
	sub, ok := s.findSubject(c)
	if !ok {
		return
	}
	body := c.Body()
	var p SubjectParams
	errs := DecodeBody(body, &p)
	next := *sub
	applySubjectParams(&next, &p, Present(body), c.Account.Info.Country, errs)
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	next.UpdatedAt = DateTime{Time: c.Now}
	*sub = next
	c.Account.AddEvent(c.Now, "subject_updated", fmt.Sprintf("Subject %s was updated", sub.Name), c.User, nil, RelatedObject{Type: "Subject", ID: sub.ID})
	c.OK(presentSubject(c, sub))
}

// subjectDelete refuses a subject that documents refer to (invoices, expenses,
// generators, recurring generators) with the example's 422 errors.document.
func (s *Server) subjectDelete(c *Ctx) {
	sub, ok := s.findSubject(c)
	if !ok {
		return
	}
	if n := subjectDocumentCount(c.Account, sub.ID); n > 0 {
		c.Invalid(Errors{"document": {fmt.Sprintf("Subject %s has %d documents (invoices, expenses or templates) and cannot be deleted", sub.Name, n)}})
		return
	}
	c.Account.Subjects.del(sub.ID)
	c.Account.AddEvent(c.Now, "subject_removed", fmt.Sprintf("Subject %s was removed", sub.Name), c.User, nil, RelatedObject{Type: "Subject", ID: sub.ID})
	c.NoContent()
}

func subjectDocumentCount(a *Account, id int64) int {
	n := len(a.Invoices.NewestFirst(func(i *Invoice) bool { return i.SubjectID == id }))
	n += len(a.Expenses.NewestFirst(func(e *Expense) bool { return e.SubjectID == id }))
	n += len(a.Generators.NewestFirst(func(g *Generator) bool { return g.SubjectID == id }))
	n += len(a.Recurring.NewestFirst(func(g *RecurringGenerator) bool { return g.SubjectID == id }))
	return n
}

var (
	subjectTypes    = []string{SubjectCustomer, SubjectSupplier, SubjectBoth}
	subjectSettings = []string{"inherit", "on", "off"}
	webinvoiceModes = []string{"disabled", "recent", "client_portal"}
)

func oneOf(v string, allowed []string) bool {
	for _, a := range allowed {
		if v == a {
			return true
		}
	}
	return false
}

// validEmail accepts a single plain address (local@domain.tld).
func validEmail(s string) bool {
	a, err := mail.ParseAddress(s)
	if err != nil || a.Address != s || a.Name != "" {
		return false
	}
	_, domain, _ := strings.Cut(s, "@")
	return strings.Contains(domain, ".") && !strings.HasSuffix(domain, ".") && !strings.ContainsAny(s, " ,;")
}

// applySubjectParams copies the sent fields onto sub, validating them into errs.
func applySubjectParams(sub *Subject, p *SubjectParams, present map[string]bool, defaultCountry string, errs Errors) {
	if p.Name != nil {
		name := strings.TrimSpace(*p.Name)
		switch {
		case name == "":
			addNameBlank(errs)
		case utf8.RuneCountInString(name) < 2:
			errs.Add("name", MsgTooShort2)
		}
		sub.Name = name
	}
	applyChoice(&sub.Type, p.Type, "type", subjectTypes, errs)
	for _, e := range []struct {
		field string
		v     *string
		dst   *Text
	}{{"email", p.Email, (*Text)(&sub.Email)}, {"email_copy", p.EmailCopy, &sub.EmailCopy}} {
		if e.v == nil {
			continue
		}
		v := strings.TrimSpace(*e.v)
		if v != "" && !validEmail(v) {
			errs.Add(e.field, MsgInvalid)
		}
		*e.dst = Text(v)
	}
	applyChoice(&sub.SettingInvoicePdfAttachments, p.SettingInvoicePdfAttachments, "setting_invoice_pdf_attachments", subjectSettings, errs)
	applyChoice(&sub.SettingEstimatePdfAttachments, p.SettingEstimatePdfAttachments, "setting_estimate_pdf_attachments", subjectSettings, errs)
	applyChoice(&sub.SettingInvoiceSendReminders, p.SettingInvoiceSendReminders, "setting_invoice_send_reminders", subjectSettings, errs)
	applyAresSetting(sub, p, errs)
	if p.WebinvoiceHistory != nil && *p.WebinvoiceHistory != "" {
		if !oneOf(*p.WebinvoiceHistory, webinvoiceModes) {
			errs.Add("webinvoice_history", MsgNotInList)
		}
		v := *p.WebinvoiceHistory
		sub.WebinvoiceHistory = &v
	} else if present["webinvoice_history"] {
		sub.WebinvoiceHistory = nil // null or "" is back to inherit
	}
	applySubjectTexts(sub, p, defaultCountry)
	if p.Due != nil {
		if *p.Due < 0 {
			errs.Add("due", "must be greater than or equal to 0")
		}
		d := *p.Due
		sub.Due = &d
	} else if present["due"] {
		sub.Due = nil // null: back to the account's setting ("default inherited")
	}
	sentInto(&sub.SuggestionEnabled, p.SuggestionEnabled)
	applyDeliveryAddress(sub, p, defaultCountry)
}

// applySubjectTexts copies the free-text fields that need no check (a subject
// without a country is in defaultCountry).
func applySubjectTexts(sub *Subject, p *SubjectParams, defaultCountry string) {
	sentText(&sub.CustomID, p.CustomID)
	sentText(&sub.FullName, p.FullName)
	sentText(&sub.Phone, p.Phone)
	sentText(&sub.Web, p.Web)
	sentText(&sub.Street, p.Street)
	sentText(&sub.City, p.City)
	sentText(&sub.Zip, p.Zip)
	sentInto(&sub.Country, p.Country)
	if sub.Country == "" {
		sub.Country = defaultCountry
	}
	sentText(&sub.Currency, p.Currency)
	sentText(&sub.Language, p.Language)
	sentText(&sub.PrivateNote, p.PrivateNote)
	sentText(&sub.RegistrationNo, p.RegistrationNo)
	sentText(&sub.VatNo, p.VatNo)
	sentText(&sub.LocalVatNo, p.LocalVatNo)
	sentText(&sub.LegalForm, p.LegalForm)
	sentText(&sub.VatMode, p.VatMode)
	sentText(&sub.BankAccount, p.BankAccount)
	sentText(&sub.IBAN, p.IBAN)
	sentText(&sub.SwiftBic, p.SwiftBic)
	sentText(&sub.VariableSymbol, p.VariableSymbol)
	sentText(&sub.CustomEmailText, p.CustomEmailText)
	sentText(&sub.OverdueEmailText, p.OverdueEmailText)
	sentText(&sub.InvoiceFromProformaEmailText, p.InvoiceFromProformaEmailText)
	sentText(&sub.ThankYouEmailText, p.ThankYouEmailText)
	sentText(&sub.CustomEstimateEmailText, p.CustomEstimateEmailText)
}

// applyAresSetting keeps setting_update_from_ares and the deprecated ares_update
// in sync: ares_update is false exactly when the setting is "off"; when both are
// sent, the setting wins.
func applyAresSetting(sub *Subject, p *SubjectParams, errs Errors) {
	switch {
	case p.SettingUpdateFromAres != nil:
		if !oneOf(*p.SettingUpdateFromAres, subjectSettings) {
			errs.Add("setting_update_from_ares", MsgNotInList)
		}
		sub.SettingUpdateFromAres = *p.SettingUpdateFromAres
	case p.AresUpdate != nil && !*p.AresUpdate:
		sub.SettingUpdateFromAres = "off"
	case p.AresUpdate != nil && sub.SettingUpdateFromAres == "off":
		sub.SettingUpdateFromAres = "on"
	}
	sub.AresUpdate = sub.SettingUpdateFromAres != "off"
}

// applyDeliveryAddress: delivery_* are stored only while has_delivery_address is
// true (sent in this body or already set); otherwise they are ignored, and setting
// it false clears them. delivery_country falls back to the account's country.
func applyDeliveryAddress(sub *Subject, p *SubjectParams, defaultCountry string) {
	sentInto(&sub.HasDeliveryAddress, p.HasDeliveryAddress)
	if !sub.HasDeliveryAddress {
		sub.DeliveryName, sub.DeliveryStreet, sub.DeliveryCity, sub.DeliveryZip = "", "", "", ""
		sub.DeliveryCountry = Text(defaultCountry)
		return
	}
	for _, f := range []struct {
		v   *string
		dst *Text
	}{{p.DeliveryName, &sub.DeliveryName}, {p.DeliveryStreet, &sub.DeliveryStreet}, {p.DeliveryCity, &sub.DeliveryCity}, {p.DeliveryZip, &sub.DeliveryZip}, {p.DeliveryCountry, &sub.DeliveryCountry}} {
		if f.v != nil {
			*f.dst = Text(*f.v)
		}
	}
	if sub.DeliveryCountry == "" {
		sub.DeliveryCountry = Text(defaultCountry)
	}
}
