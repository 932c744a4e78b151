package sandbox_test

import (
	"strings"
	"testing"
)

// TestStatusOfEveryDocumentedBodilessAnswer brings the sandbox to the
// situation of every 2xx answer the docs show without a JSON body (deletes,
// actions, e-mail, OCR, downloads, revoke) and checks the docs' status and
// what the docs show in its place: nothing for a 204, a file for a download.
// Every such answer must have its situation here and every situation its
// answer in the docs.
func TestStatusOfEveryDocumentedBodilessAnswer(t *testing.T) {
	w := newWireRun(t)
	situations := bodilessSituations()
	answers := docsAnswers(t, false)
	seen, endpoints := map[string]bool{}, map[string]bool{}
	for _, a := range answers {
		key := a.key() + " › " + a.situation
		seen[key] = true
		endpoints[a.method+" "+a.path] = true
		t.Run(key, func(t *testing.T) {
			run, ok := situations[key]
			if !ok {
				t.Fatalf("no situation brings the sandbox to the docs' %d of %s %s", a.status, a.method, a.path)
			}
			w.t = t
			req := run(w, a)
			status, h, body := w.sendH(req)
			switch {
			case status != a.status:
				t.Fatalf("%s %s: status %d, the docs %d: %s", req.method, req.path, status, a.status, body)
			case status == 204 && len(body) > 0:
				t.Errorf("%s %s: 204 with a body: %s", req.method, req.path, body)
			case strings.Contains(a.path, "download") && status == 200 &&
				(len(body) == 0 || strings.Contains(h.Get("Content-Type"), "json") || !strings.HasPrefix(h.Get("Content-Disposition"), "attachment")):
				t.Errorf("%s %s: not a file (%q, %q, %d bytes)", req.method, req.path, h.Get("Content-Type"), h.Get("Content-Disposition"), len(body))
			}
		})
	}
	for k := range situations {
		if !seen[k] {
			t.Errorf("the situation %q answers no documented example", k)
		}
	}
	t.Logf("%d documented answers without a JSON body (%d endpoints), each with the docs' status", len(answers), len(endpoints))
}

// bodilessSituations are the situations of the answers without a JSON body,
// by page › endpoint [› flow] › situation.
func bodilessSituations() map[string]func(w *wireRun, a docsAnswer) wireRequest {
	del := func(format string, make func(w *wireRun) []any) func(w *wireRun, _ docsAnswer) wireRequest {
		return func(w *wireRun, _ docsAnswer) wireRequest {
			return wireRequest{method: "DELETE", path: w.under(format, make(w)...)}
		}
	}
	one := func(f func(w *wireRun) string) func(w *wireRun) []any {
		return func(w *wireRun) []any { return []any{f(w)} }
	}
	out := downloadSituations()
	for k, v := range map[string]func(w *wireRun, a docsAnswer) wireRequest{
		"authorization › Authorization Code Flow › Revoke access › Response": func(w *wireRun, a docsAnswer) wireRequest {
			tok := w.exchange()
			r := w.oauth(docsBody(a, map[string]any{"token": tok["refresh_token"]}))
			r.path = "/oauth/revoke"
			return r
		},
		"expense-payments › Delete Expense Payment › Response": del("expenses/%s/payments/%s.json", func(w *wireRun) []any {
			exp := w.expense(nil)
			return []any{exp, id(w.must("POST", "expenses/"+exp+"/payments.json", map[string]any{}))}
		}),
		"expenses › Expense Actions › Response": func(w *wireRun, _ docsAnswer) wireRequest {
			return postTo(w, "expenses/"+w.expense(nil)+"/fire.json?event=lock", nil)
		},
		"expenses › Delete Expense › Response":                         del("expenses/%s.json", one(func(w *wireRun) string { return w.expense(nil) })),
		"generators › Delete Generator › Response":                     del("generators/%s.json", one(func(w *wireRun) string { return w.generator("generators.json", nil) })),
		"inventory-items › Delete Item › Response":                     del("inventory_items/%s.json", one((*wireRun).item)),
		"subjects › Delete Subject › Response":                         del("subjects/%s.json", one((*wireRun).subject)),
		"invoices › Delete Invoice › Response":                         del("invoices/%s.json", one(func(w *wireRun) string { return w.invoice(nil) })),
		"webhooks › Delete Webhook › Response":                         del("webhooks/%s.json", one((*wireRun).webhook)),
		"inbox-files › Delete Inbox File › Response":                   del("inbox_files/%s.json", one((*wireRun).inboxFile)),
		"recurring-generators › Delete Recurring Generator › Response": del("recurring_generators/%s.json", one(func(w *wireRun) string { return w.recurring(nil) })),
		"inventory-moves › Delete Inventory Move › Response": del("inventory_items/%s/inventory_moves/%s.json", func(w *wireRun) []any {
			item := w.item()
			return []any{item, id(w.must("POST", "inventory_items/"+item+"/inventory_moves.json", wireMove()))}
		}),
		"invoice-payments › Delete Invoice Payment › Response": del("invoices/%s/payments/%s.json", func(w *wireRun) []any {
			inv := w.invoice(nil)
			return []any{inv, id(w.must("POST", "invoices/"+inv+"/payments.json", map[string]any{}))}
		}),
		// The docs' heading has a no-break space before OCR.
		"inbox-files › Send Inbox File to\u00a0OCR › Response": func(w *wireRun, _ docsAnswer) wireRequest {
			return postTo(w, "inbox_files/"+w.inboxFile()+"/send_to_ocr.json", nil)
		},
		"invoice-messages › Create Message › Default values › Response": func(w *wireRun, _ docsAnswer) wireRequest {
			return postTo(w, "invoices/"+w.invoice(nil)+"/message.json", nil) // no body: the account's texts
		},
		"invoices › Invoice Actions › Response": func(w *wireRun, _ docsAnswer) wireRequest {
			return postTo(w, "invoices/"+w.invoice(nil)+"/fire.json?event=mark_as_sent", nil)
		},
	} {
		out[k] = v
	}
	return out
}

// downloadSituations are the downloads' answers: a file, or 204 when it is
// not ready (an invoice's PDF on the first request) or gone (seeded).
func downloadSituations() map[string]func(w *wireRun, a docsAnswer) wireRequest {
	return map[string]func(w *wireRun, a docsAnswer) wireRequest{
		"expenses › Download Attachment › Response": func(w *wireRun, _ docsAnswer) wireRequest {
			exp, att := w.expenseWithAttachment()
			return w.getUnder("expenses/%s/attachments/%s/download", exp, att)
		},
		"expenses › Download Attachment › Response if file cannot be downloaded": func(w *wireRun, _ docsAnswer) wireRequest {
			exp, att := w.expenseWithAttachment()
			w.loseFile(att)
			return w.getUnder("expenses/%s/attachments/%s/download", exp, att)
		},
		"invoices › Download Invoice PDF › Response if PDF cannot be downloaded yet": func(w *wireRun, _ docsAnswer) wireRequest {
			return w.getUnder("invoices/%s/download.pdf", w.invoice(nil)) // the first request starts the PDF
		},
		"invoices › Download Invoice PDF › Response": func(w *wireRun, _ docsAnswer) wireRequest {
			inv := w.invoice(nil)
			w.send(w.getUnder("invoices/%s/download.pdf", inv))
			return w.getUnder("invoices/%s/download.pdf", inv)
		},
		"invoices › Download Attachment › Response": func(w *wireRun, _ docsAnswer) wireRequest {
			inv, att := w.invoiceWithAttachment()
			return w.getUnder("invoices/%s/attachments/%s/download", inv, att)
		},
		"invoices › Download Attachment › Response if file cannot be downloaded": func(w *wireRun, _ docsAnswer) wireRequest {
			inv, att := w.invoiceWithAttachment()
			w.loseFile(att)
			return w.getUnder("invoices/%s/attachments/%s/download", inv, att)
		},
		"inbox-files › Download Inbox File › Response": func(w *wireRun, _ docsAnswer) wireRequest {
			return w.getUnder("inbox_files/%s/download", w.inboxFile())
		},
	}
}

func wireAttachment() []map[string]any {
	return []map[string]any{{"filename": "receipt.pdf", "data_url": "data:application/pdf;base64," + base64PDF}}
}

func (w *wireRun) expense(extra map[string]any) string {
	body := map[string]any{"subject_id": w.subject(), "lines": wireLines()}
	for k, v := range extra {
		body[k] = v
	}
	return id(w.must("POST", "expenses.json", body))
}

// expenseWithAttachment and invoiceWithAttachment return the document's id
// and its attachment's.
func (w *wireRun) expenseWithAttachment() (string, string) {
	rec := w.must("POST", "expenses.json", map[string]any{"subject_id": w.subject(), "lines": wireLines(), "attachments": wireAttachment()})
	return id(rec), id(rec["attachments"].([]any)[0].(map[string]any))
}

func (w *wireRun) invoiceWithAttachment() (string, string) {
	rec := w.must("POST", "invoices.json", map[string]any{"subject_id": w.subject(), "lines": wireLines(), "attachments": wireAttachment()})
	return id(rec), id(rec["attachments"].([]any)[0].(map[string]any))
}

// loseFile seeds an attachment whose file the service can no longer give.
func (w *wireRun) loseFile(attID string) {
	w.Srv.Do(func() {
		for k := range w.acct.Attachments {
			if id(map[string]any{"id": float64(k)}) == attID {
				delete(w.acct.Attachments, k)
			}
		}
	})
}

func (w *wireRun) webhook() string {
	return id(w.must("POST", "webhooks.json", map[string]any{"webhook_url": "https://example.com/webhook", "events": []string{"invoice_created"}}))
}

func (w *wireRun) inboxFile() string {
	return id(w.must("POST", "inbox_files.json", map[string]any{"attachment": "data:application/pdf;base64," + base64PDF}))
}

func wireMove() map[string]any {
	return map[string]any{"direction": "in", "moved_on": "2023-11-10", "quantity_change": "35", "purchase_price": "50"}
}

// exchange runs the authorization code flow to its tokens.
func (w *wireRun) exchange() map[string]any {
	_, b := w.send(w.oauth(map[string]any{"grant_type": "authorization_code", "code": w.code(), "redirect_uri": w.Info.Integration.RedirectURI}))
	var tok map[string]any
	decodeInto(w.t, b, &tok)
	return tok
}
