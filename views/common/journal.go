package common

import (
	"errors"

	"github.com/kasa-tui/kasa/internal/journal"
	"github.com/kasa-tui/kasa/internal/locale"
)

// KindNoun names a kind of write (a catalog key's translation): "payment".
func KindNoun(l locale.Locale, k journal.Kind) string {
	switch k {
	case journal.KindPayment:
		return l.T("payment")
	case journal.KindMove:
		return l.T("move")
	case journal.KindEmail:
		return l.T("e-mail")
	case journal.KindInvoice:
		return l.T("invoice")
	case journal.KindExpense:
		return l.T("expense")
	case journal.KindSubject:
		return l.T("subject")
	case journal.KindItem:
		return l.T("inventory item")
	case journal.KindWebhook:
		return l.T("webhook")
	case journal.KindGenerator:
		return l.T("template")
	case journal.KindInboxFile:
		return l.T("inbox file")
	case journal.KindDelete:
		return l.T("delete")
	}
	return l.T("change")
}

// AlreadyDone reports whether err says the write was not sent because the
// same write, sent earlier and in doubt, was found done: a success.
func AlreadyDone(err error) bool {
	var a *journal.AlreadyDoneError
	return errors.As(err, &a)
}
