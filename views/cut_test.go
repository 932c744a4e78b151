package views_test

import (
	"fmt"
	"net/http/httptest"
	"regexp"
	"strings"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// demoClient serves a fresh demo account (the one kasa --demo shows) for
// the test, its clock stopped at fixedTime.
func demoClient(t *testing.T) *apiclient.Client {
	t.Helper()
	srv, info := demo.New(demo.Options{Options: sandbox.Options{Clock: sandbox.NewManualClock(fixedTime), Seed: 1}})
	ts := httptest.NewServer(srv)
	t.Cleanup(ts.Close)
	c, err := apiclient.New(ts.URL+"/api/v3", apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithAccount(info.Slug), apiclient.WithTransport(apiclient.StaticBearer(nil, info.OwnerToken)))
	if err != nil {
		t.Fatalf("make the demo client: %v", err)
	}
	return c
}

// cutAfterDigit is a value cut mid-way: an ellipsis right after a digit
// ("34 877…", "26. 11. 2026 08…", "N2026-0…").
var cutAfterDigit = regexp.MustCompile(`[0-9]…`)

// demoScreen is one screen of the demo: the keys from the first section,
// the page of More opened after them (when set) and the keys after that.
type demoScreen struct {
	keys []string
	open ui.Kind
	then []string
	kind ui.Kind // the page on top at the end
}

func (s demoScreen) want(k ui.Kind) demoScreen { s.kind = k; return s }

// demoScreens lead to every list of the demo, its totals ("t" shows the
// VAT by rate), the monitor, and the detail pages, top and bottom ("G").
func demoScreens() map[string]demoScreen {
	more := func(k ui.Kind, then ...string) demoScreen {
		return demoScreen{keys: []string{"8"}, open: k, then: then}
	}
	keys := func(k ...string) demoScreen { return demoScreen{keys: k} }
	return map[string]demoScreen{
		"overview":            keys("0").want(nav.Overview),
		"figure":              keys("0", "enter").want(nav.FigureDocs),
		"subjects":            keys("1").want(nav.Subjects),
		"invoices_of_subject": keys("1", "I").want(nav.Invoices),
		"invoices":            keys("2").want(nav.Invoices),
		"invoices_rates":      keys("2", "t").want(nav.Invoices),
		"expenses":            keys("3").want(nav.Expenses),
		"expenses_rates":      keys("3", "t").want(nav.Expenses),
		"inventory":           keys("4").want(nav.Inventory),
		"inventory_moves":     keys("4", "M").want(nav.InventoryMoves),
		"inbox":               keys("5").want(nav.Inbox),
		"todos":               keys("6").want(nav.Todos),
		"todos_completed":     keys("6", "c").want(nav.Todos),
		"events":              keys("7").want(nav.Events),
		"more":                keys("8").want(nav.More),
		"generators":          more(nav.Generators).want(nav.Generators),
		"recurring":           more(nav.RecurringGenerators).want(nav.RecurringGenerators),
		"bank_accounts":       more(nav.BankAccounts).want(nav.BankAccounts),
		"users":               more(nav.Users).want(nav.Users),
		"webhooks":            more(nav.Webhooks).want(nav.Webhooks),
		"monitor":             keys("9").want(nav.Monitor),
		"subject":             keys("1", "enter").want(nav.Subject),
		"invoice":             keys("2", "enter").want(nav.Invoice),
		"expense":             keys("3", "enter").want(nav.Expense),
		"inventory_item":      keys("4", "enter").want(nav.InventoryItem),
		"inbox_file":          keys("5", "enter").want(nav.InboxFile),
		"generator":           more(nav.Generators, "enter").want(nav.Generator),
		"recurring_one":       more(nav.RecurringGenerators, "enter").want(nav.RecurringGenerator),
		"invoice_below":       keys("2", "enter", "G").want(nav.Invoice),
		"expense_below":       keys("3", "enter", "G").want(nav.Expense),
		"item_below":          keys("4", "enter", "G").want(nav.InventoryItem),
		"generator_below":     more(nav.Generators, "enter", "G").want(nav.Generator),
	}
}

// TestNoValueIsCut draws every list of the demo, its totals and the
// monitor in Czech and English at 80x24 and 120x40, and fails where an
// ellipsis follows a digit: an amount, a date, a time or a number cut,
// which a bookkeeper would read as another figure (issue 28). Names and
// free text may be cut; values never are.
func TestNoValueIsCut(t *testing.T) {
	if testing.Short() {
		t.Skip("draws every list of the demo")
	}
	for _, lang := range []locale.Tag{locale.Czech, locale.English} {
		for _, size := range [][2]int{{80, 24}, {120, 40}} {
			for name, sc := range demoScreens() {
				t.Run(fmt.Sprintf("%s/%s/%dx%d", lang, name, size[0], size[1]), func(t *testing.T) {
					t.Parallel()
					h := newHarnessWith(t, demoClient(t), size[0], size[1], func(d *common.Deps) { d.L = locale.New(lang) })
					h.keys(sc.keys...)
					if sc.open != "" {
						h.send(ui.Open{ID: ui.PageID{Kind: sc.open}})
					}
					h.keys(sc.then...)
					if got := h.topID().Kind; got != sc.kind {
						t.Fatalf("the keys ended on %q, not %q", got, sc.kind)
					}
					for i, line := range strings.Split(ansi.Strip(h.view()), "\n") {
						if cutAfterDigit.MatchString(line) {
							t.Errorf("line %d: a value cut: %q", i+1, line)
						}
					}
				})
			}
		}
	}
}
