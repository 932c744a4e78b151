package sandbox_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
)

// faultEnv is a sandbox behind a fault plan, reached over plain HTTP.
type faultEnv struct {
	*env
	plan *sandbox.FaultPlan
	url  string
}

func newFaultEnv(t *testing.T) *faultEnv {
	e := newEnv(t)
	plan := sandbox.WithFaultPlan(e.Srv)
	ts := httptest.NewServer(plan)
	t.Cleanup(ts.Close)
	return &faultEnv{env: e, plan: plan, url: ts.URL}
}

// send makes one request; err is the transport's (a dropped connection).
func (f *faultEnv) send(method, path, body string) (int, string, error) {
	req, _ := http.NewRequest(method, f.url+path, strings.NewReader(body))
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	req.Header.Set("Authorization", "Bearer "+f.Token)
	req.Header.Set("Content-Type", "application/json")
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), nil
}

// subjects counts the account's subjects named name, read past the plan.
func (f *faultEnv) subjects(name string) int {
	f.t.Helper()
	code, _, body := f.do(http.MethodGet, f.acct("subjects.json"), nil)
	if code != http.StatusOK {
		f.t.Fatalf("list subjects: %d %s", code, body)
	}
	return strings.Count(string(body), `"name":"`+name+`"`)
}

func TestFaultPlanHitsTheExactRequest(t *testing.T) {
	cases := []struct {
		action    string
		dropped   bool // the client hears no answer
		status    int
		committed int
	}{
		{sandbox.FaultDropAfter, true, 0, 1},
		{sandbox.FaultDropBefore, true, 0, 0},
		{sandbox.Fault502After, false, http.StatusBadGateway, 1},
	}
	for _, tc := range cases {
		t.Run(tc.action, func(t *testing.T) {
			f := newFaultEnv(t)
			if err := f.plan.Add(sandbox.FaultRule{Action: tc.action, Method: "POST", Path: "subjects.json"}); err != nil {
				t.Fatal(err)
			}
			// A read of the same path is not the request aimed at.
			if code, _, err := f.send("GET", "/api/v3"+f.acct("subjects.json"), ""); err != nil || code != 200 {
				t.Fatalf("read: %d %v", code, err)
			}
			code, _, err := f.send("POST", "/api/v3"+f.acct("subjects.json"), `{"name":"Fault s.r.o."}`)
			if (err != nil) != tc.dropped || (!tc.dropped && code != tc.status) {
				t.Fatalf("first create: %d, %v", code, err)
			}
			if n := f.subjects("Fault s.r.o."); n != tc.committed {
				t.Fatalf("%d subjects after the fault, want %d", n, tc.committed)
			}
			// The rule is spent: the next create is answered.
			if code, _, err := f.send("POST", "/api/v3"+f.acct("subjects.json"), `{"name":"Next s.r.o."}`); err != nil || code != 201 {
				t.Fatalf("second create: %d %v", code, err)
			}
		})
	}
}

func TestFaultPlanFailsTheNextReadsOverItsEndpoint(t *testing.T) {
	f := newFaultEnv(t)
	body, _ := json.Marshal(map[string]any{"rules": []sandbox.FaultRule{{Action: sandbox.FaultFailReads, Count: 2}}})
	resp, err := http.Post(f.url+sandbox.FaultsPath, "application/json", bytes.NewReader(body))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("arm: %v %v", resp, err)
	}
	resp.Body.Close()
	for i, want := range []int{500, 500, 200} {
		code, _, err := f.send("GET", "/api/v3"+f.acct("subjects.json"), "")
		if err != nil || code != want {
			t.Fatalf("read %d: %d %v, want %d", i+1, code, err, want)
		}
	}
	// A write is not a read.
	_ = f.plan.Add(sandbox.FaultRule{Action: sandbox.FaultFailReads})
	if code, _, _ := f.send("POST", "/api/v3"+f.acct("subjects.json"), `{"name":"Write s.r.o."}`); code != 201 {
		t.Fatalf("write under fail-reads: %d", code)
	}
	req, _ := http.NewRequest(http.MethodDelete, f.url+sandbox.FaultsPath, nil)
	resp, err = http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if len(f.plan.Rules()) != 0 {
		t.Errorf("rules after DELETE: %+v", f.plan.Rules())
	}
}

func TestParseFaultRules(t *testing.T) {
	got, err := sandbox.ParseFaultRules("drop-after POST invoices/*/payments.json; fail-reads x3 ;502-after POST message.json")
	if err != nil {
		t.Fatal(err)
	}
	want := []sandbox.FaultRule{{Action: "drop-after", Method: "POST", Path: "invoices/*/payments.json"},
		{Action: "fail-reads", Count: 3}, {Action: "502-after", Method: "POST", Path: "message.json"}}
	if len(got) != len(want) {
		t.Fatalf("got %+v", got)
	}
	for i := range want {
		if got[i] != want[i] {
			t.Errorf("rule %d: %+v, want %+v", i, got[i], want[i])
		}
	}
	if _, err := sandbox.ParseFaultRules("explode POST x"); err == nil || !strings.Contains(err.Error(), "fault action") {
		t.Errorf("unknown action: %v", err)
	}
}
