package forms_test

import (
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/pagetest"
	"github.com/kasa-tui/kasa/internal/tuitest"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/nav"
)

// Never twice, never lost: every write path of the forms x every fault a
// write meets x every way a hasty user sends again. The records are counted
// at the sandbox over HTTP: exactly one in every case, whether the first
// send landed (found by a read, never sent again) or not (sent once more).

// writePath is one form that writes: how to open and fill it, the path its
// write goes to (the fault's aim) and how many of its records exist.
type writePath struct {
	name  string
	post  string
	setup func(e *env) (id ui.PageID, fill func(r *rig), count func() int)
}

func writePaths() []writePath {
	return []writePath{
		{"payment", "payments.json", func(e *env) (ui.PageID, func(*rig), func() int) {
			inv := e.invoice("")
			return forms.PaymentPage(nav.Invoice, inv.ID), func(r *rig) { r.Set("Variable symbol", "4242") },
				func() int { return len(e.invoicePayments(inv.ID)) }
		}},
		{"move", "inventory_moves.json", func(e *env) (ui.PageID, func(*rig), func() int) {
			it := e.item(false)
			return forms.NewMovePage(it.ID), func(r *rig) { r.Set("Quantity", "2"); r.Set("Note", "journal") },
				func() int {
					n := 0
					for _, m := range e.moves(it.ID) {
						if m.PrivateNote.String() == "journal" {
							n++
						}
					}
					return n
				}
		}},
		{"e-mail", "message.json", func(e *env) (ui.PageID, func(*rig), func() int) {
			inv := e.invoice("")
			return forms.EmailPage(inv.ID), func(*rig) {}, func() int { return e.sentEmails(inv.ID) }
		}},
		{"subject", "subjects.json", func(e *env) (ui.PageID, func(*rig), func() int) {
			return forms.NewSubjectPage(), func(r *rig) { r.Set("Name", "Journal s.r.o.") },
				func() int { return e.countSubjects("Journal s.r.o.") }
		}},
		{"item", "inventory_items.json", func(e *env) (ui.PageID, func(*rig), func() int) {
			return forms.NewItemPage(), func(r *rig) {
					r.Set("Name", "Journal lamp")
					r.Set("SKU", "JRNL-1")
					r.Set("Retail price", "650")
				},
				func() int { return e.countItems("JRNL-1") }
		}},
		{"webhook", "webhooks.json", func(e *env) (ui.PageID, func(*rig), func() int) {
			return forms.NewWebhookPage(), func(r *rig) {
					r.Set("Address", "https://example.com/journal")
					r.Focus("Invoices")
					r.Keys("right") // all the invoices' events
				},
				func() int { return e.countWebhooks("https://example.com/journal") }
		}},
	}
}

func TestNoWriteTwiceWhateverTheFaultAndTheKeys(t *testing.T) {
	for _, wp := range writePaths() {
		for _, f := range tuitest.WriteFaults() {
			for _, u := range pagetest.HastyUsers() {
				t.Run(wp.name+"/"+f.Name+"/"+u.Name, func(t *testing.T) {
					t.Parallel()
					e := newEnv(t, sandbox.PlanUnlimited)
					id, fill, count := wp.setup(e)
					r := e.open(id)
					fill(r)
					pagetest.NeverTwice{World: world{e}, Rig: r.Rig, Fault: f, User: u, Count: count,
						Aim: func() { e.sb.Aim(t, e.rt, f, "POST", wp.post) }}.Play(t)
					if n := e.rt.Count("POST", wp.post); n > 2 || (f.Landed && n != 1) {
						t.Errorf("%d sends of the write (landed first: %v)", n, f.Landed)
					}
				})
			}
		}
	}
}

// world is the env as a hasty user's tests see it (pagetest.World).
type world struct{ e *env }

func (w world) Open(id ui.PageID) *pagetest.Rig { return w.e.open(id).Rig }
func (w world) ClearFaults()                    { w.e.sb.ClearFaults(w.e.rt) }

// Restart is kasa started again on the same folders: a new journal read
// from its file, a new client, and the start's check of what is in doubt.
func (w world) Restart() {
	e := w.e
	e.t.Helper()
	j := journal.Open(e.journalDir, e.srv.Now)
	pc := e.sb.ClientWith(e.t, e.token, apiclient.WithTransport(e.rt), apiclient.WithWriteHook(j.Hook),
		apiclient.WithBackoff(func(int) time.Duration { return time.Millisecond }))
	d := *e.fd.Deps
	d.Journal, d.Client = j, func() *apiclient.Client { return pc }
	e.fd.Deps = &d
	if _, err := j.Settle(e.ctx, pc, 10); err != nil {
		e.t.Fatal(err)
	}
}

func (e *env) sentEmails(invoiceID int64) int {
	e.t.Helper()
	n := 0
	for ev, err := range e.c.Events.ListAll(e.ctx, apiclient.EventListOptions{}) {
		if err != nil {
			e.t.Fatal(err)
		}
		for _, ro := range ev.RelatedObjects {
			if ev.Name == "invoice_sent" && ro.Type == "Invoice" && ro.ID == invoiceID {
				n++
			}
		}
	}
	return n
}

func (e *env) countSubjects(name string) int {
	return countOf(e, e.c.Subjects.ListAll(e.ctx, apiclient.SubjectListOptions{}), func(s apiclient.Subject) bool { return s.Name == name })
}

func (e *env) countItems(sku string) int {
	return countOf(e, e.c.InventoryItems.ListAll(e.ctx, apiclient.InventoryItemListOptions{}), func(it apiclient.InventoryItem) bool { return it.SKU == sku })
}

func (e *env) countWebhooks(url string) int {
	return countOf(e, e.c.Webhooks.ListAll(e.ctx, apiclient.ListOptions{}), func(w apiclient.Webhook) bool { return w.WebhookURL == url })
}

func countOf[T any](e *env, seq func(func(T, error) bool), match func(T) bool) int {
	e.t.Helper()
	n := 0
	for r, err := range seq {
		if err != nil {
			e.t.Fatal(err)
		}
		if match(r) {
			n++
		}
	}
	return n
}

// A field's message from an earlier 422 goes when a later answer is a 5xx:
// it answered a send that is no more, and would only mislead.
func TestAFieldMessageGoesWhenALaterAnswerIsA5xx(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	x := e.expense()
	r := e.open(forms.PaymentPage(nav.Expense, x.ID))
	r.Set("Amount", "500")
	// The bank account offered when the form opened is gone: a 422 on it.
	e.srv.Do(func() { e.setup.Account.BankAccounts[0].ID = 99 })
	r.Keys("ctrl+s")
	if errs := r.host().FieldErrors("bank_account_id"); len(errs) == 0 {
		t.Fatalf("no 422 beside the bank account:\n%s", r.Page.View())
	}
	e.sb.Aim(t, e.rt, tuitest.WriteFault{Rule: sandbox.Fault502After, ReadsFail: true}, "POST", "payments.json")
	r.Keys("ctrl+s")
	if errs := r.host().FieldErrors("bank_account_id"); len(errs) != 0 {
		t.Errorf("the old 422 stays after a 502: %q\n%s", errs, r.Page.View())
	}
	if !r.host().Unknown() {
		t.Errorf("a 502 to a write is not in doubt:\n%s", r.Page.View())
	}
}

// Paying more than remains is asked about first; yes sends it.
func TestPaymentAsksBeforePayingMoreThanRemains(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	r := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	r.Set("Amount", "13000")
	r.Keys("ctrl+s")
	c, ok := has[ui.Confirm](r.Out)
	if !ok || !strings.Contains(c.Question, "more than the remaining") {
		t.Fatalf("no question before overpaying: %+v\n%s", r.Out, r.Page.View())
	}
	if n := e.rt.Count("POST", "payments.json"); n != 0 {
		t.Fatalf("%d payments sent before the answer", n)
	}
	r.Run(c.Yes)
	if got := e.invoicePayments(inv.ID); len(got) != 1 || !got[0].Amount.Dec().Equal(apiclient.MustDecimal("13000").Dec()) {
		t.Errorf("payments after yes: %+v", got)
	}
}

// Another form on the same record waits for a write in doubt there: the
// e-mail is not sent while the payment cannot be settled, and once a read
// finds the payment, the e-mail (not the payment) is what the form sends.
func TestAnotherFormOnTheRecordWaitsForTheWriteInDoubt(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	pay := e.open(forms.PaymentPage(nav.Invoice, inv.ID))
	mail := e.open(forms.EmailPage(inv.ID))
	e.sb.Aim(t, e.rt, tuitest.WriteFault{Rule: sandbox.FaultDropAfter, ReadsFail: true}, "POST", "payments.json")
	pay.Keys("ctrl+s")
	if !pay.host().Unknown() {
		t.Fatalf("the payment is not in doubt:\n%s", pay.Page.View())
	}
	mail.Keys("ctrl+s", "ctrl+y", "enter")
	if n := e.sentEmails(inv.ID); n != 0 {
		t.Fatalf("%d e-mails sent while a payment on the invoice was in doubt", n)
	}
	if !strings.Contains(mail.host().Problem(), "earlier payment") {
		t.Errorf("the e-mail form does not say why: %q", mail.host().Problem())
	}
	e.sb.ClearFaults(e.rt)
	mail.Keys("ctrl+s")
	if n := e.sentEmails(inv.ID); n != 1 {
		t.Fatalf("%d e-mails after the payment was settled, want 1\n%s", n, mail.Page.View())
	}
	if ts := toasts(mail.Out); len(ts) == 0 || !strings.Contains(ts[len(ts)-1], "was sent") {
		t.Errorf("toasts %q", ts)
	}
	if n := len(e.invoicePayments(inv.ID)); n != 1 {
		t.Errorf("%d payments, want 1", n)
	}
}

// A draft carries its write's journal entry: the form opened again after a
// quit checks it before anything is sent.
func TestADraftCarriesItsWriteInDoubt(t *testing.T) {
	e := newEnv(t, sandbox.PlanUnlimited)
	inv := e.invoice("")
	id := forms.PaymentPage(nav.Invoice, inv.ID)
	r := e.open(id)
	e.sb.Aim(t, e.rt, tuitest.WriteFault{Rule: sandbox.FaultDropAfter, ReadsFail: true}, "POST", "payments.json")
	r.Keys("ctrl+s")
	store := form.FileDrafts{Dir: e.fd.DraftsDir, Account: func() string { return tuitest.Slug }}
	d, ok, err := store.Load(form.DraftID(id))
	if err != nil || !ok || d.Journal == "" {
		t.Fatalf("draft %+v (%v, %v): want one with the write's entry", d, ok, err)
	}
	// Opened again once the service answers: the draft's write is checked
	// first, found, and the form closes without sending it again.
	e.sb.ClearFaults(e.rt)
	r2 := e.open(id)
	if r2.Open() {
		t.Errorf("the restored form did not settle its write as it opened:\n%s", r2.Page.View())
	}
	r2.Keys("ctrl+s", "ctrl+y")
	if ts := toasts(r2.Out); len(ts) != 1 || !strings.Contains(ts[0], "found on the service") {
		t.Errorf("toasts %q", ts)
	}
	if n := e.rt.Count("POST", "payments.json"); n != 1 || len(e.invoicePayments(inv.ID)) != 1 {
		t.Errorf("%d payments sent, %d on the invoice; want 1 and 1", n, len(e.invoicePayments(inv.ID)))
	}
}
