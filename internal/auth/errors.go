package auth

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// ErrSignInAgain is matched (errors.Is) when the saved sign-in cannot be
// renewed: the refresh token was revoked or is unknown, or the credentials
// were refused. Nothing retries it; the user has to run `kasa login`.
var ErrSignInAgain = errors.New("your sign-in has expired or was revoked; run `kasa login` again")

// ErrNotSignedIn means nothing is saved for these settings yet.
var ErrNotSignedIn = errors.New("not signed in; run `kasa login` to sign in")

// TokenError is an error answer of the token or revoke endpoint:
// {"error": Code, "error_description": Description} with the HTTP Status.
type TokenError struct {
	Status      int
	Code        string
	Description string
}

// Error explains the refusal for a person. It never holds a secret: the
// description is scrubbed of the values sent before a TokenError is built.
func (e *TokenError) Error() string {
	switch e.Code {
	case "invalid_client":
		return "The client ID or secret was refused (invalid_client)"
	case "invalid_grant":
		msg := "The service refused the grant (invalid_grant)"
		if e.Description != "" {
			msg += ": " + e.Description
		}
		return msg
	case "unauthorized_client":
		return "These credentials cannot use this sign-in flow (unauthorized_client): credentials from your user settings work with client_credentials, an integration's with authorization_code"
	}
	var b strings.Builder
	fmt.Fprintf(&b, "the token endpoint answered %d %s", e.Status, http.StatusText(e.Status))
	switch {
	case e.Code != "" && e.Description != "":
		fmt.Fprintf(&b, ": %s (%s)", e.Description, e.Code)
	case e.Code != "":
		fmt.Fprintf(&b, " (%s)", e.Code)
	}
	return b.String()
}

// permanent reports token errors that asking again will not fix.
func (e *TokenError) permanent() bool {
	switch e.Code {
	case "invalid_grant", "invalid_client", "unauthorized_client", "unsupported_grant_type", "invalid_request":
		return true
	}
	return false
}

// signInAgainError joins ErrSignInAgain with its cause for errors.Is/As.
type signInAgainError struct{ cause error }

func (e *signInAgainError) Error() string {
	if e.cause == nil {
		return ErrSignInAgain.Error()
	}
	return ErrSignInAgain.Error() + " (" + e.cause.Error() + ")"
}

func (e *signInAgainError) Unwrap() []error {
	if e.cause == nil {
		return []error{ErrSignInAgain}
	}
	return []error{ErrSignInAgain, e.cause}
}

// scrub replaces every non-empty secret in s with "[redacted]".
func scrub(s string, secrets ...string) string {
	for _, v := range secrets {
		if len(v) >= 4 {
			s = strings.ReplaceAll(s, v, "[redacted]")
		}
	}
	return s
}
