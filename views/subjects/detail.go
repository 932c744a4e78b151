package subjects

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// NewDetail is a subject's detail page: every field, grouped; e edits, d
// deletes (asking first).
func NewDetail(d *common.Deps, id ui.PageID) (*common.DetailPage[apiclient.Subject], error) {
	return common.NewDetail(d, id, common.DetailConfig[apiclient.Subject]{
		Local: store.Subjects,
		Noun:  "subject",
		Title: func(s *apiclient.Subject) string { return s.Name },
		Fetch: func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.Subject, error) {
			s, _, err := c.Subjects.Get(ctx, id)
			return s, err
		},
		Render: func(s *apiclient.Subject, w int) string { return common.RenderGroups(d, groups(s, d), w) },
		URL:    func(s *apiclient.Subject) string { return s.HTMLURL },
		CopyValue: func(s *apiclient.Subject) (string, string) {
			return s.RegistrationNo, locale.Key("registration number")
		},
		CopyLabel: "copy reg. no.",
		Actions: []common.DetailAction[apiclient.Subject]{
			{Key: invoicesKey(), Run: func(s *apiclient.Subject) tea.Cmd { return documentsOf(nav.Invoices, s.ID) }},
			{Key: expensesKey(), Run: func(s *apiclient.Subject) tea.Cmd { return documentsOf(nav.Expenses, s.ID) }},
			{Key: d.Keys.Edit, Run: func(s *apiclient.Subject) tea.Cmd {
				return ui.Emit(ui.Open{ID: forms.EditSubjectPage(s.ID)})
			}},
			{Key: d.Keys.Delete, Run: func(s *apiclient.Subject) tea.Cmd { return DeleteSubjectCmd(d, *s, true) }},
		},
	})
}

func groups(s *apiclient.Subject, d *common.Deps) []common.Group {
	F := common.F
	due := ""
	if s.Due != nil {
		due = d.L.Nf(*s.Due, "%d day|%d days", *s.Due)
	}
	unreliable := ""
	if s.Unreliable != nil {
		unreliable = d.Yes(*s.Unreliable)
		if *s.Unreliable {
			unreliable = "! " + d.Yes(true)
		}
		if !s.UnreliableCheckedAt.IsZero() {
			unreliable += " " + d.L.Tf("(checked %s)", d.Time(s.UnreliableCheckedAt))
		}
	}
	history := d.CodeOr(common.Settings, s.WebinvoiceHistory, "inherit")
	delivery := []common.Field{F("Delivery", d.L.T("none"))}
	if s.HasDeliveryAddress {
		delivery = []common.Field{
			F("Delivery name", s.DeliveryName.String()),
			F("Delivery", common.Join(", ", s.DeliveryStreet.String(), common.Join(" ", s.DeliveryZip.String(), s.DeliveryCity.String()), s.DeliveryCountry.String())),
		}
	}
	return []common.Group{
		{Title: "Subject", Fields: []common.Field{
			F("Name", s.Name), F("Type", d.Code(common.SubjectTypes, s.Type)), F("Custom id", s.CustomID.String()), F("Id", strconv.FormatInt(s.ID, 10)),
		}},
		{Title: "Contact", Fields: []common.Field{
			F("Contact person", s.FullName.String()), F("E-mail", s.Email), F("E-mail copy", s.EmailCopy.String()),
			F("Phone", s.Phone.String()), F("Web", s.Web),
		}},
		{Title: "Addresses", Fields: append([]common.Field{
			F("Address", common.Join(", ", s.Street, common.Join(" ", s.Zip, s.City), s.Country)),
		}, delivery...)},
		{Title: "Tax", Fields: []common.Field{
			F("Registration no.", s.RegistrationNo), F("VAT no.", s.VatNo), F("Local VAT no.", s.LocalVatNo.String()),
			F("VAT mode", d.Code(common.VatModes, s.VatMode.String())), F("Legal form", legalForm(d, s.LegalForm.String())), F("Unreliable payer", unreliable),
		}},
		{Title: "Banking", Fields: []common.Field{
			F("Bank account", s.BankAccount.String()), F("IBAN", s.IBAN.String()), F("SWIFT/BIC", s.SwiftBic.String()),
			F("Variable symbol", s.VariableSymbol.String()),
		}},
		{Title: "Settings", Fields: []common.Field{
			F("Due", due), F("Currency", s.Currency.String()), F("Language", d.Code(common.Languages, s.Language.String())),
			F("Update from ARES", d.Code(common.Settings, s.SettingUpdateFromAres)),
			F("Invoice PDF attach.", d.Code(common.Settings, s.SettingInvoicePdfAttachments)),
			F("Estimate PDF attach.", d.Code(common.Settings, s.SettingEstimatePdfAttachments)),
			F("Send reminders", d.Code(common.Settings, s.SettingInvoiceSendReminders)),
			F("Suggestions", d.Yes(s.SuggestionEnabled)),
			F("Web invoice history", history),
		}},
		{Title: "E-mail texts", Fields: []common.Field{
			F("Invoice", s.CustomEmailText.String()), F("Overdue", s.OverdueEmailText.String()),
			F("From proforma", s.InvoiceFromProformaEmailText.String()), F("Thank you", s.ThankYouEmailText.String()),
			F("Estimate", s.CustomEstimateEmailText.String()),
		}},
		{Title: "Notes", Fields: []common.Field{
			F("Private note", s.PrivateNote.String()), F("Web page", s.HTMLURL),
			F("Created by user", userRef(s.UserID)),
			F("Created", d.Time(s.CreatedAt)), F("Updated", d.Time(s.UpdatedAt)),
		}},
	}
}

func userRef(user apiclient.Null[int64]) string {
	id, ok := user.Get()
	if !ok {
		return ""
	}
	return "#" + strconv.FormatInt(id, 10)
}

// legalForm is a legal form's code in words with the code beside it, as
// the register writes it ("101"): a bookkeeper may know the code.
func legalForm(d *common.Deps, code string) string {
	if _, ok := common.LegalForms[code]; !ok {
		return code
	}
	return d.Code(common.LegalForms, code) + " (" + code + ")"
}
