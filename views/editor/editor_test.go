package editor_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/editor"
	"github.com/kasa-tui/kasa/views/nav"
)

// A new expense in a foreign currency with three lines, one from an
// inventory SKU: saved, and the service's figures are the preview's.
func TestNewExpenseWithLinesSavesWhatThePreviewShowed(t *testing.T) {
	e := newEnv(t)
	e.subject("Beta Supplies s.r.o.", "supplier")
	if _, _, err := e.c.InventoryItems.Create(e.ctx, &apiclient.InventoryItemParams{Name: apiclient.Ptr("Toner HP 85A"),
		SKU: apiclient.Ptr("TON-85A"), UnitName: apiclient.Ptr("ks"), NativeRetailPrice: apiclient.Ptr(apiclient.MustDecimal("1290")),
		VatRate: apiclient.Ptr("standard")}); err != nil {
		t.Fatal(err)
	}
	r := e.open(editor.NewPage(editor.ExpenseKind))
	r.pickSubject("Supplier", "Beta")
	r.line("Paper A4", "5", "bal", "120.50", "21")
	// The second line from the inventory: its item cell, then enter on the match.
	r.Focus("Lines")
	r.Keys("a", "shift+tab")
	r.TypeText("TON-85A")
	r.Keys("enter", "enter")
	r.line("Delivery", "1", "", "99", "0")
	r.Set("Currency", "EUR")
	r.Set("Exchange rate", "25.2")
	r.Set("Supplier's number", "FV-2026-117")
	preview := r.Page.View()
	if !strings.Contains(preview, "total €2,388.93") {
		t.Fatalf("the preview's total (5 × 120.50 + 1290 at 21 %%, 99 at 0 %%) is not 2388.93 EUR:\n%s", preview)
	}
	r.Keys("ctrl+s")
	ch, ok := find[ui.Changed](r.Out)
	if !ok || ch.Op != ui.ChangeCreated || ch.Kind != nav.Expense {
		t.Fatalf("no news of a created expense: %v\n%s", r.Out, r.Page.View())
	}
	x, _, err := e.c.Expenses.Get(e.ctx, ch.ID)
	if err != nil {
		t.Fatal(err)
	}
	if x.Total.String() != "2388.93" || x.Currency != "EUR" || x.OriginalNumber != "FV-2026-117" || len(x.Lines) != 3 {
		t.Errorf("the service holds total %s %s, number %q, %d lines", x.Total, x.Currency, x.OriginalNumber, len(x.Lines))
	}
	if x.Lines[1].Inventory == nil || x.Lines[1].Inventory.SKU != "TON-85A" {
		t.Errorf("the second line is not linked to the item: %+v", x.Lines[1])
	}
	if open, ok := find[ui.Open](r.Out); !ok || open.ID != nav.Record(nav.Expense, x.ID) {
		t.Errorf("the new expense's page was not opened: %v", r.Out)
	}
}

// Editing sends a changed line with its id, a removed one as _destroy and
// a new one without id; the other lines stay as they were.
func TestEditExpenseChangesRemovesAndAddsLines(t *testing.T) {
	e := newEnv(t)
	sub := e.subject("Beta Supplies s.r.o.", "supplier")
	d := apiclient.MustDecimal
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: &sub, Lines: []apiclient.LineParams{
		{Name: apiclient.Ptr("Paper"), Quantity: apiclient.Ptr(d("5")), UnitPrice: apiclient.Ptr(d("120")), VatRate: apiclient.Ptr(d("21"))},
		{Name: apiclient.Ptr("Toner"), Quantity: apiclient.Ptr(d("1")), UnitPrice: apiclient.Ptr(d("1290")), VatRate: apiclient.Ptr(d("21"))},
		{Name: apiclient.Ptr("Pens"), Quantity: apiclient.Ptr(d("10")), UnitPrice: apiclient.Ptr(d("15")), VatRate: apiclient.Ptr(d("21"))},
	}})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(editor.EditPage(editor.ExpenseKind, x.ID))
	r.Focus("Lines")
	r.Keys("enter", "tab")
	for range 6 {
		r.Keys("backspace")
	}
	r.TypeText("6")
	r.Keys("enter", "down", "x") // Toner goes
	r.line("Stapler", "1", "ks", "249", "21")
	r.Keys("ctrl+s")
	if _, ok := find[ui.Changed](r.Out); !ok {
		t.Fatalf("not saved:\n%s", r.Page.View())
	}
	got, _, _ := e.c.Expenses.Get(e.ctx, x.ID)
	var names []string
	for _, l := range got.Lines {
		names = append(names, l.Name+" "+l.Quantity.String())
	}
	if strings.Join(names, ", ") != "Paper 6.0, Pens 10.0, Stapler 1.0" {
		t.Errorf("lines after the edit: %v", names)
	}
	if got.Lines[0].ID != x.Lines[0].ID || got.Lines[1].ID != x.Lines[2].ID {
		t.Errorf("kept lines lost their ids: %+v", got.Lines)
	}
}

// When the answer to a create is lost after the service made the
// document, the editor finds it instead of sending it again.
func TestLostAnswerIsCheckedNotSentTwice(t *testing.T) {
	e := newEnv(t)
	r := e.expenseOfBeta()
	r.line("Paper", "1", "", "100", "21")
	e.sb.Server.DropNextCreates(1) // the sandbox makes it, then drops the connection
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "/expenses.json"); n != 1 {
		t.Errorf("%d creates were sent, want 1", n)
	}
	ch, ok := find[ui.Changed](r.Out)
	if !ok || ch.Op != ui.ChangeCreated {
		t.Fatalf("the expense made before the answer was lost was not found:\n%s", r.Page.View())
	}
	list, _, _ := e.c.Expenses.List(e.ctx, apiclient.DocumentListOptions{})
	if len(list) != 1 {
		t.Errorf("%d expenses on the service, want 1", len(list))
	}
}

// A 422 keeps every value, puts the message beside its field; an empty
// required field is refused before anything is sent.
func TestRefusalKeepsTheInput(t *testing.T) {
	e := newEnv(t)
	r := e.open(editor.NewPage(editor.GeneratorKind))
	r.line("Support", "1", "", "1000", "21")
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "/generators.json"); n != 0 {
		t.Fatalf("a template without a name or client was sent")
	}
	v := r.Page.View()
	if !strings.Contains(v, "Name can't be blank") || !strings.Contains(v, "Client can't be blank") {
		t.Errorf("the missing fields are not named:\n%s", v)
	}
	if !strings.Contains(r.host().Values()["lines"], "Support") {
		t.Errorf("the line was lost: %q", r.host().Values()["lines"])
	}
}

// A template, then an invoice made from it: the invoice starts with the
// template's client and lines.
func TestTemplateThenInvoiceFromIt(t *testing.T) {
	e := newEnv(t)
	e.subject("Acme s.r.o.", "customer")
	r := e.open(editor.NewPage(editor.GeneratorKind))
	r.Set("Name", "Monthly support")
	r.pickSubject("Client", "Acme")
	r.line("Support", "1", "h", "1500", "21")
	r.Keys("ctrl+s")
	ch, ok := find[ui.Changed](r.Out)
	if !ok || ch.Kind != nav.Generator {
		t.Fatalf("the template was not saved:\n%s", r.Page.View())
	}
	inv := e.open(editor.InvoiceFromGeneratorPage(ch.ID))
	if v := inv.host().Values(); !strings.Contains(v["subject_id"], "Acme") || !strings.Contains(v["lines"], "Support") {
		t.Fatalf("the invoice does not start from the template: %+v", v)
	}
	inv.Keys("ctrl+s")
	ich, ok := find[ui.Changed](inv.Out)
	if !ok || ich.Kind != nav.Invoice {
		t.Fatalf("the invoice was not made:\n%s", inv.Page.View())
	}
	i, _, _ := e.c.Invoices.Get(e.ctx, ich.ID)
	if i.Total.String() != "1815.0" {
		t.Errorf("the invoice's total is %s, want 1815.0", i.Total)
	}
}

// A recurring template needs its schedule; saved, it is listed.
func TestNewRecurringTemplate(t *testing.T) {
	e := newEnv(t)
	e.subject("Acme s.r.o.", "customer")
	r := e.open(editor.NewPage(editor.RecurringGeneratorKind))
	r.Set("Name", "Hosting")
	r.Set("Start date", "2026-12-01")
	r.Set("Every (months)", "1")
	r.pickSubject("Client", "Acme")
	r.line("Hosting", "1", "", "300", "21")
	r.Keys("ctrl+s")
	if _, ok := find[ui.Changed](r.Out); !ok {
		t.Fatalf("not saved:\n%s", r.Page.View())
	}
	list, _, _ := e.c.RecurringGenerators.List(e.ctx, apiclient.GeneratorListOptions{})
	if len(list) != 1 || list[0].MonthsPeriod != 1 || list[0].StartDate.String() != "2026-12-01" {
		t.Errorf("recurring templates: %+v", list)
	}
}

// An inbox file becomes an expense with the file attached, and the
// editor then offers to delete the inbox file.
func TestExpenseFromAnInboxFile(t *testing.T) {
	e := newEnv(t)
	e.subject("Beta Supplies s.r.o.", "supplier")
	f, _, err := e.c.InboxFiles.CreateFromBytes(e.ctx, "application/pdf", []byte("%PDF-1.4 scan"), "scan-0042.pdf", false)
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(editor.ExpenseFromInboxPage(f.ID))
	if !strings.Contains(r.Page.View(), "scan-0042.pdf") {
		t.Fatalf("the inbox file is not among the attachments:\n%s", r.Page.View())
	}
	r.pickSubject("Supplier", "Beta")
	r.line("Scanned bill", "1", "", "500", "21")
	r.Keys("ctrl+s")
	ch, ok := find[ui.Changed](r.Out)
	if !ok {
		t.Fatalf("not saved:\n%s", r.Page.View())
	}
	x, _, _ := e.c.Expenses.Get(e.ctx, ch.ID)
	if len(x.Attachments) != 1 || x.Attachments[0].Filename != "scan-0042.pdf" {
		t.Errorf("attachments: %+v", x.Attachments)
	}
	if c, ok := find[ui.Confirm](r.Out); !ok || !strings.Contains(c.Question, "Delete it from the inbox") {
		t.Errorf("no offer to delete the inbox file: %v", r.Out)
	}
}

// esc after typing keeps a draft (lines included) that the editor offers
// again when it is opened once more.
func TestDraftKeepsTheLinesAfterEsc(t *testing.T) {
	e := newEnv(t)
	r := e.expenseOfBeta()
	r.line("Paper", "2", "bal", "120", "21")
	r.Keys("esc") // asks whether to discard; the draft is on disk already
	again := e.open(editor.NewPage(editor.ExpenseKind))
	v := again.host().Values()
	if !strings.Contains(v["lines"], "Paper") || !strings.Contains(v["subject_id"], "Beta") {
		t.Fatalf("the draft was not offered again: %+v", v)
	}
	if !strings.Contains(again.Page.View(), "draft") {
		t.Errorf("the editor does not say a draft was restored:\n%s", again.Page.View())
	}
}

// c copies a document into a new draft: the same supplier and lines, no
// number, and saving makes a second document.
func TestCopyMakesANewDocument(t *testing.T) {
	e := newEnv(t)
	x := e.seedExpense()
	r := e.open(editor.CopyPage(editor.ExpenseKind, x.ID))
	if v := r.host().Values(); v["number"] != "" || !strings.Contains(v["lines"], "Toner") || strings.Contains(v["lines"], `"id"`) {
		t.Fatalf("the copy starts with %+v", v)
	}
	r.Keys("ctrl+s")
	ch, ok := find[ui.Changed](r.Out)
	if !ok || ch.Op != ui.ChangeCreated || ch.ID == x.ID {
		t.Fatalf("no new expense: %v\n%s", r.Out, r.Page.View())
	}
	y, _, _ := e.c.Expenses.Get(e.ctx, ch.ID)
	if y.Total.String() != x.Total.String() || y.Number == x.Number {
		t.Errorf("the copy: total %s (want %s), number %s (the original's %s)", y.Total, x.Total, y.Number, x.Number)
	}
}

// A template on an account without a bank account is refused with the
// reason in words, and nothing typed is lost.
func TestTemplateWithoutBankAccountIsExplained(t *testing.T) {
	e := newEnv(t)
	e.subject("Acme s.r.o.", "customer")
	acct, _ := e.sb.Server.Account("testfirma")
	e.sb.Server.Do(func() { acct.BankAccounts = nil })
	r := e.open(editor.NewPage(editor.GeneratorKind))
	r.Set("Name", "Monthly")
	r.pickSubject("Client", "Acme")
	r.line("Support", "1", "", "100", "21")
	r.Keys("ctrl+s")
	if p := r.host().Problem(); !strings.Contains(p, "bank account") {
		t.Errorf("the refusal is not explained: %q\n%s", p, r.Page.View())
	}
	if !strings.Contains(r.host().Values()["lines"], "Support") {
		t.Error("the lines were lost")
	}
}

// A fault of the service (5xx) keeps everything typed; sent again once the
// service is back, the document is made once.
func TestServiceFaultKeepsTheInput(t *testing.T) {
	e := newEnv(t)
	r := e.expenseOfBeta()
	r.line("Paper", "1", "", "100", "21")
	e.sb.Server.SetFaults(sandbox.Faults{ErrorRate: 1})
	r.Keys("ctrl+s")
	if _, ok := find[ui.Changed](r.Out); ok {
		t.Fatal("saved while the service failed")
	}
	if p := r.host().Problem(); !strings.Contains(p, "Nothing was lost") || !strings.Contains(r.host().Values()["lines"], "Paper") {
		t.Fatalf("the fault lost the input or said nothing: %q", p)
	}
	e.sb.Server.SetFaults(sandbox.Faults{})
	r.Keys("ctrl+s")
	if _, ok := find[ui.Changed](r.Out); !ok {
		t.Fatalf("not saved once the service was back:\n%s", r.Page.View())
	}
	list, _, _ := e.c.Expenses.List(e.ctx, apiclient.DocumentListOptions{})
	if len(list) != 1 {
		t.Errorf("%d expenses, want 1", len(list))
	}
}

// The lower plans allow one recurring template: a second is refused with
// the plan's rule in words.
func TestSecondRecurringTemplateOnALowerPlanIsExplained(t *testing.T) {
	e := newEnvOn(t, sandbox.PlanFree)
	sub := e.subject("Acme s.r.o.", "customer")
	if _, _, err := e.c.RecurringGenerators.Create(e.ctx, &apiclient.RecurringGeneratorParams{
		GeneratorParams: apiclient.GeneratorParams{Name: apiclient.Ptr("First"), SubjectID: &sub, Lines: []apiclient.LineParams{
			{Name: apiclient.Ptr("Hosting"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("300"))}}},
		StartDate: apiclient.Ptr(apiclient.NewDate(2026, 12, 1)), MonthsPeriod: apiclient.Ptr(1)}); err != nil {
		t.Fatal(err)
	}
	r := e.open(editor.NewPage(editor.RecurringGeneratorKind))
	r.Set("Name", "Second")
	r.Set("Start date", "2026-12-01")
	r.Set("Every (months)", "1")
	r.pickSubject("Client", "Acme")
	r.line("Domain", "1", "", "100", "21")
	r.Keys("ctrl+s")
	if p := r.host().Problem(); !strings.Contains(p, "plan allows no more recurring templates") {
		t.Errorf("the plan's limit is not explained: %q", p)
	}
}

// Emptying a field that inherits the account's setting sends null: the
// template's due goes back to the account's, its language too.
func TestEmptiedFieldGoesBackToInherit(t *testing.T) {
	e := newEnv(t)
	sub := e.subject("Acme s.r.o.", "customer")
	g, _, err := e.c.Generators.Create(e.ctx, &apiclient.GeneratorParams{Name: apiclient.Ptr("Monthly"), SubjectID: &sub,
		Due: apiclient.NullOf(30), Language: apiclient.NullOf("en"),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Support"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100"))}}})
	if err != nil || g.Due == nil || *g.Due != 30 {
		t.Fatalf("seed: %+v %v", g, err)
	}
	r := e.open(editor.EditPage(editor.GeneratorKind, g.ID))
	r.Set("Due in days", "")
	r.Focus("Language")
	for r.host().Values()["language"] != "" {
		r.Keys("left")
	}
	r.Keys("ctrl+s")
	if _, ok := find[ui.Changed](r.Out); !ok {
		t.Fatalf("not saved:\n%s", r.Page.View())
	}
	got, _, _ := e.c.Generators.Get(e.ctx, g.ID)
	acct, _, _ := e.c.Account.Get(e.ctx)
	if got.Due == nil || *got.Due != acct.Due || got.Language != acct.InvoiceLanguage {
		t.Errorf("due %v, language %q: want the account's %d and %q", got.Due, got.Language, acct.Due, acct.InvoiceLanguage)
	}
}

// In Czech the editor speaks Czech: its title, labels, choices, a refused
// field's rule and the totals; a date typed the Czech way is sent as the
// API's, and the figures are the service's.
func TestEditorInCzech(t *testing.T) {
	e := newEnv(t)
	e.fd.L = locale.New(locale.Czech)
	e.subject("Beta Supplies s.r.o.", "supplier")
	r := e.open(editor.NewPage(editor.ExpenseKind))
	v := r.Page.View()
	for _, want := range []string{"Nový výdaj", "Dodavatel", "Číslo dodavatele", "Splatnost", "převodem", "Zaokrouhlit součet", "žádné"} {
		if !strings.Contains(v, want) {
			t.Errorf("no %q in the Czech editor:\n%s", want, v)
		}
	}
	r.pickSubject("Dodavatel", "Beta")
	r.line("Papír", "2", "bal", "1200,50", "21")
	r.Set("Splatnost", "31. 2. 2026")
	v = r.Page.View()
	if !strings.Contains(v, "Splatnost není datum: napište") || !strings.Contains(v, "31. 2. 2026") {
		t.Fatalf("a bad date is not refused in Czech, or not kept:\n%s", v)
	}
	if !strings.Contains(v, "celkem 2\u00a0905,21\u00a0Kč") {
		t.Errorf("the totals are not in Czech money (2 × 1 200,50 + 21 %% = 2 905,21 Kč):\n%s", v)
	}
	r.Set("Splatnost", "23. 12. 2026")
	r.Keys("ctrl+s")
	ch, ok := find[ui.Changed](r.Out)
	if !ok || ch.Op != ui.ChangeCreated {
		t.Fatalf("no news of a created expense:\n%s", r.Page.View())
	}
	x, _, err := e.c.Expenses.Get(e.ctx, ch.ID)
	if err != nil {
		t.Fatal(err)
	}
	if x.DueOn.String() != "2026-12-23" || x.Total.String() != "2905.21" {
		t.Errorf("sent due %v, total %s; want 2026-12-23 and 2905.21", x.DueOn, x.Total)
	}
}

// A number on a line that does not read is named once, by its line, and
// nothing is sent.
func TestBadLineNumberIsNamedOnce(t *testing.T) {
	e := newEnv(t)
	r := e.expenseOfBeta()
	r.line("Paper", "1/2", "", "100", "21")
	r.Keys("ctrl+s")
	v := r.Page.View()
	if n := strings.Count(v, `line 1: quantity "1/2" is not a number`); n != 1 {
		t.Errorf("the bad quantity is named %d times, want once:\n%s", n, v)
	}
	if !strings.Contains(v, "a number on a line does not read") {
		t.Errorf("the lines field does not say why nothing was sent:\n%s", v)
	}
	if _, ok := find[ui.Changed](r.Out); ok {
		t.Errorf("an expense was sent with a bad line")
	}
}

// The editor of a locked document says so at once, before anything is
// typed that could not be saved, and how to unlock it; its title names the
// document by number, not by id (issue 28).
func TestLockedDocumentIsSaidAtOnce(t *testing.T) {
	e := newEnv(t)
	sub := e.subject("Beta Supplies s.r.o.", "supplier")
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: &sub, Lines: []apiclient.LineParams{
		{Name: apiclient.Ptr("Paper"), Quantity: apiclient.Ptr(apiclient.MustDecimal("5")), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("120"))}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := e.c.Expenses.Lock(e.ctx, x.ID); err != nil {
		t.Fatal(err)
	}
	r := e.open(editor.EditPage(editor.ExpenseKind, x.ID))
	v := r.Page.View()
	if !strings.Contains(v, "The expense is locked") || !strings.Contains(v, "ctrl+l unlocks it here") {
		t.Errorf("the lock is not said at once:\n%s", v)
	}
	if !strings.Contains(v, "Edit expense "+x.Number) {
		t.Errorf("the title does not name the expense by its number %s:\n%s", x.Number, v)
	}
	r.Keys("x", "y")
	if r.host().Dirty() {
		t.Error("typing changed a locked document's form")
	}
	if !helps(r, "ctrl+l") {
		t.Error("ctrl+l is not in the locked editor's keys")
	}
	// ctrl+l unlocks it there, once, and the form is editable.
	fire := fmt.Sprintf("expenses/%d/fire.json", x.ID)
	before := e.rt.Count("POST", fire)
	r.Keys("ctrl+l")
	if n := e.rt.Count("POST", fire) - before; n != 1 {
		t.Fatalf("%d unlock requests, want 1", n)
	}
	if got, _, _ := e.c.Expenses.Get(e.ctx, x.ID); got.Locked() {
		t.Fatal("the expense is still locked at the service")
	}
	if c, ok := find[ui.Changed](r.Out); !ok || c.ID != x.ID {
		t.Errorf("the unlock was not announced: %v", r.Out)
	}
	if helps(r, "ctrl+l") {
		t.Error("ctrl+l is still offered on an unlocked document")
	}
	r.Set("Supplier's number", "FV-200")
	r.Keys("ctrl+s")
	if got, _, _ := e.c.Expenses.Get(e.ctx, x.ID); got.OriginalNumber != "FV-200" {
		t.Errorf("not saved after the unlock: %q\n%s", got.OriginalNumber, r.Page.View())
	}
}

// helps reports whether the page's keys offer k.
func helps(r *rig, k string) bool {
	for _, col := range r.Page.KeyMap().FullHelp() {
		for _, b := range col {
			if b.Enabled() && b.Help().Key == k {
				return true
			}
		}
	}
	return false
}

// An invoice locked by someone else while it is edited: ctrl+s is refused
// with the way out, esc asks before it discards the typing (and says it is
// not saved), ctrl+l unlocks with the typing kept, and ctrl+s then saves it.
func TestLockedWhileEditingKeepsTheTyping(t *testing.T) {
	e := newEnv(t)
	inv := e.seedCorrected()
	r := e.open(editor.EditPage(editor.InvoiceKind, inv.ID))
	r.Set("Order number", "PO-77")
	if _, err := e.c.Invoices.Fire(e.ctx, inv.ID, apiclient.InvoiceEventLock); err != nil {
		t.Fatal(err)
	}
	r.Keys("ctrl+s")
	if v := r.Page.View(); !strings.Contains(v, "ctrl+l unlocks it here") {
		t.Fatalf("the refusal does not offer the unlock:\n%s", v)
	}
	r.Out = nil
	r.Keys("esc")
	q, asked := find[ui.Confirm](r.Out)
	if _, back := find[ui.Back](r.Out); back || !asked || !strings.Contains(q.Question, "locked and your changes are not saved") {
		t.Fatalf("esc after the refusal: %v (question %q)", r.Out, q.Question)
	}
	// No: the form stays, with the typing.
	if r.host().Values()["order_number"] != "PO-77" {
		t.Fatalf("the typing is gone: %q", r.host().Values()["order_number"])
	}
	r.Keys("ctrl+l")
	if got, _, _ := e.c.Invoices.Get(e.ctx, inv.ID); !got.LockedAt.IsZero() {
		t.Fatalf("still locked:\n%s", r.Page.View())
	}
	r.Keys("ctrl+s")
	if got, _, _ := e.c.Invoices.Get(e.ctx, inv.ID); got.OrderNumber.String() != "PO-77" {
		t.Errorf("order number %q after unlock and ctrl+s:\n%s", got.OrderNumber.String(), r.Page.View())
	}
}

// Emptying a document's note sends null, which clears it at the service
// (issue 25: a Rails service keeps "" as an empty text); a template's
// params cannot say null, so it sends the empty text as before.
func TestEmptiedNoteIsSentAsNull(t *testing.T) {
	e := newEnv(t)
	sub := e.subject("Acme s.r.o.", "customer")
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: &sub, PrivateNote: apiclient.Ptr("do not pay yet"),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Paper"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100"))}}})
	if err != nil {
		t.Fatal(err)
	}
	r := e.open(editor.EditPage(editor.ExpenseKind, x.ID))
	b := tuitest.RecordBodies(t, e.rt, "PATCH", ".json")
	r.Set("Private note", "")
	r.Keys("ctrl+s")
	if _, ok := find[ui.Changed](r.Out); !ok {
		t.Fatalf("not saved:\n%s", r.Page.View())
	}
	if v, sent := b.Last(t)["private_note"]; !sent || v != nil {
		t.Errorf("PATCH sent %v, want private_note: null", b.Last(t))
	}
	got, _, _ := e.c.Expenses.Get(e.ctx, x.ID)
	if !got.PrivateNote.IsNull() {
		t.Errorf("private note %q after it was emptied, want null", got.PrivateNote.String())
	}
}
