package editor_test

import (
	"fmt"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/nav"
)

// seedExpense makes an expense of three lines in the account's currency.
func (e *env) seedExpense() *apiclient.Expense {
	e.t.Helper()
	sub := e.subject("Beta Supplies s.r.o.", "supplier")
	d := apiclient.MustDecimal
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: &sub, OriginalNumber: apiclient.Ptr("FV-117"),
		IssuedOn: apiclient.Ptr(apiclient.NewDate(2026, 11, 2)), Lines: []apiclient.LineParams{
			{Name: apiclient.Ptr("Paper A4"), Quantity: apiclient.Ptr(d("5")), UnitName: apiclient.Ptr("bal"), UnitPrice: apiclient.Ptr(d("120.50")), VatRate: apiclient.Ptr(d("21"))},
			{Name: apiclient.Ptr("Toner HP 85A"), Quantity: apiclient.Ptr(d("1")), UnitName: apiclient.Ptr("ks"), UnitPrice: apiclient.Ptr(d("1290")), VatRate: apiclient.Ptr(d("21"))},
			{Name: apiclient.Ptr("Delivery"), Quantity: apiclient.Ptr(d("1")), UnitPrice: apiclient.Ptr(d("99")), VatRate: apiclient.Ptr(d("0"))},
		}})
	if err != nil {
		e.t.Fatal(err)
	}
	return x
}

// shellOn is the real shell with the editor's pages, opened on start.
func (e *env) shellOn(start ui.PageID, w, h int) (*ui.Model, tuitest.Loop) {
	m := ui.New(ui.Options{Sections: nav.Sections(), Makers: editor.Makers(e.fd), Styles: e.fd.Styles,
		Account: "testfirma", User: "tester@example.com", Width: w, Height: h, Start: &start, ToastDuration: time.Hour})
	l := tuitest.ModelLoop(m)
	l.Run(m.Init())
	l.Send(tea.WindowSizeMsg{Width: w, Height: h})
	return m, l
}

// The editor of an expense, its lines focused, at 80x24 and 120x40.
func TestGoldenExpenseEditor(t *testing.T) {
	for _, size := range [][2]int{{80, 24}, {120, 40}} {
		e := newEnv(t)
		x := e.seedExpense()
		m, l := e.shellOn(editor.EditPage(editor.ExpenseKind, x.ID), size[0], size[1])
		l.Send(tuitest.Key("tab"))
		tuitest.Golden(t, fmt.Sprintf("expense_editor_%dx%d", size[0], size[1]), m.View())
	}
}

// The editor of a new template with a line being edited, at 80x24.
func TestGoldenTemplateEditor(t *testing.T) {
	e := newEnv(t)
	m, l := e.shellOn(editor.NewPage(editor.GeneratorKind), 120, 40)
	l.Send(tuitest.Key("tab")) // the client
	l.Send(tuitest.Key("tab")) // the lines
	l.Send(tuitest.Key("a"))
	for _, r := range "Support" {
		l.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	for range 3 {
		l.Send(tuitest.Key("tab"))
	}
	for _, r := range "1500" {
		l.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
	}
	tuitest.Golden(t, "template_editor_120x40", m.View())
}
