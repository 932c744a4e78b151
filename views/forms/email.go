package forms

import (
	"context"
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
	"github.com/kasa-tui/kasa/views/nav"
)

// NewEmailForm is the e-mail form of the invoice whose id is id.ID.
func NewEmailForm(fd Deps, id ui.PageID) (ui.Page, error) {
	invID, err := strconv.ParseInt(id.ID, 10, 64)
	if err != nil || invID <= 0 {
		return nil, fmt.Errorf("e-mail form: %q is not an invoice id", id.ID)
	}
	return fd.host(id, fd.L.Tf("Send invoice %d", invID), func(ctx context.Context, c *apiclient.Client) (*form.Spec, error) {
		inv, _, err := c.Invoices.Get(ctx, invID)
		if err != nil {
			return nil, fmt.Errorf("read invoice %d: %w", invID, err)
		}
		var to, cc string
		if inv.SubjectID > 0 {
			// The recipient is only a default: without the subject the form still works.
			if s, _, err := c.Subjects.Get(ctx, inv.SubjectID); err == nil {
				to, cc = s.Email, s.EmailCopy.String()
			}
		}
		return emailSpec(fd, inv, to, cc), nil
	}), nil
}

// messageValues are what the variables of an invoice e-mail stand for.
func messageValues(d *common.Deps, inv *apiclient.Invoice, now time.Time) map[string]string {
	overdue := 0
	if !inv.DueOn.IsZero() {
		today := apiclient.DateOf(now)
		if d := int(today.Sub(inv.DueOn.Time).Hours() / 24); d > 0 {
			overdue = d
		}
	}
	bank := inv.BankAccount
	if bank == "" {
		bank = inv.IBAN.String()
	}
	return map[string]string{
		"#no#":      inv.Number,
		"#link#":    inv.PublicHTMLURL,
		"#vs#":      inv.VariableSymbol,
		"#price#":   d.Money(inv.Total, inv.Currency),
		"#due#":     d.Date(inv.DueOn), // as the preview's language writes a day, like #price#
		"#overdue#": strconv.Itoa(overdue),
		"#bank#":    bank,
		"#note#":    inv.Note,
	}
}

// expand substitutes the variables in s.
func expand(s string, vals map[string]string) string {
	pairs := make([]string, 0, 2*len(apiclient.MessageVariables))
	for _, mv := range apiclient.MessageVariables {
		pairs = append(pairs, mv.Name, vals[mv.Name])
	}
	return strings.NewReplacer(pairs...).Replace(s)
}

// variableHelp lists the variables in two columns, in l's language.
func variableHelp(l locale.Locale) []string {
	vs := apiclient.MessageVariables
	var out []string
	out = append(out, l.T("Variables:"))
	half := (len(vs) + 1) / 2
	for i := range half {
		line := vs[i].Name + strings.Repeat(" ", max(1, 10-len(vs[i].Name))) + ui.FitLine(l.T(vs[i].Meaning), 22)
		if j := i + half; j < len(vs) {
			line += "  " + vs[j].Name + strings.Repeat(" ", max(1, 10-len(vs[j].Name))) + l.T(vs[j].Meaning)
		}
		out = append(out, strings.TrimRight(line, " "))
	}
	return out
}

func emailSpec(fd Deps, inv *apiclient.Invoice, to, cc string) *form.Spec {
	vals := messageValues(fd.Deps, inv, fd.Now().In(fd.Loc))
	l := fd.L
	custom := func(v form.Values) bool { return !v.Bool("replace_with_defaults") }
	// required refuses an empty field with blank, a catalog key, unless the
	// account's texts fill it.
	required := func(blank string, check func(string, form.Values) error) func(string, form.Values) error {
		return func(s string, v form.Values) error {
			if strings.TrimSpace(s) == "" && custom(v) {
				return errors.New(blank)
			}
			if check != nil {
				return check(s, v)
			}
			return nil
		}
	}
	fields := []form.Field{
		{Key: "email", Label: "To", Width: 36, Validate: required(locale.Key("a recipient is required when the defaults are not used"), checkRecipient)},
		{Key: "email_copy", Label: "Copy to", Width: 36, Validate: checkRecipient},
		{Key: "subject", Label: "E-mail subject", Width: 50, Validate: required(locale.Key("a subject is required when the defaults are not used"), nil)},
		{Key: "message", Label: "Message", Kind: form.FieldTextArea, Lines: 3, CharLimit: 4000,
			Validate: required(locale.Key("a message is required when the defaults are not used"), nil),
			Help:     variableHelp(l), Placeholder: locale.Key("the account's default text")},
		{Key: "deliver_now", Label: "Deliver now", Kind: form.FieldBool,
			Hint: func(form.Values) string { return l.T("even outside the delivery window") }},
		{Key: "replace_with_defaults", Label: "Fill empty fields", Kind: form.FieldBool,
			Hint: func(v form.Values) string {
				if custom(v) {
					return l.T("off: to, subject and message are required")
				}
				return l.T("from the account's e-mail settings")
			}},
	}
	return &form.Spec{
		Title:   l.Tf("Send invoice %s by e-mail", inv.Number),
		Noun:    "e-mail",
		Intro:   []string{l.Tf("invoice %s · %s · due %s", inv.Number, fd.Money(inv.Total, inv.Currency), fd.Date(inv.DueOn))},
		Fields:  fields,
		Initial: form.Values{"email": to, "email_copy": cc, "subject": "", "message": "", "deliver_now": "false", "replace_with_defaults": "true"},
		Preview: func(v form.Values, width int) []string {
			msg := v["message"]
			if strings.TrimSpace(msg) == "" {
				if custom(v) {
					return []string{l.T("Preview: (no message yet)")}
				}
				return []string{l.T("Preview: the account's default text, with this invoice's values")}
			}
			text := expand(msg, vals)
			out := []string{l.T("Preview:")}
			for _, para := range strings.Split(text, "\n") {
				for _, line := range strings.Split(ansi.Wordwrap(para, max(20, width-2), ""), "\n") {
					out = append(out, "  "+line)
				}
			}
			return out
		},
		Submit: func(v form.Values) form.Task { return submitEmail(fd, inv, v) },
	}
}

func submitEmail(fd Deps, inv *apiclient.Invoice, v form.Values) form.Task {
	return fd.task(func(ctx context.Context, c *apiclient.Client) (form.Result, error) {
		m := &apiclient.InvoiceMessage{
			DeliverNow:          apiclient.Ptr(v.Bool("deliver_now")),
			ReplaceWithDefaults: apiclient.Ptr(v.Bool("replace_with_defaults")),
		}
		set := func(k string) *string {
			if s := strings.TrimSpace(v[k]); s != "" {
				return &s
			}
			return nil
		}
		m.Email, m.EmailCopy, m.Subject = set("email"), set("email_copy"), set("subject")
		m.Message = set("message")
		_, err := c.Invoices.SendMessage(ctx, inv.ID, m)
		if err == nil {
			text := fd.L.Tf("Invoice %s was sent", inv.Number)
			if to := strings.TrimSpace(v["email"]); to != "" {
				text = fd.L.Tf("Invoice %s was sent to %s", inv.Number, to)
			}
			// The invoice's state (sent, its history) changed: its pages read it again.
			return form.Result{Done: done(text, ui.Changed{Kind: nav.Invoice, ID: inv.ID})}, nil
		}
		return fd.failure(err, "e-mail", "sent", func(e *apiclient.ErrorResponse) string { return emailRefusal(fd.L, e) }), err
	})
}

// emailRefusal explains the refusals of an invoice e-mail in words.
func emailRefusal(l locale.Locale, e *apiclient.ErrorResponse) string {
	switch e.Code {
	case apiclient.RefusalUpgradeRequired:
		return l.T("Sending invoices by e-mail needs a paid plan")
	case apiclient.RefusalQuotaExhausted:
		return l.T("Today's limit of sent e-mails is reached; try again tomorrow")
	case apiclient.RefusalEmailDeliveryDisabled:
		return l.T("E-mail delivery is switched off for this account because of spam complaints; contact support")
	}
	return ""
}
