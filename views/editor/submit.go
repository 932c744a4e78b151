package editor

import (
	"context"
	"errors"
	"strings"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/shopspring/decimal"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/textclean"
	"github.com/kasa-tui/kasa/internal/totals"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
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
	t, ok := e.table.Totals(v["lines"], e.mode(v)) // worked out per change, not per frame
	if !ok {
		return nil
	}
	cur := strings.ToUpper(strings.TrimSpace(v["currency"]))
	if cur == "" {
		cur = e.env.account.Currency
	}
	l := e.fd.L
	out := []string{st.Title.Render(l.T("Totals")) + st.Muted.Render(" "+l.T("(as the service will compute them)")),
		"  " + textclean.Line(l.Tf("without VAT %s · VAT %s · total %s", l.Number(t.Subtotal, 2), l.Number(t.Vat, 2), l.Money(t.Total, cur)))}
	for _, r := range t.ByRate {
		out = append(out, st.Muted.Render("  "+l.Tf("%s: base %s, VAT %s", l.Percent(r.VatRate), l.Number(r.Base, 2), l.Number(r.Vat, 2))))
	}
	if !t.RoundingAdjustment.IsZero() {
		out = append(out, st.Muted.Render("  "+l.Tf("rounding %s", l.Number(t.RoundingAdjustment, 2))))
	}
	if req, _ := foreign(e.env)(v); req {
		out = append(out, st.Muted.Render("  "+textclean.Line(l.Tf("in the account's currency: %s", l.Money(t.NativeTotal, e.env.account.Currency)))))
	}
	return out
}

// submit sends the document: a create with every filled field, or an
// update with what changed; the lines by Conventions 9.
func (e *editor) submit(orig, v form.Values) form.Task {
	creating := e.seed.Kind != "edit"
	return e.fd.Task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		b, err := e.body(ctx, c, orig, v, creating)
		if err != nil {
			return form.Result{Problem: e.fd.L.Tf("Could not read the form: %v", err)}, errNoRequest
		}
		if !creating && len(b) == 0 {
			return form.Result{Problem: e.fd.L.T("Nothing was changed.")}, errNoRequest
		}
		id := int64(0)
		if !creating {
			id = e.seed.ID
		}
		s, err := e.kind.save(ctx, c, id, b)
		if err == nil {
			return form.Result{Done: e.done(s, creating)}, nil
		}
		// A create in doubt is settled by the journal of writes (a document
		// not there before with the subject and the lines sent), never by
		// sending it again; an update sets values, harmless to send again.
		res := e.fd.Failure(err, e.kind.noun, "saved", e.refusal)
		res.Locked = lockedRefusal(err) // ctrl+l is offered, what was typed kept
		return res, err
	})
}

// errNoRequest: nothing was sent, the connection status stays as it was.
var errNoRequest = errors.New("no request was sent")

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
func (e *editor) done(s saved, creating bool) []tea.Msg {
	l := e.fd.L
	op, text := ui.ChangeUpdated, l.Tf("%s was saved", s.label(l, e.kind))
	if creating {
		op, text = ui.ChangeCreated, l.Tf("%s was created", s.label(l, e.kind))
	}
	msgs := forms.Done(text, append([]ui.Changed{{Kind: e.kind.nav, ID: s.id, Op: op, Record: s.rec}}, e.correctedChanged()...)...)
	if creating {
		msgs = append(msgs, ui.Open{ID: ui.PageID{Kind: e.kind.nav, ID: itoa(s.id)}})
	}
	if e.seed.Kind == seedInbox && creating {
		msgs = append(msgs, offerInboxDelete(e.fd.Deps, e.seed.ID))
	}
	return msgs
}

// refusal puts the service's refusals of documents in words.
func (e *editor) refusal(r *apiclient.ErrorResponse) string {
	l := e.fd.L
	noun := l.T(e.kind.noun)
	said := ""
	if r.Description != "" {
		said = " " + l.Tf("The service said: %s", r.Description)
	}
	desc := strings.ToLower(r.Description)
	switch {
	case documentLocked(r):
		return l.Tf("The %s is locked: ctrl+l unlocks it here, then ctrl+s sends your changes, which are kept.", noun) + said
	case r.StatusCode == 403 && (strings.Contains(desc, "plan") || strings.Contains(desc, "limit")):
		return l.Tf("The plan allows no more %s (the lower plans allow one recurring template): delete one you no longer need or upgrade the plan.", l.T(e.kind.plural)) + said
	case r.StatusCode == 403 && (strings.Contains(desc, "bank") || e.kind.nav != nav.Expense):
		return l.Tf("The account has no bank account, which a %s needs: add one in Fakturoid's settings (bank accounts cannot be entered through the API).", noun) + said
	}
	return ""
}
