package forms_test

import (
	"github.com/kasa-tui/kasa/internal/tuitest"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/subjects"
)

func (e *env) recordBodies(method, suffix string) *tuitest.Bodies {
	return tuitest.RecordBodies(e.t, e.rt, method, suffix)
}

func keysOf(m map[string]any) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}

func TestSubjectNameIsCheckedAsTyped(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectPage())
	r.Set("Name", "A")
	if !strings.Contains(r.Page.View(), "✕ Name is too short (minimum is 2 characters)") {
		t.Errorf("no rule beside the name:\n%s", r.Page.View())
	}
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "/subjects.json"); n != 0 {
		t.Errorf("%d POSTs with a one-letter name", n)
	}
	if !strings.Contains(r.Page.View(), "Fix the marked fields first") {
		t.Errorf("no notice:\n%s", r.Page.View())
	}
	r.Set("E-mail", "not-an-address")
	if errs := r.host().FieldErrors("email"); len(errs) == 0 {
		t.Error("a broken e-mail address passed")
	}
	r.Set("Country", "C1")
	if errs := r.host().FieldErrors("country"); len(errs) == 0 || !strings.Contains(errs[0], "2-letter") {
		t.Errorf("country errors %q", errs)
	}
	r.Set("Due (days)", "14.5")
	if errs := r.host().FieldErrors("due"); len(errs) == 0 || !strings.Contains(errs[0], "whole number") {
		t.Errorf("due errors %q", errs)
	}
	r.Set("Currency", "EU")
	if errs := r.host().FieldErrors("currency"); len(errs) == 0 {
		t.Error("a 2-letter currency passed")
	}
	r.Set("IBAN", "CZ6508000000192000145398")
	if errs := r.host().FieldErrors("iban"); len(errs) == 0 || !strings.Contains(errs[0], "check digits") {
		t.Errorf("IBAN errors %q", errs)
	}
	r.Set("IBAN", "CZ65 0800 0000 1920 0014 5399")
	if errs := r.host().FieldErrors("iban"); len(errs) != 0 {
		t.Errorf("a valid IBAN refused: %q", errs)
	}
}

func TestSubjectDeliveryFieldsShowOnlyWhenOn(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectPage())
	if r.Line("Delivery street") != "" {
		t.Fatalf("delivery fields shown while off:\n%s", r.Page.View())
	}
	if !strings.Contains(r.Page.View(), "Turning it off clears the delivery address") {
		t.Errorf("no note on the rule:\n%s", r.Page.View())
	}
	r.Focus("Delivery address")
	r.Keys("space")
	if r.Line("Delivery street") == "" {
		t.Fatalf("delivery fields hidden while on:\n%s", r.Page.View())
	}
}

func TestSubjectIsCreated(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectPage())
	r.Set("Name", "Dodavatel a.s.")
	r.Focus("Type")
	r.Keys("right") // supplier
	r.Set("E-mail", "fakturace@dodavatel.example")
	r.Focus("Delivery address")
	r.Keys("space")
	r.Set("Delivery street", "Skladová 7")
	r.Set("Due (days)", "30")
	r.Focus("Web invoice history")
	r.Keys("right") // disabled
	r.Keys("ctrl+s")
	if p := r.host().Problem(); p != "" {
		t.Fatalf("problem %q", p)
	}
	subs, _, err := e.c.Subjects.List(e.ctx, apiclient.SubjectListOptions{})
	if err != nil || len(subs) != 1 {
		t.Fatalf("subjects %v %v", subs, err)
	}
	s := subs[0]
	if s.Name != "Dodavatel a.s." || s.Type != apiclient.SubjectSupplier || s.Email != "fakturace@dodavatel.example" ||
		!s.HasDeliveryAddress || s.DeliveryStreet.String() != "Skladová 7" || s.Due == nil || *s.Due != 30 ||
		s.WebinvoiceHistory == nil || *s.WebinvoiceHistory != "disabled" || s.Country != "CZ" {
		t.Errorf("created %+v", s)
	}
	if _, ok := has[ui.Back](r.Out); !ok {
		t.Error("no Back after success")
	}
	if ch, ok := has[ui.Changed](r.Out); !ok || ch.Kind != nav.Subject || ch.Op != ui.ChangeCreated || ch.Record == nil {
		t.Errorf("news %v, want the created subject for the subject list", ch)
	}
	if ts := toasts(r.Out); len(ts) != 1 || ts[0] != "Subject Dodavatel a.s. was created" {
		t.Errorf("toasts %q", ts)
	}
}

func TestSubjectLimitOfTheFreePlanIsExplained(t *testing.T) {
	e := newEnv(t, sandbox.PlanFree)
	for i := range sandbox.PlanFree.Limits.Subjects {
		e.subject("Zákazník "+string(rune('A'+i)), "")
	}
	r := e.open(forms.NewSubjectPage())
	r.Set("Name", "Jeden navíc")
	r.Keys("ctrl+s")
	p := r.host().Problem()
	if !strings.HasPrefix(p, "The plan's limit of subjects is reached: delete a subject you no longer need or upgrade the plan") ||
		!strings.Contains(p, "The service said: The Zdarma plan allows at most 15 subjects") {
		t.Errorf("problem %q", p)
	}
	if _, ok := has[ui.Back](r.Out); ok {
		t.Error("a refused form closed")
	}
	if r.host().Values()["name"] != "Jeden navíc" {
		t.Error("the typed name was lost")
	}
}

// The edit sends only what changed: a change made elsewhere meanwhile to
// another field survives.
func TestSubjectEditSendsOnlyChangedFields(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Odběratel s.r.o."),
		Phone: apiclient.Ptr("+420 111"), Street: apiclient.Ptr("Dlouhá 1"), Due: apiclient.NullOf(10),
		SettingInvoiceSendReminders: apiclient.Ptr("off")})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(forms.EditSubjectPage(s.ID))
	if v := r.host().Values(); v["name"] != "Odběratel s.r.o." || v["due"] != "10" || v["setting_invoice_send_reminders"] != "off" {
		t.Fatalf("loaded %v", v)
	}
	// Someone changes the phone in the web app while the form is open.
	if _, _, err := e.c.Subjects.Update(e.ctx, s.ID, &apiclient.SubjectParams{Phone: apiclient.Ptr("+420 222")}); err != nil {
		t.Fatal(err)
	}
	b := e.recordBodies("PATCH", ".json")
	r.Set("E-mail", "nova@odberatel.example")
	r.Keys("ctrl+s")
	if got := keysOf(b.Last(t)); len(got) != 1 || got[0] != "email" {
		t.Errorf("PATCH sent %v, want only email", got)
	}
	got, _, _ := e.c.Subjects.Get(e.ctx, s.ID)
	if got.Email != "nova@odberatel.example" || got.Phone.String() != "+420 222" || got.Street != "Dlouhá 1" ||
		got.Due == nil || *got.Due != 10 || got.SettingInvoiceSendReminders != "off" {
		t.Errorf("after the edit %+v", got)
	}
	if ch, ok := changed(r.Out, nav.Subject, s.ID); !ok || ch.Record == nil {
		t.Errorf("news %v, want the saved subject for its page", r.Out)
	}
}

// Emptying the subject's due sends null: the subject goes back to the
// account's setting (issue 12: a field can be set back to inherit).
func TestSubjectDueBackToInherit(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Odběratel s.r.o."), Due: apiclient.NullOf(10)})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(forms.EditSubjectPage(s.ID))
	b := e.recordBodies("PATCH", ".json")
	r.Set("Due", "")
	r.Keys("ctrl+s")
	if body := b.Last(t); len(body) != 1 || body["due"] != nil {
		t.Errorf("PATCH sent %v, want {due: null}", body)
	} else if _, sent := body["due"]; !sent {
		t.Errorf("PATCH sent %v, want {due: null}", body)
	}
	got, _, _ := e.c.Subjects.Get(e.ctx, s.ID)
	if got.Due != nil {
		t.Errorf("due %d after it was emptied, want null (the account's)", *got.Due)
	}
}

// Emptying a text field sends null, and the service clears it (issue 25: a
// Rails service keeps "" as an empty text, null clears the field).
func TestSubjectEmptiedFieldIsSentAsNull(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Odběratel s.r.o."),
		Phone: apiclient.Ptr("+420 111"), Street: apiclient.Ptr("Dlouhá 1")})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(forms.EditSubjectPage(s.ID))
	b := e.recordBodies("PATCH", ".json")
	r.Set("Phone", "")
	r.Keys("ctrl+s")
	body := b.Last(t)
	if v, sent := body["phone"]; !sent || v != nil || len(body) != 1 {
		t.Errorf("PATCH sent %v, want {phone: null}", body)
	}
	got, _, _ := e.c.Subjects.Get(e.ctx, s.ID)
	if !got.Phone.IsNull() || got.Street != "Dlouhá 1" {
		t.Errorf("after emptying the phone: phone %q (want null), street %q", got.Phone.String(), got.Street)
	}
}

func TestSubjectEditWithNothingChangedSendsNothing(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	id := e.subject("Beze změny s.r.o.", "a@b.example")
	r := e.open(forms.EditSubjectPage(id))
	r.Keys("ctrl+s")
	if n := e.rt.Count("PATCH", ".json"); n != 0 || r.host().Problem() != "Nothing was changed." {
		t.Errorf("%d PATCHes, problem %q", n, r.host().Problem())
	}
}

func TestSubjectDeliveryOffClearsIt(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s, _, err := e.c.Subjects.Create(e.ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("S doručením"),
		HasDeliveryAddress: apiclient.Ptr(true), DeliveryStreet: apiclient.Ptr("Skladová 7"), DeliveryCity: apiclient.Ptr("Brno")})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(forms.EditSubjectPage(s.ID))
	if r.LineValue("Delivery street") != "Skladová 7" {
		t.Fatalf("delivery street not loaded:\n%s", r.Page.View())
	}
	r.Focus("Delivery address")
	r.Keys("space")
	if !strings.Contains(r.Page.View(), "! saving removes the delivery address") {
		t.Errorf("no warning:\n%s", r.Page.View())
	}
	r.Keys("ctrl+s")
	got, _, _ := e.c.Subjects.Get(e.ctx, s.ID)
	if got.HasDeliveryAddress || got.DeliveryStreet.String() != "" || got.DeliveryCity.String() != "" {
		t.Errorf("delivery address after switching it off: %+v", got)
	}
}

func TestSubjectFaultKeepsTheFormAndInput(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectPage())
	r.Set("Name", "Výpadek s.r.o.")
	e.srv.SetFaults(sandbox.Faults{ErrorRate: 1})
	r.Keys("ctrl+s")
	if _, ok := has[ui.Back](r.Out); ok {
		t.Fatal("the form closed on a fault")
	}
	if p := r.host().Problem(); !strings.Contains(p, "Could not send the subject") || !strings.Contains(p, "Nothing was lost") {
		t.Errorf("problem %q", p)
	}
	e.srv.SetFaults(sandbox.Faults{})
	r.Keys("ctrl+s")
	if subs, _, _ := e.c.Subjects.List(e.ctx, apiclient.SubjectListOptions{}); len(subs) != 1 || subs[0].Name != "Výpadek s.r.o." {
		t.Errorf("subjects after the retry %+v", subs)
	}
}

// Never twice: a dropped answer to the create is checked, not resent.
func TestSubjectUnknownOutcomeFindsTheSubject(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectPage())
	r.Set("Name", "Ztracená odpověď")
	e.srv.DropNextCreates(1)
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "/subjects.json"); n != 1 {
		t.Errorf("%d POSTs, want 1", n)
	}
	if ts := toasts(r.Out); len(ts) != 1 || !strings.Contains(ts[0], "found on the service after its answer was lost") {
		t.Errorf("toasts %q\n%s", ts, r.Page.View())
	}
}

func TestSubjectEscWithInputAsksAndDraftSurvives(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectPage())
	r.Set("Name", "Rozepsaný")
	r.Keys("esc")
	if c, ok := has[ui.Confirm](r.Out); !ok || c.Question != "Discard the unsaved subject?" {
		t.Fatalf("esc with input: %v", r.Out)
	}
	r2 := e.open(forms.NewSubjectPage())
	if r2.host().Values()["name"] != "Rozepsaný" || !strings.Contains(r2.Page.View(), "was restored") {
		t.Errorf("draft not restored:\n%s", r2.Page.View())
	}
}

func TestDeleteSubjectWithDocumentsIsExplained(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	msgs := tuitest.Collect(subjects.DeleteSubjectCmd(e.fd.Deps, apiclient.Subject{ID: x.SubjectID, Name: "Dodavatel a.s."}, true))
	c, ok := has[ui.Confirm](msgs)
	if !ok || !strings.HasPrefix(c.Question, "Delete subject Dodavatel a.s.?") {
		t.Fatalf("no question first: %v", msgs)
	}
	out := tuitest.Collect(c.Yes)
	se, ok := has[ui.ShowError](out)
	if !ok || !strings.HasPrefix(se.Err.Error(), "This contact has invoices or expenses and cannot be deleted. The service said:") {
		t.Fatalf("refusal %v", out)
	}
	if se.Retry != nil {
		t.Error("a refusal offers a retry")
	}
	if _, _, err := e.c.Subjects.Get(e.ctx, x.SubjectID); err != nil {
		t.Errorf("the subject is gone: %v", err)
	}
}

func TestDeleteSubjectFromItsPage(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	id := e.subject("Smazat s.r.o.", "")
	c, _ := has[ui.Confirm](tuitest.Collect(subjects.DeleteSubjectCmd(e.fd.Deps, apiclient.Subject{ID: id, Name: "Smazat s.r.o."}, true)))
	out := tuitest.Collect(c.Yes)
	if _, _, err := e.c.Subjects.Get(e.ctx, id); err == nil {
		t.Fatal("the subject is still there")
	}
	if _, ok := has[ui.Back](out); !ok {
		t.Error("the deleted subject's page stays open")
	}
	if ch, ok := changed(out, nav.Subject, id); !ok || ch.Op != ui.ChangeDeleted {
		t.Errorf("no news of the deleted subject for the list: %v", out)
	}
	if ts := toasts(out); len(ts) != 1 || ts[0] != "Subject Smazat s.r.o. was deleted" {
		t.Errorf("toasts %q", ts)
	}
}

// A second submit while the first is in flight sends nothing.
func TestSubjectDoubleSubmitSendsOneRequest(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectPage())
	r.Set("Name", "Jen jednou")
	first := r.Press("ctrl+s")
	second := r.Press("ctrl+s")
	if !strings.Contains(r.Page.View(), "Sending…") {
		t.Errorf("no Sending… while in flight:\n%s", r.Page.View())
	}
	r.Run(second)
	r.Run(first)
	if n := e.rt.Count("POST", "/subjects.json"); n != 1 {
		t.Errorf("%d POSTs, want 1", n)
	}
}

// The subject form opened from a picker starts with the typed name.
func TestNewSubjectFormTakesTheTypedName(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	r := e.open(forms.NewSubjectNamedPage("Nová firma"))
	if got := r.host().Values()["name"]; got != "Nová firma" {
		t.Errorf("the name starts as %q", got)
	}
	r.Keys("ctrl+s")
	ch, ok := has[ui.Changed](r.Out)
	if !ok || ch.Op != ui.ChangeCreated || ch.Record == nil {
		t.Errorf("no news of the new subject with its record: %v", r.Out)
	}
}
