package editor_test

import (
	"fmt"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/views/editor"
)

// editorWithLines is the editor of a saved expense of n lines at 120×40,
// focused on its lines.
func editorWithLines(b *testing.B, n int) *rig {
	e := newEnvOn(b, sandbox.PlanUnlimited)
	subj := e.subject("Beta Supplies s.r.o.", "supplier")
	ls := make([]apiclient.LineParams, n)
	for i := range ls {
		ls[i] = apiclient.LineParams{Name: apiclient.Ptr(fmt.Sprintf("Item %d", i+1)),
			Quantity:  apiclient.Ptr(apiclient.MustDecimal("1.5")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal(fmt.Sprintf("%d.90", 100+i))),
			VatRate:   apiclient.Ptr(apiclient.MustDecimal([]string{"21", "12", "0"}[i%3]))}
	}
	x, _, err := e.c.Expenses.Create(e.ctx, &apiclient.ExpenseParams{SubjectID: &subj, Lines: ls})
	if err != nil {
		b.Fatal(err)
	}
	r := e.open(editor.EditPage(editor.ExpenseKind, x.ID))
	r.Page.SetSize(120, 40)
	r.Focus(r.lines)
	return r
}

// benchEditorKeys is one key and the frame after it, the keys taken in
// turn: Update and View, what stands between a key and its echo (the Cmds
// a key returns, the draft's write among them, run off the frame).
func benchEditorKeys(b *testing.B, n int, setup []string, keys ...tea.KeyMsg) {
	r := editorWithLines(b, n)
	r.Keys(setup...)
	b.ReportAllocs()
	b.ResetTimer()
	for i := range b.N {
		_ = r.Page.Update(keys[(i/100)%len(keys)])
		_ = r.Page.View()
	}
}

// Moving along the lines of a document of 200 and of 1,000 lines, and
// the editor's frame with its totals (issue 26: at most 1 ms and 2 ms).
func BenchmarkEditorMove200Lines(b *testing.B) {
	benchEditorKeys(b, 200, nil, tuitest.Key("j"), tuitest.Key("k"))
}

func BenchmarkEditorMove1000Lines(b *testing.B) {
	benchEditorKeys(b, 1000, nil, tuitest.Key("j"), tuitest.Key("k"))
}

// Typing into a line's price: every key changes the document, so the
// lines' value and the totals change with it.
func BenchmarkEditorType200Lines(b *testing.B) {
	benchEditorKeys(b, 200, []string{"enter", "tab", "tab", "tab"}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'7'}}, tea.KeyMsg{Type: tea.KeyBackspace})
}

func BenchmarkEditorType1000Lines(b *testing.B) {
	benchEditorKeys(b, 1000, []string{"enter", "tab", "tab", "tab"}, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{'7'}}, tea.KeyMsg{Type: tea.KeyBackspace})
}
