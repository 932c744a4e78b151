package expenses

import (
	"context"
	"strconv"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Detail is an expense's detail page. Beyond the shared detail it keeps the
// selected attachment: `a` moves the selection, `D` downloads it.
type Detail struct {
	*common.DetailPage[apiclient.Expense]
	att int
	pay common.PaymentCursor
}

// Keys that work on the selected payment.
var (
	nextPaymentKey   = key.NewBinding(key.WithKeys("P"), key.WithHelp("P", "next payment"))
	removePaymentKey = key.NewBinding(key.WithKeys("X"), key.WithHelp("X", "remove payment"))
)

// Keys of the expense detail beyond the shared ones.
func nextAttachmentKey() key.Binding {
	return key.NewBinding(key.WithKeys("a"), key.WithHelp("a", "next attachment"))
}

// lockKey locks an unlocked expense or unlocks a locked one.
func lockKey() key.Binding {
	return key.NewBinding(key.WithKeys("L"), key.WithHelp("L", "lock/unlock"))
}

func downloadKey() key.Binding {
	return key.NewBinding(key.WithKeys("D"), key.WithHelp("D", "download attachment"))
}

// NewDetail is an expense's detail page.
func NewDetail(d *common.Deps, id ui.PageID) (*Detail, error) {
	p := &Detail{}
	page, err := common.NewDetail(d, id, common.DetailConfig[apiclient.Expense]{
		Local: store.Expenses,
		Noun:  "expense",
		Title: func(e *apiclient.Expense) string { return d.L.Tf("Expense %s", e.Number) },
		Fetch: func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.Expense, error) {
			e, _, err := c.Expenses.Get(ctx, id)
			if err == nil && e.NativeTotal.String() != e.Total.String() {
				d.Names.LoadAccountCurrency(ctx, c) // its native total is money
			}
			return e, err
		},
		Render: func(e *apiclient.Expense, w int) string { return render(e, w, p.att, &p.pay, d) },
		URL:    func(e *apiclient.Expense) string { return e.HTMLURL },
		CopyValue: func(e *apiclient.Expense) (string, string) {
			return copyValue(*e)
		},
		CopyLabel: "copy var. symbol",
		Actions: append([]common.DetailAction[apiclient.Expense]{
			{Key: nextAttachmentKey(), Run: p.nextAttachment},
			{Key: downloadKey(), Run: p.askDownload},
			{Key: lockKey(), Run: func(e *apiclient.Expense) tea.Cmd { return AskToggleLockCmd(d, *e) }},
			{Key: d.Keys.Payment, Run: func(e *apiclient.Expense) tea.Cmd {
				if e.Status == apiclient.StatusPaid {
					// The form could only be refused: say why instead.
					return ui.Emit(ui.Toast{Kind: ui.ToastInfo, Text: d.L.Tf("Expense %s is paid: nothing remains to pay", e.Number)})
				}
				return ui.Emit(ui.Open{ID: forms.PaymentPage(nav.Expense, e.ID)})
			}},
			{Key: nextPaymentKey, Run: func(e *apiclient.Expense) tea.Cmd {
				cmd := p.pay.Next(d, e.Payments, "expense")
				p.Rerender()
				return cmd
			}},
			{Key: removePaymentKey, Run: func(e *apiclient.Expense) tea.Cmd {
				pm, ok := p.pay.Selected(e.Payments)
				if !ok {
					return common.NoPayments(d, "expense")
				}
				return common.DeletePaymentCmd(d, nav.Expense, e.ID, pm)
			}},
		}, editor.DetailActions(d, editor.ExpenseKind, func(e *apiclient.Expense) int64 { return e.ID },
			func(l locale.Locale, e *apiclient.Expense) common.Delete { return editor.DeleteExpense(l, *e) })...),
	})
	if err != nil {
		return nil, err
	}
	p.DetailPage = page
	return p, nil
}

// SelectedAttachment is the index of the attachment `D` downloads.
func (p *Detail) SelectedAttachment() int { return p.att }

func (p *Detail) nextAttachment(e *apiclient.Expense) tea.Cmd {
	if len(e.Attachments) == 0 {
		return ui.Emit(ui.Toast{Text: p.Deps().L.T("This expense has no attachments"), Kind: ui.ToastWarn})
	}
	p.att = (p.att + 1) % len(e.Attachments)
	p.Rerender()
	return nil
}

// askDownload asks for the folder, then downloads the selected attachment.
func (p *Detail) askDownload(e *apiclient.Expense) tea.Cmd {
	if len(e.Attachments) == 0 {
		return ui.Emit(ui.Toast{Text: p.Deps().L.T("This expense has no attachments"), Kind: ui.ToastWarn})
	}
	att := e.Attachments[min(p.att, len(e.Attachments)-1)]
	d := p.Deps()
	return p.Prompt(d.L.Tf("Download %s to folder", att.Filename), d.Folders.Last(), func(answer string) tea.Cmd {
		dir := d.DownloadFolder(answer)
		return download(d, e.ID, att, dir)
	})
}

// download fetches an attachment and saves it in dir, never overwriting.
func download(d *common.Deps, expenseID int64, att apiclient.Attachment, dir string) tea.Cmd {
	return common.Act(d, common.Action[*apiclient.Download]{
		What: d.L.Tf("download %s", att.Filename),
		Do: func(ctx context.Context, c *apiclient.Client) (*apiclient.Download, error) {
			dl, _, err := c.Expenses.DownloadAttachment(ctx, expenseID, att.ID)
			return dl, err
		},
		Done: func(dl *apiclient.Download) []tea.Msg { return []tea.Msg{common.Save(d, dir, att.Filename, dl)} },
	})
}

func render(e *apiclient.Expense, w, att int, pay *common.PaymentCursor, d *common.Deps) string {
	F := common.F
	st := d.Styles
	due := d.Date(e.DueOn)
	if e.Status == apiclient.StatusOverdue {
		due = common.Overdue(d, e.DueOn)
	}
	total := d.Money(e.Total, e.Currency)
	if e.NativeTotal.IsSet() && e.NativeTotal.String() != e.Total.String() {
		total += " (" + d.L.Tf("%s native", d.NativeMoney(e.NativeTotal)) + ")"
	}
	deduction := ""
	if e.ProportionalVatDeduction != 0 {
		deduction = strconv.Itoa(e.ProportionalVatDeduction) + " %"
	}
	subject := d.SubjectRef(e.SubjectID)
	head := common.RenderGroups(d, []common.Group{
		{Title: "Expense", Fields: []common.Field{
			F("Number", e.Number), F("Original number", e.OriginalNumber), F("Status", d.Status(e.Status)),
			F("Type", d.Code(common.DocTypes, e.DocumentType)), F("Issued", d.Date(e.IssuedOn)), F("Received", d.Date(e.ReceivedOn)),
			F("Taxable supply", d.Date(e.TaxableFulfillmentDue)), F("Due", due),
			F("Paid on", d.Date(e.PaidOn)), F("Lock", common.Locked(d, e.LockedAt)),
			F("Variable symbol", e.VariableSymbol), F("Custom id", e.CustomID.String()), F("Tags", common.Tags(e.Tags)),
			F("Description", e.Description.String()),
		}},
		{Title: "Supplier", Fields: []common.Field{
			F("Name", e.SupplierName),
			F("Address", common.Join(", ", e.SupplierStreet, common.Join(" ", e.SupplierZip, e.SupplierCity), e.SupplierCountry)),
			F("Registration no.", e.SupplierRegistrationNo), F("VAT no.", e.SupplierVatNo),
			F("Subject", subject),
		}},
		{Title: "Amounts", Fields: []common.Field{
			F("Subtotal", d.Money(e.Subtotal, e.Currency)), F("Total", total),
			F("Exchange rate", d.Number(e.ExchangeRate)), F("VAT price mode", d.Code(common.PriceModes, e.VatPriceMode)),
			F("VAT deduction", deduction), F("Tax deductible", d.Yes(e.TaxDeductible)),
			F("Reverse charge", d.YesIf(e.TransferredTaxLiability)), F("Supply code", e.SupplyCode),
			F("Payment method", common.Join(" ", d.Code(common.PaymentMethods, e.PaymentMethod), e.CustomPaymentMethod.String())),
			F("Bank account", common.Join(" · ", e.BankAccount, e.IBAN, e.SwiftBic)),
			F("Remind due date", d.Yes(e.RemindDueDate)),
		}},
	}, w)
	notes := common.RenderGroups(d, []common.Group{{Title: "Notes", Fields: []common.Field{
		F("Private note", e.PrivateNote.String()),
		F("Created", d.Time(e.CreatedAt)), F("Updated", d.Time(e.UpdatedAt)),
	}}}, w)
	return common.Sections(head,
		common.LinesTable(d, e.Lines, e.Currency, w),
		common.VatTable(d, e.VatRatesSummary, w),
		pay.Table(e.Payments, w, st, d),
		common.AttachmentsList(d, e.Attachments, att),
		notes)
}
