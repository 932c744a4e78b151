package sandbox

import (
	"fmt"
	"strings"
)

// Sending an invoice by e-mail (message.json), with the plan's limits and the
// domains that stand for failed deliveries.

// spamComplaintsDomain stands for an account whose delivery was switched off for
// spam complaints: the sandbox has no such account flag, so sending to an address
// at this domain answers 403 email_delivery_disabled.
const spamComplaintsDomain = "spam-complaints.example"

// bounceDomain: mail to this domain "bounces": it is sent, then an email_bounced
// to-do is raised with the invoice related.
const bounceDomain = "bounce.example"

// invoiceMessage sends the invoice by e-mail. Refusals: upgrade_required on plans
// without e-mail, email_delivery_disabled (see spamComplaintsDomain),
// quota_exhausted past the plan's e-mails per calendar day. With
// replace_with_defaults (default true) a missing e-mail comes from the subject,
// and the subject line and text from the account's defaults (the overdue text for
// an overdue invoice); with it false, email, subject and message are required.
// Success marks the invoice sent and writes invoice_sent. The sandbox has no
// delivery window, so deliver_now changes nothing: mail always goes at once.
func (s *Server) invoiceMessage(c *Ctx) {
	inv, ok := s.findInvoice(c)
	if !ok {
		return
	}
	a := c.Account
	if !a.Limits.EmailAllowed {
		c.Refuse(RefusalUpgradeRequired, fmt.Sprintf("Sending invoices by e-mail is not part of the %s plan; upgrade to send e-mails", a.Info.Plan))
		return
	}
	body := c.Body()
	var m InvoiceMessage
	errs := DecodeBody(body, &m)
	replace := m.ReplaceWithDefaults == nil || *m.ReplaceWithDefaults
	val := func(v *string) string {
		if v == nil {
			return ""
		}
		return strings.TrimSpace(*v)
	}
	email, emailCopy, subjectLine, message := val(m.Email), val(m.EmailCopy), val(m.Subject), val(m.Message)
	if replace {
		sub, _ := a.Subjects.Get(inv.SubjectID)
		if email == "" && sub != nil {
			email = string(sub.Email)
		}
		if m.EmailCopy == nil && sub != nil {
			emailCopy = string(sub.EmailCopy)
		}
		if subjectLine == "" {
			subjectLine = "Invoice #no#"
		}
		if message == "" {
			message = "Dear customer, please find attached invoice #no# for #price#, due on #due#. Pay to #bank# with variable symbol #vs#.\n#link#"
			if inv.Status == InvoiceOverdue {
				message = "Dear customer, invoice #no# for #price# is #overdue# days overdue. Please pay it to #bank# with variable symbol #vs#.\n#link#"
			}
		}
	}
	for _, f := range []struct{ name, v string }{{"email", email}, {"subject", subjectLine}, {"message", message}} {
		if f.v == "" && (!replace || f.name == "email") {
			errs.Add(f.name, MsgBlank)
		}
	}
	if email != "" && !validEmail(email) {
		errs.Add("email", MsgInvalid)
	}
	if emailCopy != "" && !validEmail(emailCopy) {
		errs.Add("email_copy", MsgInvalid)
	}
	if errs.Any() {
		c.Invalid(errs)
		return
	}
	if invoiceEmailDomain(email) == spamComplaintsDomain || invoiceEmailDomain(emailCopy) == spamComplaintsDomain {
		c.Refuse(RefusalEmailDeliveryDisabled, "E-mail delivery is disabled for this account because of too many spam complaints")
		return
	}
	if !takeDailyEmail(c, a) {
		return
	}
	markInvoiceMailed(c, inv)
	invoiceRefreshStatus(a, inv, c.Now)
	invoiceTouch(c, inv)
	related := RelatedObject{Type: "Invoice", ID: inv.ID}
	a.AddEvent(c.Now, "invoice_sent", EventText("invoice_sent", nil), c.User,
		InvoiceSentParams(email, emailCopy, invoiceMessageVars(c, inv).Replace(subjectLine), invoiceMessageVars(c, inv).Replace(message), false), related)
	if invoiceEmailDomain(email) == bounceDomain || invoiceEmailDomain(emailCopy) == bounceDomain {
		a.RaiseTodo(c.Now, "email_bounced", EmailBouncedParams(email, true), related)
	}
	c.NoContent()
}

// takeDailyEmail counts one e-mail against the account's daily limit, or
// refuses with quota_exhausted when the day's e-mails are spent.
func takeDailyEmail(c *Ctx, a *Account) bool {
	today := DateOf(c.Now)
	if !a.EmailDay.Equal(today.Time) {
		a.EmailDay, a.EmailsDay = today, 0
	}
	if a.Limits.EmailsPerDay > 0 && a.EmailsDay >= a.Limits.EmailsPerDay {
		c.Refuse(RefusalQuotaExhausted, fmt.Sprintf("The daily limit of %d e-mails has been reached; try again tomorrow", a.Limits.EmailsPerDay))
		return false
	}
	a.EmailsDay++
	return true
}

// markInvoiceMailed notes the first sending, and for an overdue invoice
// (the overdue text: a reminder) when the first and the last reminder went.
func markInvoiceMailed(c *Ctx, inv *Invoice) {
	if inv.SentAt.IsZero() {
		inv.SentAt = DateTime{Time: c.Now}
	}
	if inv.Status == InvoiceOverdue {
		if inv.ReminderSentAt.IsZero() {
			inv.ReminderSentAt = DateTime{Time: c.Now}
		}
		inv.LastReminderSentAt = DateTime{Time: c.Now}
	}
}

func invoiceEmailDomain(addr string) string {
	_, d, ok := strings.Cut(addr, "@")
	if !ok {
		return ""
	}
	return strings.ToLower(d)
}

// invoiceMessageVars fills the variables of an invoice e-mail.
func invoiceMessageVars(c *Ctx, inv *Invoice) *strings.Replacer {
	overdue := 0
	if !inv.DueOn.IsZero() {
		overdue = max(0, int(DateOf(c.Now).Sub(inv.DueOn.Time).Hours()/24))
	}
	return strings.NewReplacer(
		"#no#", inv.Number,
		"#link#", c.HTMLURL("p/%s", inv.Token),
		"#vs#", inv.VariableSymbol,
		"#price#", czechMoney(inv.RemainingAmount.Dec(), inv.Currency),
		"#due#", inv.DueOn.String(),
		"#overdue#", fmt.Sprint(overdue),
		"#bank#", inv.BankAccount,
		"#note#", string(inv.Note),
	)
}
