package more

import (
	"context"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/table"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/more/kit"
)

// pairing says which payments a bank account pairs: "in, out".
func pairing(b apiclient.BankAccount) string {
	var parts []string
	if b.Pairing {
		parts = append(parts, "in")
	}
	if b.ExpensePairing {
		parts = append(parts, "out")
	}
	if len(parts) == 0 {
		return "off"
	}
	return strings.Join(parts, ", ")
}

func isDefault(l locale.Locale, b bool) string {
	if b {
		return "★ " + l.T("default")
	}
	return ""
}

// NewBankAccounts is the list of the account's bank accounts (read-only:
// the API cannot add or change them).
func NewBankAccounts(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.BankAccount], error) {
	return common.NewList(d, id, common.ListConfig[apiclient.BankAccount]{
		Title: "Bank accounts",
		Noun:  "bank accounts",
		Columns: []table.Column{
			{Title: "Name", Width: 14, Flex: 1},
			{Title: "Number", Width: 17, Keep: true},
			{Title: "Currency", Width: 8, Keep: true},
			{Title: "Default", Width: 9, Keep: true},
			{Title: "Pairs", Width: 7, Priority: 2, Keep: true},
			{Title: "IBAN", Width: 24, Priority: 1, Keep: true},
		},
		Cells: func(b apiclient.BankAccount) []string {
			return []string{b.Name, b.Number, b.Currency, isDefault(d.L, b.Default), pairing(b), b.IBAN.String()}
		},
		ID: func(b apiclient.BankAccount) int64 { return b.ID },
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.BankAccount, error) {
			return onePage(q, func() ([]apiclient.BankAccount, error) {
				rows, _, err := c.BankAccounts.List(ctx)
				return rows, common.Explain(d.L, err, kit.Rules(locale.Key("bank accounts")))
			})
		},
		Empty:     "No bank accounts. They are added in Fakturoid's web app; the API can only read them.",
		CopyValue: func(b apiclient.BankAccount) (string, string) { return b.Number, locale.Key("account number") },
		CopyLabel: "copy number",
	})
}

// NewUsers is the list of the account's users with their permission and
// the scopes they may use.
func NewUsers(d *common.Deps, id ui.PageID) (*common.ListPage[apiclient.User], error) {
	return common.NewList(d, id, common.ListConfig[apiclient.User]{
		Title: "Users",
		Noun:  "users",
		Columns: []table.Column{
			{Title: "Name", Width: 16, Flex: 1},
			{Title: "E-mail", Width: 20, Flex: 1, Priority: 1},
			{Title: "Permission", Width: 10, Keep: true},
			{Title: "Scopes", Width: 27},
		},
		Cells: func(u apiclient.User) []string {
			return []string{u.FullName, u.Email, d.L.T(u.Permission), scopes(d.L, u.AllowedScope)}
		},
		ID: func(u apiclient.User) int64 { return u.ID },
		Fetch: func(ctx context.Context, c *apiclient.Client, q common.Query) ([]apiclient.User, error) {
			return onePage(q, func() ([]apiclient.User, error) {
				rows, _, err := c.Users.List(ctx)
				return rows, common.Explain(d.L, err, kit.Rules("users"))
			})
		},
		Empty:     "No users.",
		CopyValue: func(u apiclient.User) (string, string) { return u.Email, "e-mail" },
		CopyLabel: "copy e-mail",
	})
}

// scopes is "reports, expenses, invoices", or says there are none.
// scopes are a user's allowed scopes in l's language.
func scopes(l locale.Locale, s []string) string {
	if len(s) == 0 {
		return l.T("none")
	}
	out := make([]string, len(s))
	for i, x := range s {
		out[i] = l.T(x)
	}
	return strings.Join(out, ", ")
}
