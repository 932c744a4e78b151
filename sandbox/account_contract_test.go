package sandbox_test

import (
	"context"
	"errors"
	"net/http"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

func TestAccountContractUsersCurrentAndList(t *testing.T) {
	e := newEnv(t)
	petr := acctAddSecondAccount(t, e)
	ctx := context.Background()

	u, resp, err := e.Client.Users.Current(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if resp.StatusCode != http.StatusOK || u.DefaultAccount.String() != "testfirma" || len(u.Accounts) != 2 {
		t.Fatalf("current user %+v", u)
	}

	users, _, err := e.Client.Users.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(users) != 2 || users[1].ID != petr.ID || users[1].Permission != "read" {
		t.Fatalf("users %+v", users)
	}

	// A slug the user has no grant on is a 404 for the client.
	other := e.Client.ForAccount("cizi")
	if _, _, err := other.Users.List(ctx); !errors.As(err, new(*apiclient.NotFoundError)) {
		t.Fatalf("foreign account: %v, want NotFoundError", err)
	}
}

func TestAccountContractGet(t *testing.T) {
	e := newEnvPlan(t, sandbox.PlanMini)
	ctx := context.Background()
	a, _, err := e.Client.Account.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a.Subdomain != "testfirma" || a.Plan != "Na lehko" || a.APICallsLimit != sandbox.PlanMini.APICallsLimit || a.APICallsUsed < 1 {
		t.Fatalf("account %+v", a)
	}
	if a.CreatedAt.IsZero() || !a.CreatedAt.Equal(testStart) {
		t.Fatalf("created_at %v", a.CreatedAt)
	}
	ocr, ok := a.Extraction[sandbox.OCRVendor]
	if !ok || !ocr.Enabled || ocr.RemainingExtractions != sandbox.PlanMini.OCRExtractions {
		t.Fatalf("extraction %+v", a.Extraction)
	}
	before := a.APICallsUsed
	a2, _, err := e.Client.Account.Get(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if a2.APICallsUsed != before+1 {
		t.Fatalf("api_calls_used %d -> %d", before, a2.APICallsUsed)
	}
}

func TestAccountContractBankAccountsAndNumberFormats(t *testing.T) {
	e := newEnv(t)
	ctx := context.Background()
	banks, _, err := e.Client.BankAccounts.List(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(banks) != 1 || banks[0].ID != 1 || banks[0].Number != "2000145399/2010" || !banks[0].Pairing {
		t.Fatalf("bank accounts %+v", banks)
	}
	formats, _, err := e.Client.NumberFormats.ListInvoices(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if len(formats) != 1 || formats[0].Preview != "20260001" || formats[0].CreatedAt.Sub(testStart) != time.Duration(0) {
		t.Fatalf("number formats %+v", formats)
	}
}
