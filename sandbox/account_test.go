package sandbox_test

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
)

// acctAddSecondAccount adds an account "druha" on which the owner may only read,
// and a user "Petr" with read access to testfirma only.
func acctAddSecondAccount(t *testing.T, e *env) *sandbox.User {
	t.Helper()
	info := sandbox.DefaultAccountInfo("druha", "Druhá firma s.r.o.", sandbox.PlanMini)
	info.RegistrationNo = "12345678"
	e.Srv.AddAccount(sandbox.NewAccount("druha", info, sandbox.PlanMini.Limits))
	e.Srv.Do(func() {
		e.Setup.Owner.Grants["druha"] = sandbox.Grant{Permission: "read", AllowedScope: []string{"invoices"}}
	})
	return e.Srv.AddUser(&sandbox.User{FullName: "Petr Svoboda", Email: "petr@example.com",
		Grants: map[string]sandbox.Grant{"testfirma": {Permission: "read", AllowedScope: []string{"reports"}}}, DefaultAccount: "testfirma"})
}

func TestAccountUserJSONShape(t *testing.T) {
	e := newEnv(t)
	acctAddSecondAccount(t, e)
	status, _, body := e.do("GET", "/user.json", nil)
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	var raw map[string]json.RawMessage
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"id", "full_name", "email", "avatar_url", "default_account", "accounts"} {
		if _, ok := raw[k]; !ok {
			t.Errorf("user.json lacks %q: %s", k, body)
		}
	}
	// Permission and scope are an account's (in accounts), as the docs' example shows.
	for _, k := range []string{"permission", "allowed_scope"} {
		if _, ok := raw[k]; ok {
			t.Errorf("user.json has %q beside the accounts: %s", k, body)
		}
	}
	u := decode[apiclient.CurrentUser](t, body)
	if u.ID != e.Setup.Owner.ID || u.FullName != "Jana Nováková" || u.Email != "jana@testfirma.example" {
		t.Errorf("user %+v", u.User)
	}
	if u.DefaultAccount.String() != "testfirma" {
		t.Errorf("default account %q", u.DefaultAccount)
	}
	if len(u.Accounts) != 2 {
		t.Fatalf("accounts %+v, want 2", u.Accounts)
	}
	got := map[string]apiclient.AccountSummary{}
	for _, a := range u.Accounts {
		got[a.Slug] = a
	}
	if a := got["testfirma"]; a.Name != "Testovací s.r.o." || a.RegistrationNo != "27074358" || a.Permission != "owner" {
		t.Errorf("testfirma summary %+v", a)
	}
	if a := got["druha"]; a.Name != "Druhá firma s.r.o." || a.RegistrationNo != "12345678" || a.Permission != "read" || len(a.AllowedScope) != 1 || a.AllowedScope[0] != "invoices" {
		t.Errorf("druha summary %+v", a)
	}
	var accounts []map[string]json.RawMessage
	if err := json.Unmarshal(raw["accounts"], &accounts); err != nil {
		t.Fatal(err)
	}
	for _, k := range []string{"slug", "logo", "name", "registration_no", "permission", "allowed_scope"} {
		if _, ok := accounts[0][k]; !ok {
			t.Errorf("account summary lacks %q", k)
		}
	}
}

func TestAccountUserJSONNeedsToken(t *testing.T) {
	e := newEnv(t)
	status, _, _ := e.doWith("GET", "/user.json", nil, map[string]string{"User-Agent": "kasa-test (test@example.com)"})
	if status != http.StatusUnauthorized {
		t.Fatalf("status %d, want 401", status)
	}
}

func TestAccountUsersListsGrantsWithPermissions(t *testing.T) {
	e := newEnv(t)
	petr := acctAddSecondAccount(t, e)
	e.Srv.AddUser(&sandbox.User{FullName: "Outsider", Email: "x@example.com",
		Grants: map[string]sandbox.Grant{"druha": {Permission: "owner"}}})
	status, _, body := e.do("GET", e.acct("users.json"), nil)
	if status != http.StatusOK {
		t.Fatalf("status %d: %s", status, body)
	}
	users := decode[[]apiclient.User](t, body)
	if len(users) != 2 {
		t.Fatalf("users %+v, want the owner and Petr", users)
	}
	if users[0].ID != e.Setup.Owner.ID || users[0].Permission != "owner" || len(users[0].AllowedScope) != 3 {
		t.Errorf("owner %+v", users[0])
	}
	if users[1].ID != petr.ID || users[1].Permission != "read" || len(users[1].AllowedScope) != 1 || users[1].AllowedScope[0] != "reports" {
		t.Errorf("petr %+v", users[1])
	}
}

func TestAccountSettingsAreReadOnly(t *testing.T) {
	e := newEnv(t)
	for _, tc := range []struct{ method, path string }{
		{"PATCH", e.acct("account.json")},
		{"PUT", e.acct("account.json")},
		{"POST", e.acct("bank_accounts.json")},
		{"POST", e.acct("number_formats/invoices.json")},
	} {
		status, _, body := e.do(tc.method, tc.path, map[string]any{"name": "Jiná"})
		if status != http.StatusMethodNotAllowed && status != http.StatusNotFound {
			t.Errorf("%s %s: status %d (%s), want 405 or 404", tc.method, tc.path, status, body)
		}
	}
	_, _, body := e.do("GET", e.acct("account.json"), nil)
	if a := decode[apiclient.Account](t, body); a.Name != "Testovací s.r.o." {
		t.Fatalf("name changed to %q", a.Name)
	}
}

func TestAccountAPICallsUsedCountsEveryRequest(t *testing.T) {
	e := newEnv(t)
	_, _, body := e.do("GET", e.acct("account.json"), nil)
	first := decode[apiclient.Account](t, body)
	e.do("GET", e.acct("bank_accounts.json"), nil)
	_, _, body = e.do("GET", e.acct("account.json"), nil)
	second := decode[apiclient.Account](t, body)
	if first.APICallsUsed < 1 {
		t.Fatalf("api_calls_used %d after a request", first.APICallsUsed)
	}
	if second.APICallsUsed-first.APICallsUsed != 2 {
		t.Fatalf("api_calls_used went %d -> %d over two requests", first.APICallsUsed, second.APICallsUsed)
	}
	if first.APICallsLimit != sandbox.PlanUnlimited.APICallsLimit {
		t.Fatalf("api_calls_limit %d", first.APICallsLimit)
	}
}

func TestAccountJSONCarriesOCRVendorKeys(t *testing.T) {
	e := newEnvPlan(t, sandbox.PlanStandard)
	_, _, body := e.do("GET", e.acct("account.json"), nil)
	var raw map[string]any
	if err := json.Unmarshal(body, &raw); err != nil {
		t.Fatal(err)
	}
	if raw["digitoo_enabled"] != true || raw["digitoo_auto_processing_enabled"] != false {
		t.Errorf("vendor flags: %v %v", raw["digitoo_enabled"], raw["digitoo_auto_processing_enabled"])
	}
	if n, _ := raw["digitoo_remaining_extractions"].(float64); int(n) != sandbox.PlanStandard.OCRExtractions {
		t.Errorf("remaining extractions %v, want %d", raw["digitoo_remaining_extractions"], sandbox.PlanStandard.OCRExtractions)
	}
	if raw["plan"] != "Na každý den" || raw["subdomain"] != "testfirma" {
		t.Errorf("plan %v subdomain %v", raw["plan"], raw["subdomain"])
	}
}

func TestAccountBankAccountsAndNumberFormats(t *testing.T) {
	e := newEnv(t)
	status, _, body := e.do("GET", e.acct("bank_accounts.json"), nil)
	if status != http.StatusOK {
		t.Fatalf("bank accounts: %d %s", status, body)
	}
	banks := decode[[]apiclient.BankAccount](t, body)
	if len(banks) != 1 || banks[0].IBAN.String() != "CZ6520100000002000145399" || !banks[0].Default || banks[0].Currency != "CZK" {
		t.Fatalf("bank accounts %+v", banks)
	}
	status, _, body = e.do("GET", e.acct("number_formats/invoices.json"), nil)
	if status != http.StatusOK {
		t.Fatalf("number formats: %d %s", status, body)
	}
	formats := decode[[]apiclient.NumberFormat](t, body)
	if len(formats) != 1 || formats[0].Format != "%RRRR%%CCCC%" || !formats[0].Default {
		t.Fatalf("number formats %+v", formats)
	}
	// An account without bank accounts answers [] rather than null.
	e.Srv.Do(func() { e.Setup.Account.BankAccounts = nil })
	_, _, body = e.do("GET", e.acct("bank_accounts.json"), nil)
	if string(body) != "[]" {
		t.Fatalf("empty bank accounts: %s", body)
	}
}
