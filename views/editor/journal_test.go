package editor_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/pagetest"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/editor"
)

// Never twice in the editor: a new invoice, a new expense and an expense
// edited with a line added (a line without an id is added again by every
// send) x every fault a write meets x every way a hasty user sends again,
// counted at the sandbox over HTTP.

type docWrite struct {
	name   string
	method string
	setup  func(e *env) (id ui.PageID, fill func(r *rig), path string, count func() int)
}

func docWrites() []docWrite {
	return []docWrite{
		{"new invoice", "POST", func(e *env) (ui.PageID, func(*rig), string, func() int) {
			e.subject("Acme s.r.o.", "customer")
			return editor.NewPage(editor.InvoiceKind), func(r *rig) {
				r.pickSubject("Client", "Acme")
				r.line("Consulting", "2", "", "1000", "21")
			}, "invoices.json", func() int { return e.docsWithLine("invoice", "Consulting") }
		}},
		{"new expense", "POST", func(e *env) (ui.PageID, func(*rig), string, func() int) {
			e.subject("Beta Supplies s.r.o.", "supplier")
			return editor.NewPage(editor.ExpenseKind), func(r *rig) {
				r.pickSubject("Supplier", "Beta")
				r.line("Paper", "1", "", "100", "21")
			}, "expenses.json", func() int { return e.docsWithLine("expense", "Paper") }
		}},
		{"new correction", "POST", func(e *env) (ui.PageID, func(*rig), string, func() int) {
			inv := e.seedCorrected()
			return editor.CorrectionPage(inv.ID), func(*rig) {}, "invoices.json", func() int { return e.docsWithLine("invoice", "Disk 2TB") - 1 }
		}},
		{"expense edited, a line added", "PATCH", func(e *env) (ui.PageID, func(*rig), string, func() int) {
			x := e.seedExpense()
			return editor.EditPage(editor.ExpenseKind, x.ID), func(r *rig) { r.line("Stapler", "1", "", "249", "21") },
				fmt.Sprintf("expenses/%d.json", x.ID), func() int { return e.linesNamed(x.ID, "Stapler") }
		}},
	}
}

func TestEditorNeverWritesTwice(t *testing.T) {
	for _, dw := range docWrites() {
		for _, f := range tuitest.WriteFaults() {
			for _, u := range pagetest.HastyUsers() {
				t.Run(dw.name+"/"+f.Name+"/"+u.Name, func(t *testing.T) {
					t.Parallel()
					e := newEnv(t)
					id, fill, path, count := dw.setup(e)
					r := e.open(id)
					fill(r)
					pagetest.NeverTwice{World: world{e}, Rig: r.Rig, Fault: f, User: u, Count: count,
						Aim: func() { e.sb.Aim(t, e.rt, f, dw.method, path) }}.Play(t)
				})
			}
		}
	}
}

// world is the env as a hasty user's tests see it (pagetest.World).
type world struct{ e *env }

// Open opens the editor again: it may close at once (its draft's write was
// found done).
func (w world) Open(id ui.PageID) *pagetest.Rig {
	p, err := editor.Makers(w.e.fd)[id.Kind](id)
	if err != nil {
		w.e.t.Fatal(err)
	}
	return pagetest.NewRig(w.e.t, id, p, 120, 60)
}
func (w world) ClearFaults() { w.e.sb.ClearFaults(w.e.rt) }

// Restart is kasa started again on the same folders: a new journal read
// from its file, a new client, and the start's check of what is in doubt.
func (w world) Restart() {
	e := w.e
	j := journal.Open(e.journalDir, e.sb.Server.Now)
	pc := e.sb.ClientWith(e.t, e.token, append(e.opts, apiclient.WithWriteHook(j.Hook))...)
	d := *e.fd.Deps
	d.Journal, d.Client = j, func() *apiclient.Client { return pc }
	e.fd.Deps = &d
	if _, err := j.Settle(e.ctx, pc, 10); err != nil {
		e.t.Fatal(err)
	}
}

// docsWithLine counts the invoices or expenses with a line named name.
func (e *env) docsWithLine(kind, name string) int {
	e.t.Helper()
	n := 0
	has := func(ls []apiclient.Line) bool {
		for _, l := range ls {
			if strings.EqualFold(l.Name, name) {
				return true
			}
		}
		return false
	}
	if kind == "invoice" {
		for d, err := range e.c.Invoices.ListAll(e.ctx, apiclient.DocumentListOptions{}) {
			if err != nil {
				e.t.Fatal(err)
			}
			if has(d.Lines) {
				n++
			}
		}
		return n
	}
	for d, err := range e.c.Expenses.ListAll(e.ctx, apiclient.DocumentListOptions{}) {
		if err != nil {
			e.t.Fatal(err)
		}
		if has(d.Lines) {
			n++
		}
	}
	return n
}

// linesNamed counts the lines named name on expense id.
func (e *env) linesNamed(id int64, name string) int {
	e.t.Helper()
	x, _, err := e.c.Expenses.Get(e.ctx, id)
	if err != nil {
		e.t.Fatal(err)
	}
	n := 0
	for _, l := range x.Lines {
		if l.Name == name {
			n++
		}
	}
	return n
}

// ctrl+y works whatever field has the focus, a cell of the lines being
// edited included: an update in doubt (harmless to send again) is sent
// again from there.
func TestResendWorksFromAnyField(t *testing.T) {
	e := newEnv(t)
	x := e.seedExpense()
	r := e.open(editor.EditPage(editor.ExpenseKind, x.ID))
	r.Set("Supplier's number", "FV-118")
	path := fmt.Sprintf("expenses/%d.json", x.ID)
	e.sb.Aim(t, e.rt, tuitest.WriteFault{Rule: sandbox.FaultDropAfter}, "PATCH", path)
	r.Keys("ctrl+s")
	if !r.host().Unknown() {
		t.Fatalf("not in doubt after a dropped answer:\n%s", r.Page.View())
	}
	r.Focus(r.lines)
	r.Keys("enter") // a cell of the first line is being edited
	r.Keys("ctrl+y")
	if n := e.rt.Count("PATCH", path); n != 2 {
		t.Errorf("%d PATCHes after ctrl+y on the lines, want 2", n)
	}
	if r.Open() {
		t.Errorf("the editor is still open:\n%s", r.Page.View())
	}
}
