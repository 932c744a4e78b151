package editor

import (
	"context"
	"fmt"
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/totals"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/forms"
	"github.com/kasa-tui/kasa/views/lines"
	"github.com/kasa-tui/kasa/views/nav"
	"github.com/kasa-tui/kasa/views/pick"
)

// mode is how the document's prices are read, from its header values and
// the account's settings.
func (e *editor) mode(v form.Values) totals.Mode {
	m := totals.Mode{
		VatPriceMode:  v["vat_price_mode"],
		AccountMode:   e.env.account.VatPriceMode,
		ReverseCharge: v["transferred_tax_liability"] == "true",
		NonVatPayer:   e.env.account.VatMode == "non_vat_payer",
		RoundTotal:    v["round_total"] == "true",
	}
	if req, _ := foreign(e.env)(v); req {
		m.ExchangeRate, _ = decimal.NewFromString(strings.TrimSpace(v["exchange_rate"]))
	}
	return m
}

// preview is the document's totals as the user types, computed as the
// service computes them (package totals).
func (e *editor) preview(v form.Values, width int) []string {
	st := e.fd.Styles
	doc, err := lines.Decode(v["lines"])
	if err != nil {
		return nil
	}
	m := e.mode(v)
	t := totals.Compute(lines.Inputs(doc), m)
	cur := strings.ToUpper(strings.TrimSpace(v["currency"]))
	if cur == "" {
		cur = e.env.account.Currency
	}
	out := []string{st.Title.Render("Totals") + st.Muted.Render(" (as the service will compute them)"),
		fmt.Sprintf("  without VAT %s · VAT %s · total %s %s", fix(t.Subtotal), fix(t.Vat), fix(t.Total), cur)}
	for _, r := range t.ByRate {
		out = append(out, st.Muted.Render(fmt.Sprintf("  %s %%: base %s, VAT %s", r.VatRate.String(), fix(r.Base), fix(r.Vat))))
	}
	if !t.RoundingAdjustment.IsZero() {
		out = append(out, st.Muted.Render("  rounding "+fix(t.RoundingAdjustment)))
	}
	if req, _ := foreign(e.env)(v); req {
		out = append(out, st.Muted.Render(fmt.Sprintf("  in %s: %s", e.env.account.Currency, fix(t.NativeTotal))))
	}
	return out
}

func fix(d decimal.Decimal) string { return d.StringFixed(2) }

// submit sends the document: a create with every filled field, or an
// update with what changed; the lines by Conventions 9.
func (e *editor) submit(orig, v form.Values) form.Task {
	sentAt := e.fd.Now()
	creating := e.seed.Kind != "edit"
	return e.fd.Task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		b, err := e.body(ctx, c, orig, v, creating)
		if err != nil {
			return form.Result{Problem: "Could not read the form: " + err.Error()}, errNoRequest
		}
		if !creating && len(b) == 0 {
			return form.Result{Problem: "Nothing was changed."}, errNoRequest
		}
		id := int64(0)
		if !creating {
			id = e.seed.ID
		}
		s, err := e.kind.save(ctx, c, id, b)
		if err == nil {
			return form.Result{Done: e.done(s, creating, false)}, nil
		}
		res := forms.Failure(e.fd.L, err, e.kind.noun, "saved", e.refusal)
		if !creating {
			return forms.EditUnknown(res), err
		}
		if res.Unknown {
			res.Check = e.check(b, sentAt)
		}
		return res, err
	})
}

// errNoRequest: nothing was sent, the connection status stays as it was.
var errNoRequest = fmt.Errorf("no request was sent")

// body is the request: the header, the subject, the lines, the files.
func (e *editor) body(ctx context.Context, c *apiclient.Client, orig, v form.Values, creating bool) (map[string]any, error) {
	b, err := body(e.defs, v, orig, creating)
	if err != nil {
		return nil, err
	}
	if creating || v["subject_id"] != orig["subject_id"] {
		if id, _ := pick.ParseSubjectValue(v["subject_id"]); id != 0 {
			b["subject_id"] = id
		}
	}
	doc, err := lines.Decode(v["lines"])
	if err != nil {
		return nil, err
	}
	ps, err := lines.Params(doc)
	if err != nil {
		return nil, err
	}
	if len(ps) > 0 {
		b["lines"] = ps
	}
	if e.kind.attachments {
		atts, err := attachmentParams(ctx, c, v["attachments"])
		if err != nil {
			return nil, err
		}
		if len(atts) > 0 {
			b["attachments"] = atts
		}
	}
	return b, nil
}

// done is the success: back where the editor was opened, a toast, the news
// with the service's record, and a new document's page.
func (e *editor) done(s saved, creating, checked bool) []tea.Msg {
	op, verb := ui.ChangeUpdated, "saved"
	if creating {
		op, verb = ui.ChangeCreated, "created"
	}
	text := fmt.Sprintf("%s was %s", s.label, verb)
	if checked {
		text += " (checked after the connection dropped)"
	}
	msgs := forms.Done(text, ui.Changed{Kind: e.kind.nav, ID: s.id, Op: op, Record: s.rec})
	if creating {
		msgs = append(msgs, ui.Open{ID: ui.PageID{Kind: e.kind.nav, ID: itoa(s.id)}})
	}
	if e.seed.Kind == seedInbox && creating {
		msgs = append(msgs, offerInboxDelete(e.fd.Deps, e.seed.ID))
	}
	return msgs
}

// check looks for the document whose create may or may not have been
// carried out, before anything is sent again.
func (e *editor) check(b map[string]any, sentAt time.Time) form.Task {
	return e.fd.Task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		s, found, err := e.kind.find(ctx, c, b, sentAt)
		switch {
		case err != nil:
			return form.Result{Unknown: true, Check: e.check(b, sentAt),
				Problem: fmt.Sprintf("The outcome of the %s is unknown and checking failed (%s).", e.kind.noun, common.FaultReason(e.fd.L, err))}, err
		case found:
			return form.Result{Done: e.done(s, true, true)}, nil
		}
		return form.Result{Unknown: true, Problem: fmt.Sprintf("The %s was not created. Press ctrl+y to send it again.", e.kind.noun)}, nil
	})
}

// refusal puts the service's refusals of documents in words.
func (e *editor) refusal(r *apiclient.ErrorResponse) string {
	said := ""
	if r.Description != "" {
		said = " The service said: " + r.Description
	}
	desc := strings.ToLower(r.Description)
	switch {
	case r.Code == apiclient.RefusalDocumentLocked || strings.Contains(desc, "unlock"):
		return "The " + e.kind.noun + " is locked: unlock it first (L on its page)." + said
	case r.StatusCode == 403 && (strings.Contains(desc, "plan") || strings.Contains(desc, "limit")):
		return "The plan allows no more " + e.kind.noun + "s (the lower plans allow one recurring template): delete one you no longer need or upgrade the plan." + said
	case r.StatusCode == 403 && (strings.Contains(desc, "bank") || e.kind.nav != nav.Expense):
		return "The account has no bank account, which a " + e.kind.noun + " needs: add one in Fakturoid's settings (bank accounts cannot be entered through the API)." + said
	}
	return ""
}
