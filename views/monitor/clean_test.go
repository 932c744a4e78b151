package monitor

import (
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/textclean/cleantest"
	"github.com/kasa-tui/kasa/internal/tuitest"
)

// To-dos, events, names and the account's label from the service carry
// every control class: neither the screen nor a notification passes one on.
func TestHostileTextReachesNoTerminal(t *testing.T) {
	bad := cleantest.Hostile()
	for _, notify := range []NotifyStyle{NotifyOSC9, NotifyOSC777} {
		f := newFixture(t, Options{Notify: notify, NotifyEvents: []string{"*"}, Label: "work" + bad})
		day := f.clock.Now()
		f.src.addTodo(day, "invoice_overdue"+bad, "Pay "+bad)
		f.src.addEvent(day, "invoice_paid", "Invoice "+bad+" was paid", apiclient.RelatedObject{Type: "Invoice", ID: 40})
		f.src.addEvent(day, bad, bad)
		f.src.low = append(f.src.low, apiclient.InventoryItem{Name: bad})
		f.out.Reset()
		f.clock.Set(day.Add(time.Minute))
		f.do(f.m.Update(tuitest.Key("r")))
		for _, size := range [][2]int{{40, 30}, {140, 40}} {
			f.m.SetSize(size[0], size[1])
			out := f.m.View()
			if err := cleantest.Control(out); err != nil {
				t.Errorf("screen %dx%d: %v", size[0], size[1], err)
			}
			if !strings.Contains(out, "Pay ") {
				t.Errorf("the hostile to-do is not shown, so this checks nothing:\n%s", out)
			}
		}
		// Only kasa's own sequence: its start and its BEL around each
		// notification; the text inside is clean.
		got := f.out.String()
		if got == "" {
			t.Fatal("no notification written")
		}
		rest := strings.NewReplacer("\x1b]9;kasa: ", "", "\x1b]777;notify;kasa;", "", "\x07", "\n").Replace(got)
		if err := cleantest.Control(rest); err != nil {
			t.Errorf("notification %d: %v in %q", notify, err, got)
		}
	}
}
