package sandbox_test

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"slices"
	"strconv"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// TestLoadManyClients is the sandbox's load test: 20 clients on loopback
// (httptest), half on each of two accounts, for a bounded time (2 s; set
// KASA_SANDBOX_LOAD_SECONDS for longer, at most 120), each creating
// subjects, adding payments to one shared invoice of its account and
// reading lists. Nothing may fail, and what was created is what is listed:
// every subject, and every payment answered 201 on the invoice.
func TestLoadManyClients(t *testing.T) {
	seconds := 2
	if v, err := strconv.Atoi(os.Getenv("KASA_SANDBOX_LOAD_SECONDS")); err == nil && v > 0 {
		seconds = min(v, 120)
	}
	e := newEnv(t, fastRate, longTokens)
	second := sandbox.NewAccount("druha", sandbox.DefaultAccountInfo("druha", "Druhá s.r.o.", sandbox.PlanUnlimited), sandbox.PlanUnlimited.Limits)
	e.Srv.Do(func() { second.BankAccounts = e.Setup.Account.BankAccounts })
	e.Srv.AddAccount(second)
	e.Srv.Do(func() { e.Setup.Owner.Grants["druha"] = sandbox.Grant{Permission: "owner"} })
	slugs := []string{e.Slug, "druha"}
	invoices := map[string]float64{}
	for _, slug := range slugs {
		status, _, b := e.do("POST", "/accounts/"+slug+"/subjects.json", map[string]any{"name": "Odběratel"})
		if status != http.StatusCreated {
			t.Fatalf("%s: subject %d %s", slug, status, b)
		}
		cust := decode[map[string]any](t, b)
		status, _, b = e.do("POST", "/accounts/"+slug+"/invoices.json", map[string]any{"subject_id": cust["id"], "lines": oneLine("90000000000", 0)})
		if status != http.StatusCreated {
			t.Fatalf("%s: invoice %d %s", slug, status, b)
		}
		invoices[slug] = decode[map[string]any](t, b)["id"].(float64)
	}

	const clients = 20
	var (
		requests, failures atomic.Int64
		mu                 sync.Mutex
		latencies          []time.Duration
		created            = map[string]int{}
		paid               = map[string]int{}
		firstFailure       string
	)
	send := func(method, path string, body any) (int, []byte) {
		var rdr io.Reader
		if body != nil {
			raw, _ := json.Marshal(body)
			rdr = bytes.NewReader(raw)
		}
		req := e.request(method, path, rdr)
		start := time.Now()
		resp, err := http.DefaultClient.Do(req)
		took := time.Since(start)
		requests.Add(1)
		if err != nil {
			failures.Add(1)
			return 0, []byte(err.Error())
		}
		defer resp.Body.Close()
		b, _ := io.ReadAll(resp.Body)
		mu.Lock()
		latencies = append(latencies, took)
		mu.Unlock()
		return resp.StatusCode, b
	}
	fail := func(what string, status int, b []byte) {
		failures.Add(1)
		mu.Lock()
		if firstFailure == "" {
			firstFailure = fmt.Sprintf("%s: %d %.200s", what, status, b)
		}
		mu.Unlock()
	}
	deadline := time.Now().Add(time.Duration(seconds) * time.Second)
	var wg sync.WaitGroup
	for c := range clients {
		slug := slugs[c%2]
		wg.Go(func() {
			for i := 0; time.Now().Before(deadline); i++ {
				if status, b := send("POST", "/accounts/"+slug+"/subjects.json", map[string]any{"name": fmt.Sprintf("Klient %d-%d", c, i)}); status == http.StatusCreated {
					mu.Lock()
					created[slug]++
					mu.Unlock()
				} else {
					fail("create subject", status, b)
				}
				if status, b := send("POST", fmt.Sprintf("/accounts/%s/invoices/%.0f/payments.json", slug, invoices[slug]), map[string]any{"amount": "1.00", "mark_document_as_paid": false}); status == http.StatusCreated {
					mu.Lock()
					paid[slug]++
					mu.Unlock()
				} else {
					fail("pay", status, b)
				}
				if status, b := send("GET", "/accounts/"+slug+"/subjects.json?page="+strconv.Itoa(1+i%3), nil); status != http.StatusOK {
					fail("list subjects", status, b)
				}
				if status, b := send("GET", fmt.Sprintf("/accounts/%s/invoices/%.0f.json", slug, invoices[slug]), nil); status != http.StatusOK {
					fail("get invoice", status, b)
				}
			}
		})
	}
	started := time.Now()
	wg.Wait()
	elapsed := time.Since(started)
	if n := failures.Load(); n > 0 {
		t.Fatalf("%d of %d requests failed; first: %s", n, requests.Load(), firstFailure)
	}
	for _, slug := range slugs {
		var listed []map[string]any
		for page := 1; ; page++ {
			status, _, b := e.do("GET", fmt.Sprintf("/accounts/%s/subjects.json?page=%d", slug, page), nil)
			got := decode[[]map[string]any](t, b)
			if status != http.StatusOK || len(got) == 0 {
				break
			}
			listed = append(listed, got...)
		}
		if len(listed) != created[slug]+1 {
			t.Errorf("%s: %d subjects created (and 1 before), %d listed", slug, created[slug], len(listed))
		}
		_, _, b := e.do("GET", fmt.Sprintf("/accounts/%s/invoices/%.0f.json", slug, invoices[slug]), nil)
		if n := len(decode[map[string]any](t, b)["payments"].([]any)); n != paid[slug] {
			t.Errorf("%s: %d payments answered 201, %d on the invoice", slug, paid[slug], n)
		}
	}
	slices.Sort(latencies)
	q := func(p float64) time.Duration { return latencies[int(p*float64(len(latencies)-1))] }
	t.Logf("%d clients, %v: %d requests (%.0f/s), 0 errors; p50 %v, p99 %v; subjects created = listed (%d, %d), payments answered = on the invoice (%d, %d)",
		clients, elapsed.Round(time.Millisecond), requests.Load(), float64(requests.Load())/elapsed.Seconds(),
		q(0.5).Round(time.Millisecond), q(0.99).Round(time.Millisecond), created[slugs[0]], created[slugs[1]], paid[slugs[0]], paid[slugs[1]])
}
