package forms_test

import (
	"errors"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestEmailFormSendsWithTheSubjectsAddress(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.EmailPage(inv.ID))
	if got := r.host().Values()["email"]; got != "ucetni@odberatel.example" {
		t.Fatalf("recipient %q, want the subject's e-mail", got)
	}
	r.Set("Message", "Invoice #no#: #price#, due #due#, VS #vs#, #overdue# days overdue, #link#")
	view := r.Page.View()
	want := "Invoice " + inv.Number + ": CZK\u00a012,100.00, due 2026-11-16, VS " + inv.VariableSymbol + ", 0 days overdue"
	if !strings.Contains(view, want) {
		t.Errorf("preview lacks %q:\n%s", want, view)
	}
	r.Keys("ctrl+s")
	if _, ok := has[ui.Back](r.Out); !ok {
		t.Fatalf("not sent:\n%s", r.Page.View())
	}
	if _, ok := changed(r.Out, nav.Invoice, inv.ID); !ok {
		t.Errorf("no news of the invoice: %v", r.Out)
	}
	got, _, _ := e.c.Invoices.Get(e.ctx, inv.ID)
	if got.SentAt.IsZero() {
		t.Error("the invoice was not sent")
	}
}

func TestEmailFormWithoutDefaultsRequiresTheFields(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.EmailPage(inv.ID))
	r.Focus("Fill empty fields")
	r.Keys("space")
	if !strings.Contains(r.Page.View(), "off: to, subject and message are required") {
		t.Errorf("no note:\n%s", r.Page.View())
	}
	r.Keys("ctrl+s")
	if n := e.rt.Count("POST", "/message.json"); n != 0 {
		t.Fatalf("sent without subject and message (%d)", n)
	}
	view := r.Page.View()
	for _, want := range []string{"✕ a subject is required when the defaults are not used", "✕ a message is required when the defaults are not used"} {
		if !strings.Contains(view, want) {
			t.Errorf("missing %q:\n%s", want, view)
		}
	}
	r.Set("To", "not-an-address")
	if !strings.Contains(r.Page.View(), "✕ not an e-mail address") {
		t.Errorf("address not checked as typed:\n%s", r.Page.View())
	}
}

func TestEmailRefusalsInWords(t *testing.T) {
	for _, tc := range []struct {
		name string
		plan sandbox.Plan
		to   string
		want string
	}{
		{"free plan", sandbox.PlanFree, "a@odberatel.example", "Sending invoices by e-mail needs a paid plan"},
		{"spam complaints", sandbox.PlanUnlimited, "a@spam-complaints.example", "E-mail delivery is switched off for this account because of spam complaints; contact support"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			e := newEnv(t, tc.plan)
			inv := e.invoice("")
			r := e.open(forms.EmailPage(inv.ID))
			r.Set("To", tc.to)
			r.Keys("ctrl+s")
			if p := r.host().Problem(); p != tc.want {
				t.Errorf("problem %q, want %q", p, tc.want)
			}
			if r.host().Values()["email"] != tc.to {
				t.Error("the address was lost")
			}
		})
	}
}

func TestEmailQuotaExhaustedInWords(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	e.srv.Do(func() {
		e.setup.Account.Limits.EmailsPerDay = 1
	})
	r := e.open(forms.EmailPage(inv.ID))
	r.Keys("ctrl+s")
	r2 := e.open(forms.EmailPage(inv.ID))
	r2.Keys("ctrl+s")
	if p := r2.host().Problem(); p != "Today's limit of sent e-mails is reached; try again tomorrow" {
		t.Errorf("problem %q", p)
	}
}

// A 422 on the address lands beside the address field.
func TestEmailBadAddressFromTheServiceBesideTheField(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	e.rt.SetHook(func(r *http.Request) (*http.Response, error) {
		if strings.HasSuffix(r.URL.Path, "/message.json") {
			return &http.Response{StatusCode: 422, Header: http.Header{"Content-Type": {"application/json"}},
				Body: io.NopCloser(strings.NewReader(`{"errors":{"email":["is not a valid e-mail address"]}}`)), Request: r}, nil
		}
		return nil, nil
	})
	r := e.open(forms.EmailPage(inv.ID))
	r.Keys("ctrl+s")
	if got := r.host().FieldErrors("email"); len(got) != 1 || got[0] != "is not a valid e-mail address" {
		t.Errorf("email errors %q:\n%s", got, r.Page.View())
	}
}

// The e-mail leaves but the answer is lost: the form reads the invoice's
// events, finds the e-mail sent, and no key sends it a second time.
func TestEmailUnknownOutcomeIsSettledByReadingNotResent(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	e.rt.SetHook(func(r *http.Request) (*http.Response, error) {
		if strings.HasSuffix(r.URL.Path, "/message.json") {
			resp, err := e.rt.Base.RoundTrip(r)
			if err == nil {
				resp.Body.Close()
			}
			return nil, errors.New("connection reset by peer")
		}
		return nil, nil
	})
	r := e.open(forms.EmailPage(inv.ID))
	r.Keys("ctrl+s")
	if ts := toasts(r.Out); len(ts) != 1 || !strings.Contains(ts[0], "e-mail was sent (found in the invoice's history") {
		t.Fatalf("toasts %q:\n%s", ts, r.Page.View())
	}
	r.Keys("ctrl+s", "enter", "ctrl+y")
	if n := e.rt.Count("POST", "/message.json"); n != 1 {
		t.Errorf("%d sends, want 1", n)
	}
}

// A Czech preview writes the due date as Czech does, as it writes the
// price (issue 28: it read "2026-12-10").
func TestEmailPreviewWritesTheDueDateInTheLanguage(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	e.fd.L = locale.New(locale.Czech)
	inv := e.invoice("")
	r := e.open(forms.EmailPage(inv.ID))
	r.Set("Zpráva", "Splatnost #due#, částka #price#")
	want := "Splatnost 16.\u00a011.\u00a02026, částka 12\u00a0100,00\u00a0Kč"
	if view := r.Page.View(); !strings.Contains(view, want) {
		t.Errorf("preview lacks %q:\n%s", want, view)
	}
}
