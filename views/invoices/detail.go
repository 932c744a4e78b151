package invoices

import (
	"context"
	"strconv"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
)

// NewDetail is an invoice's detail page: header fields, lines, VAT summary,
// payments and attachments.
func NewDetail(d *common.Deps, id ui.PageID) (*common.DetailPage[apiclient.Invoice], error) {
	return common.NewDetail(d, id, common.DetailConfig[apiclient.Invoice]{
		Noun:  "invoice",
		Title: func(i *apiclient.Invoice) string { return "Invoice " + i.Number },
		Fetch: func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.Invoice, error) {
			i, _, err := c.Invoices.Get(ctx, id)
			return i, err
		},
		Render:    func(i *apiclient.Invoice, w int) string { return render(i, w, d) },
		URL:       func(i *apiclient.Invoice) string { return i.HTMLURL },
		CopyValue: func(i *apiclient.Invoice) (string, string) { return i.VariableSymbol, "variable symbol" },
		CopyLabel: "copy var. symbol",
		Actions: []common.DetailAction[apiclient.Invoice]{
			{Key: d.Keys.Payment, Run: func(*apiclient.Invoice) tea.Cmd { return later("Payments are added") }},
			{Key: d.Keys.Send, Run: func(*apiclient.Invoice) tea.Cmd { return later("E-mails are sent") }},
		},
	})
}

func render(i *apiclient.Invoice, w int, d *common.Deps) string {
	F := common.F
	st := d.Styles
	due := common.Date(i.DueOn)
	if i.Status == apiclient.InvoiceOverdue {
		due = common.Overdue(i.DueOn, d.Now())
	}
	if i.Due > 0 {
		due += " · " + strconv.Itoa(i.Due) + " days"
	}
	total := common.Money(i.Total, i.Currency)
	if i.NativeTotal.IsSet() && i.Currency != "" && i.NativeTotal.String() != i.Total.String() {
		total += " (" + i.NativeTotal.String() + " native)"
	}
	head := common.RenderGroups([]common.Group{
		{Title: "Invoice", Fields: []common.Field{
			F("Number", i.Number), F("Status", common.Status(i.Status)), F("Type", i.DocumentType),
			F("Issued", common.Date(i.IssuedOn)), F("Taxable supply", common.Date(i.TaxableFulfillmentDue)),
			F("Due", due), F("Paid on", common.Date(i.PaidOn)), F("Sent", common.Time(i.SentAt, d.Loc)),
			F("Reminder sent", common.Time(i.LastReminderSentAt, d.Loc)),
			F("Cancelled", common.Time(i.CancelledAt, d.Loc)), F("Uncollectible", common.Time(i.UncollectibleAt, d.Loc)),
			F("Lock", common.Locked(i.LockedAt, d.Loc)),
			F("Variable symbol", i.VariableSymbol), F("Order number", i.OrderNumber), F("Custom id", i.CustomID),
			F("Tags", common.Tags(i.Tags)),
		}},
		{Title: "Client", Fields: []common.Field{
			F("Name", i.ClientName),
			F("Address", common.Join(", ", i.ClientStreet, common.Join(" ", i.ClientZip, i.ClientCity), i.ClientCountry)),
			F("Registration no.", i.ClientRegistrationNo), F("VAT no.", i.ClientVatNo),
			F("Local VAT no.", i.ClientLocalVatNo), F("Subject", subjectRef(i.SubjectID)),
			F("Delivery", delivery(i)),
		}},
		{Title: "Issuer", Fields: []common.Field{
			F("Name", i.YourName),
			F("Address", common.Join(", ", i.YourStreet, common.Join(" ", i.YourZip, i.YourCity), i.YourCountry)),
			F("Registration no.", i.YourRegistrationNo), F("VAT no.", i.YourVatNo),
		}},
		{Title: "Amounts", Fields: []common.Field{
			F("Subtotal", common.Money(i.Subtotal, i.Currency)), F("Total", total),
			F("Remaining", common.Money(i.RemainingAmount, i.Currency)),
			F("Exchange rate", i.ExchangeRate.String()), F("VAT price mode", i.VatPriceMode),
			F("Reverse charge", yesIf(i.TransferredTaxLiability)), F("OSS", i.OSS), F("Language", i.Language),
			F("Payment method", common.Join(" ", i.PaymentMethod, i.CustomPaymentMethod)),
			F("Bank account", common.Join(" · ", i.BankAccount, i.IBAN, i.SwiftBic)),
		}},
	}, w, st)
	notes := common.RenderGroups([]common.Group{{Title: "Notes", Fields: []common.Field{
		F("Note", i.Note), F("Footer", i.FooterNote), F("Private note", i.PrivateNote),
		F("Created", common.Time(i.CreatedAt, d.Loc)), F("Updated", common.Time(i.UpdatedAt, d.Loc)),
	}}}, w, st)
	return common.Sections(head,
		common.LinesTable(i.Lines, i.Currency, w, st),
		common.VatTable(i.VatRatesSummary, w, st),
		common.PaymentsTable(i.Payments, w, st),
		common.AttachmentsList(i.Attachments, -1, st),
		notes)
}

func subjectRef(id int64) string {
	if id == 0 {
		return ""
	}
	return "#" + itoa(id)
}

func delivery(i *apiclient.Invoice) string {
	if !i.ClientHasDeliveryAddress {
		return ""
	}
	return common.Join(", ", i.ClientDeliveryName, i.ClientDeliveryStreet,
		common.Join(" ", i.ClientDeliveryZip, i.ClientDeliveryCity), i.ClientDeliveryCountry)
}

// yesIf is "yes" for true and "" (left out) for false: for rare flags.
func yesIf(b bool) string {
	if b {
		return "yes"
	}
	return ""
}
