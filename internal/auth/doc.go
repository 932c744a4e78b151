// Package auth signs kasa in to the invoicing service with OAuth 2.0 and keeps
// it signed in: the client-credentials flow (no refresh token: a new token
// when the old one expires) and the authorization-code flow (browser consent,
// then a refresh token that never expires). Every new token is saved to the
// credential store (config.SecretStore), so the next launch reuses a token
// that is still valid without asking the service.
//
// The token endpoints take the client id and secret only in an HTTP Basic
// header with URL-safe base64 of "id:secret", which golang.org/x/oauth2 does
// not produce; this package makes the token requests itself and hands out
// oauth2.Token values and an oauth2.TokenSource.
//
// No secret or token ever appears in an error text or a log line.
package auth
