package forms_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/ui"
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

// fault is what meets the first send.
type fault struct {
	name      string
	rule      string // a sandbox.FaultRule action
	landed    bool   // the first send was committed
	readsFail bool   // the reads after the send fail until the user gives up
}

var faults = []fault{
	{"dropped after commit", sandbox.FaultDropAfter, true, false},
	{"dropped before commit", sandbox.FaultDropBefore, false, false},
	{"502 after commit", sandbox.Fault502After, true, false},
	{"dropped after commit, reads failing", sandbox.FaultDropAfter, true, true},
	{"dropped before commit, reads failing", sandbox.FaultDropBefore, false, true},
}

// hasty is what the user does right after the send met the fault.
type hasty struct {
	name string
	// restarts: the user leaves and comes back later, when the service can
	// be read again (a form done already has no draft to come back to).
	restarts bool
	do       func(e *env, r *rig) *rig // answers the form page the user is on after
}

var hastyUsers = []hasty{
	{"ctrl+s", false, func(_ *env, r *rig) *rig { r.Keys("ctrl+s", "ctrl+s", "ctrl+s"); return r }},
	{"ctrl+y", false, func(_ *env, r *rig) *rig { r.Keys("ctrl+y", "ctrl+y", "ctrl+y"); return r }},
	{"enter", false, func(_ *env, r *rig) *rig { r.Keys(slices.Repeat([]string{"enter"}, 12)...); return r }},
	{"quit and restore the draft", true, func(e *env, r *rig) *rig {
		e.clearReadFaults()
		if !r.isOpen() {
			return r
		}
		r2 := e.open(r.ID) // the form again: its draft is offered
		r2.Keys("ctrl+s")
		return r2
	}},
	{"restart", true, func(e *env, r *rig) *rig {
		e.clearReadFaults()
		e.restart()
		if !r.isOpen() {
			return r
		}
		r2 := e.open(r.ID)
		r2.Keys("ctrl+s")
		return r2
	}},
}

func TestNoWriteTwiceWhateverTheFaultAndTheKeys(t *testing.T) {
	for _, wp := range writePaths() {
		for _, f := range faults {
			for _, u := range hastyUsers {
				t.Run(wp.name+"/"+f.name+"/"+u.name, func(t *testing.T) {
					t.Parallel()
					e := newEnv(t, sandbox.PlanUnlimited)
					id, fill, count := wp.setup(e)
					r := e.open(id)
					fill(r)
					e.aim(f, wp.post)
					r.Keys("ctrl+s")
					if !f.readsFail && f.landed {
						if n := count(); n != 1 {
							t.Fatalf("%d records right after the first send, want 1", n)
						}
					}
					r = u.do(e, r)
					if f.readsFail && !u.restarts {
						if n, want := count(), btoi(f.landed); n != want {
							t.Fatalf("%d records while the reads failed, want %d (nothing sent again)", n, want)
						}
					}
					// The service can be read again; the user insists until the
					// form is done.
					e.clearReadFaults()
					for i := 0; i < 3 && r.isOpen(); i++ {
						r.Keys("ctrl+s")
					}
					if r.isOpen() {
						t.Fatalf("the form is still open:\n%s", r.Page.View())
					}
					if n := count(); n != 1 {
						t.Fatalf("%d records, want exactly 1\n%s", n, r.Page.View())
					}
					if n := e.rt.Count("POST", wp.post); n > 2 || (f.landed && n != 1) {
						t.Errorf("%d sends of the write (landed first: %v)", n, f.landed)
					}
				})
			}
		}
	}
}

func btoi(b bool) int {
	if b {
		return 1
	}
	return 0
}

// aim arms the fault at the next write to post; with readsFail, every read
// after that write fails until clearReadFaults.
func (e *env) aim(f fault, post string) {
	e.t.Helper()
	if err := e.sb.Faults.Add(sandbox.FaultRule{Action: f.rule, Method: "POST", Path: post}); err != nil {
		e.t.Fatal(err)
	}
	if !f.readsFail {
		return
	}
	armed := false
	e.rt.SetHook(func(r *http.Request) (*http.Response, error) {
		if r.Method == http.MethodPost && strings.HasSuffix(r.URL.Path, post) && !armed {
			armed = true
			_ = e.sb.Faults.Add(sandbox.FaultRule{Action: sandbox.FaultFailReads, Count: 1000})
		}
		return nil, nil
	})
}

func (e *env) clearReadFaults() {
	e.rt.SetHook(nil)
	e.sb.Faults.Clear()
}

// restart is kasa started again on the same folders: a new journal read
// from its file, a new client, and the start's check of what is in doubt.
func (e *env) restart() {
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

// isOpen: the form has not finished (a success emits ui.Back).
func (r *rig) isOpen() bool {
	_, done := has[ui.Back](r.Out)
	return !done
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
