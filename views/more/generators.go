package more

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"strconv"
	"time"

	"github.com/charmbracelet/bubbles/key"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/store"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/more/kit"
	"github.com/kasa-tui/kasa/views/nav"
)

// generatorFilters are the generator indexes' own filters (api-v3.md).
var generatorFilters = []common.FilterField{
	{Name: "subject_id", Label: "Subject", Kind: common.FieldSubject},
	{Name: "since", Label: "Created since", Kind: common.FieldDate},
	{Name: "updated_since", Label: "Updated since", Kind: common.FieldDate},
}

func generatorOptions(q common.Query) apiclient.GeneratorListOptions {
	return apiclient.GeneratorListOptions{
		ListOptions: apiclient.ListOptions{Page: q.Page},
		DateFilter:  apiclient.DateFilter{Since: q.Date("since"), UpdatedSince: q.Date("updated_since")},
		SubjectID:   q.Int("subject_id"),
	}
}

// subjectKey opens a generator's subject.
func subjectKey() key.Binding {
	return key.NewBinding(key.WithKeys("S"), key.WithHelp("S", "open subject"))
}

func openSubject(l locale.Locale, id int64) tea.Cmd {
	if id == 0 {
		return ui.Emit(ui.Toast{Text: l.T("No subject on this record"), Kind: ui.ToastWarn})
	}
	return ui.Emit(ui.Open{ID: nav.Record(nav.Subject, id)})
}

// docType is "proforma" or "invoice": what a generator issues.
func docType(proforma bool) string {
	if proforma {
		return "proforma"
	}
	return "invoice"
}

// subjectRefs are the subjects of rows, for the session's names.
func subjectRefs[T any](rows []T, subject func(T) int64) []common.Ref {
	refs := make([]common.Ref, len(rows))
	for i, r := range rows {
		refs[i] = common.Ref{Kind: common.NameSubject, ID: subject(r)}
	}
	return refs
}

func subjectRef(id int64) string {
	if id == 0 {
		return ""
	}
	return "#" + strconv.FormatInt(id, 10)
}

// NewGenerators is the generator (invoice template) list.
func NewGenerators(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.Generator], error) {
	return common.NewList(d, id, common.ListConfig[apiclient.Generator]{
		Title:  "Generators",
		Noun:   "generators",
		Export: "generators",
		Columns: []table.Column{
			{Title: "Name", Width: 20, Flex: 1},
			{Title: "Issues", Width: 8, Priority: 2, Keep: true},
			{Title: "Subject", Width: 16, Priority: 3},
			{Title: "Total", Width: 14, Align: lipgloss.Right, Keep: true},
			{Title: "Updated", Width: 16, Priority: 1, Keep: true},
		},
		Cells: func(g apiclient.Generator) []string {
			return []string{g.Name, d.L.T(docType(g.Proforma)), d.NameOr(common.NameSubject, g.SubjectID, subjectRef(g.SubjectID)),
				d.Money(g.Total, g.Currency), d.Time(g.UpdatedAt)}
		},
		Sorts: []common.Sort[apiclient.Generator]{
			common.ByText("name", func(g *apiclient.Generator) string { return g.Name }),
			common.ByValue("total", func(g *apiclient.Generator) apiclient.Decimal { return g.Total },
				func(g *apiclient.Generator) apiclient.Decimal { return g.NativeTotal }),
			common.ByTime("updated", func(g *apiclient.Generator) time.Time { return g.UpdatedAt.Time }),
		},
		ID:    func(g apiclient.Generator) int64 { return g.ID },
		Kind:  nav.Generator,
		Local: store.Generators,
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.Generator, error) {
			rows, _, err := c.Generators.List(ctx, generatorOptions(q))
			d.Names.Load(ctx, c, subjectRefs(rows, func(g apiclient.Generator) int64 { return g.SubjectID })...)
			return rows, common.Explain(d.L, err, kit.Rules("generators"))
		},
		Filters: generatorFilters,
		Empty:   "No generators yet. Invoice templates you make in Fakturoid appear here.",
		Open:    func(g apiclient.Generator) ui.PageID { return nav.Record(nav.Generator, g.ID) },
		URL:     func(g apiclient.Generator) string { return g.HTMLURL },
		Actions: append([]common.ListAction[apiclient.Generator]{
			{Key: subjectKey(), Run: func(g apiclient.Generator) tea.Cmd { return openSubject(d.L, g.SubjectID) }},
			{Key: invoiceKey(), Run: func(g apiclient.Generator) tea.Cmd {
				return ui.Emit(ui.Open{ID: editor.InvoiceFromGeneratorPage(g.ID)})
			}},
		}, editor.ListActions(d, editor.GeneratorKind, func(g apiclient.Generator) int64 { return g.ID }, editor.DeleteGenerator)...),
	})
}

// invoiceKey makes a new invoice from the selected template.
func invoiceKey() key.Binding {
	return key.NewBinding(key.WithKeys("i"), key.WithHelp("i", "new invoice from it"))
}

// NewGenerator is a generator's detail page: its settings, lines and totals.
func NewGenerator(d *common.Deps, id ui.PageID) (*common.DetailPage[apiclient.Generator], error) {
	return common.NewDetail(d, id, common.DetailConfig[apiclient.Generator]{
		Local: store.Generators,
		Noun:  "generator",
		Title: func(g *apiclient.Generator) string { return d.L.Tf("Generator %s", g.Name) },
		Fetch: func(ctx context.Context, c *apiclient.Client, id int64) (*apiclient.Generator, error) {
			g, _, err := c.Generators.Get(ctx, id)
			if err == nil {
				learnNames(ctx, d, c, g)
			}
			return g, common.Explain(d.L, err, kit.Rules("generators"))
		},
		Render: func(g *apiclient.Generator, w int) string {
			return common.Sections(common.RenderGroups(d, generatorGroups(g, d), w),
				common.LinesTable(d, g.Lines, g.Currency, w),
				common.RenderGroups(d, totalsAndNotes(g, d), w))
		},
		URL: func(g *apiclient.Generator) string { return g.HTMLURL },
		Actions: append([]common.DetailAction[apiclient.Generator]{
			{Key: subjectKey(), Run: func(g *apiclient.Generator) tea.Cmd { return openSubject(d.L, g.SubjectID) }},
			{Key: invoiceKey(), Run: func(g *apiclient.Generator) tea.Cmd {
				return ui.Emit(ui.Open{ID: editor.InvoiceFromGeneratorPage(g.ID)})
			}},
		}, editor.DetailActions(d, editor.GeneratorKind, func(g *apiclient.Generator) int64 { return g.ID },
			func(l locale.Locale, g *apiclient.Generator) common.Delete { return editor.DeleteGenerator(l, *g) })...),
	})
}

// learnNames loads (in the fetch's Cmd) the names a template's page shows
// for its ids: its subject and its bank account (issue 15.5: they showed
// "#5" and "#1").
func learnNames(ctx context.Context, d *common.Deps, c *apiclient.Client, g *apiclient.Generator) {
	d.Names.Load(ctx, c, common.Ref{Kind: common.NameSubject, ID: g.SubjectID})
	if g.BankAccountID != nil {
		d.Names.LoadBankAccounts(ctx, c, *g.BankAccountID)
	}
	if g.NativeTotal.String() != g.Total.String() {
		d.Names.LoadAccountCurrency(ctx, c)
	}
}

// generatorGroups are the settings a generator and a recurring generator
// share.
func generatorGroups(g *apiclient.Generator, d *common.Deps) []common.Group {
	F := common.F
	due := ""
	if g.Due != nil {
		due = d.L.Nf(*g.Due, "%d day|%d days", *g.Due)
	}
	bank := ""
	if g.BankAccountID != nil {
		bank = d.NameOr(common.NameBankAccount, *g.BankAccountID, "#"+strconv.FormatInt(*g.BankAccountID, 10))
	}
	if g.LegacyBankDetails != nil {
		bank = common.Join(" · ", bank, g.LegacyBankDetails.BankAccount, g.LegacyBankDetails.IBAN)
	}
	reverse := ""
	if g.TransferredTaxLiability {
		reverse = d.Yes(true)
		if g.SupplyCode != nil {
			reverse += ", " + d.L.Tf("supply code %d", *g.SupplyCode)
		}
	}
	var pay []string
	if g.Paypal {
		pay = append(pay, apiclient.PayPal)
	}
	if g.Gopay {
		pay = append(pay, apiclient.GoPay)
	}
	return []common.Group{
		{Title: "Template", Fields: []common.Field{
			F("Name", g.Name), F("Issues", d.L.T(docType(g.Proforma))), F("Subject", d.NameOr(common.NameSubject, g.SubjectID, subjectRef(g.SubjectID))),
			F("Custom id", g.CustomID.String()), F("Order number", g.OrderNumber.String()), F("Tags", common.Tags(g.Tags)),
			F("Due", due), F("Language", d.Code(common.Languages, g.Language)),
			F("Tax date", map[bool]string{true: d.L.T("end of last month")}[g.TaxDateAtEndOfLastMonth]),
		}},
		{Title: "Payment", Fields: []common.Field{
			F("Currency", g.Currency), F("Exchange rate", d.Number(g.ExchangeRate)),
			F("Payment method", common.Join(" ", d.Code(common.PaymentMethods, g.PaymentMethod), g.CustomPaymentMethod.String())),
			F("Bank account", bank), F("IBAN shown", d.Code(common.IBANVisibility, g.IBANVisibility)), F("Pay buttons", common.Join(", ", pay...)),
			F("VAT price mode", d.Code(common.PriceModes, g.VatPriceMode)), F("Reverse charge", reverse), F("OSS", d.Code(common.OSSModes, g.OSS)),
		}},
	}
}

func totalsAndNotes(g *apiclient.Generator, d *common.Deps) []common.Group {
	F := common.F
	native := ""
	if g.NativeTotal.IsSet() && g.NativeTotal.String() != g.Total.String() {
		native = d.NativeMoney(g.NativeTotal)
	}
	return []common.Group{
		{Title: "Totals", Fields: []common.Field{
			F("Subtotal", d.Money(g.Subtotal, g.Currency)), F("Total", d.Money(g.Total, g.Currency)),
			F("Total (native)", native), F("Rounding", roundingOf(d, g.RoundingAdjustment, g.Currency)),
		}},
		{Title: "Notes", Fields: []common.Field{
			F("Before lines", g.Note.String()), F("Footer", g.FooterNote.String()),
			F("Created", d.Time(g.CreatedAt)), F("Updated", d.Time(g.UpdatedAt)),
		}},
	}
}

// roundingOf hides a zero rounding adjustment.
func roundingOf(d *common.Deps, r apiclient.Decimal, currency string) string {
	if !r.IsSet() || r.Valid() && r.Dec().IsZero() {
		return ""
	}
	return d.Money(r, currency)
}
