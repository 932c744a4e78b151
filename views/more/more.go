// Package more is the "More" section: a menu of the account's less daily
// pages (invoice generators, recurring generators, webhooks, the account's
// settings, bank accounts and users) and those pages.
package more

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// Makers are the pages of the More section.
func Makers(d *common.Deps) map[ui.Kind]ui.Maker {
	return map[ui.Kind]ui.Maker{
		nav.More:                func(id ui.PageID) (ui.Page, error) { return NewMenu(d, id) },
		nav.Generators:          func(id ui.PageID) (ui.Page, error) { return NewGenerators(d, id) },
		nav.Generator:           func(id ui.PageID) (ui.Page, error) { return NewGenerator(d, id) },
		nav.RecurringGenerators: func(id ui.PageID) (ui.Page, error) { return NewRecurringList(d, id) },
		nav.RecurringGenerator:  func(id ui.PageID) (ui.Page, error) { return NewRecurring(d, id) },
		nav.Webhooks:            func(id ui.PageID) (ui.Page, error) { return NewWebhooks(d, id) },
		nav.Webhook:             func(id ui.PageID) (ui.Page, error) { return NewWebhook(d, id) },
		nav.Account:             func(id ui.PageID) (ui.Page, error) { return NewAccount(d, id), nil },
		nav.BankAccounts:        func(id ui.PageID) (ui.Page, error) { return NewBankAccounts(d, id) },
		nav.Users:               func(id ui.PageID) (ui.Page, error) { return NewUsers(d, id) },
	}
}

// MenuEntry is one line of the More menu.
type MenuEntry struct {
	ID    int64
	Name  string
	About string
	Kind  ui.Kind
}

// menu is what the More section offers, in this order.
var menu = []MenuEntry{
	{1, locale.Key("Generators"), locale.Key("invoice templates, with their lines and totals"), nav.Generators},
	{2, locale.Key("Recurring generators"), locale.Key("invoices issued on a schedule; pause and activate them"), nav.RecurringGenerators},
	{3, locale.Key("Webhooks"), locale.Key("where the account's changes are sent; failed deliveries"), nav.Webhooks},
	{4, locale.Key("Account"), locale.Key("plan, VAT mode, invoice defaults, API calls used"), nav.Account},
	{5, locale.Key("Bank accounts"), locale.Key("the account's bank accounts (read-only)"), nav.BankAccounts},
	{6, locale.Key("Users"), locale.Key("who can use the account, with permissions and scopes"), nav.Users},
}

// NewMenu is the More menu: the same list widget as every list, over a
// fixed set of entries (its Fetch asks nothing of the server).
func NewMenu(d *common.Deps, id ui.PageID) (*common.ListPage[MenuEntry], error) {
	return common.NewList(d, id, common.ListConfig[MenuEntry]{
		Title: "More",
		Noun:  "pages",
		Columns: []table.Column{
			{Title: "Page", Width: 22},
			{Title: "What it shows", Width: 20, Flex: 1},
		},
		Cells: func(e MenuEntry) []string { return []string{d.L.T(e.Name), d.L.T(e.About)} },
		ID:    func(e MenuEntry) int64 { return e.ID },
		Fetch: func(context.Context, *apiclient.Client, common.Query) ([]MenuEntry, error) {
			return menu, nil
		},
		Empty: "Nothing here.",
		Open:  func(e MenuEntry) ui.PageID { return ui.PageID{Kind: e.Kind} },
	})
}

// onePage adapts an unpaged index (users, bank accounts) to the list: the
// first page is the whole list, later ones are empty.
func onePage[T any](q common.Query, f func() ([]T, error)) ([]T, error) {
	if q.Page > 1 {
		return nil, nil
	}
	return f()
}
