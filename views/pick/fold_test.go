package pick_test

import (
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/pick"
)

// Typed without diacritics, a name with them is found: "kava" finds "Káva",
// "ucetni" finds "Účetní", though the service's search compares the
// letters exactly; the picker reads the subjects' first pages once, not on
// every search.
func TestSearchIgnoresDiacritics(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: time.Date(2026, 11, 2, 9, 0, 0, 0, time.UTC)})
	for _, name := range []string{"Káva a čaj s.r.o.", "Účetní kancelář Nováková", "Acme s.r.o."} {
		if _, _, err := sb.Client.Subjects.Create(t.Context(), &apiclient.SubjectParams{Name: apiclient.Ptr(name)}); err != nil {
			t.Fatal(err)
		}
	}
	if l, _, _ := sb.Client.Subjects.Search(t.Context(), apiclient.SearchOptions{Query: "kava"}); len(l) != 0 {
		t.Fatalf("the sandbox's search folds diacritics itself (%d found): the test proves nothing", len(l))
	}
	rt := &tuitest.Transport{Base: apiclient.StaticBearer(nil, sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID))}
	c := sb.ClientWith(t, "", apiclient.WithTransport(rt))
	d := common.Deps{Client: func() *apiclient.Client { return c }, Styles: ui.NewStyles(true), SearchDelay: time.Millisecond}.WithDefaults()
	p := pick.NewSubject(d, page, "customer")
	for _, c := range []struct{ typed, want string }{{"kava", "Káva a čaj s.r.o."}, {"ucetni", "Účetní kancelář Nováková"}, {"UCETNI KANCELAR", "Účetní kancelář"}} {
		drive(p, tuitest.Key("esc"))
		for _, r := range c.typed {
			drive(p, tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
		if v := strings.Join(p.View(80, true), "\n"); !strings.Contains(v, c.want) || strings.Contains(v, "Acme") {
			t.Errorf("%q lists:\n%s", c.typed, v)
		}
	}
	if n := rt.Count("GET", "/subjects.json"); n != 1 {
		t.Errorf("the subjects were listed %d times for the searches, want once", n)
	}
	drive(p, tuitest.Key("enter"))
	if _, name := pick.ParseSubjectValue(p.Value()); name != "Účetní kancelář Nováková" {
		t.Errorf("picked %q", name)
	}
}
