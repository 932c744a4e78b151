package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
)

// runSandbox serves the sandbox API until ctx ends: `kasa sandbox --listen ...`.
func runSandbox(ctx context.Context, args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("kasa sandbox", flag.ContinueOnError)
	fs.SetOutput(stderr)
	listen := fs.String("listen", "127.0.0.1:8080", "address to listen on")
	scale := fs.Int("scale", 0, "also generate N subjects and 5N expenses (for benchmarks)")
	latency := fs.Duration("latency", 0, "added latency per request, e.g. 80ms")
	faults := fs.Float64("faults", 0, "share (0..1) of requests answered 500/502/503")
	drop := fs.Float64("drop-after-create", 0, "share (0..1) of committed creates whose connection is dropped")
	living := fs.Bool("living", false, "the demo account lives: payments arrive, OCR finishes, new events appear")
	planName := fs.String("plan", "standard", "plan of the demo account: free, mini, standard or unlimited")
	rateLimit := fs.Int("rate-limit", 400, "requests allowed per rate window")
	rateWindow := fs.Duration("rate-window", 60*time.Second, "rate-limit window")
	seed := fs.Uint64("seed", 1, "seed for the demo data and injected faults")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			return nil
		}
		return usageError{err.Error()}
	}
	if *faults < 0 || *faults > 1 || *drop < 0 || *drop > 1 {
		return usageError{"--faults and --drop-after-create take a share from 0 to 1"}
	}
	plan, err := sandbox.PlanByName(*planName)
	if err != nil {
		return usageError{err.Error()}
	}
	srv, info := demo.New(demo.Options{
		Options: sandbox.Options{
			Seed: *seed, RateLimit: *rateLimit, RateWindow: *rateWindow,
			Faults: sandbox.Faults{Latency: *latency, ErrorRate: *faults, DropAfterCreate: *drop},
		},
		Scale:  *scale,
		Living: *living,
		Plan:   plan,
	})
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("sandbox: listen on %s: %w", *listen, err)
	}
	base := "http://" + ln.Addr().String() + "/api/v3"
	fmt.Fprintf(stdout, `kasa sandbox is serving the demo account.

  base URL       %s
  account slug   %s (and %s)
  client id      %s
  client secret  %s
  contact        send a User-Agent like "my-app (you@example.com)"

Get a token and list subjects:
  curl -s -u %s:%s -A 'my-app (you@example.com)' \
       -d grant_type=client_credentials %s/oauth/token
  curl -s -A 'my-app (you@example.com)' -H "Authorization: Bearer <access_token>" \
       %s/accounts/%s/subjects.json

Press Ctrl+C to stop.
`, base, info.Slug, info.SecondSlug, info.ClientID, info.ClientSecret, info.ClientID, info.ClientSecret, base, base, info.Slug)

	hs := &http.Server{Handler: srv, ReadHeaderTimeout: 10 * time.Second}
	deliveryCtx, cancelDelivery := context.WithCancel(ctx)
	defer cancelDelivery()
	srv.StartWebhookDelivery(deliveryCtx, &http.Client{Timeout: 10 * time.Second})
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	select {
	case err := <-errc:
		return fmt.Errorf("sandbox: %w", err)
	case <-ctx.Done():
	}
	shutdownCtx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := hs.Shutdown(shutdownCtx); err != nil {
		return fmt.Errorf("sandbox: shut down: %w", err)
	}
	fmt.Fprintln(stdout, "kasa sandbox stopped.")
	return nil
}
