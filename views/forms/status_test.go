package forms_test

import (
	"errors"
	"net/http"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// A form's answers carry the connection status like any page's: a submit
// that fails because the network is gone shows "offline" in the status bar,
// and the form stays open with its input.
func TestFailedSubmitWhileOfflineShowsOffline(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	page := forms.PaymentPage(nav.Invoice, inv.ID)
	s := e.shell(page)
	if !strings.Contains(s.m.View(), "● online") {
		t.Fatalf("the loaded form does not show the connection online:\n%s", s.m.View())
	}
	e.rt.SetHook(func(*http.Request) (*http.Response, error) { return nil, errors.New("network is unreachable") })
	s.keys("ctrl+s")
	view := s.m.View()
	if !strings.Contains(view, "○ offline") {
		t.Errorf("the failed submit does not show offline in the status bar:\n%s", view)
	}
	if top, _ := s.m.TopID(); top != page {
		t.Fatalf("the form closed after a failed submit: top %v", top)
	}
	if !strings.Contains(view, "12100.00") {
		t.Errorf("the input was not kept:\n%s", view)
	}
	e.rt.SetHook(nil) // the network is back, to look
	if n := len(e.invoicePayments(inv.ID)); n != 0 {
		t.Errorf("%d payments recorded while offline", n)
	}
}
