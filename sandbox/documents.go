package sandbox

import (
	"fmt"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/kasa-tui/kasa/apiclient"
)

// Invoices and expenses are both documents: numbered, with lines, totals,
// payments, attachments and a lock. What the two kinds share lives here once;
// each kind's own rules stay in invoices.go and expenses.go.

func finNonNil[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

// finMatchText is an exact filter; an absent filter matches everything.
func finMatchText(filter, v string) bool { return filter == "" || filter == v }

// finMatchID is an id filter; a filter that is not a number matches nothing.
func finMatchID(filter string, id int64) bool {
	if filter == "" {
		return true
	}
	n, err := strconv.ParseInt(filter, 10, 64)
	return err == nil && n == id
}

// finSearchTags are the tags of a search (`tags[]` or `tags`); a document must carry all.
func finSearchTags(c *Ctx) []string {
	q := c.QueryValues()
	var tags []string
	for _, key := range []string{"tags[]", "tags"} {
		for _, v := range q[key] {
			for _, t := range strings.Split(v, ",") {
				if t = strings.TrimSpace(t); t != "" {
					tags = append(tags, t)
				}
			}
		}
	}
	return tags
}

func finHasAllTags(have, want []string) bool {
	for _, w := range want {
		found := false
		for _, h := range have {
			if h == w {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

func finLineNames(lines []apiclient.Line) []string {
	out := make([]string, 0, len(lines))
	for _, l := range lines {
		out = append(out, l.Name)
	}
	return out
}

// finRefuseLocked answers 403 document_locked for a locked document.
func finRefuseLocked(c *Ctx, lockedAt apiclient.DateTime, what, number string) bool {
	if lockedAt.IsZero() {
		return false
	}
	c.Refuse(apiclient.RefusalDocumentLocked, fmt.Sprintf("The %s %s is locked; unlock it before changing it", what, number))
	return true
}

func finCannotFire(ev string) string {
	if ev == "" {
		return MsgBlank
	}
	return ev + " cannot be fired"
}

// finApplyPaymentMethod validates payment_method and custom_payment_method, which is
// at most 20 characters and kept only with the method custom (otherwise null).
func finApplyPaymentMethod(method, custom string, pm, cpm *string, errs Errors) (string, string) {
	if pm != nil {
		if !subjOneOf(*pm, finPaymentMethods) {
			errs.Add("payment_method", MsgNotInList)
		}
		method = *pm
	}
	if cpm != nil {
		if utf8.RuneCountInString(*cpm) > 20 {
			errs.Add("custom_payment_method", "is too long (maximum is 20 characters)")
		}
		custom = *cpm
	}
	if method != "custom" {
		custom = ""
	}
	return method, custom
}

// finApplyCurrency: a document in another currency than the account's needs an
// exchange rate (greater than 0); in the account's currency the rate is 1.
func finApplyCurrency(a *Account, currency string, rate apiclient.Decimal, cur *string, ex *apiclient.Decimal, errs Errors) (string, apiclient.Decimal) {
	if cur != nil {
		c := strings.ToUpper(strings.TrimSpace(*cur))
		if len(c) != 3 {
			errs.Add("currency", MsgInvalid)
		}
		if c != currency && ex == nil {
			rate = apiclient.Decimal{} // a new currency needs its own rate
		}
		currency = c
	}
	if ex != nil {
		rate = *ex
	}
	if currency == a.Info.Currency && !rate.IsSet() {
		rate = apiclient.MustDecimal("1.0")
	}
	switch {
	case !rate.IsSet():
		errs.Add("exchange_rate", MsgBlank)
	case !rate.Dec().IsPositive():
		errs.Add("exchange_rate", "must be greater than 0")
	}
	return currency, rate
}
