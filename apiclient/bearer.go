package apiclient

import (
	"context"
	"net/http"
)

// BearerTransport puts "Authorization: Bearer <token>" on every request. It
// is the one place kasa attaches an access token: the signed-in session
// (auth) gives it a renewing Token and Renew, the in-process demo and the
// tests a fixed token (StaticBearer).
type BearerTransport struct {
	// Base sends the request; nil means http.DefaultTransport.
	Base http.RoundTripper
	// Token is the access token for the next request. An error fails the
	// request before it leaves.
	Token func(ctx context.Context) (string, error)
	// Renew, when set, is asked for a fresh token after the API answered 401
	// to refused (it was revoked, or the service forgot it). The request goes
	// once more with the token it hands out when the body can be sent again,
	// also when the service handed out the same string again (a restarted
	// service may); "" keeps the 401, an error replaces it.
	Renew func(ctx context.Context, refused string) (string, error)
}

// StaticBearer sends every request on base (nil: http.DefaultTransport)
// with the same token.
func StaticBearer(base http.RoundTripper, token string) *BearerTransport {
	return &BearerTransport{Base: base, Token: func(context.Context) (string, error) { return token, nil }}
}

// RoundTrip implements http.RoundTripper.
func (t *BearerTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	base := t.Base
	if base == nil {
		base = http.DefaultTransport
	}
	if leftOrigin(req) {
		// A redirect away from the API (followed by an http.Client whose
		// redirect policy is not the API client's): no token goes with it.
		r2 := req.Clone(req.Context())
		r2.Header.Del("Authorization")
		return base.RoundTrip(r2)
	}
	tok, err := t.Token(req.Context())
	if err != nil {
		// A RoundTripper closes the body even when it sends nothing.
		if req.Body != nil {
			req.Body.Close()
		}
		return nil, err
	}
	resp, err := base.RoundTrip(withBearer(req, tok))
	if err != nil || resp.StatusCode != http.StatusUnauthorized || t.Renew == nil {
		return resp, err
	}
	// One more try with a fresh token, only when the body can be sent again.
	if req.Body != nil && req.GetBody == nil {
		return resp, nil
	}
	fresh, err := t.Renew(req.Context(), tok)
	if err != nil {
		resp.Body.Close()
		return nil, &RenewError{Err: err}
	}
	if fresh == "" {
		return resp, nil
	}
	retry := withBearer(req, fresh)
	if req.GetBody != nil {
		body, err := req.GetBody()
		if err != nil {
			return resp, nil
		}
		retry.Body = body
	}
	resp.Body.Close()
	return base.RoundTrip(retry)
}

// RenewError is a request the service refused with 401 whose token could
// not be renewed: the service did nothing with it, so a write that ends so
// is refused, not in doubt.
type RenewError struct{ Err error }

func (e *RenewError) Error() string { return "token refused and not renewed: " + e.Err.Error() }

func (e *RenewError) Unwrap() error { return e.Err }

// withBearer is a copy of req carrying token: a RoundTripper must not
// change the request it was given.
func withBearer(req *http.Request, token string) *http.Request {
	r2 := req.Clone(req.Context())
	r2.Header.Set("Authorization", "Bearer "+token)
	return r2
}
