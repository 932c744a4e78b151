package views_test

import (
	"context"
	tea "github.com/charmbracelet/bubbletea"
	"net/http"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/poll"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/views/nav"
)

// listCounter sends the invoice list requests (GET …/invoices.json) through
// a poll.CountingTransport and every other request straight on, counting
// the writes (anything but GET).
type listCounter struct {
	lists  poll.CountingTransport
	base   http.RoundTripper
	writes atomic.Int64
}

func (t *listCounter) RoundTrip(r *http.Request) (*http.Response, error) {
	if r.Method == http.MethodGet && strings.HasSuffix(r.URL.Path, "/invoices.json") {
		return t.lists.RoundTrip(r)
	}
	if r.Method != http.MethodGet {
		t.writes.Add(1)
	}
	return t.base.RoundTrip(r)
}

// workInvoice creates an invoice for subject with one line of work at price.
func workInvoice(t *testing.T, c *apiclient.Client, subject int64, price string) *apiclient.Invoice {
	t.Helper()
	inv, _, err := c.Invoices.Create(context.Background(), &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(subject),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Work"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal(price))}}})
	if err != nil {
		t.Fatal(err)
	}
	return inv
}

// countedSandbox is a sandbox with a client whose invoice list requests are
// counted, and a customer.
func countedSandbox(t *testing.T) (*apiclient.Client, *listCounter, *apiclient.Subject) {
	t.Helper()
	sb := tuitest.NewSandbox(t, tuitest.SandboxOptions{Start: sandboxStart})
	token := sb.Server.IssueToken(sb.Setup.Owner.ID, sb.Setup.Client.ID)
	auth := apiclient.StaticBearer(nil, token)
	rt := &listCounter{lists: poll.CountingTransport{Base: auth}, base: auth}
	c := sb.ClientWith(t, token, apiclient.WithTransport(rt),
		apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }))
	sub, _, err := c.Subjects.Create(context.Background(), &apiclient.SubjectParams{Name: apiclient.Ptr("Odběratel s.r.o.")})
	if err != nil {
		t.Fatal(err)
	}
	return c, rt, sub
}

// After a payment is added, the list underneath shows the new status
// without a second list request: the payment form reads the invoice again
// in the same send and announces it (ui.Changed with the record), and the
// list patches its row from that.
func TestPaidInvoiceShowsInTheListWithoutAListRequest(t *testing.T) {
	c, rt, sub := countedSandbox(t)
	ctx := context.Background()
	inv, _, err := c.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(sub.ID),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Consulting"), Quantity: apiclient.Ptr(apiclient.MustDecimal("1")),
			UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1000"))}}})
	if err != nil {
		t.Fatal(err)
	}

	h := newHarness(t, c, 120, 40)
	h.keys("2")
	if !strings.Contains(h.view(), inv.Number) || strings.Contains(h.view(), "● paid") ||
		!strings.Contains(h.view(), "Σ all 1 · CZK\u00a01,000.00, unpaid 1,000.00") {
		t.Fatalf("the list does not show the open invoice:\n%s", h.view())
	}
	lists := rt.lists.Count()
	h.keys("enter")
	if h.topID() != nav.Record(nav.Invoice, inv.ID) {
		t.Fatalf("enter opened %v", h.topID())
	}
	h.keys("p")
	if !strings.Contains(h.view(), "New payment on invoice") {
		t.Fatalf("no payment form:\n%s", h.view())
	}
	h.keys("ctrl+s") // the whole remaining amount, marked as paid
	if h.topID() != nav.Record(nav.Invoice, inv.ID) {
		t.Fatalf("after the payment the top is %v, want the invoice:\n%s", h.topID(), h.view())
	}
	if !strings.Contains(h.view(), "paid") {
		t.Errorf("the invoice's page does not show it paid:\n%s", h.view())
	}
	h.keys("esc")
	if h.topID().Kind != nav.Invoices {
		t.Fatalf("esc went to %v, want the invoice list", h.topID())
	}
	var row string
	for _, l := range strings.Split(h.view(), "\n") {
		if strings.Contains(l, inv.Number) {
			row = l
		}
	}
	if !strings.Contains(row, "paid") {
		t.Errorf("the list's row does not show the invoice paid: %q\n%s", row, h.view())
	}
	if !strings.Contains(h.view(), "Σ all 1 · CZK\u00a01,000.00, unpaid 0.00") {
		t.Errorf("the totals under the list do not follow the payment:\n%s", h.view())
	}
	if n := rt.lists.Count() - lists; n != 0 {
		t.Errorf("%d list requests after the list was shown, want 0 (the news carried the invoice)", n)
	}
}

// The invoice's state changes on its page: M marks it as sent, C asks and
// cancels, C again undoes the cancel; the list shows each state without a
// list request (the event's answer is announced with the record).
func TestInvoiceEventsOnItsPage(t *testing.T) {
	c, rt, sub := countedSandbox(t)
	ctx := context.Background()
	inv, _, err := c.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(sub.ID),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Consulting"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1000")),
			VatRate: apiclient.Ptr(apiclient.MustDecimal("21"))}}})
	if err != nil {
		t.Fatal(err)
	}
	status := func() string {
		got, _, err := c.Invoices.Get(ctx, inv.ID)
		if err != nil {
			t.Fatal(err)
		}
		return got.Status
	}
	h := newHarness(t, c, 120, 40)
	h.keys("2")
	lists := rt.lists.Count()
	h.keys("enter", "M")
	// M cannot be undone: it asks first (issue 28).
	if s := status(); s != "open" || !strings.Contains(h.view(), "Mark invoice "+inv.Number+" as sent without sending it?") {
		t.Fatalf("M did not ask first (the invoice is %q):\n%s", s, h.view())
	}
	h.keys("y")
	if s := status(); s != "sent" {
		t.Fatalf("after M and yes the invoice is %q, want sent:\n%s", s, h.view())
	}
	// Not offered on a sent invoice: not in the keys, and M does nothing.
	for _, b := range h.m.Top().KeyMap().ShortHelp() {
		if b.Help().Key == "M" {
			t.Error("M is offered on a sent invoice")
		}
	}
	h.keys("M")
	if strings.Contains(h.view(), "as sent without sending it?") {
		t.Fatalf("M on a sent invoice asks to mark it sent:\n%s", h.view())
	}
	h.keys("C")
	if s := status(); s != "sent" {
		t.Fatalf("C cancelled before the question was answered")
	}
	if !strings.Contains(h.view(), "Cancel invoice "+inv.Number+"?") {
		t.Fatalf("no question before the cancel:\n%s", h.view())
	}
	h.keys("y")
	if s := status(); s != "cancelled" {
		t.Fatalf("after C and yes the invoice is %q, want cancelled", s)
	}
	h.keys("esc")
	if !strings.Contains(h.view(), "cancelled") {
		t.Errorf("the list does not show the invoice cancelled:\n%s", h.view())
	}
	if n := rt.lists.Count() - lists; n != 0 {
		t.Errorf("%d list requests, want 0", n)
	}
	h.keys("enter", "C")
	if s := status(); s == "cancelled" {
		t.Errorf("C on a cancelled invoice did not undo the cancel")
	}
}

// Keys that could only be refused say why instead (issue 15.7): T on a
// regular invoice asks the service nothing; p on a paid invoice opens no
// form; T on a proforma's payment that has its tax document opens it.
func TestRefusedKeysSayWhy(t *testing.T) {
	c, _, sub := countedSandbox(t)
	ctx := context.Background()
	line := []apiclient.LineParams{{Name: apiclient.Ptr("Consulting"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1000"))}}
	inv, _, err := c.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(sub.ID), Lines: line})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.Invoices.CreatePayment(ctx, inv.ID, &apiclient.PaymentParams{}); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, c, 120, 40)
	h.send(ui.Open{ID: nav.Record(nav.Invoice, inv.ID)})
	h.keys("T")
	if !slices.ContainsFunc(h.toasts(), func(s string) bool { return strings.Contains(s, "is not a proforma") }) {
		t.Errorf("T on a regular invoice: toasts %v", h.toasts())
	}
	h.keys("p")
	if h.topID() != nav.Record(nav.Invoice, inv.ID) ||
		!slices.ContainsFunc(h.toasts(), func(s string) bool { return strings.Contains(s, "is paid: nothing remains to pay") }) {
		t.Errorf("p on a paid invoice opened %v, toasts %v", h.topID(), h.toasts())
	}

	pro, _, err := c.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(sub.ID), Lines: line,
		DocumentType: apiclient.Ptr(apiclient.DocProforma)})
	if err != nil {
		t.Fatal(err)
	}
	pay, _, err := c.Invoices.CreatePayment(ctx, pro.ID, &apiclient.PaymentParams{ProformaFollowupDocument: apiclient.Ptr(apiclient.FollowupNone)})
	if err != nil {
		t.Fatal(err)
	}
	taxDoc, _, err := c.Invoices.CreateTaxDocument(ctx, pro.ID, pay.ID)
	if err != nil || taxDoc.TaxDocumentID == nil {
		t.Fatalf("seed a tax document: %+v %v", taxDoc, err)
	}
	h.send(ui.Open{ID: nav.Record(nav.Invoice, pro.ID)})
	td, _, err := c.Invoices.Get(ctx, *taxDoc.TaxDocumentID)
	if err != nil {
		t.Fatal(err)
	}
	h.send(tea.WindowSizeMsg{Width: 120, Height: 100}) // the payments at the page's end in view
	if !strings.Contains(h.view(), "tax doc. "+td.Number) {
		t.Errorf("the payment does not name its tax document by number %s (issue 15.5):\n%s", td.Number, h.view())
	}
	h.keys("T")
	if want := nav.Record(nav.Invoice, *taxDoc.TaxDocumentID); h.topID() != want {
		t.Errorf("T on a payment with its tax document opened %v, want %v", h.topID(), want)
	}
}

// Several at once (issue 15): space marks invoices, p asks once with the
// count and the sum and pays each in full, one request each; the list
// shows them paid without a list request and a summary says what was done.
func TestPayMarkedInvoices(t *testing.T) {
	c, rt, sub := countedSandbox(t)
	ctx := context.Background()
	for _, price := range []string{"1000", "500", "250"} {
		workInvoice(t, c, sub.ID, price)
	}
	h := newHarness(t, c, 120, 40)
	h.keys("2")
	lists := rt.lists.Count()
	h.keys(" ", " ") // marks the first two, moving down
	if !strings.Contains(h.view(), "2 marked") {
		t.Fatalf("the footer does not count the marks:\n%s", h.view())
	}
	h.keys("p")
	if !strings.Contains(h.view(), "Pay 2 invoices in full") {
		t.Fatalf("no question before paying:\n%s", h.view())
	}
	h.keys("y")
	if n := rt.lists.Count() - lists; n != 0 {
		t.Errorf("%d list requests after paying, want 0 (the news carried the invoices)", n)
	}
	paid := 0
	all, _, _ := c.Invoices.List(ctx, apiclient.DocumentListOptions{})
	for _, i := range all {
		if i.Status == apiclient.InvoicePaid {
			paid++
		}
	}
	if paid != 2 {
		t.Errorf("%d invoices paid on the service, want 2", paid)
	}
	if !slices.ContainsFunc(h.toasts(), func(s string) bool { return strings.Contains(s, "Pay in full: 2 of 2 done") }) {
		t.Errorf("toasts %v", h.toasts())
	}
	if strings.Contains(h.view(), "marked") {
		t.Error("the marks stayed after the action")
	}
	// Marking a paid one with an unpaid one: the question counts what
	// will be paid, and says the paid one is left out.
	h.keys("g", " ", " ", "p")
	if !slices.ContainsFunc(h.toasts(), func(s string) bool { return s == "Nothing to pay: the 2 invoices are paid already." }) ||
		strings.Contains(h.view(), "Are you sure?") {
		t.Errorf("two paid invoices: a question, or no word why not:\n%s\n%v", h.view(), h.toasts())
	}
	h.keys(" ", "p") // the unpaid third with the two paid
	if v := h.view(); !strings.Contains(v, "Pay 1 invoice in full (CZK") || !strings.Contains(v, "2 marked are paid") {
		t.Errorf("the question counts paid invoices:\n%s", v)
	}
}

// s on marked invoices sends each with the account's texts; a subject
// without an e-mail address is refused, and the summary says so.
func TestSendMarkedInvoices(t *testing.T) {
	c, _, sub := countedSandbox(t)
	ctx := context.Background()
	withMail, _, err := c.Subjects.Create(ctx, &apiclient.SubjectParams{Name: apiclient.Ptr("Mail s.r.o."), Email: apiclient.Ptr("ucetni@mail.example")})
	if err != nil {
		t.Fatal(err)
	}
	for _, s := range []int64{withMail.ID, sub.ID} {
		if _, _, err := c.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(s),
			Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Work"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("100"))}}}); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, c, 120, 40)
	h.keys("2", " ", " ", "s")
	if !strings.Contains(h.view(), "Send 2 invoices by e-mail") {
		t.Fatalf("no question:\n%s", h.view())
	}
	h.keys("y")
	if !slices.ContainsFunc(h.toasts(), func(s string) bool {
		return strings.Contains(s, "Send by e-mail: 1 of 2 done") && strings.Contains(s, "not done: invoice")
	}) {
		t.Errorf("toasts %v", h.toasts())
	}
}

// D on marked expenses saves every attachment of each into the folder used
// last, in one go.
func TestDownloadMarkedExpensesAttachments(t *testing.T) {
	c, _, sub := countedSandbox(t)
	ctx := context.Background()
	for _, name := range []string{"bill-1.pdf", "bill-2.pdf"} {
		if _, _, err := c.Expenses.Create(ctx, &apiclient.ExpenseParams{SubjectID: apiclient.Ptr(sub.ID),
			Lines:       []apiclient.LineParams{{Name: apiclient.Ptr("Paper"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("10"))}},
			Attachments: []apiclient.AttachmentParams{{Filename: apiclient.Ptr(name), DataURL: apiclient.DataURI("application/pdf", []byte("%PDF "+name))}}}); err != nil {
			t.Fatal(err)
		}
	}
	h := newHarness(t, c, 120, 40)
	h.keys("3", " ", " ", "D", "y")
	for _, name := range []string{"bill-1.pdf", "bill-2.pdf"} {
		if b, err := os.ReadFile(filepath.Join(h.deps.Folders.Last(), name)); err != nil || string(b) != "%PDF "+name {
			t.Errorf("%s: %q %v; toasts %v", name, b, err, h.toasts())
		}
	}
}

// Events name the invoice they relate to by its number once the session
// has seen it in a list (issue 15.5: "Invoice 41" beside an event about
// 2026-0038), without a request of their own.
func TestEventsNameRelatedInvoicesTheSessionKnows(t *testing.T) {
	c, _, sub := countedSandbox(t)
	ctx := context.Background()
	inv := workInvoice(t, c, sub.ID, "100")
	if _, err := c.Invoices.Fire(ctx, inv.ID, apiclient.InvoiceEventMarkAsSent); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, c, 160, 40)
	h.keys("2", "7")
	if !strings.Contains(h.view(), "Invoice "+inv.Number) {
		t.Errorf("the events do not name invoice %s:\n%s", inv.Number, h.view())
	}
}

// C on a locked invoice says it is locked and asks the service nothing
// (issue 28: the refusal spoke of "its state").
func TestCancelALockedInvoiceSaysItIsLocked(t *testing.T) {
	c, _, sub := countedSandbox(t)
	ctx := context.Background()
	inv, _, err := c.Invoices.Create(ctx, &apiclient.InvoiceParams{SubjectID: apiclient.Ptr(sub.ID),
		Lines: []apiclient.LineParams{{Name: apiclient.Ptr("Consulting"), UnitPrice: apiclient.Ptr(apiclient.MustDecimal("1000"))}}})
	if err != nil {
		t.Fatal(err)
	}
	if _, err := c.Invoices.Fire(ctx, inv.ID, apiclient.InvoiceEventLock); err != nil {
		t.Fatal(err)
	}
	h := newHarness(t, c, 120, 40)
	h.keys("2", "enter", "C")
	if !strings.Contains(h.view(), "Invoice "+inv.Number+" is locked: unlock it first (L)") {
		t.Errorf("C on a locked invoice does not say it is locked:\n%s", h.view())
	}
	if got, _, _ := c.Invoices.Get(ctx, inv.ID); got.Status == apiclient.InvoiceCancelled {
		t.Error("a locked invoice was cancelled")
	}
}
