package forms

import (
	"errors"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/internal/locale"
	"github.com/kasa-tui/kasa/ui/form"
	"github.com/kasa-tui/kasa/views/common"
)

// failure turns a failed send into a form.Result: field messages for a 422,
// words for a refusal (refusal may return "" to use the service's text),
// an unknown outcome (the noun, a catalog key, may or may not have been
// done: "recorded", "saved", "sent"), or a fault that kept nothing from the
// user.
func failure(l locale.Locale, err error, noun, done string, refusal func(e *apiclient.ErrorResponse) string) form.Result {
	noun, done = l.T(noun), l.TC("done", done)
	var ve *apiclient.ValidationError
	var re *apiclient.RefusalError
	switch {
	case errors.Is(err, apiclient.ErrOutcomeUnknown):
		return form.Result{Unknown: true,
			Problem: l.Tf("The connection dropped after the %s was sent: it may or may not have been %s.", noun, done)}
	case errors.As(err, &ve):
		if len(ve.Fields) > 0 {
			return form.Result{FieldErrors: ve.Fields}
		}
		return form.Result{Problem: l.Tf("The service refused the %s: %s", noun, describe(l, &ve.ErrorResponse))}
	case errors.As(err, &re):
		if refusal != nil {
			if s := refusal(&re.ErrorResponse); s != "" {
				return form.Result{Problem: s}
			}
		}
		if len(re.Fields) > 0 {
			return form.Result{FieldErrors: re.Fields}
		}
		return form.Result{Problem: l.Tf("The service refused the %s: %s", noun, describe(l, &re.ErrorResponse))}
	}
	return form.Result{Problem: l.Tf("Could not send the %s: %s. Nothing was lost: your input is still here; send again with ctrl+s.", noun, common.FaultReason(l, err))}
}

// describe is what the service said, in its own words (a refusal with field
// messages never gets here: they go beside their fields).
func describe(l locale.Locale, e *apiclient.ErrorResponse) string {
	switch {
	case e.Description != "":
		return e.Description
	case e.Code != "":
		return e.Code
	}
	return l.Tf("status %d", e.StatusCode)
}

// changedValue reports whether key's value differs from the form's first
// value; a key missing from v (a hidden field) counts as emptied.
func changedValue(orig, v form.Values, key string) bool {
	return v[key] != orig[key]
}

// editUnknown is the Result of an edit the service may or may not have saved: a
// PATCH sets values, so sending the same one again is harmless.
func editUnknown(l locale.Locale, res form.Result) form.Result {
	if res.Unknown {
		res.Problem = l.T("The connection dropped after the change was sent: it may or may not have been saved. Sending it again is safe (ctrl+y).")
	}
	return res
}
