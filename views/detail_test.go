package views_test

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/views/expenses"
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

func TestInvoicePaymentAndEmailAreHonestlyLater(t *testing.T) {
	fx := newFixtureServer()
	h := newHarness(t, fx.client(t), 80, 24)
	h.keys("2", "enter", "p", "s")
	got := h.toasts()
	if !slices.Contains(got, "Payments are added in a later version") || !slices.Contains(got, "E-mails are sent in a later version") {
		t.Errorf("toasts %v", got)
	}
	if h.topID() != nav.Record(nav.Invoice, 101) {
		t.Errorf("top %v, want invoice 101", h.topID())
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
