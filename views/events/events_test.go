package events_test

import (
	"context"
	"fmt"
	"github.com/kasa-tui/kasa/internal/locale"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/events"
	"github.com/kasa-tui/kasa/views/more/kit/kittest"
	"github.com/kasa-tui/kasa/views/nav"
)

func rel(typ string, id int64) sandbox.RelatedObject {
	return sandbox.RelatedObject{Type: typ, ID: id}
}

// seeded is a sandbox with two subjects and a small log about them (plus
// n filler entries), and the event page loaded on it.
func seeded(t *testing.T, n int) (acme, beta int64, d *kittest.Driver, p *events.Page) {
	t.Helper()
	srv, setup, c := kittest.Sandbox(t, sandbox.PlanStandard)
	ctx := context.Background()
	for _, name := range []string{"Acme s.r.o.", "Beta GmbH"} {
		s, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr(name)})
		if err != nil {
			t.Fatal(err)
		}
		if acme == 0 {
			acme = s.ID
		} else {
			beta = s.ID
		}
	}
	at := func(h int) time.Time { return kittest.Start.Add(time.Duration(h) * time.Hour) }
	kittest.Seed(t, srv, func(a *sandbox.Account) {
		a.Events = nil // the subjects' creation is not part of this story
		for i := range n {
			a.AddEvent(at(-100-n+i), "subject_updated", fmt.Sprintf("filler %d", i), setup.Owner, nil)
		}
		a.AddEvent(at(1), "invoice_sent", "Invoice 2026-0041 was sent to jana@acme.example", setup.Owner, nil,
			rel("Invoice", 41), rel("Subject", acme))
		a.AddEvent(at(2), "invoice_paid", "", nil, map[string]any{"number": "2026-0042"},
			rel("Invoice", 42), rel("Subject", acme))
		a.AddEvent(at(3), "expense_paid", "Expense N-7 was paid", setup.Owner, nil, rel("Subject", beta))
		a.AddEvent(at(4), "subject_updated", "Beta GmbH was updated", setup.Owner, nil, rel("Subject", beta))
	})
	p, err := events.New(kittest.Deps(c), ui.PageID{Kind: nav.Events})
	if err != nil {
		t.Fatal(err)
	}
	d = kittest.New(t, p, 140, 24)
	return acme, beta, d, p
}

func texts(p *events.Page) []string {
	var out []string
	for _, r := range p.Rows() {
		out = append(out, events.Sentence(locale.New(locale.English), r.Event, nil))
	}
	return out
}

func TestLogNewestFirstWithSentencesAndWho(t *testing.T) {
	_, _, _, p := seeded(t, 0)
	want := []string{"Beta GmbH was updated", "Expense N-7 was paid", "Invoice 2026-0042 was paid",
		"Invoice 2026-0041 was sent to jana@acme.example"}
	if got := texts(p); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("log %q, want %q", got, want)
	}
	v := p.View()
	for _, s := range []string{"Jana Nováková", "2026-11-02 12:00", "4 loaded, all loaded"} {
		if !strings.Contains(v, s) {
			t.Errorf("view lacks %q:\n%s", s, v)
		}
	}
}

func TestPaidToggle(t *testing.T) {
	_, _, d, p := seeded(t, 0)
	d.Key("p")
	if !p.PaidOnly() || p.Title() != "Events (paid)" {
		t.Fatalf("p did not switch to paid events (title %q)", p.Title())
	}
	want := []string{"Expense N-7 was paid", "Invoice 2026-0042 was paid"}
	if got := texts(p); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("paid events %q, want %q", got, want)
	}
	d.Key("p")
	if p.PaidOnly() || len(p.Rows()) != 4 {
		t.Errorf("p again should show the whole log, got %d rows", len(p.Rows()))
	}
}

func TestFilterBySubjectIDAndSince(t *testing.T) {
	acme, _, d, p := seeded(t, 0)
	d.Key("f")
	d.Type(fmt.Sprint(acme))
	d.Key("tab")
	d.Type("2026-11-0x")
	if v := p.View(); !strings.Contains(v, "is not a date") {
		t.Errorf("a bad date is not flagged as typed:\n%s", v)
	}
	d.Key("enter")
	if !p.Capturing() {
		t.Fatal("enter with a bad date closed the form")
	}
	d.Key("backspace")
	d.Type("2")
	d.Key("enter")
	if p.Capturing() {
		t.Fatalf("the form did not apply:\n%s", p.View())
	}
	if f := p.Filter(); f.SubjectID != acme || f.Since != "2026-11-02" {
		t.Errorf("filter %+v", f)
	}
	want := []string{"Invoice 2026-0042 was paid", "Invoice 2026-0041 was sent to jana@acme.example"}
	if got := texts(p); strings.Join(got, "|") != strings.Join(want, "|") {
		t.Errorf("filtered log %q, want %q", got, want)
	}
	d.Key("esc")
	if !p.Filter().IsZero() || len(p.Rows()) != 4 {
		t.Errorf("esc should clear the filter: %+v, %d rows", p.Filter(), len(p.Rows()))
	}
}

func TestFilterBySubjectPickedFromSearch(t *testing.T) {
	_, beta, d, p := seeded(t, 0)
	d.Key("f")
	d.Type("bet")
	if v := p.View(); !strings.Contains(v, "▸ Beta GmbH") {
		t.Fatalf("the subject search shows no match:\n%s", v)
	}
	d.Key("enter")
	if f := p.Filter(); f.SubjectID != beta || f.SubjectName != "Beta GmbH" {
		t.Fatalf("picked filter %+v, want Beta GmbH (%d)", f, beta)
	}
	if !strings.Contains(p.View(), fmt.Sprintf("subject: Beta GmbH (%d)", beta)) {
		t.Errorf("the subtitle does not name the subject:\n%s", p.View())
	}
	if got := texts(p); len(got) != 2 {
		t.Errorf("Beta's events %q, want 2", got)
	}
}

func TestFilteredListIDStartsFiltered(t *testing.T) {
	const beta = 13
	if _, err := events.New(kittest.Deps(nil), common.FilteredList(nav.Events, "status", "x")); err == nil {
		t.Error("an events page filtered by an unknown filter was made")
	}
	p, err := events.New(kittest.Deps(nil), common.FilteredList(nav.Events, "subject_id", fmt.Sprint(beta)))
	if err != nil || p.Filter().SubjectID != beta {
		t.Fatalf("filter %+v, err %v", p.Filter(), err)
	}
}

func TestPagesThroughALongLog(t *testing.T) {
	_, _, d, p := seeded(t, 41)
	if n := len(p.Rows()); n != 40 {
		t.Fatalf("first page %d rows", n)
	}
	d.Key("G")
	if n := len(p.Rows()); n != 45 {
		t.Errorf("after G %d rows, want all 45", n)
	}
}

func TestEnterOpensRelated(t *testing.T) {
	acme, _, d, _ := seeded(t, 0)
	d.Key("G") // invoice_sent: Invoice 41, Subject acme
	d.Key("right")
	d.Key("enter")
	if got := d.Opens(); len(got) != 1 || got[0] != nav.Record(nav.Subject, acme) {
		t.Errorf("opened %v, want subject %d", got, acme)
	}
}

func TestSentenceFromName(t *testing.T) {
	invoice27 := []apiclient.RelatedObject{{Type: "Invoice", ID: 27}, {Type: "Subject", ID: 16}}
	known := func(typ string, id int64) (string, bool) { return "2023-0021", typ == "Invoice" && id == 27 }
	for _, c := range []struct {
		ev    apiclient.Event
		known events.Known
		want  string
	}{
		// The service's words that name no record (the docs' invoice_sent)
		// are led by the record's number once it is known.
		{apiclient.Event{Name: "invoice_sent", Text: "Sent", RelatedObjects: invoice27}, known, "Invoice 2023-0021 was sent"},
		{apiclient.Event{Name: "invoice_sent", Text: "Sent", RelatedObjects: invoice27}, nil, "Sent"},
		{apiclient.Event{Name: "invoice_sent", Text: "Invoice 2023-0021 was sent", RelatedObjects: invoice27}, known, "Invoice 2023-0021 was sent"},
		{apiclient.Event{Name: "inbox_file_added", Text: "New file a.pdf was added to\u00a0the inbox"}, nil, "New file a.pdf was added to\u00a0the inbox"},
		{apiclient.Event{Name: "invoice_paid", Params: map[string]any{"number": "2026-0042"}}, nil, "Invoice 2026-0042 was paid"},
		{apiclient.Event{Name: "recurring_generator_paused", RelatedObjects: []apiclient.RelatedObject{{Type: "RecurringGenerator", ID: 3}}},
			nil, "Recurring generator #3 was paused"},
		{apiclient.Event{Name: "invoice_taxable_fulfillment_due_changed"}, nil, "Invoice: the taxable supply date was changed"},
		{apiclient.Event{Name: "invoice_overpaid_somehow"}, nil, "Invoice: overpaid somehow"},
		// The amount of a payment is money as the locale writes it (issue 28).
		{apiclient.Event{Name: "expense_paid", Text: "Expense N2026-0031 was paid (1197.9 CZK)",
			Params: map[string]any{"payment": map[string]any{"amount": "1197.9", "currency": "CZK"}}}, nil, "Expense N2026-0031 was paid (CZK\u00a01,197.90)"},
		{apiclient.Event{Name: "mystery_thing"}, nil, "Mystery thing"},
		{apiclient.Event{Name: "invoice_sent", Text: "Sent to a@b.c"}, nil, "Sent to a@b.c"},
	} {
		if got := events.Sentence(locale.New(locale.English), c.ev, c.known); got != c.want {
			t.Errorf("Sentence(%s) = %q, want %q", c.ev.Name, got, c.want)
		}
	}
}

// The service writes its event texts in English (the docs' examples): a
// Czech screen says what happened in Czech where kasa knows the verb, and
// keeps the service's words where it does not.
func TestSentenceInCzech(t *testing.T) {
	cs := locale.New(locale.Czech)
	invoice27 := []apiclient.RelatedObject{{Type: "Invoice", ID: 27}}
	known := func(typ string, id int64) (string, bool) { return "2023-0021", typ == "Invoice" && id == 27 }
	for _, c := range []struct {
		ev   apiclient.Event
		want string
	}{
		{apiclient.Event{Name: "invoice_sent", Text: "Sent", RelatedObjects: invoice27}, "Faktura 2023-0021: odesláno"},
		{apiclient.Event{Name: "invoice_created", Text: "Invoice 2023-0021 for Acme was created", RelatedObjects: invoice27}, "Faktura 2023-0021: vytvořeno"},
		// A record kasa cannot name yet: by the number in the service's words.
		{apiclient.Event{Name: "invoice_created", Text: "Invoice 2023-0099 for Acme was created", RelatedObjects: []apiclient.RelatedObject{{Type: "Invoice", ID: 99}}},
			"Faktura 2023-0099: vytvořeno"},
		// A paid event keeps its amount, in Czech money (issue 28).
		{apiclient.Event{Name: "expense_paid", Text: "Expense N2026-0031 was paid (1197.9 CZK)", RelatedObjects: []apiclient.RelatedObject{{Type: "Expense", ID: 31}},
			Params: map[string]any{"payment": map[string]any{"amount": "1197.9", "currency": "CZK"}}}, "Výdaj N2026-0031: uhrazeno (1\u00a0197,90\u00a0Kč)"},
		{apiclient.Event{Name: "invoice_paid_with_thank_you_note", Text: "Paid and thank you note sent ", RelatedObjects: invoice27},
			"Faktura 2023-0021: uhrazeno a poděkování odesláno"},
		// Words kasa cannot translate are quoted as the service's.
		{apiclient.Event{Name: "invoice_brand_new_thing", Text: "Something new", RelatedObjects: invoice27}, "Faktura 2023-0021: „Something new“"},
		{apiclient.Event{Name: "invoice_overdue", RelatedObjects: []apiclient.RelatedObject{{Type: "Invoice", ID: 99}}}, "Faktura #99: po splatnosti"},
		{apiclient.Event{Name: "inbox_file_added", Text: "New file a.pdf was added to\u00a0the inbox", Params: map[string]any{"filename": "a.pdf"}}, "Soubor ve schránce a.pdf: přidáno"},
		{apiclient.Event{Name: "invoice_taxable_fulfillment_due_changed", Text: "Chargeable event changed from Nov 30, 2023 to\u00a0Dec 01, 2023", RelatedObjects: invoice27},
			"Faktura 2023-0021: změněno DUZP"},
	} {
		if got := events.Sentence(cs, c.ev, known); got != c.want {
			t.Errorf("Sentence(%s) = %q, want %q", c.ev.Name, got, c.want)
		}
	}
}
