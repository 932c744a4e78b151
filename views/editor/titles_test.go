package editor_test

import (
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/editor"
)

// An editor's title names its record by number or name, never by id
// (issue 28: "Úprava: výdaj 43"): by the kind alone until the record is
// read, then by what the user knows it as, in the user's language.
func TestEditorTitlesNameRecordsNotIds(t *testing.T) {
	e := newEnv(t)
	e.fd.L = locale.New(locale.Czech)
	sub := e.subject("Acme s.r.o.", "customer")
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: &sub, Lines: []apiclient.LineParams{
		{Name: apiclient.Ptr("Paper"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("120"))}}})
	if err != nil {
		t.Fatal(err)
	}
	g, _, err := e.c.Generators.Create(e.ctx, &apiclient.GeneratorParams{Name: apiclient.Ptr("Měsíční podpora"), SubjectID: &sub,
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Support"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1500"))}}})
	if err != nil {
		t.Fatal(err)
	}
	f, _, err := e.c.InboxFiles.CreateFromBytes(e.ctx, "application/pdf", []byte("%PDF-1.4 scan"), "sken-0042.pdf", false)
	if err != nil {
		t.Fatal(err)
	}
	for _, c := range []struct {
		id             ui.PageID
		before, loaded string
	}{
		{editor.EditPage(editor.ExpenseKind, x.ID), "Úprava: výdaj", "Úprava: výdaj " + x.Number},
		{editor.CopyPage(editor.ExpenseKind, x.ID), "Nový výdaj (kopie)", "Nový výdaj (kopie " + x.Number + ")"},
		{editor.InvoiceFromGeneratorPage(g.ID), "Nová faktura ze šablony", "Nová faktura ze šablony Měsíční podpora"},
		{editor.ExpenseFromInboxPage(f.ID), "Nový výdaj ze souboru schránky", "Nový výdaj ze souboru schránky sken-0042.pdf"},
	} {
		p, err := editor.Makers(e.fd)[c.id.Kind](c.id)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.Title(); got != c.before {
			t.Errorf("%s before the read: title %q, want %q", c.id, got, c.before)
		}
		if got := e.open(c.id).Page.Title(); got != c.loaded {
			t.Errorf("%s: title %q, want %q", c.id, got, c.loaded)
		}
	}
}
