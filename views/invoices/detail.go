package invoices

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Detail is an invoice's detail page. Beyond the shared detail it keeps the
// selected payment, which the remove and tax-document actions work on.
type Detail struct {
	*common.DetailPage[apiclient.Invoice]
	pay common.PaymentCursor
}

// Keys of the invoice detail beyond the shared ones.
var (
	nextPaymentKey   = key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "next payment"))
	removePaymentKey = key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "remove payment"))
	taxDocumentKey   = key.NewBinding(key.WithKeys("T"), key.WithHelp("T", "tax document"))
)

// NewDetail is an invoice's detail page: header fields, lines, VAT summary,
// payments and attachments; p adds a payment, s sends the invoice by e-mail.
func NewDetail(d *common.Deps, id ui.PageID) (*Detail, error) {
	p := &Detail{}
	page, err := common.NewDetail(d, id, common.DetailConfig[apiclient.Invoice]{
		Local: store.Invoices,
		Noun:  "invoice",
		Title: func(i *apiclient.Invoice) string { return d.L.Tf("Invoice %s", i.Number) },
		Fetch: func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.Invoice, error) {
			i, _, err := c.Invoices.Get(ctx, id)
			if err == nil && i.NativeTotal.String() != i.Total.String() {
				d.Names.LoadAccountCurrency(ctx, c) // its native total is money
			}
			if err == nil {
				// Its payments' tax documents are shown by number (issue 15.5).
				for _, pm := range i.Payments {
					if pm.TaxDocumentID != nil {
						d.Names.Load(ctx, c, common.Ref{Kind: common.NameInvoice, ID: *pm.TaxDocumentID})
					}
				}
				// So are the proforma and final invoice that name each
				// other, and a correction and what it corrects (issue 27).
				for _, id := range []*int64{i.RelatedID, i.CorrectionID} {
					if id != nil {
						d.Names.Load(ctx, c, common.Ref{Kind: common.NameInvoice, ID: *id})
					}
				}
			}
			return i, err
		},
		Render:    func(i *apiclient.Invoice, w int) string { return render(i, w, &p.pay, d) },
		URL:       func(i *apiclient.Invoice) string { return i.HTMLURL },
		CopyValue: func(i *apiclient.Invoice) (string, string) { return i.VariableSymbol, locale.Key("variable symbol") },
		CopyLabel: "copy var. symbol",
		Actions: append([]common.DetailAction[apiclient.Invoice]{
			{Key: d.Keys.Payment, Run: func(i *apiclient.Invoice) tea.Cmd {
				if i.Status == apiclient.InvoicePaid {
					// The form could only be refused: say why instead.
					return ui.Emit(ui.Toast{Kind: ui.ToastInfo, Text: d.L.Tf("Invoice %s is paid: nothing remains to pay", i.Number)})
				}
				return ui.Emit(ui.Open{ID: forms.PaymentPage(nav.Invoice, i.ID)})
			}},
			{Key: d.Keys.Send, Run: func(i *apiclient.Invoice) tea.Cmd {
				open := ui.Emit(ui.Open{ID: forms.EmailPage(i.ID)})
				if remindedRecently(d, *i) { // a second reminder within a week asks first
					return ui.Emit(ui.Confirm{Yes: open, Question: d.L.Tf("%s was reminded on %s, less than 7 days ago. Write another reminder?",
						i.Number, lastReminder(d, *i))})
				}
				return open
			}},
			{Key: nextPaymentKey, Run: func(i *apiclient.Invoice) tea.Cmd {
				cmd := p.pay.Next(d, i.Payments, "invoice")
				p.Rerender()
				return cmd
			}},
			{Key: removePaymentKey, Run: func(i *apiclient.Invoice) tea.Cmd {
				pm, ok := p.pay.Selected(i.Payments)
				if !ok {
					return common.NoPayments(d, "invoice")
				}
				return common.DeletePaymentCmd(d, nav.Invoice, i.ID, pm)
			}},
			{Key: taxDocumentKey, Run: func(i *apiclient.Invoice) tea.Cmd { return taxDocument(d, i, &p.pay) }},
			{Key: pdfKey(locale.Key("download PDF")), Run: func(i *apiclient.Invoice) tea.Cmd {
				inv := *i
				return p.Prompt(d.L.Tf("Save the PDF of %s to folder", i.Number), d.Folders.Last(), func(answer string) tea.Cmd {
					return savePDF(d, inv, d.DownloadFolder(answer), 0)
				})
			}},
		}, append(fireActions(d), append(editor.DetailActions(d, editor.InvoiceKind, func(i *apiclient.Invoice) int64 { return i.ID },
			func(l locale.Locale, i *apiclient.Invoice) common.Delete { return editor.DeleteInvoice(l, *i) }), correctionAction(d))...)...),
	})
	if err != nil {
		return nil, err
	}
	p.DetailPage = page
	return p, nil
}

func render(i *apiclient.Invoice, w int, pay *common.PaymentCursor, d *common.Deps) string {
	F := common.F
	st := d.Styles
	due := d.Date(i.DueOn)
	if i.Status == apiclient.InvoiceOverdue {
		due = common.Overdue(d, i.DueOn)
	}
	if i.Due > 0 {
		due += " · " + d.L.Nf(i.Due, "%d day|%d days", i.Due)
	}
	total := d.Money(i.Total, i.Currency)
	if i.NativeTotal.IsSet() && i.Currency != "" && i.NativeTotal.String() != i.Total.String() {
		total += " (" + d.L.Tf("%s native", d.NativeMoney(i.NativeTotal)) + ")"
	}
	head := common.RenderGroups(d, []common.Group{
		{Title: "Invoice", Fields: []common.Field{
			F("Number", i.Number), F("Status", d.Status(i.Status)), F("Type", d.Code(common.DocTypes, i.DocumentType)),
			F("Issued", d.Date(i.IssuedOn)), F("Taxable supply", d.Date(i.TaxableFulfillmentDue)),
			F("Due", due), F("Paid on", d.Date(i.PaidOn)), F("Sent", d.Time(i.SentAt)),
			F("Reminder sent", d.Time(i.LastReminderSentAt)),
			F("Cancelled", d.Time(i.CancelledAt)), F("Uncollectible", d.Time(i.UncollectibleAt)),
			F("Lock", common.Locked(d, i.LockedAt)),
			F(relatedLabel(i), related(d, i.RelatedID)), F(correctionLabel(i), related(d, i.CorrectionID)),
			F("Variable symbol", i.VariableSymbol), F("Order number", i.OrderNumber.String()), F("Custom id", i.CustomID.String()),
			F("Tags", common.Tags(i.Tags)),
		}},
		{Title: "Client", Fields: []common.Field{
			F("Name", i.ClientName),
			F("Address", common.Join(", ", i.ClientStreet, common.Join(" ", i.ClientZip, i.ClientCity), i.ClientCountry)),
			F("Registration no.", i.ClientRegistrationNo), F("VAT no.", i.ClientVatNo),
			F("Local VAT no.", i.ClientLocalVatNo.String()), F("Subject", d.SubjectRef(i.SubjectID)),
			F("Delivery", delivery(i)),
		}},
		{Title: "Issuer", Fields: []common.Field{
			F("Name", i.YourName),
			F("Address", common.Join(", ", i.YourStreet, common.Join(" ", i.YourZip, i.YourCity), i.YourCountry)),
			F("Registration no.", i.YourRegistrationNo), F("VAT no.", i.YourVatNo),
		}},
		{Title: "Amounts", Fields: []common.Field{
			F("Subtotal", d.Money(i.Subtotal, i.Currency)), F("Total", total),
			F("Remaining", d.Money(i.RemainingAmount, i.Currency)),
			F("Exchange rate", d.Number(i.ExchangeRate)), F("VAT price mode", d.Code(common.PriceModes, i.VatPriceMode)),
			F("Reverse charge", d.YesIf(i.TransferredTaxLiability)), F("OSS", d.Code(common.OSSModes, i.OSS)), F("Language", d.Code(common.Languages, i.Language)),
			F("Payment method", common.Join(" ", d.Code(common.PaymentMethods, i.PaymentMethod), i.CustomPaymentMethod.String())),
			F("Bank account", common.Join(" · ", i.BankAccount, i.IBAN.String(), i.SwiftBic.String())),
		}},
	}, w)
	notes := common.RenderGroups(d, []common.Group{{Title: "Notes", Fields: []common.Field{
		F("Note", i.Note), F("Footer", i.FooterNote), F("Private note", i.PrivateNote.String()),
		F("Created", d.Time(i.CreatedAt)), F("Updated", d.Time(i.UpdatedAt)),
	}}}, w)
	return common.Sections(head,
		common.LinesTable(d, i.Lines, i.Currency, w),
		common.VatTable(d, i.VatRatesSummary, w),
		pay.Table(i.Payments, w, st, d),
		common.AttachmentsList(d, i.Attachments, -1),
		notes)
}

// relatedLabel says what related_id is to this document: the final invoice
// of a proforma, the proforma of a final invoice or tax document.
func relatedLabel(i *apiclient.Invoice) string {
	switch i.DocumentType {
	case apiclient.DocProforma, apiclient.DocPartialProforma:
		return locale.Key("Final invoice")
	case apiclient.DocFinalInvoice, apiclient.DocTaxDocument:
		return locale.Key("Proforma")
	}
	return locale.Key("Related document")
}

// correctionLabel says what correction_id is to this document (the docs'
// Attributes): on a correction the invoice it corrects, on an invoice the
// correction that corrects it.
func correctionLabel(i *apiclient.Invoice) string {
	if i.DocumentType == apiclient.DocCorrection {
		return locale.Key("Corrects")
	}
	return locale.Key("Correction")
}

// related names a related invoice by its number ("" when there is none).
func related(d *common.Deps, id *int64) string {
	if id == nil {
		return ""
	}
	return d.NameOr(common.NameInvoice, *id, strconv.FormatInt(*id, 10))
}

func delivery(i *apiclient.Invoice) string {
	if !i.ClientHasDeliveryAddress {
		return ""
	}
	return common.Join(", ", i.ClientDeliveryName.String(), i.ClientDeliveryStreet.String(),
		common.Join(" ", i.ClientDeliveryZip.String(), i.ClientDeliveryCity.String()), i.ClientDeliveryCountry.String())
}

// taxDocument is T: the selected payment's tax document, opened when it
// has one and made when it has none. Only a proforma's payments have tax
// documents: on another invoice T says so rather than ask the service.
func taxDocument(d *common.Deps, i *apiclient.Invoice, pay *common.PaymentCursor) tea.Cmd {
	if i.DocumentType != apiclient.DocProforma && i.DocumentType != apiclient.DocPartialProforma {
		return ui.Emit(ui.Toast{Kind: ui.ToastWarn,
			Text: d.L.Tf("Tax documents are made from payments on proformas; %s is not a proforma", i.Number)})
	}
	pm, ok := pay.Selected(i.Payments)
	if !ok {
		return common.NoPayments(d, "invoice")
	}
	if pm.TaxDocumentID != nil {
		return tea.Batch(ui.Emit(ui.Open{ID: nav.Record(nav.Invoice, *pm.TaxDocumentID)}),
			ui.Emit(ui.Toast{Kind: ui.ToastInfo, Text: d.L.T("This payment has its tax document already: opened")}))
	}
	return CreateTaxDocumentCmd(d, i.ID, pm.ID)
}
