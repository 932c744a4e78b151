package forms_test

import (
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// The keys bound on the subject and expense pages open the forms and run
// the actions; the pages reload after a save.

func (s *shell) top() ui.PageID {
	id, _ := s.m.TopID()
	return id
}

func TestNewSubjectFromTheEmptyList(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	s := e.shellAt(nil)
	if !strings.Contains(s.m.View(), "No subjects yet: press n to add one.") {
		t.Fatalf("empty list:\n%s", s.m.View())
	}
	s.keys("n")
	if s.top() != forms.NewSubjectPage() {
		t.Fatalf("n opened %v", s.top())
	}
	s.typeText("Nový zákazník")
	s.keys("ctrl+s")
	if s.top() != (ui.PageID{Kind: nav.Subjects}) {
		t.Fatalf("after saving the top is %v:\n%s", s.top(), s.m.View())
	}
	if !strings.Contains(s.m.View(), "Nový zákazník") {
		t.Errorf("the list was not reloaded:\n%s", s.m.View())
	}
}

func TestEditAndDeleteFromTheSubjectPage(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	id := e.subject("Starý název", "a@b.example")
	s := e.shellAt(nil)
	s.keys("enter")
	if s.top() != nav.Record(nav.Subject, id) {
		t.Fatalf("enter opened %v", s.top())
	}
	s.keys("e")
	if s.top() != forms.EditSubjectPage(id) {
		t.Fatalf("e opened %v", s.top())
	}
	s.keys("ctrl+u")
	s.typeText("Nový název")
	s.keys("ctrl+s")
	if s.top() != nav.Record(nav.Subject, id) || !strings.Contains(s.m.View(), "Nový název") {
		t.Fatalf("the subject page did not reload:\n%s", s.m.View())
	}
	s.keys("d")
	if !strings.Contains(s.m.View(), "Delete subject Nový název?") {
		t.Fatalf("no question:\n%s", s.m.View())
	}
	s.keys("y")
	if _, _, err := e.c.Subjects.Get(e.ctx, id); err == nil {
		t.Fatal("not deleted")
	}
	if s.top() != (ui.PageID{Kind: nav.Subjects}) || !strings.Contains(s.m.View(), "0 loaded, all loaded") {
		t.Errorf("after the delete:\n%s", s.m.View())
	}
}

func TestLockKeyOnTheExpensePage(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	s := e.shell(nav.Record(nav.Expense, x.ID))
	offered := false
	for _, b := range s.m.Top().KeyMap().ShortHelp() {
		offered = offered || b.Help().Key == "L" && b.Help().Desc == "lock/unlock"
	}
	if !offered {
		t.Error("L is not in the expense page's keys")
	}
	s.keys("L")
	if !strings.Contains(s.m.View(), "Lock expense "+x.Number+"?") {
		t.Fatalf("L does not ask before locking:\n%s", s.m.View())
	}
	s.keys("y")
	if !strings.Contains(s.m.View(), "🔒 locked since") {
		t.Errorf("the page does not show the lock:\n%s", s.m.View())
	}
	if got, _, _ := e.c.Expenses.Get(e.ctx, x.ID); !got.Locked() {
		t.Error("not locked")
	}
	s.keys("L")
	if got, _, _ := e.c.Expenses.Get(e.ctx, x.ID); got.Locked() {
		t.Error("not unlocked")
	}
	if strings.Contains(s.m.View(), "🔒 locked since") {
		t.Errorf("still shown locked:\n%s", s.m.View())
	}
}

func TestDeleteFromTheSubjectList(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	e.subject("Zůstane s.r.o.", "")
	id := e.subject("Odejde s.r.o.", "")
	s := e.shellAt(nil)
	s.keys("d") // the newest first: Odejde
	if !strings.Contains(s.m.View(), "Delete subject Odejde s.r.o.?") {
		t.Fatalf("no question:\n%s", s.m.View())
	}
	s.keys("y")
	if _, _, err := e.c.Subjects.Get(e.ctx, id); err == nil {
		t.Fatal("not deleted")
	}
	if !strings.Contains(s.m.View(), "1 loaded, all loaded") || s.top() != (ui.PageID{Kind: nav.Subjects}) {
		t.Errorf("the list did not reload:\n%s", s.m.View())
	}
}
