package apiclient

import (
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"strings"
)

// maxRedirects is how many same-origin redirects a request follows.
const maxRedirects = 10

// ErrPlainHTTP is returned by New for an http:// base URL whose host is not
// a loopback address.
var ErrPlainHTTP = errors.New("plain http would send the access token and the client secret unencrypted: use https (http is allowed only for a loopback address such as 127.0.0.1 or localhost, where a local sandbox runs)")

// RedirectError is a redirect the client refused to follow: it leads away
// from the API's origin (another host or port, or from https to http), and
// the request carries the bearer token, which belongs to the API alone.
// The service's documented endpoints never redirect, downloads included.
type RedirectError struct {
	From, To *url.URL
}

func (e *RedirectError) Error() string {
	why := "another host"
	if strings.EqualFold(e.From.Hostname(), e.To.Hostname()) {
		why = "another origin"
		if e.From.Scheme == "https" && e.To.Scheme == "http" {
			why = "plain http"
		}
	}
	return fmt.Sprintf("the service redirected to %s (%s://%s): not followed, so the access token is not sent there", why, e.To.Scheme, e.To.Host)
}

// checkBaseURL refuses plain http to a host that is not a loopback address.
func checkBaseURL(u *url.URL) error {
	if strings.EqualFold(u.Scheme, "http") && !IsLoopbackHost(u.Hostname()) {
		return ErrPlainHTTP
	}
	return nil
}

// IsLoopbackHost reports a host name that is this machine: "localhost" or
// a loopback IP address (127.0.0.0/8, ::1).
func IsLoopbackHost(host string) bool {
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// sameOrigin reports whether a and b have the same scheme, host and port
// (an absent port is the scheme's own).
func sameOrigin(a, b *url.URL) bool {
	return strings.EqualFold(a.Scheme, b.Scheme) && strings.EqualFold(a.Hostname(), b.Hostname()) && port(a) == port(b)
}

func port(u *url.URL) string {
	if p := u.Port(); p != "" {
		return p
	}
	if strings.EqualFold(u.Scheme, "https") {
		return "443"
	}
	return "80"
}

// redirectPolicy is the client's CheckRedirect: redirects within the API's
// origin are followed (up to maxRedirects), any other is refused with a
// *RedirectError.
func redirectPolicy(base *url.URL) func(*http.Request, []*http.Request) error {
	return func(req *http.Request, via []*http.Request) error {
		if !sameOrigin(req.URL, base) {
			return &RedirectError{From: via[len(via)-1].URL, To: req.URL}
		}
		if len(via) >= maxRedirects {
			return fmt.Errorf("stopped after %d redirects", maxRedirects)
		}
		return nil
	}
}

// leftOrigin reports whether req is a redirect hop to another origin than
// the request its chain started with.
func leftOrigin(req *http.Request) bool {
	first := req
	for first.Response != nil && first.Response.Request != nil {
		first = first.Response.Request
	}
	return first != req && !sameOrigin(req.URL, first.URL)
}
