package views_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/views/expenses"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

func TestExpenseAttachmentDownloadsWithoutOverwriting(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	dir := h.deps.DownloadDir
	h.keys("3", "enter")
	p, ok := h.m.Top().(*expenses.Detail)
	if !ok {
		t.Fatalf("top is %T, want the expense detail", h.m.Top())
	}
	for range 2 {
		h.keys("D")
		if !p.Capturing() {
			t.Fatal("D did not ask for a folder")
		}
		if !strings.Contains(h.view(), "Download invoice-889.pdf to folder: /") {
			t.Fatalf("no folder prompt:\n%s", h.view())
		}
		h.keys("enter") // the prefilled folder
	}
	for _, name := range []string{"invoice-889.pdf", "invoice-889 (1).pdf"} {
		b, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil || string(b) != "%PDF-1.4 fixture" {
			t.Errorf("%s: %q %v", name, b, err)
		}
	}
	if !slices.Contains(h.toasts(), "Saved "+filepath.Join(dir, "invoice-889 (1).pdf")) {
		t.Errorf("toasts %v lack the saved path", h.toasts())
	}
}

func TestExpenseAttachmentSelectionAndFailure(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 120, 40)
	h.keys("3", "enter", "a")
	p := h.m.Top().(*expenses.Detail)
	if p.SelectedAttachment() != 1 {
		t.Fatalf("a selected %d, want 1", p.SelectedAttachment())
	}
	h.keys("G")
	if !strings.Contains(h.view(), "▸ delivery-note.png") {
		t.Errorf("selected attachment not marked:\n%s", h.view())
	}
	// The second file is not ready on the server (204): the error panel says so.
	h.keys("D", "enter")
	if !strings.Contains(h.view(), "Could not download delivery-note.png") {
		t.Errorf("no error panel for a file that is not ready:\n%s", h.view())
	}
}

func TestExpenseWithoutAttachmentsSaysSo(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("3", "j", "enter", "D")
	if !slices.Contains(h.toasts(), "This expense has no attachments") {
		t.Errorf("toasts %v", h.toasts())
	}
}

func TestInvoiceDetailOpensThePaymentAndEmailForms(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("2", "enter", "p")
	if got, want := h.topID(), forms.PaymentPage(nav.Invoice, 101); got != want {
		t.Fatalf("p opened %v, want %v", got, want)
	}
	h.keys("esc")
	if got := h.topID(); got != nav.Record(nav.Invoice, 101) {
		t.Fatalf("esc from the untouched form went to %v, want invoice 101", got)
	}
	h.keys("s")
	if got, want := h.topID(), forms.EmailPage(101); got != want {
		t.Fatalf("s opened %v, want %v", got, want)
	}
}

func TestInvoiceDetailAsksBeforeRemovingAPayment(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("2", "enter", "X")
	if v := h.view(); !strings.Contains(v, "10,000.00") || !strings.Contains(strings.ToLower(v), "remove") {
		t.Fatalf("no question naming the payment before removing it:\n%s", v)
	}
	if n := len(requestsMatching(fx, "payments/7")); n != 0 {
		t.Fatalf("%d delete requests sent before the answer", n)
	}
}

func TestDetailFailureRetries(t *testing.T) {
	fx := newFixtureServer()
	fx.setFail("subjects/12")
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("1", "enter")
	if !strings.Contains(h.view(), "Could not load subject 12") || !strings.Contains(h.view(), "Press r to retry") {
		t.Fatalf("failure not shown:\n%s", h.view())
	}
	fx.setFail("")
	h.keys("r")
	if !strings.Contains(h.view(), "Jana Nováková") {
		t.Errorf("retry did not load the subject:\n%s", h.view())
	}
}

func TestDetailCopiesAndOpens(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("2", "enter", "y", "o")
	if !slices.Equal(h.rec.copied, []string{"20260042"}) || !slices.Equal(h.rec.opened, []string{"https://app.example/acme/invoices/101"}) {
		t.Errorf("copied %v opened %v", h.rec.copied, h.rec.opened)
	}
	if !slices.Contains(h.toasts(), "Copied variable symbol 20260042") {
		t.Errorf("toasts %v", h.toasts())
	}
}
