package cli

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
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
	blocked := fs.Bool("blocked", false, "the accounts are blocked for an unpaid subscription: account requests answer 402")
	maintenance := fs.Bool("maintenance", false, "read-only maintenance: reads work, changes answer 503")
	faultPlan := fs.String("fault-plan", "", `faults aimed at exact requests, e.g. "drop-after POST payments.json; 502-after POST message.json; fail-reads x3" (also POST `+sandbox.FaultsPath+`)`)
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
	rules, err := sandbox.ParseFaultRules(*faultPlan)
	if err != nil {
		return usageError{"--fault-plan: " + err.Error()}
	}
	srv, info := demo.New(demo.Options{
		Options: sandbox.Options{
			Seed: *seed, RateLimit: *rateLimit, RateWindow: *rateWindow,
			Faults:  sandbox.Faults{Latency: *latency, ErrorRate: *faults, DropAfterCreate: *drop},
			Blocked: *blocked, Maintenance: *maintenance,
		},
		Scale:  *scale,
		Living: *living,
		Plan:   plan,
	})
	ln, err := net.Listen("tcp", *listen)
	if err != nil {
		return fmt.Errorf("sandbox: listen on %s: %w", *listen, err)
	}
	printSandboxBanner(stdout, "http://"+ln.Addr().String()+"/api/v3", info)

	// Timeouts, and beyond loopback a warning and a Host check
	// (sandbox.NewHTTPServer); the fault plan wraps the API (issue 23).
	hs := sandbox.NewHTTPServer(ln, sandbox.WithFaultPlan(srv, rules...), stderr)
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
		// A request still running after the grace, or a connection a client
		// opened and never used (net/http waits 5 s before it counts such a
		// one as idle), is cut off: stopping is what the user asked for.
		if cerr := hs.Close(); cerr != nil {
			return fmt.Errorf("sandbox: shut down: %w", cerr)
		}
	}
	fmt.Fprintln(stdout, "kasa sandbox stopped.")
	return nil
}

// printSandboxBanner tells a person how to reach the sandbox: its address, the
// demo's client credentials and its OAuth integration. They are the sandbox's
// own made-up credentials, fixed for every run, so printing them is safe.
func printSandboxBanner(w io.Writer, base string, info demo.Info) {
	in := info.Integration
	fmt.Fprintf(w, `kasa sandbox is serving the demo account.

  base URL       %[1]s
  account slug   %[2]s (and %[3]s)
  client id      %[4]s
  client secret  %[5]s
  contact        send a User-Agent like "my-app (you@example.com)"

OAuth integration (authorization code flow):
  client id      %[6]s
  client secret  %[7]s
  redirect URI   %[8]s
  consent URL    %[1]s/oauth?client_id=%[6]s&redirect_uri=%[9]s&response_type=code&state=xyz
                 (add &approve=1 to skip the consent page: the redirect carries the code)

Get a token and list subjects:
  curl -s -u %[4]s:%[5]s -A 'my-app (you@example.com)' \
       -d grant_type=client_credentials %[1]s/oauth/token
  curl -s -A 'my-app (you@example.com)' -H "Authorization: Bearer <access_token>" \
       %[1]s/accounts/%[2]s/subjects.json

Press Ctrl+C to stop.
`, base, info.Slug, info.SecondSlug, info.ClientID, info.ClientSecret, in.ClientID, in.ClientSecret, in.RedirectURI, url.QueryEscape(in.RedirectURI))
}
