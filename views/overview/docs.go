package overview

import (
	"context"
	"errors"
	"strings"

	"github.com/charmbracelet/lipgloss"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/report"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// FigureID is the page listing the documents figure key sums in period.
func FigureID(key, period string) ui.PageID {
	return common.FilteredList(nav.FigureDocs, "figure", key, "period", period)
}

// figureFilters are the fixed filters of a figure's page (FigureID).
func figureFilters() []common.FilterField {
	return []common.FilterField{
		{Name: "figure", Label: "Figure", Kind: common.FieldText},
		{Name: "period", Label: "Period", Kind: common.FieldText},
	}
}

// NewFigureDocs is the list of the documents one figure sums, each with
// the share it adds, read from the books as the overview reads them: the
// same rules, so the list sums to the figure.
func NewFigureDocs(d *common.Deps, id ui.PageID) (*common.ListPage[report.Doc], error) {
	f, err := common.ParseFilterID(id.ID)
	if err != nil {
		return nil, err
	}
	period, err := report.ParsePeriod(f["period"])
	if err != nil {
		return nil, err
	}
	fig := f["figure"]
	return common.NewList(d, id, common.ListConfig[report.Doc]{
		Title: figureTitle(d.L, fig),
		Noun:  "documents",
		Columns: []table.Column{
			{Title: "Number", Width: 12, Keep: true},
			{Title: "Client or supplier", Width: 16, Flex: 1},
			{Title: "Date", Width: d.DateWidth(), Keep: true},
			{Title: "Status", Width: 13, Priority: 1, Keep: true},
			{Title: "Amount", Width: 16, Align: lipgloss.Right, Keep: true},
		},
		Cells: func(r report.Doc) []string {
			return []string{r.Number, r.Party, d.L.Date(r.Day.Time()), d.Status(r.Status), d.L.Number(r.Amount, 2)}
		},
		Sorts: []common.Sort[report.Doc]{
			common.ByDec("amount", func(r *report.Doc) decimal.Decimal { return r.Amount }),
			common.ByText("number", func(r *report.Doc) string { return r.Number }),
		},
		ID: func(r report.Doc) int64 { return r.ID },
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]report.Doc, error) {
			if q.Page > 1 {
				return nil, nil
			}
			b, err := books(ctx, d, c)
			var stale *report.StaleError
			if err != nil && !errors.As(err, &stale) {
				return nil, err
			}
			today := report.DayOf(d.Now().In(d.Loc))
			return b.Report(period, today).Docs[fig], nil
		},
		Filters: figureFilters(),
		Empty:   "No document adds to this figure.",
		Open: func(r report.Doc) ui.PageID {
			if r.Expense {
				return nav.Record(nav.Expense, r.ID)
			}
			return nav.Record(nav.Invoice, r.ID)
		},
		Of: func(report.Doc) string { return period.Name },
	})
}

// figureTitle names a figure by its key: "Output VAT 21 %".
func figureTitle(l locale.Locale, fig string) string {
	name, qual, _ := strings.Cut(fig, ":")
	switch name {
	case report.FigOutput, report.FigInput, report.FigReverse:
		rate, _ := decimal.NewFromString(qual)
		title := map[string]string{report.FigOutput: l.T("Output VAT"), report.FigInput: l.T("Input VAT"),
			report.FigReverse: l.T("Reverse charge (declared and deducted)")}[name]
		return title + " " + l.Percent(rate)
	case report.FigAge:
		age := 0
		if len(qual) == 1 && qual[0] >= '0' && qual[0] < '0'+report.Ages {
			age = int(qual[0] - '0')
		}
		return l.T("Unpaid") + ", " + l.T(report.AgeLabel(age))
	case report.FigDebtor:
		return l.T("Unpaid of one client")
	}
	return l.T(map[string]string{report.FigInvoiced: locale.Key("Invoiced (tax documents)"),
		report.FigProformas: locale.Key("Proformas (apart)"), report.FigReceived: locale.Key("Received"),
		report.FigExpenses: locale.Key("Expenses"), report.FigUnpaid: locale.Key("Unpaid")}[name])
}
