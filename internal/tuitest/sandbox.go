package tuitest

import (
	"net/http/httptest"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// Slug is the test sandbox's account.
const Slug = "testfirma"

// SandboxOptions shape a test sandbox.
type SandboxOptions struct {
	// Start is where the sandbox's clock stands; it moves only when told.
	Start time.Time
	// Plan of the account; the zero Plan is sandbox.PlanUnlimited.
	Plan sandbox.Plan
	// Client are more options for the owner's client (retries, backoff).
	Client []apiclient.Option
}

// Sandbox is a sandbox with one empty account, served on loopback until the
// test ends, and a client of the account's owner on it.
type Sandbox struct {
	Server *sandbox.Server
	// Faults aim failures at exact requests (sandbox.FaultPlan).
	Faults *sandbox.FaultPlan
	Setup  sandbox.TestSetup
	Clock  *sandbox.ManualClock
	// URL is the server's root; the API is under /api/v3.
	URL    string
	Client *apiclient.Client
}

// NewSandbox starts a sandbox for the test.
func NewSandbox(t testing.TB, o SandboxOptions) *Sandbox {
	t.Helper()
	if o.Plan.Name == "" {
		o.Plan = sandbox.PlanUnlimited
	}
	clock := sandbox.NewManualClock(o.Start)
	srv, setup := sandbox.NewWithAccount(sandbox.Options{Clock: clock, Seed: 1}, Slug, o.Plan)
	faults := sandbox.WithFaultPlan(srv)
	ts := httptest.NewServer(faults)
	t.Cleanup(ts.Close)
	s := &Sandbox{Server: srv, Faults: faults, Setup: setup, Clock: clock, URL: ts.URL}
	s.Client = s.ClientWith(t, srv.IssueToken(setup.Owner.ID, setup.Client.ID), o.Client...)
	return s
}

// ClientWith is a client of the test account that sends token (another
// user's, another application's).
func (s *Sandbox) ClientWith(t testing.TB, token string, opts ...apiclient.Option) *apiclient.Client {
	t.Helper()
	c, err := apiclient.New(s.URL+"/api/v3", append([]apiclient.Option{
		apiclient.WithUserAgent("kasa-test", "test@example.com"),
		apiclient.WithAccount(Slug),
		apiclient.WithTransport(apiclient.StaticBearer(nil, token)),
	}, opts...)...)
	if err != nil {
		t.Fatalf("make the test client: %v", err)
	}
	return c
}
