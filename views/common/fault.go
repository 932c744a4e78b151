package common

import (
	"context"
	"errors"
	"net"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
)

// FaultReason says in a few words why a request failed for reasons that are
// not the user's input (for forms: "nothing you typed was lost, because ...").
func FaultReason(l locale.Locale, err error) string {
	var ue *apiclient.UnavailableError
	var se *apiclient.ServerError
	var rl *apiclient.RateLimitError
	var ua *apiclient.UnauthorizedError
	var ne net.Error
	switch {
	case errors.As(err, &ue):
		return l.T("the service is unavailable for a while (503)")
	case errors.As(err, &se):
		return l.Tf("the service failed (%d)", se.StatusCode)
	case errors.As(err, &rl):
		return l.Tf("too many requests; the limit resets in %s", rl.Reset)
	case errors.As(err, &ua):
		return l.T("the sign-in has expired (401)")
	case errors.Is(err, context.DeadlineExceeded):
		return l.T("the service did not answer in time")
	case errors.As(err, &ne):
		return l.T("the network is unreachable")
	}
	var sentence Sentence
	var said explained
	var nf *apiclient.NotFoundError
	var pr *apiclient.PaymentRequiredError
	var answer *apiclient.ErrorResponse
	switch {
	case errors.As(err, &said): // put in words already (Explain)
		return said.text
	case errors.As(err, &sentence):
		return string(sentence)
	case errors.Is(err, ErrNoClient):
		return l.T("nobody is signed in (kasa login)")
	case errors.Is(err, apiclient.ErrOutcomeUnknown):
		return l.T("the outcome is unknown: check before sending again")
	case errors.As(err, &nf):
		return l.T("the service does not have it (404): it may have been deleted")
	case errors.As(err, &pr):
		return l.T("the account is blocked for an unpaid subscription (402)")
	case errors.As(err, &answer):
		said := Join("; ", answer.Description, answer.FieldSummary())
		if said == "" {
			said = answer.Code
		}
		if said == "" {
			return l.Tf("the service answered %d", answer.StatusCode)
		}
		return l.Tf("the service answered %d: %s", answer.StatusCode, Quoted(l, said))
	}
	// A Go error's chain ("get account: GET /accounts/…: …") is no
	// sentence for the user: Do writes it to kasa.log.
	return l.T("an unexpected error (the details are in kasa.log)")
}
