package views_test

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// pdfsIn are the PDF files in dir and whether each begins %PDF.
func pdfsIn(t *testing.T, dir string) map[string]bool {
	t.Helper()
	files, _ := filepath.Glob(filepath.Join(dir, "*.pdf"))
	out := map[string]bool{}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		out[filepath.Base(f)] = strings.HasPrefix(string(b), "%PDF")
	}
	return out
}

// D on an invoice's page asks for the folder and saves the invoice's PDF
// there; the sandbox, as the service, answers 204 "not ready yet" first,
// and kasa says it waits and asks again (issue 27).
func TestInvoicePDFIsSavedAfterNotReady(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Client: fastRetries()})
	sub := seedSubject(t, sb)
	inv := workInvoice(t, sb.Client, sub, "1000")
	h := newHarness(t, sb.Client, 120, 40)
	h.send(ui.Open{ID: nav.Record(nav.Invoice, inv.ID)})
	h.keys("D")
	if !strings.Contains(h.view(), "Save the PDF of "+inv.Number+" to folder") {
		t.Fatalf("D does not ask for the folder:\n%s", h.view())
	}
	h.keys("enter") // the folder offered: the download folder
	if !slices.ContainsFunc(h.toasts(), func(s string) bool { return strings.Contains(s, "still making the PDF of "+inv.Number) }) {
		t.Errorf("the wait for the PDF was not shown: %v", h.toasts())
	}
	got := pdfsIn(t, h.deps.DownloadDir)
	if len(got) != 1 || !got[inv.Number+".pdf"] {
		t.Fatalf("saved PDFs %v in %s, want %s.pdf beginning %%PDF (toasts %v)", got, h.deps.DownloadDir, inv.Number, h.toasts())
	}
}

// D on marked invoices saves each one's PDF in the last folder, waiting
// while the service makes them.
func TestMarkedInvoicesPDFsAreSaved(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Client: fastRetries()})
	sub := seedSubject(t, sb)
	a, b := workInvoice(t, sb.Client, sub, "1000"), workInvoice(t, sb.Client, sub, "500")
	h := newHarness(t, sb.Client, 120, 40)
	h.keys("2", " ", " ", "D")
	if !strings.Contains(h.view(), "Save the PDFs of 2 invoices to") {
		t.Fatalf("no question before saving:\n%s", h.view())
	}
	h.keys("y")
	got := pdfsIn(t, h.deps.DownloadDir)
	if len(got) != 2 || !got[a.Number+".pdf"] || !got[b.Number+".pdf"] {
		t.Errorf("saved PDFs %v, want %s.pdf and %s.pdf (toasts %v)", got, a.Number, b.Number, h.toasts())
	}
}

// seedSubject adds a customer through the API.
func seedSubject(t *testing.T, sb *tuitest.Sandbox) int64 {
	t.Helper()
	s, _, err := sb.Client.Subjects.Create(context.Background(), &apiclient.SubjectParams{Name: apiclient.Ptr("Odběratel s.r.o.")})
	if err != nil {
		t.Fatal(err)
	}
	return s.ID
}

// A paid proforma and the final invoice it made name each other on their
// pages, and so do a correction and the invoice it corrects (issue 27).
func TestProformaAndFinalInvoiceNameEachOther(t *testing.T) {
	sb := booksSandbox(t)
	all, _, err := sb.Client.Invoices.List(context.Background(), apiclient.DocumentListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	byID := map[int64]apiclient.Invoice{}
	for _, i := range all {
		byID[i.ID] = i
	}
	h := newHarness(t, sb.Client, 120, 60)
	seen := 0
	for _, i := range all {
		label, other := "", (*int64)(nil)
		switch {
		case i.DocumentType == apiclient.DocFinalInvoice:
			label, other = "Proforma", i.RelatedID
		case i.DocumentType == apiclient.DocProforma:
			label, other = "Final invoice", i.RelatedID
		case i.DocumentType == apiclient.DocCorrection:
			label, other = "Corrects", i.CorrectionID
		default:
			label, other = "Correction", i.CorrectionID
		}
		if other == nil {
			continue
		}
		seen++
		h.send(ui.Open{ID: nav.Record(nav.Invoice, i.ID)})
		number := byID[*other].Number
		if v := h.view(); !strings.Contains(v, label) || !strings.Contains(v, number) {
			t.Errorf("%s %s does not name its %s %s:\n%s", i.DocumentType, i.Number, label, number, v)
		}
	}
	if seen != 4 {
		t.Errorf("%d documents naming another, want the proforma, its final invoice, the correction and the invoice it corrects", seen)
	}
}

// The bulk pay question says whether the account sends thank-you e-mails,
// and a pays without them for this run; y leaves them to the account.
func TestBulkPaySaysWhetherThankYouEmailsGoOut(t *testing.T) {
	for _, answer := range []string{"a", "y"} {
		sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart, Client: fastRetries()})
		acct, _ := sb.Server.Account(tuitest.Slug)
		acct.Info.SendThankYouEmail = true
		sub := seedSubject(t, sb)
		workInvoice(t, sb.Client, sub, "1000")
		workInvoice(t, sb.Client, sub, "500")
		h := newHarness(t, sb.Client, 120, 40)
		h.keys("2", " ", " ", "p")
		if v := h.view(); !strings.Contains(v, "thank-you e-mail") || !strings.Contains(v, "Pay without e-mails") {
			t.Fatalf("the question does not say the thank-you e-mails go out:\n%s", v)
		}
		h.keys(answer)
		events, _, err := sb.Client.Events.List(context.Background(), apiclient.EventListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		paid, thanked := 0, 0
		for _, e := range events {
			switch e.Name {
			case "invoice_paid":
				paid++
			case "invoice_paid_with_thank_you_note":
				thanked++
			}
		}
		if want := map[string]int{"a": 0, "y": 2}[answer]; paid != 2 || thanked != want {
			t.Errorf("answer %s: %d paid, %d thank-you e-mails; want 2 and %d", answer, paid, thanked, want)
		}
	}
}

// Sending an overdue invoice is a reminder: the sandbox, as the service,
// notes when; the list shows the last reminder's day, and a second
// reminder within seven days asks first, in bulk and on the page.
func TestSecondReminderWithinAWeekAsksFirst(t *testing.T) {
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: fixedTime.Add(-time.Hour), Client: fastRetries()})
	ctx := context.Background()
	s, _, err := sb.Client.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Dlužník s.r.o."), Email: apiclient.Ptr("ucetni@dluznik.example")})
	if err != nil {
		t.Fatal(err)
	}
	inv, _, err := sb.Client.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: &s.ID, IssuedOn: apiclient.Ptr(apiclient.NewDate(2026, 10, 1)),
		Due: apiclient.NullOf(14), Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Work"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1000"))}}})
	if err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, sb.Client, 160, 40)
	h.keys("2", " ", "s")
	if strings.Contains(h.view(), "Reminded within the last 7 days") {
		t.Fatalf("a first reminder asks as a second:\n%s", h.view())
	}
	h.keys("y")
	again, _, err := sb.Client.Invoices.Get(ctx, inv.ID)
	if err != nil || again.LastReminderSentAt.IsZero() {
		t.Fatalf("the sandbox did not note the reminder: %v, %+v", err, again.LastReminderSentAt)
	}
	h.keys("r")
	if !strings.Contains(h.view(), "Reminded") || !strings.Contains(h.view(), "2026-11-22") {
		t.Errorf("the list does not show the reminder's day:\n%s", h.view())
	}
	h.keys(" ", "s")
	if !strings.Contains(h.view(), "Reminded within the last 7 days already: "+inv.Number) {
		t.Errorf("a second reminder in bulk does not say so:\n%s", h.view())
	}
	h.keys("n")
	h.send(ui.Open{ID: nav.Record(nav.Invoice, inv.ID)})
	h.keys("s")
	if !strings.Contains(h.view(), inv.Number+" was reminded on 2026-11-22") {
		t.Errorf("a second reminder from the page does not ask:\n%s", h.view())
	}
}
