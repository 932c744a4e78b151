package forms_test

import (
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Golden screens of each form through the real shell at 80x24, colours off.

func TestGoldenPaymentForm(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	s := e.shell(forms.PaymentPage(nav.Invoice, inv.ID))
	tuitest.Golden(t, "payment_80x24", s.m.View())
	// A partial payment with a broken date: the mark follows, the date is refused as typed.
	s.keys("ctrl+u")
	s.typeText("2026-13-01")
	s.keys("tab", "ctrl+u")
	s.typeText("5000")
	tuitest.Golden(t, "payment_partial_80x24", s.m.View())
}

func TestGoldenProformaPaymentForm(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice(apiclient.DocProforma)
	s := e.shell(forms.PaymentPage(nav.Invoice, inv.ID))
	tuitest.Golden(t, "payment_proforma_80x24", s.m.View())
}

func TestGoldenMoveForm(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	s := e.shell(forms.NewMovePage(it.ID))
	s.keys("right", "tab", "tab")
	s.typeText("20")
	tuitest.Golden(t, "move_80x24", s.m.View())
}

func TestGoldenEmailForm(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	s := e.shell(forms.EmailPage(inv.ID))
	s.keys("tab", "tab", "tab")
	s.typeText("Dear customer, invoice #no# for #price# is due on #due#.")
	s.keys("enter")
	s.typeText("Pay to #bank#, VS #vs#. #note#, #overdue# days")
	tuitest.Golden(t, "email_80x24", s.m.View())
}

func TestGoldenMoveOfADocument(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	it := e.item(false)
	sub := e.subject("Dodavatel a.s.", "d@example.com")
	if _, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: apiclient.Ptr(sub),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Lamps"), Quantity: apiclient.Ptr(apiclient.MustDecimal("2")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("400")), InventoryItemID: apiclient.Ptr(it.ID)}}}); err != nil {
		t.Fatal(err)
	}
	ms := e.moves(it.ID)
	if len(ms) != 1 {
		t.Fatalf("moves %+v", ms)
	}
	s := e.shell(forms.EditMovePage(it.ID, ms[0].ID))
	tuitest.Golden(t, "move_of_document_80x24", s.m.View())
}

func TestGoldenSubjectForms(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s := e.shell(forms.NewSubjectPage())
	s.typeText("A")
	tuitest.Golden(t, "subject_new_80x24", s.m.View())

	sub, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Odběratel s.r.o."),
		Email: apiclient.Ptr("ucetni@odberatel.example"), Street: apiclient.Ptr("Dlouhá 1"), City: apiclient.Ptr("Praha"),
		Zip: apiclient.Ptr("110 00"), HasDeliveryAddress: apiclient.Ptr(true), DeliveryStreet: apiclient.Ptr("Skladová 7")})
	if err != nil {
		t.Fatal(err)
	}
	s = e.shell(forms.EditSubjectPage(sub.ID))
	for range 11 {
		s.keys("tab")
	}
	s.keys("space") // delivery address off
	tuitest.Golden(t, "subject_edit_80x24", s.m.View())
}

func TestGoldenItemForms(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s := e.shell(forms.NewItemPage())
	s.typeText("Stolní lampa")
	s.keys("tab")
	s.typeText("LAMP-9")
	s.keys("tab", "tab", "tab", "tab", "space")
	tuitest.Golden(t, "item_new_80x24", s.m.View())

	it := e.item(false)
	s = e.shell(forms.EditItemPage(it.ID))
	tuitest.Golden(t, "item_edit_80x24", s.m.View())
}

func TestGoldenWebhookForm(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s := e.shell(forms.NewWebhookPage())
	s.typeText("https://example.com/hooks/fakturoid")
	s.keys("tab", "tab", "tab") // to Invoices
	s.keys("right", "right")    // pick
	s.keys("tab", "space")      // invoice_created
	view := s.m.View()
	if !strings.Contains(view, "1 of 53 chosen") {
		t.Errorf("count:\n%s", view)
	}
	tuitest.Golden(t, "webhook_new_80x24", view)
}
