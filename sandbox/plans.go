package sandbox

import (
	"fmt"
)

// Plan is a subscription plan with its limits. Name picks it (PlanByName);
// Title is what account.json calls it, the service's Czech name.
type Plan struct {
	Name           string
	Title          string
	Price          int
	APICallsLimit  int
	Limits         Limits
	OCRExtractions int
}

// The plans the sandbox knows. API quotas are the sizes api-facts.md reports.
var (
	PlanFree = Plan{Name: "free", Title: "Zdarma", Price: 0, APICallsLimit: 1500, OCRExtractions: 5,
		Limits: Limits{Subjects: 15, RecurringGenerators: 1, EmailsPerDay: 0, EmailAllowed: false, WebhooksAllowed: false}}
	PlanMini = Plan{Name: "mini", Title: "Na lehko", Price: 150, APICallsLimit: 3000, OCRExtractions: 20,
		Limits: Limits{Subjects: 100, RecurringGenerators: 1, EmailsPerDay: 50, EmailAllowed: true, WebhooksAllowed: true}}
	PlanStandard = Plan{Name: "standard", Title: "Na každý den", Price: 300, APICallsLimit: 3000, OCRExtractions: 50,
		Limits: Limits{Subjects: 1000, RecurringGenerators: 1, EmailsPerDay: 200, EmailAllowed: true, WebhooksAllowed: true}}
	PlanUnlimited = Plan{Name: "unlimited", Title: "Na maximum", Price: 600, APICallsLimit: 20000, OCRExtractions: 200,
		Limits: Limits{Subjects: 0, RecurringGenerators: 0, EmailsPerDay: 500, EmailAllowed: true, WebhooksAllowed: true}}
)

// PlanByName finds a plan.
func PlanByName(name string) (Plan, error) {
	for _, p := range []Plan{PlanFree, PlanMini, PlanStandard, PlanUnlimited} {
		if p.Name == name {
			return p, nil
		}
	}
	return Plan{}, fmt.Errorf("unknown plan %q: want free, mini, standard or unlimited", name)
}

// planTitle is the plan's name in account.json; a plan made up by a test
// without a Title is called by its Name.
func planTitle(p Plan) string {
	if p.Title != "" {
		return p.Title
	}
	return p.Name
}

// DefaultAccountInfo is a Czech VAT-paying company's settings.
func DefaultAccountInfo(slug, name string, plan Plan) AccountInfo {
	return AccountInfo{
		Subdomain:                slug,
		Plan:                     planTitle(plan),
		PlanPrice:                plan.Price,
		PlanPaidUsers:            1,
		APICallsLimit:            plan.APICallsLimit,
		InvoiceEmail:             "fakturace@" + slug + ".example",
		Phone:                    "+420 601 123 456",
		Web:                      Text("https://" + slug + ".example"),
		Name:                     name,
		FullName:                 "Jana Nováková",
		RegistrationNo:           "27074358",
		VatNo:                    "CZ27074358",
		VatMode:                  VatPayer,
		VatPriceMode:             "without_vat",
		Street:                   "Vinohradská 1511/230",
		City:                     "Praha",
		Zip:                      "100 00",
		Country:                  "CZ",
		Currency:                 "CZK",
		UnitName:                 "ks",
		VatRate:                  21,
		Due:                      14,
		InvoiceLanguage:          "cz",
		SendOverdueEmail:         true,
		OverdueEmailDays:         3,
		SendThankYouEmail:        false,
		DueDateReminderEmailDays: 3,
		Extraction: map[string]ExtractionVendor{
			OCRVendor: {Enabled: true, AutoProcessingEnabled: false, RemainingExtractions: plan.OCRExtractions},
		},
	}
}

// TestSetup is what NewWithAccount made: the account, its owner and a
// client-credentials pair for the owner.
type TestSetup struct {
	Account *Account
	Owner   *User
	Client  *OAuthClient
}

// NewWithAccount builds a server with one empty account on plan, an owner user,
// one CZK bank account, and a client-credentials pair; for tests and integrations.
func NewWithAccount(opts Options, slug string, plan Plan) (*Server, TestSetup) {
	s := New(opts)
	now := s.Now()
	info := DefaultAccountInfo(slug, "Testovací s.r.o.", plan)
	info.CreatedAt = DateTime{Time: now}
	info.UpdatedAt = info.CreatedAt
	a := NewAccount(slug, info, plan.Limits)
	a.BankAccounts = []BankAccount{{
		ID: 1, Name: "Hlavní účet", Currency: "CZK", Number: "2000145399/2010",
		IBAN: "CZ6520100000002000145399", SwiftBic: "FIOBCZPPXXX", Pairing: true, ExpensePairing: true,
		Default: true, CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt,
	}}
	a.NumberFormats = []NumberFormat{{ID: 1, Format: "%RRRR%%CCCC%", Preview: fmt.Sprintf("%d0001", now.Year()), Default: true, CreatedAt: info.CreatedAt, UpdatedAt: info.CreatedAt}}
	s.AddAccount(a)
	owner := s.AddUser(&User{FullName: "Jana Nováková", Email: "jana@" + slug + ".example",
		Grants: map[string]Grant{slug: {Permission: "owner", AllowedScope: []string{"reports", "expenses", "invoices"}}}, DefaultAccount: slug})
	cl := &OAuthClient{ID: fixedID(slug), Secret: fixedSecret(slug), UserID: owner.ID, WebhooksAllowed: true}
	s.AddClient(cl)
	return s, TestSetup{Account: a, Owner: owner, Client: cl}
}

// fixedID is a 40-character client id derived from the slug, so a sandbox's
// credentials are the same every run.
func fixedID(slug string) string {
	return pad40("cid" + slug)
}

func fixedSecret(slug string) string {
	return pad40("secret" + slug + "x")
}

func pad40(s string) string {
	const alphabet = "0123456789abcdef"
	out := make([]byte, 40)
	h := uint32(2166136261)
	for i := 0; i < 40; i++ {
		c := byte('x')
		if i < len(s) {
			c = s[i]
		}
		h = (h ^ uint32(c) ^ uint32(i)<<8) * 16777619
		out[i] = alphabet[(h>>13)%16]
	}
	return string(out)
}
