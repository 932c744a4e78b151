// Package demo is the sandbox's demo data set: a small, realistic Czech
// company whose account a person can explore with kasa (or their own
// integration) without a real account, a second account of the same owner,
// optionally thousands of generated records (Scale) and a life that goes on as
// the clock moves (Living). It builds everything through package sandbox's
// seeding API; sandbox knows nothing of it.
//
// Everything is built relative to the clock's now, so an overdue invoice is
// always overdue, and from the seed, so the same seed and start give the same
// account.
package demo

import (
	"math/rand/v2"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// Demo account slugs.
const (
	Slug       = "kasa-demo"
	SecondSlug = "kasa-demo-sk"
)

// IntegrationRedirectURI is the demo integration's "URL for redirect". Its
// host is not localhost because the service refuses one; nothing has to
// answer there: the code is read from the redirect's Location (or the
// browser's address bar).
const IntegrationRedirectURI = "https://kasa-demo-app.example/oauth/callback"

// Options configure New.
type Options struct {
	sandbox.Options
	// Scale, when > 0, adds Scale generated subjects and 5*Scale expenses of the
	// past two years (for benchmarks and paging at volume).
	Scale int
	// Living makes the account live as the clock moves: payments arrive,
	// expenses come in, files land in the inbox (see living.go).
	Living bool
	// Plan of the demo account; the zero value is sandbox.PlanStandard, or
	// sandbox.PlanUnlimited with Scale > 0 so the generated subjects fit the plan.
	Plan sandbox.Plan
}

// Info is what a caller needs to use the demo: the account, working
// client credentials of the owner, and a ready access token.
type Info struct {
	Slug string
	// SecondSlug is the other account the owner can switch to.
	SecondSlug string
	// ClientID and ClientSecret are the owner's client-credentials pair
	// (POST /oauth/token with grant_type=client_credentials).
	ClientID, ClientSecret string
	// OwnerToken is an access token of the owner for the in-process demo. It is
	// valid for ten years of sandbox time, so a fast living clock never expires it.
	OwnerToken string
	Owner      *sandbox.User
	// ReadOnly is a user with permission "read" (scopes reports and invoices).
	ReadOnly *sandbox.User
	// ReadOnlyClientID and ReadOnlyClientSecret are the read-only user's pair.
	ReadOnlyClientID, ReadOnlyClientSecret string
	// Integration is an OAuth application the owner registered, for the
	// authorization code flow (consent at GET /oauth, then POST /oauth/token).
	Integration Integration
}

// Integration is an OAuth application's registration: what its developer
// copies from the account's settings.
type Integration struct {
	ClientID, ClientSecret, RedirectURI string
}

// tokenLifetime keeps the in-process demo's token valid on any clock.
const tokenLifetime = 10 * 365 * 24 * time.Hour

// New builds a server holding the demo account (and a small second account
// of the same owner).
func New(o Options) (*sandbox.Server, Info) {
	plan := o.Plan
	if plan.Name == "" {
		plan = sandbox.PlanStandard
		if o.Scale > 0 {
			plan = sandbox.PlanUnlimited
		}
	}
	s := sandbox.New(o.Options)
	now := s.Now()
	rng := rand.New(rand.NewPCG(o.Seed, 0x6b617361_64656d6f))

	owner := s.AddUser(&sandbox.User{FullName: "Jana Nováková", Email: "jana.novakova@modrahora.example",
		AvatarURL: "", DefaultAccount: Slug, Grants: map[string]sandbox.Grant{
			Slug:       {Permission: "owner", AllowedScope: []string{"reports", "expenses", "invoices"}},
			SecondSlug: {Permission: "owner", AllowedScope: []string{"reports", "expenses", "invoices"}},
		}})
	reader := s.AddUser(&sandbox.User{FullName: "Petr Svoboda", Email: "petr.svoboda@modrahora.example",
		DefaultAccount: Slug, Grants: map[string]sandbox.Grant{
			Slug: {Permission: "read", AllowedScope: []string{"reports", "invoices"}},
		}})

	b := &builder{now: now, rng: rng, owner: owner}
	main := b.buildMain(plan, o.Scale)
	second := b.buildSecond()
	s.AddAccount(main)
	s.AddAccount(second)

	cl := sandbox.StableClient(Slug, owner.ID)
	cl.WebhooksAllowed = true
	s.AddClient(cl)
	rcl := sandbox.StableClient(Slug+"-read", reader.ID)
	s.AddClient(rcl)
	integ := sandbox.StableClient(Slug+"-integration", owner.ID)
	integ.Integration, integ.RedirectURI = true, IntegrationRedirectURI
	s.AddClient(integ)

	token := s.IssueTokenValidFor(owner.ID, cl.ID, tokenLifetime)
	if o.Living {
		s.SetActivity(main.Slug, newLife(main, owner, now, o.Seed).step)
	}
	return s, Info{
		Slug: Slug, SecondSlug: SecondSlug,
		ClientID: cl.ID, ClientSecret: cl.Secret, OwnerToken: token,
		Owner: owner, ReadOnly: reader,
		ReadOnlyClientID: rcl.ID, ReadOnlyClientSecret: rcl.Secret,
		Integration: Integration{ClientID: integ.ID, ClientSecret: integ.Secret, RedirectURI: integ.RedirectURI},
	}
}

// Credentials returns the demo owner's client-credentials pair on a server
// New built, for `kasa sandbox` to print. ok is false on a server without the
// demo account.
func Credentials(s *sandbox.Server) (slug, clientID, clientSecret string, ok bool) {
	cl, found := s.Client(sandbox.StableClient(Slug, 0).ID)
	if _, acct := s.Account(Slug); !found || !acct {
		return "", "", "", false
	}
	return Slug, cl.ID, cl.Secret, true
}
