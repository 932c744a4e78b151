package main

import (
	"context"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// shot is one screenshot: the keys (or shell messages) that lead to the
// screen, the page that must be on top at the end, and the pages it needs.
type shot struct {
	file    string
	title   string // in the window's title bar
	caption string // in the README
	w, h    int
	needs   []ui.Kind
	steps   []tea.Msg
	lang    locale.Tag // the interface's language ("" is English)
	want    ui.Kind
	// setup makes what the demo lacks before the steps (a webhook of this
	// credential's: the demo's own belong to another).
	setup func(ctx context.Context, c *apiclient.Client) error
}

// shots are the screenshots, in the order of the README. File names keep
// their numbers whether or not the pages before them exist.
func shots() []shot {
	const w, h = 120, 40
	more := func(k ui.Kind) []tea.Msg { return append(keys("8"), ui.Open{ID: ui.PageID{Kind: k}}) }
	return []shot{
		{file: "01-subjects.svg", caption: "Subjects: the list of contacts", title: "Subjects", w: w, h: h,
			needs: kinds(nav.Subjects), steps: keys("1"), want: nav.Subjects},
		{file: "02-subject.svg", caption: "A subject's details", title: "Subject", w: w, h: h,
			needs: kinds(nav.Subjects, nav.Subject), steps: keys("1", "enter"), want: nav.Subject},
		{file: "03-invoices.svg", caption: "Invoices", title: "Invoices", w: w, h: h,
			needs: kinds(nav.Invoices), steps: keys("2"), want: nav.Invoices},
		{file: "04-invoice.svg", caption: "An invoice with its lines", title: "Invoice", w: w, h: h,
			needs: kinds(nav.Invoices, nav.Invoice), steps: keys("2", "enter"), want: nav.Invoice},
		{file: "05-expenses.svg", caption: "Expenses", title: "Expenses", w: w, h: h,
			needs: kinds(nav.Expenses), steps: keys("3"), want: nav.Expenses},
		{file: "06-expense.svg", caption: "An expense", title: "Expense", w: w, h: h,
			needs: kinds(nav.Expenses, nav.Expense), steps: keys("3", "enter"), want: nav.Expense},
		{file: "07-inventory.svg", caption: "Inventory", title: "Inventory", w: w, h: h,
			needs: kinds(nav.Inventory), steps: keys("4"), want: nav.Inventory},
		{file: "08-inventory-item.svg", caption: "An inventory item", title: "Inventory item", w: w, h: h,
			needs: kinds(nav.Inventory, nav.InventoryItem), steps: keys("4", "enter"), want: nav.InventoryItem},
		{file: "09-inbox.svg", caption: "Inbox files", title: "Inbox", w: w, h: h,
			needs: kinds(nav.Inbox), steps: keys("5"), want: nav.Inbox},
		{file: "10-todos.svg", caption: "To-dos", title: "To-dos", w: w, h: h,
			needs: kinds(nav.Todos), steps: keys("6"), want: nav.Todos},
		{file: "11-events.svg", caption: "Events: the account's log", title: "Events", w: w, h: h,
			needs: kinds(nav.Events), steps: keys("7"), want: nav.Events},
		{file: "12-more.svg", caption: "More: the rest of the account", title: "More", w: w, h: h,
			needs: kinds(nav.More), steps: keys("8"), want: nav.More},
		{file: "13-webhooks.svg", caption: "Webhooks", title: "Webhooks", w: w, h: h,
			needs: kinds(nav.More, nav.Webhooks), steps: more(nav.Webhooks), want: nav.Webhooks},
		{file: "14-account.svg", caption: "The account", title: "Account", w: w, h: h,
			needs: kinds(nav.More, nav.Account), steps: more(nav.Account), want: nav.Account},
		{file: "15-monitor.svg", caption: "The monitor", title: "Monitor", w: w, h: h,
			needs: kinds(nav.Monitor), steps: keys("9"), want: nav.Monitor},
		{file: "16-help.svg", caption: "Every key, on ?", title: "Help", w: w, h: h,
			needs: kinds(nav.Invoices), steps: keys("2", "?"), want: nav.Invoices},
		{file: "17-subjects-80x24.svg", caption: "Subjects in an 80×24 terminal", title: "Subjects", w: 80, h: 24,
			needs: kinds(nav.Subjects), steps: keys("1"), want: nav.Subjects},
		{file: "18-payment-form.svg", caption: "Form: a payment on an invoice (p)", title: "New payment", w: w, h: h,
			needs: kinds(nav.Invoices, nav.Invoice, forms.PaymentKind), steps: keys("2", "enter", "p"), want: forms.PaymentKind},
		{file: "19-email-form.svg", caption: "Form: an invoice e-mail with its preview (s)", title: "Invoice e-mail", w: w, h: h,
			needs: kinds(nav.Invoices, nav.Invoice, forms.EmailKind), steps: keys("2", "enter", "s"), want: forms.EmailKind},
		{file: "20-move-form.svg", caption: "Form: an inventory move with the quantity after it (m)", title: "Inventory move", w: w, h: h,
			needs: kinds(nav.Inventory, nav.InventoryItem, forms.MoveKind), steps: keys("4", "enter", "m", "down", "down", "5"), want: forms.MoveKind},
		{file: "21-subject-form.svg", caption: "Form: a new subject (n)", title: "New subject", w: w, h: h,
			needs: kinds(nav.Subjects, forms.SubjectKind), steps: keys("1", "n"), want: forms.SubjectKind},
		{file: "22-item-form.svg", caption: "Form: editing an inventory item (e)", title: "Edit item", w: w, h: h,
			needs: kinds(nav.Inventory, nav.InventoryItem, forms.ItemKind), steps: keys("4", "enter", "e"), want: forms.ItemKind},
		{file: "23-webhook-form.svg", caption: "Form: a new webhook (n)", title: "New webhook", w: w, h: h,
			needs: kinds(nav.More, nav.Webhooks, forms.WebhookKind), steps: append(more(nav.Webhooks), keyMsg("n")), want: forms.WebhookKind},
		{file: "24-expense-editor.svg", caption: "The document editor: an expense's lines and totals (e)", title: "Edit expense", w: w, h: h,
			needs: kinds(nav.Expenses, nav.Expense, editor.ExpenseKind), steps: keys("3", "enter", "e", "tab"), want: editor.ExpenseKind},
		{file: "25-invoice-from-template.svg", caption: "The document editor: a new invoice from a template (i)", title: "New invoice", w: w, h: h,
			needs: kinds(nav.More, nav.Generators, editor.InvoiceKind), steps: append(more(nav.Generators), keyMsg("i"), keyMsg("tab")), want: editor.InvoiceKind},
		{file: "26-expense-editor-80x24.svg", caption: "The editor in an 80×24 terminal", title: "Edit expense", w: 80, h: 24,
			needs: kinds(nav.Expenses, nav.Expense, editor.ExpenseKind), steps: keys("3", "enter", "e", "tab"), want: editor.ExpenseKind},
		{file: "27-invoices-marked.svg", caption: "Invoices sorted by total (>), three marked (space), the totals with the VAT by rate (t)", title: "Invoices", w: w, h: h,
			needs: kinds(nav.Invoices), steps: keys("2", ">", ">", ">", ">", ">", "<", "t", " ", "j", " ", "j", " "), want: nav.Invoices},
		{file: "28-cs-invoices.svg", caption: "V češtině (--locale cs): faktury, částky a data, jak je píše účetní", title: "Faktury", w: w, h: h,
			needs: kinds(nav.Invoices), steps: keys("2", "t"), want: nav.Invoices, lang: locale.Czech},
		{file: "29-cs-invoice.svg", caption: "V češtině: faktura s položkami a rekapitulací DPH", title: "Faktura", w: w, h: h,
			needs: kinds(nav.Invoices, nav.Invoice), steps: keys("2", "enter"), want: nav.Invoice, lang: locale.Czech},
		{file: "30-cs-expense-editor.svg", caption: "V češtině: editor výdaje", title: "Úprava výdaje", w: w, h: h,
			needs: kinds(nav.Expenses, nav.Expense, editor.ExpenseKind), steps: keys("3", "enter", "e", "tab"), want: editor.ExpenseKind, lang: locale.Czech},
		{file: "31-cs-payment-form.svg", caption: "V češtině: úhrada faktury", title: "Nová úhrada", w: w, h: h,
			needs: kinds(nav.Invoices, nav.Invoice, forms.PaymentKind), steps: keys("2", "enter", "p"), want: forms.PaymentKind, lang: locale.Czech},
		{file: "32-cs-monitor.svg", caption: "V češtině: monitor úkolů a událostí", title: "Monitor", w: w, h: h,
			needs: kinds(nav.Monitor), steps: keys("9"), want: nav.Monitor, lang: locale.Czech},
		{file: "33-cs-help.svg", caption: "V češtině: všechny klávesy (?)", title: "Nápověda", w: w, h: h,
			needs: kinds(nav.Invoices), steps: keys("2", "?"), want: nav.Invoices, lang: locale.Czech},
		{file: "34-overview.svg", caption: "The overview (0, where kasa opens): the month's figures, VAT by rate, unpaid by age, twelve months", title: "Overview", w: 160, h: 45,
			needs: kinds(nav.Overview), steps: keys("0"), want: nav.Overview},
		{file: "35-cs-overview-80x24.svg", caption: "V češtině: přehled v terminálu 80×24", title: "Přehled", w: 80, h: 24,
			needs: kinds(nav.Overview), steps: keys("0"), want: nav.Overview, lang: locale.Czech},
	}
}

// pages are every page, form and help screen, at 80x24, for the goldens
// of each language (issue 14): the shots' screens and the rest.
func pages() []shot {
	more := func(k ui.Kind, then ...string) []tea.Msg {
		return append(append(keys("8"), ui.Open{ID: ui.PageID{Kind: k}}), keys(then...)...)
	}
	out := []shot{
		{file: "inventory-moves", needs: kinds(nav.Inventory, nav.InventoryMoves), steps: keys("4", "M"), want: nav.InventoryMoves},
		{file: "inbox-file", needs: kinds(nav.Inbox, nav.InboxFile), steps: keys("5", "enter"), want: nav.InboxFile},
		{file: "todos-completed", needs: kinds(nav.Todos), steps: keys("6", "c"), want: nav.Todos},
		{file: "events-filter", needs: kinds(nav.Events), steps: keys("7", "f"), want: nav.Events},
		{file: "invoices-filter", needs: kinds(nav.Invoices), steps: keys("2", "f"), want: nav.Invoices},
		{file: "generators", needs: kinds(nav.More, nav.Generators), steps: more(nav.Generators), want: nav.Generators},
		{file: "generator", needs: kinds(nav.More, nav.Generators, nav.Generator), steps: more(nav.Generators, "enter"), want: nav.Generator},
		{file: "recurring", needs: kinds(nav.More, nav.RecurringGenerators), steps: more(nav.RecurringGenerators), want: nav.RecurringGenerators},
		{file: "recurring-one", needs: kinds(nav.More, nav.RecurringGenerators, nav.RecurringGenerator), steps: more(nav.RecurringGenerators, "enter"), want: nav.RecurringGenerator},
		{file: "bank-accounts", needs: kinds(nav.More, nav.BankAccounts), steps: more(nav.BankAccounts), want: nav.BankAccounts},
		{file: "users", needs: kinds(nav.More, nav.Users), steps: more(nav.Users), want: nav.Users},
		{file: "invoice-editor", needs: kinds(nav.Invoices, editor.InvoiceKind), steps: keys("2", "n"), want: editor.InvoiceKind},
		{file: "webhook", needs: kinds(nav.More, nav.Webhooks, nav.Webhook), steps: more(nav.Webhooks, "enter"), want: nav.Webhook,
			setup: func(ctx context.Context, c *apiclient.Client) error {
				_, _, err := c.Webhooks.Create(ctx, &apiclient.WebhookParams{WebhookURL: apiclient.Ptr("https://example.com/hooks/fakturoid"),
					AuthHeader: apiclient.Ptr("Bearer demo-secret"), Events: apiclient.Ptr([]string{"invoice_paid", "expense_paid"})})
				return err
			}},
		{file: "template-editor", needs: kinds(nav.More, nav.Generators, editor.GeneratorKind), steps: more(nav.Generators, "e"), want: editor.GeneratorKind},
		{file: "recurring-editor", needs: kinds(nav.More, nav.RecurringGenerators, editor.RecurringGeneratorKind), steps: more(nav.RecurringGenerators, "e"), want: editor.RecurringGeneratorKind},
		{file: "monitor-help", needs: kinds(nav.Monitor), steps: keys("9", "?"), want: nav.Monitor},
	}
	for _, sh := range shots() {
		if sh.lang == "" && sh.w == 120 {
			sh.file = strings.TrimSuffix(sh.file[3:], ".svg") // "01-subjects.svg" -> "subjects"
			out = append(out, sh)
		}
	}
	for i := range out {
		out[i].w, out[i].h = 80, 24
	}
	return out
}

func kinds(k ...ui.Kind) []ui.Kind { return k }

// keys turns key names into key presses: "enter", "esc", "tab", "down",
// "up", or the runes typed.
func keys(names ...string) []tea.Msg {
	out := make([]tea.Msg, 0, len(names))
	for _, n := range names {
		out = append(out, keyMsg(n))
	}
	return out
}

func keyMsg(name string) tea.KeyMsg {
	switch name {
	case "enter":
		return tea.KeyMsg{Type: tea.KeyEnter}
	case "esc":
		return tea.KeyMsg{Type: tea.KeyEsc}
	case "tab":
		return tea.KeyMsg{Type: tea.KeyTab}
	case "down":
		return tea.KeyMsg{Type: tea.KeyDown}
	case "up":
		return tea.KeyMsg{Type: tea.KeyUp}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(name)}
}
