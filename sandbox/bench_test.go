package sandbox_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/apiclient"
	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
)

// demoBenchScale is the size the benchmarks build: 10,000 subjects and 50,000 expenses.
const demoBenchScale = 10000

func BenchmarkDemoScale(b *testing.B) {
	b.ReportAllocs()
	for b.Loop() {
		demo.New(demo.Options{Options: sandbox.Options{Clock: sandbox.NewManualClock(testStart), Seed: 1}, Scale: demoBenchScale})
	}
}

func BenchmarkListExpenses(b *testing.B) {
	srv, info := demo.New(demo.Options{
		Options: sandbox.Options{Clock: sandbox.NewManualClock(testStart), Seed: 1, RateLimit: 1 << 30},
		Scale:   demoBenchScale,
	})
	// A supplier of the generated history, for the subject_id filter.
	first := demoBenchGet(b, srv, info, "expenses.json?page=100")
	var probe []apiclient.Expense
	demoDecodeBench(b, first, &probe)
	if len(probe) == 0 {
		b.Fatal("page 100 is empty")
	}
	subject := strconv.FormatInt(probe[0].SubjectID, 10)

	for _, bc := range []struct{ name, query string }{
		{"page1", "expenses.json"},
		{"page100", "expenses.json?page=100"},
		{"status_paid", "expenses.json?status=paid&page=3"},
		{"subject_id", "expenses.json?subject_id=" + subject},
	} {
		b.Run(bc.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				demoBenchGet(b, srv, info, bc.query)
			}
		})
	}
}

func demoBenchGet(b *testing.B, srv *sandbox.Server, info demo.Info, path string) []byte {
	b.Helper()
	r := httptest.NewRequest("GET", "http://sandbox.test/api/v3/accounts/"+info.Slug+"/"+path, nil)
	r.Header.Set("User-Agent", "kasa-bench (bench@example.com)")
	r.Header.Set("Authorization", "Bearer "+info.OwnerToken)
	w := httptest.NewRecorder()
	srv.ServeHTTP(w, r)
	if w.Code != http.StatusOK {
		b.Fatalf("GET %s: status %d: %s", path, w.Code, w.Body.Bytes())
	}
	return w.Body.Bytes()
}

func demoDecodeBench(b *testing.B, body []byte, v any) {
	b.Helper()
	if err := json.Unmarshal(body, v); err != nil {
		b.Fatalf("decode: %v", err)
	}
}

// BenchmarkDemoLiving is one request of a living demo whose clock moved 10 s:
// the cost of the account's life catching up (about one activity a request).
func BenchmarkDemoLiving(b *testing.B) {
	clock := sandbox.NewManualClock(testStart)
	srv, info := demo.New(demo.Options{
		Options: sandbox.Options{Clock: clock, Seed: 1, RateLimit: 1 << 30},
		Living:  true,
	})
	b.ReportAllocs()
	for b.Loop() {
		clock.Advance(10 * time.Second)
		demoBenchGet(b, srv, info, "account.json")
	}
}
