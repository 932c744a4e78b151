package more

import (
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/shopspring/decimal"
	"sort"
	"strconv"
	"strings"

	"github.com/charmbracelet/bubbles/help"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more/kit"
)

// Account is the account's settings, read-only: plan, VAT mode, invoice
// defaults, reminders, OCR and the API calls used this month. The account
// has no id of its own, so this is not a common.DetailPage (which shows a
// record by id).
type Account struct {
	d    *common.Deps
	id   ui.PageID
	keys accountKeys
	vp   viewport.Model

	acct  *apiclient.Account
	err   error
	req   int
	want  int
	width int
	hgt   int
}

type accountKeys struct {
	common.ScrollKeys
	Refresh key.Binding
}

// ShortHelp implements help.KeyMap.
func (k accountKeys) ShortHelp() []key.Binding { return []key.Binding{k.Refresh} }

// FullHelp implements help.KeyMap.
func (k accountKeys) FullHelp() [][]key.Binding {
	return [][]key.Binding{k.All(), {k.Refresh}}
}

// NewAccount is the account page.
func NewAccount(d *common.Deps, id ui.PageID) *Account {
	return &Account{d: d, id: id, vp: viewport.New(0, 0),
		keys: accountKeys{ScrollKeys: common.NewScrollKeys(d.Keys), Refresh: d.Keys.Refresh}}
}

// Settings is the loaded account, if any.
func (p *Account) Settings() (*apiclient.Account, bool) { return p.acct, p.acct != nil }

// ID is the page's id.
func (p *Account) ID() ui.PageID { return p.id }

// Init loads the account.
func (p *Account) Init() tea.Cmd {
	p.req++
	p.want = p.req
	return common.Call(p.d, p.id, p.req, func(ctx context.Context, c *apiclient.Client) (*apiclient.Account, error) {
		a, _, err := c.Account.Get(ctx)
		return a, common.Explain(p.d.L, err, kit.Rules("account"))
	})
}

// Title is the breadcrumb title.
func (p *Account) Title() string { return p.d.L.T("Account") }

// Loading drives the spinner.
func (p *Account) Loading() bool { return p.want != 0 }

// KeyMap is the page's keys.
func (p *Account) KeyMap() help.KeyMap { return p.keys }

// SetSize gives the page its body size.
func (p *Account) SetSize(w, h int) {
	p.width, p.hgt = w, h
	p.render()
}

func (p *Account) render() {
	p.vp.Width, p.vp.Height = p.width, max(1, p.hgt-1)
	if p.acct == nil {
		p.vp.SetContent("")
		return
	}
	off := p.vp.YOffset
	p.vp.SetContent(renderAccount(p.acct, p.width, p.d))
	p.vp.SetYOffset(off)
}

// Update handles the answer and the scrolling keys.
func (p *Account) Update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case common.Result[*apiclient.Account]:
		if msg.Req != p.want {
			return nil
		}
		p.want = 0
		p.err = msg.Err
		if msg.Err == nil {
			p.acct = msg.Value
			p.render()
		}
		if msg.Err != nil || msg.Value == nil {
			return nil
		}
		// account.json is the one answer that says how many calls the month
		// used: the status bar learns them here (the connection it takes
		// from the Result on its way).
		return ui.Emit(ui.APIStatus{CallsUsed: msg.Value.APICallsUsed, CallsLimit: msg.Value.APICallsLimit})
	case ui.AutoRefresh:
		if p.want == 0 {
			return p.Init()
		}
	case tea.KeyMsg:
		if key.Matches(msg, p.keys.Refresh) {
			return p.Init()
		}
	}
	common.Scroll(&p.vp, p.keys.ScrollKeys, msg)
	return nil
}

// View draws a status line and the settings, or the loading or failed state.
func (p *Account) View() string {
	if p.width <= 0 || p.hgt <= 0 {
		return ""
	}
	st := p.d.Styles
	right := ""
	switch {
	case p.want != 0 && p.acct != nil:
		right = p.d.L.T("refreshing…")
	case p.err != nil && p.acct != nil:
		right = st.Error.Render("✕ " + p.d.L.Tf("refresh failed: %v", p.err))
	case p.acct != nil && p.vp.TotalLineCount() > p.vp.Height:
		right = fmt.Sprintf("%d%%", int(p.vp.ScrollPercent()*100))
	}
	head := ui.JoinRight(st.Muted.Render(p.d.L.T("read-only: settings are changed in Fakturoid · r refresh")), right, p.width)
	switch {
	case p.acct == nil && p.err != nil:
		return head + "\n\n" + common.LoadFailed(p.d, p.d.L.T("the account"), p.err, p.width)
	case p.acct == nil:
		return head + "\n\n" + st.Muted.Render(p.d.L.T("Loading the account…"))
	}
	return head + "\n" + p.vp.View()
}

// Usage is "412 of 3,000 calls this month (13.7%)", in the locale.
func Usage(l locale.Locale, used, limit int) string {
	n := func(v int) string { return l.Number(decimal.NewFromInt(int64(v)), 0) }
	if limit <= 0 {
		return l.Tf("%s calls this month", n(used))
	}
	share := decimal.NewFromInt(int64(used)).Mul(decimal.NewFromInt(100)).Div(decimal.NewFromInt(int64(limit))).Round(1)
	return l.Tf("%s of %s calls this month (%s)", n(used), n(limit), l.Percent(share))
}

func renderAccount(a *apiclient.Account, w int, d *common.Deps) string {
	F := common.F
	yes := d.Yes
	pay := d.CodeOr(common.PaymentMethods, a.InvoicePaymentMethod, "bank")
	estimate := d.CodeOr(common.EstimateTypes, a.DefaultEstimateType, "estimate")
	overdue := yes(a.SendOverdueEmail)
	if a.SendOverdueEmail {
		overdue += ", " + d.L.Nf(a.OverdueEmailDays, "%d day after the due date|%d days after the due date", a.OverdueEmailDays)
	}
	reminder := yes(a.SendDueDateReminderEmail)
	if a.SendDueDateReminderEmail {
		reminder += ", " + d.L.Nf(a.DueDateReminderEmailDays, "%d day before the due date|%d days before the due date", a.DueDateReminderEmailDays)
	}
	price := ""
	if a.PlanPrice > 0 {
		price = d.L.Tf("%s a month", d.L.Number(decimal.NewFromInt(int64(a.PlanPrice)), 0))
	}
	groups := []common.Group{
		{Title: "Account", Fields: []common.Field{
			F("Name", a.Name), F("Account name", a.Subdomain), F("Contact", a.FullName.String()),
			F("Registration no.", a.RegistrationNo), F("VAT no.", common.Join(" · ", a.VatNo, a.LocalVatNo.String())),
			F("Address", common.Join(", ", a.Street, common.Join(" ", a.Zip, a.City), a.Country)),
			F("Invoice e-mail", a.InvoiceEmail), F("Phone", a.Phone.String()), F("Web", a.Web.String()),
		}},
		{Title: "Plan", Fields: []common.Field{
			F("Plan", a.Plan), F("Price", price), F("Paid users", strconv.Itoa(a.PlanPaidUsers)),
			F("API calls", Usage(d.L, a.APICallsUsed, a.APICallsLimit)+"; "+d.L.T("the count is updated hourly")),
		}},
		{Title: "VAT", Fields: []common.Field{
			F("VAT mode", d.Code(common.VatModes, a.VatMode)), F("Price mode", d.Code(common.PriceModes, a.VatPriceMode)),
			F("Default rate", d.L.Percent(decimal.NewFromInt(int64(a.VatRate)))),
		}},
		{Title: "Invoice defaults", Fields: []common.Field{
			F("Currency", a.Currency), F("Due", d.L.Nf(a.Due, "%d day|%d days", a.Due)), F("Language", d.Code(common.Languages, a.InvoiceLanguage)),
			F("Payment method", pay), F("Unit", a.UnitName), F("Proforma first", yes(a.InvoiceProforma)),
			F("Fixed exchange rate", yes(a.FixedExchangeRate)), F("Self-billing", yes(a.InvoiceSelfbilling)),
			F("Estimate type", estimate), F("Text before lines", a.InvoiceNote), F("Footer", a.DisplayedNote),
			F("No bank account for", strings.Join(a.InvoiceHideBankAccountForPayments, ", ")),
			F("PayPal / GoPay", yes(a.InvoicePaypal)+" / "+yes(a.InvoiceGopay)),
		}},
		{Title: "E-mails and reminders", Fields: []common.Field{
			F("Overdue e-mail", overdue), F("Repeated reminders", yes(a.SendRepeatedReminders)),
			F("Due date reminder", reminder), F("Thank-you e-mail", yes(a.SendThankYouEmail)),
			F("Invoice from proforma", yes(a.SendInvoiceFromProformaEmail)),
		}},
	}
	if len(a.Extraction) > 0 {
		var fields []common.Field
		vendors := make([]string, 0, len(a.Extraction))
		for v := range a.Extraction {
			vendors = append(vendors, v)
		}
		sort.Strings(vendors)
		for _, v := range vendors {
			e := a.Extraction[v]
			fields = append(fields, F(v, d.L.Tf("enabled %s · automatic %s · %d extractions left",
				yes(e.Enabled), yes(e.AutoProcessingEnabled), e.RemainingExtractions)))
		}
		groups = append(groups, common.Group{Title: "OCR", Fields: fields})
	}
	groups = append(groups, common.Group{Title: "Record", Fields: []common.Field{
		F("Created", d.Time(a.CreatedAt)), F("Updated", d.Time(a.UpdatedAt)),
	}})
	return common.RenderGroups(d, groups, w)
}
