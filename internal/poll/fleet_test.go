package poll

import (
	"context"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
)

// fleetMonth runs a fleet of accounts with the given monthly quotas through
// a whole simulated month, the clock stepping to the fleet's next fetch;
// refuse, when set, turns an account's answers into a refusal from a day
// on. It returns each account's fetch instants and its source.
func fleetMonth(t *testing.T, limits []int, refuse map[int]fleetRefusal) ([][]time.Time, []*fakeSource) {
	t.Helper()
	start := time.Date(2026, 12, 1, 0, 0, 0, 0, prague)
	end := start.AddDate(0, 1, 0)
	clock := &fakeClock{now: start}
	fleet := &Fleet{}
	var srcs []*fakeSource
	for i, limit := range limits {
		src := newFakeSource(clock, limit)
		src.addEvent(start.Add(-time.Hour), "invoice_sent", "Invoice 1 was sent")
		srcs = append(srcs, src)
		acct := string(rune('a' + i))
		fleet.Members = append(fleet.Members, Member{Account: acct,
			Poller: New(Config{Source: src, Account: acct, Now: clock.Now, Loc: prague, Share: 0.25}, State{})})
	}
	fetches := make([][]time.Time, len(limits))
	for now := clock.Now(); now.Before(end); now = clock.Now() {
		for i, r := range refuse {
			if !now.Before(start.AddDate(0, 0, r.fromDay)) {
				srcs[i].mu.Lock()
				srcs[i].refusal = r.err
				srcs[i].mu.Unlock()
			}
		}
		for _, res := range fleet.Run(context.Background(), fleet.Due(now), false) {
			if res.Ran {
				fetches[res.Member] = append(fetches[res.Member], now)
			}
		}
		next := fleet.Next()
		if !next.After(now) {
			t.Fatalf("the fleet's next fetch %v is not after %v", next, now)
		}
		clock.Set(next)
	}
	return fetches, srcs
}

type fleetRefusal struct {
	fromDay int
	err     error
}

// Three accounts of 1,500, 3,000 and 20,000 requests a month each stay
// within their own share (25 %) of their own quota over a whole month,
// and each fetches as often as its own quota allows.
func TestFleetKeepsEachAccountWithinItsShare(t *testing.T) {
	limits := []int{1500, 3000, 20000}
	fetches, srcs := fleetMonth(t, limits, nil)
	for i, src := range srcs {
		calls, _ := src.stats()
		share := limits[i] / 4
		if calls > share {
			t.Errorf("account of %d a month: the monitor spent %d requests, its share is %d", limits[i], calls, share)
		}
		if calls < share/2 {
			t.Errorf("account of %d a month: the monitor spent only %d of its %d", limits[i], calls, share)
		}
		t.Logf("quota %5d: %4d requests in %4d fetches (share %d)", limits[i], calls, len(fetches[i]), share)
	}
	if len(fetches[2]) <= len(fetches[0]) {
		t.Errorf("the largest quota fetched %d times, the smallest %d", len(fetches[2]), len(fetches[0]))
	}
}

// An account that answers 402 (blocked) or 401 (access revoked) moves only
// its own fetches: the others fetch at exactly the instants they fetch when
// every account works.
func TestFleetRefusedAccountDoesNotDelayTheOthers(t *testing.T) {
	limits := []int{1500, 3000, 20000}
	want, _ := fleetMonth(t, limits, nil)
	blocked := &apiclient.PaymentRequiredError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 402, Method: "GET", Path: "/fake"}}
	revoked := &apiclient.UnauthorizedError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 401, Method: "GET", Path: "/fake"}}
	got, _ := fleetMonth(t, limits, map[int]fleetRefusal{0: {fromDay: 3, err: blocked}, 1: {fromDay: 10, err: revoked}})
	if len(got[2]) != len(want[2]) {
		t.Fatalf("the working account fetched %d times beside two refused ones, %d when all work", len(got[2]), len(want[2]))
	}
	for i := range want[2] {
		if !got[2][i].Equal(want[2][i]) {
			t.Fatalf("fetch %d of the working account at %v, %v when all work", i, got[2][i], want[2][i])
		}
	}
}

func TestLabels(t *testing.T) {
	got := Labels([]string{"acme-pekarna", "novak", "nova", "kasa-demo", "kasa-demo-2"})
	seen := map[string]bool{}
	for slug, l := range got {
		if l == "" || seen[l] {
			t.Errorf("%s: label %q is empty or taken", slug, l)
		}
		seen[l] = true
	}
	if got["acme-pekarna"] != "ap" {
		t.Errorf("acme-pekarna: %q, want ap", got["acme-pekarna"])
	}
}

// A failure keeps its HTTP status for the screen to name (blocked,
// revoked); a success clears it.
func TestFailureKeepsItsStatus(t *testing.T) {
	clock := &fakeClock{now: time.Date(2026, 12, 1, 9, 0, 0, 0, prague)}
	src := newFakeSource(clock, 1500)
	p := New(Config{Source: src, Account: "a", Now: clock.Now, Loc: prague}, State{})
	src.refusal = &apiclient.PaymentRequiredError{ErrorResponse: apiclient.ErrorResponse{StatusCode: 402, Method: "GET", Path: "/fake"}}
	if res := p.Run(context.Background(), true); res.Err == nil || p.State().LastStatus != 402 {
		t.Fatalf("after a 402: err %v, status %d", res.Err, p.State().LastStatus)
	}
	src.refusal = nil
	clock.Set(p.Next())
	if res := p.Run(context.Background(), true); res.Err != nil || p.State().LastStatus != 0 {
		t.Fatalf("after a success: err %v, status %d", res.Err, p.State().LastStatus)
	}
}
