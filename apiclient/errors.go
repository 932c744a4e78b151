package apiclient

import (
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"sort"
	"strings"
	"time"
)

// ErrorResponse is what every error answer of the service has in common. The
// typed errors below embed it; errors.As(err, &*ErrorResponse) reaches it from any.
type ErrorResponse struct {
	StatusCode int
	Method     string
	Path       string
	// Code and Description come from {"error": ..., "error_description": ...}.
	Code        string
	Description string
	// Fields come from {"errors": {"field": ["message"]}}; keys are field names
	// or resource keys such as "document", "inventory_item", "bank_account".
	Fields map[string][]string
	// Body is the start of a body that was not JSON, for the log and the error text.
	Body string
}

func (e *ErrorResponse) Error() string {
	var b strings.Builder
	fmt.Fprintf(&b, "%s %s: %d %s", e.Method, e.Path, e.StatusCode, http.StatusText(e.StatusCode))
	switch {
	case e.Code != "" && e.Description != "":
		fmt.Fprintf(&b, ": %s (%s)", e.Description, e.Code)
	case e.Code != "":
		fmt.Fprintf(&b, ": %s", e.Code)
	case e.Description != "":
		fmt.Fprintf(&b, ": %s", e.Description)
	}
	if len(e.Fields) > 0 {
		b.WriteString(": ")
		b.WriteString(e.FieldSummary())
	}
	if e.Code == "" && e.Description == "" && len(e.Fields) == 0 && e.Body != "" {
		fmt.Fprintf(&b, ": %s", e.Body)
	}
	return b.String()
}

// FieldSummary renders the field messages as "name can't be blank; sku has already been taken".
func (e *ErrorResponse) FieldSummary() string {
	keys := make([]string, 0, len(e.Fields))
	for k := range e.Fields {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	parts := make([]string, 0, len(keys))
	for _, k := range keys {
		for _, m := range e.Fields[k] {
			parts = append(parts, k+" "+m)
		}
	}
	return strings.Join(parts, "; ")
}

// ValidationError is a 422: invalid data or an operation that is not possible.
type ValidationError struct{ ErrorResponse }

// RefusalError is a 403: the service refused the operation. Code is one of the
// Refusal* constants when the body has one; some refusals carry Fields instead
// (errors.bank_account, errors.inventory_item).
type RefusalError struct{ ErrorResponse }

// Refusal codes of the reference.
const (
	RefusalForbidden             = "forbidden"
	RefusalQuotaExhausted        = "quota_exhausted"
	RefusalUpgradeRequired       = "upgrade_required"
	RefusalEmailDeliveryDisabled = "email_delivery_disabled"
	RefusalDocumentLocked        = "document_locked"
)

// BadRequestError is a 400: a date filter that is not ISO 8601, a missing User-Agent, ...
type BadRequestError struct{ ErrorResponse }

// UnauthorizedError is a 401: a missing, invalid or expired access token.
type UnauthorizedError struct{ ErrorResponse }

// PaymentRequiredError is a 402: the account is blocked for an unpaid subscription.
type PaymentRequiredError struct{ ErrorResponse }

// NotFoundError is a 404.
type NotFoundError struct{ ErrorResponse }

// RateLimitError is a 429. Reset is how long until the window resets (the t of X-RateLimit).
type RateLimitError struct {
	ErrorResponse
	Reset time.Duration
}

// UnavailableError is a 503: maintenance (read-only for a while) or a busy search.
type UnavailableError struct{ ErrorResponse }

// ServerError is any other 5xx.
type ServerError struct{ ErrorResponse }

func (e *ValidationError) Unwrap() error      { return &e.ErrorResponse }
func (e *RefusalError) Unwrap() error         { return &e.ErrorResponse }
func (e *BadRequestError) Unwrap() error      { return &e.ErrorResponse }
func (e *UnauthorizedError) Unwrap() error    { return &e.ErrorResponse }
func (e *PaymentRequiredError) Unwrap() error { return &e.ErrorResponse }
func (e *NotFoundError) Unwrap() error        { return &e.ErrorResponse }
func (e *RateLimitError) Unwrap() error       { return &e.ErrorResponse }
func (e *UnavailableError) Unwrap() error     { return &e.ErrorResponse }
func (e *ServerError) Unwrap() error          { return &e.ErrorResponse }

func (e *RateLimitError) Error() string {
	return fmt.Sprintf("%s (rate limit resets in %s)", e.ErrorResponse.Error(), e.Reset)
}

// ErrOutcomeUnknown is matched (errors.Is) by an error from a request that creates or
// changes something and failed after it may have reached the server: the change may
// or may not have happened. Check before sending again.
var ErrOutcomeUnknown = errors.New("outcome unknown: the request may have reached the service")

// OutcomeUnknownError wraps the transport error of such a request.
type OutcomeUnknownError struct {
	Method, Path string
	Err          error
}

func (e *OutcomeUnknownError) Error() string {
	return fmt.Sprintf("%s %s: %v; the outcome is unknown: the request may have reached the service, check before sending again", e.Method, e.Path, e.Err)
}

func (e *OutcomeUnknownError) Unwrap() []error { return []error{ErrOutcomeUnknown, e.Err} }

// ErrNotReady is returned by a download the service cannot give yet (204): try again shortly.
var ErrNotReady = errors.New("not ready yet: try again in a second or two")

// errorBody is both documented error shapes at once.
type errorBody struct {
	Error            string              `json:"error"`
	ErrorDescription string              `json:"error_description"`
	Errors           map[string][]string `json:"errors"`
}

// errorFromResponse builds the typed error for a non-2xx answer. It never panics on
// an empty, truncated or non-JSON body.
func errorFromResponse(method, path string, status int, header http.Header, body []byte) error {
	base := ErrorResponse{StatusCode: status, Method: method, Path: path}
	var eb errorBody
	if len(body) > 0 && json.Unmarshal(body, &eb) == nil {
		base.Code, base.Description = eb.Error, eb.ErrorDescription
		if len(eb.Errors) > 0 {
			base.Fields = eb.Errors
		}
	} else if len(body) > 0 {
		// Some errors' "errors" map holds a plain string instead of a list.
		var loose struct {
			Errors map[string]any `json:"errors"`
		}
		if json.Unmarshal(body, &loose) == nil && len(loose.Errors) > 0 {
			base.Fields = map[string][]string{}
			for k, v := range loose.Errors {
				base.Fields[k] = looseMessages(v)
			}
		} else {
			base.Body = bodySnippet(body)
		}
	}
	switch {
	case status == http.StatusBadRequest:
		return &BadRequestError{base}
	case status == http.StatusUnauthorized:
		return &UnauthorizedError{base}
	case status == http.StatusPaymentRequired:
		return &PaymentRequiredError{base}
	case status == http.StatusForbidden:
		return &RefusalError{base}
	case status == http.StatusNotFound:
		return &NotFoundError{base}
	case status == http.StatusUnprocessableEntity:
		return &ValidationError{base}
	case status == http.StatusTooManyRequests:
		rl := ParseRate(header)
		return &RateLimitError{ErrorResponse: base, Reset: rl.Reset}
	case status == http.StatusServiceUnavailable:
		return &UnavailableError{base}
	case status >= 500:
		return &ServerError{base}
	default:
		return &base
	}
}

// looseMessages turns one value of a loosely shaped "errors" map into messages:
// a list keeps one message per element, anything else becomes one message.
func looseMessages(v any) []string {
	list, ok := v.([]any)
	if !ok {
		return []string{fmt.Sprint(v)}
	}
	out := make([]string, 0, len(list))
	for _, m := range list {
		out = append(out, fmt.Sprint(m))
	}
	return out
}

func bodySnippet(b []byte) string {
	s := strings.TrimSpace(string(b))
	s = strings.Join(strings.Fields(s), " ")
	const max = 200
	if len(s) > max {
		s = s[:max] + "…"
	}
	return s
}
