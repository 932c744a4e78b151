package app

import (
	"context"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"

	"github.com/kasa-tui/kasa/config"
	"github.com/kasa-tui/kasa/sandbox"
)

// TestDemoSession opens the in-process demo: its user, both accounts, the
// request counter, a switch of account, and the pages' dependencies.
func TestDemoSession(t *testing.T) {
	ctx := context.Background()
	s, err := OpenDemo(ctx, DemoOptions{Clock: sandbox.NewManualClock(time.Date(2026, 11, 20, 10, 0, 0, 0, time.UTC))})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	if s.User() == "" || len(s.Accounts()) != 2 || s.Label() != "demo" {
		t.Fatalf("user %q, accounts %v, label %q", s.User(), s.Accounts(), s.Label())
	}
	if s.Requests() != 1 {
		t.Errorf("opening the demo sent %d requests, want 1 (the user)", s.Requests())
	}
	first := s.Client().AccountSlug()
	other := s.Accounts()[1].Slug
	if other == first {
		other = s.Accounts()[0].Slug
	}
	s.SwitchTo(other)
	if got := s.Client().AccountSlug(); got != other {
		t.Fatalf("after the switch the client is on %q, want %q", got, other)
	}
	a := &App{Session: s, Settings: config.Defaults()}
	d := a.Deps(Terminal{Getenv: func(string) string { return "" }, Out: io.Discard})
	if d.Client().AccountSlug() != other || d.Label != "demo" || d.Requests() != s.Requests() {
		t.Errorf("deps: account %q, label %q, requests %d", d.Client().AccountSlug(), d.Label, d.Requests())
	}
	o := a.ShellOptions(d, nil)
	if o.Account != other || o.User != s.User() || len(o.Makers) == 0 || o.Status == nil || o.Events == nil {
		t.Errorf("shell options: %+v", o)
	}
	// kasa opens on the overview (section 0) unless start_section says
	// otherwise (issue 27).
	if sec := o.Sections[o.First]; sec.Key != "0" {
		t.Errorf("the application opens on section %q, want the overview", sec.Key)
	}
	a.Settings.StartSection = "invoices"
	if sec := a.ShellOptions(d, nil).Sections[a.ShellOptions(d, nil).First]; sec.Key != "2" {
		t.Errorf("start_section invoices opens section %q", sec.Key)
	}
	st, err := o.Status(ctx)
	if err != nil || st.CallsLimit == 0 {
		t.Errorf("quota: %+v, %v", st, err)
	}
}

// The demo delivers webhooks as kasa sandbox does (issue 15.2): a hook the
// user adds gets the events that follow.
func TestDemoDeliversWebhooks(t *testing.T) {
	got := make(chan string, 10)
	rcv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		got <- string(b)
	}))
	defer rcv.Close()
	ctx := context.Background()
	s, err := OpenDemo(ctx, DemoOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	c := s.Client()
	if _, _, err := c.Webhooks.Create(ctx, &apiclient.WebhookParams{WebhookURL: apiclient.Ptr(rcv.URL),
		Events: apiclient.Ptr([]string{"subject_created"})}); err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Hook s.r.o.")}); err != nil {
		t.Fatal(err)
	}
	select {
	case body := <-got:
		if !strings.Contains(body, "Hook s.r.o.") {
			t.Errorf("the delivery's body lacks the subject: %s", body)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("no delivery within 10 s")
	}
}
