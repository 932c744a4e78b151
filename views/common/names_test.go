package common

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/kasa-tui/kasa/apiclient"
)

// One page load spends at most maxNameLoads requests on names, asks for
// each record once, never for one it knows, and remembers what it learnt.
func TestNamesLoadIsBounded(t *testing.T) {
	var asked atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		asked.Add(1)
		id := strings.TrimSuffix(r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:], ".json")
		w.Header().Set("Content-Type", "application/json")
		fmt.Fprintf(w, `{"id": %s, "name": "Subject %s"}`, id, id)
	}))
	t.Cleanup(srv.Close)
	c, err := apiclient.New(srv.URL+"/api/v3", apiclient.WithUserAgent("kasa-test", "t@example.com"), apiclient.WithAccount("acme"))
	if err != nil {
		t.Fatal(err)
	}
	n := NewNames()
	n.Put("acme", NameSubject, 1, "Known s.r.o.")
	var refs []Ref
	for id := int64(1); id <= 15; id++ {
		refs = append(refs, Ref{Kind: NameSubject, ID: id}, Ref{Kind: NameSubject, ID: id}) // each twice
	}
	refs = append(refs, Ref{Kind: "", ID: 99}, Ref{Kind: NameSubject, ID: 0})
	n.Load(context.Background(), c, refs...)
	if got := asked.Load(); got != maxNameLoads {
		t.Fatalf("%d requests for 14 unknown subjects, want the bound %d", got, maxNameLoads)
	}
	if v, _ := n.Get("acme", NameSubject, 2); v != "Subject 2" {
		t.Errorf("subject 2 is %q, want Subject 2", v)
	}
	if v, _ := n.Get("acme", NameSubject, 1); v != "Known s.r.o." {
		t.Errorf("a known name was asked for again: %q", v)
	}
	n.Load(context.Background(), c, refs...) // the next load names the rest
	if got := asked.Load(); got != 14 {
		t.Errorf("%d requests after the second load, want 14 (each unknown subject once)", got)
	}
}
