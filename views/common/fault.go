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
	return err.Error()
}
