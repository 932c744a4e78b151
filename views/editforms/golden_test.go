package editforms_test

import (
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/views/editforms"
)

// Golden screens of each form through the real shell at 80x24, colours off.

func TestGoldenSubjectForms(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s := e.shell(editforms.NewSubjectPage())
	s.typeText("A")
	golden(t, "subject_new_80x24", s.m.View())

	sub, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Odběratel s.r.o."),
		Email: apiclient.Ptr("ucetni@odberatel.example"), Street: apiclient.Ptr("Dlouhá 1"), City: apiclient.Ptr("Praha"),
		Zip: apiclient.Ptr("110 00"), HasDeliveryAddress: apiclient.Ptr(true), DeliveryStreet: apiclient.Ptr("Skladová 7")})
	if err != nil {
		t.Fatal(err)
	}
	s = e.shell(editforms.EditSubjectPage(sub.ID))
	for range 11 {
		s.keys("tab")
	}
	s.keys("space") // delivery address off
	golden(t, "subject_edit_80x24", s.m.View())
}

func TestGoldenItemForms(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s := e.shell(editforms.NewItemPage())
	s.typeText("Stolní lampa")
	s.keys("tab")
	s.typeText("LAMP-9")
	s.keys("tab", "tab", "tab", "tab", "space")
	golden(t, "item_new_80x24", s.m.View())

	it := e.item(false)
	s = e.shell(editforms.EditItemPage(it.ID))
	golden(t, "item_edit_80x24", s.m.View())
}

func TestGoldenWebhookForm(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s := e.shell(editforms.NewWebhookPage())
	s.typeText("https://example.com/hooks/fakturoid")
	s.keys("tab", "tab", "tab") // to Invoices
	s.keys("right", "right")    // pick
	s.keys("tab", "space")      // invoice_created
	view := s.m.View()
	if !strings.Contains(view, "1 of 53 chosen") {
		t.Errorf("count:\n%s", view)
	}
	golden(t, "webhook_new_80x24", view)
}
