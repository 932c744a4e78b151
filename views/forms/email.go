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
	return fd.host(id, fmt.Sprintf("Send invoice %d", invID), func(ctx context.Context, c *apiclient.Client) (*form.Spec, error) {
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
		"#due#":     inv.DueOn.String(),
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

// variableHelp lists the variables in two columns.
func variableHelp() []string {
	vs := apiclient.MessageVariables
	var out []string
	out = append(out, "Variables:")
	half := (len(vs) + 1) / 2
	for i := range half {
		l := fmt.Sprintf("%-9s %-22s", vs[i].Name, vs[i].Meaning)
		if j := i + half; j < len(vs) {
			l += fmt.Sprintf("  %-9s %s", vs[j].Name, vs[j].Meaning)
		}
		out = append(out, strings.TrimRight(l, " "))
	}
	return out
}

func emailSpec(fd Deps, inv *apiclient.Invoice, to, cc string) *form.Spec {
	vals := messageValues(fd.Deps, inv, fd.Now().In(fd.Loc))
	custom := func(v form.Values) bool { return !v.Bool("replace_with_defaults") }
	required := func(what string, check func(string, form.Values) error) func(string, form.Values) error {
		return func(s string, v form.Values) error {
			if strings.TrimSpace(s) == "" && custom(v) {
				return errors.New(what + " is required when the defaults are not used")
			}
			if check != nil {
				return check(s, v)
			}
			return nil
		}
	}
	name := "invoice " + inv.Number
	fields := []form.Field{
		{Key: "email", Label: "To", Width: 36, Validate: required("a recipient", checkRecipient)},
		{Key: "email_copy", Label: "Copy to", Width: 36, Validate: checkRecipient},
		{Key: "subject", Label: "Subject", Width: 50, Validate: required("a subject", nil)},
		{Key: "message", Label: "Message", Kind: form.FieldTextArea, Lines: 3, CharLimit: 4000, Validate: required("a message", nil),
			Help: variableHelp(), Placeholder: "the account's default text"},
		{Key: "deliver_now", Label: "Deliver now", Kind: form.FieldBool,
			Hint: func(form.Values) string { return "even outside the delivery window" }},
		{Key: "replace_with_defaults", Label: "Fill empty fields", Kind: form.FieldBool,
			Hint: func(v form.Values) string {
				if custom(v) {
					return "off: to, subject and message are required"
				}
				return "from the account's e-mail settings"
			}},
	}
	return &form.Spec{
		Title:   "Send " + name + " by e-mail",
		Noun:    "e-mail",
		Intro:   []string{fmt.Sprintf("%s · %s · due %s", name, fd.Money(inv.Total, inv.Currency), fd.Date(inv.DueOn))},
		Fields:  fields,
		Initial: form.Values{"email": to, "email_copy": cc, "subject": "", "message": "", "deliver_now": "false", "replace_with_defaults": "true"},
		Preview: func(v form.Values, width int) []string {
			msg := v["message"]
			if strings.TrimSpace(msg) == "" {
				if custom(v) {
					return []string{"Preview: (no message yet)"}
				}
				return []string{"Preview: the account's default text, with this invoice's values"}
			}
			text := expand(msg, vals)
			out := []string{"Preview:"}
			for _, para := range strings.Split(text, "\n") {
				for _, l := range strings.Split(ansi.Wordwrap(para, max(20, width-2), ""), "\n") {
					out = append(out, "  "+l)
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
			to := strings.TrimSpace(v["email"])
			text := fmt.Sprintf("Invoice %s was sent", inv.Number)
			if to != "" {
				text += " to " + to
			}
			// The invoice's state (sent, its history) changed: its pages read it again.
			return form.Result{Done: done(text, ui.Changed{Kind: nav.Invoice, ID: inv.ID})}, nil
		}
		res := failure(fd.L, err, "e-mail", "sent", emailRefusal)
		if res.Unknown {
			// The service keeps no record of a sent e-mail to look for:
			// the user decides, and nothing is resent without ctrl+y.
			res.Problem = "The connection dropped after the e-mail was handed over: it may or may not have been sent. " +
				"Ask the recipient or look at the invoice's history before sending again."
		}
		return res, err
	})
}

// emailRefusal explains the refusals of an invoice e-mail in words.
func emailRefusal(e *apiclient.ErrorResponse) string {
	switch e.Code {
	case apiclient.RefusalUpgradeRequired:
		return "Sending invoices by e-mail needs a paid plan"
	case apiclient.RefusalQuotaExhausted:
		return "Today's limit of sent e-mails is reached; try again tomorrow"
	case apiclient.RefusalEmailDeliveryDisabled:
		return "E-mail delivery is switched off for this account because of spam complaints; contact support"
	}
	return ""
}
