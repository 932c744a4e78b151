package auth

import (
	"log/slog"
	"net/http"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// Option changes how flows and sessions talk and tell time.
type Option func(*options)

type options struct {
	transport    http.RoundTripper
	now          func() time.Time
	logger       *slog.Logger
	clientSecret string
	apiOptions   []apiclient.Option
}

// WithTransport sends every request (token endpoint and API) through rt;
// nil means http.DefaultTransport. Tests count requests with it.
func WithTransport(rt http.RoundTripper) Option { return func(o *options) { o.transport = rt } }

// WithClock tells token expiry by now instead of the system clock.
func WithClock(now func() time.Time) Option { return func(o *options) { o.now = now } }

// WithLogger logs token requests (never their values); nil means none.
func WithLogger(l *slog.Logger) Option { return func(o *options) { o.logger = l } }

// WithClientSecret uses secret instead of the stored client secret (for
// KASA_CLIENT_SECRET); "" keeps the stored one.
func WithClientSecret(secret string) Option { return func(o *options) { o.clientSecret = secret } }

// WithAPIOptions adds options to the API clients a session makes (tests
// shorten the retry backoff with apiclient.WithBackoff).
func WithAPIOptions(opts ...apiclient.Option) Option {
	return func(o *options) { o.apiOptions = append(o.apiOptions, opts...) }
}

func buildOptions(opts []Option) options {
	o := options{now: time.Now}
	for _, f := range opts {
		f(&o)
	}
	if o.transport == nil {
		o.transport = http.DefaultTransport
	}
	if o.now == nil {
		o.now = time.Now
	}
	if o.logger == nil {
		o.logger = slog.New(slog.DiscardHandler)
	}
	return o
}
