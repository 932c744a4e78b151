package apiclient

import (
	"context"
	"net/http"
	"net/http/httptest"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/kasa-tui/kasa/sandbox"
)

// clientOnlyRoutes are the sandbox's endpoints no method of this client
// calls, each with the reason; every other route must have a method.
var clientOnlyRoutes = map[string]string{
	"GET /oauth":              "the consent page a person's browser opens (package auth sends the user there)",
	"POST /oauth":             "the consent form's answer, posted by the browser",
	"POST /oauth/token":       "package auth gets tokens (golang.org/x/oauth2), not apiclient",
	"POST /oauth/revoke":      "package auth revokes tokens at logout",
	"POST /oauth/token.json":  "the official Ruby client's spelling of the token endpoint; package auth uses /oauth/token",
	"POST /oauth/revoke.json": "the official Ruby client's spelling of the revoke endpoint",
}

// wrapperMethods are methods that make no request of their own kind: they
// page or read a file and call another method, whose case covers the route.
var wrapperMethods = map[string]bool{
	"InboxFiles.CreateFromBytes": true, "InboxFiles.CreateFromFile": true,
}

// A table from data in both directions: every client method calls a route
// of the sandbox, and every route of the sandbox is called by a method
// (or is listed above with the reason it is not).
func TestEveryMethodHasASandboxRouteAndBack(t *testing.T) {
	srv, setup := sandbox.NewWithAccount(sandbox.Options{Seed: 1}, "acme", sandbox.PlanUnlimited)
	var mu sync.Mutex
	hit := map[string][]string{} // route -> the cases that called it
	var current string
	var unrouted []string
	ts := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		route, ok := srv.RouteOf(r.Method, strings.TrimPrefix(r.URL.Path, "/api/v3"))
		mu.Lock()
		if ok {
			hit[route] = append(hit[route], current)
		} else {
			unrouted = append(unrouted, current+": "+r.Method+" "+r.URL.Path)
		}
		mu.Unlock()
		srv.ServeHTTP(w, r)
	}))
	defer ts.Close()
	c, err := New(ts.URL+"/api/v3", WithUserAgent("kasa-test", testEmail), WithAccount("acme"), WithRetries(0),
		WithTransport(StaticBearer(nil, srv.IssueToken(setup.Owner.ID, setup.Client.ID))),
		WithSleeper(func(context.Context, time.Duration) error { return nil })) // no real waits for the rate limit
	if err != nil {
		t.Fatal(err)
	}
	cases := endpointCases(t)
	named := map[string]bool{}
	for _, tc := range cases {
		// "Subjects.Update phone only" is a case of Subjects.Update.
		name := tc.name
		if i := strings.Index(name, " "); i > 0 {
			name = name[:i]
		}
		named[name] = true
		mu.Lock()
		current = tc.name
		mu.Unlock()
		_, _, _ = tc.do(context.Background(), c) // a 404 of a record still names its route
	}
	for _, u := range unrouted {
		t.Errorf("a client method calls no route of the sandbox: %s", u)
	}
	for _, route := range srv.Routes() {
		_, called := hit[route]
		_, why := clientOnlyRoutes[route]
		switch {
		case !called && !why:
			t.Errorf("the sandbox route %s has no client method", route)
		case called && why:
			t.Errorf("the sandbox route %s is listed as having no method, but %v call it", route, hit[route])
		}
	}
	// Every exported method of every service has its case.
	cv := reflect.ValueOf(c).Elem()
	for i := range cv.NumField() {
		f := cv.Type().Field(i)
		if !f.IsExported() || f.Type.Kind() != reflect.Pointer || !strings.HasSuffix(f.Type.Elem().Name(), "Service") {
			continue
		}
		for j := range f.Type.NumMethod() {
			m := f.Name + "." + f.Type.Method(j).Name
			if strings.HasSuffix(m, "All") || wrapperMethods[m] {
				continue // pages or reads a file, then calls a method with a case
			}
			if !named[m] {
				t.Errorf("the client method %s has no case in endpointCases, so no route is known to answer it", m)
			}
		}
	}
	logRouteTable(t, srv.Routes(), hit, len(named))
}

// logRouteTable writes the pairing, route by route with the methods whose
// cases called it or the reason none does (go test -v shows it).
func logRouteTable(t *testing.T, routes []string, hit map[string][]string, methods int) {
	t.Helper()
	slices.Sort(routes)
	for _, r := range routes {
		if why, ok := clientOnlyRoutes[r]; ok {
			t.Logf("%-80s  (no method: %s)", r, why)
			continue
		}
		var names []string
		for _, c := range hit[r] {
			names = append(names, strings.Fields(c)[0]) // "Subjects.Update phone only" is Subjects.Update
		}
		slices.Sort(names)
		t.Logf("%-80s  %s", r, strings.Join(slices.Compact(names), ", "))
	}
	t.Logf("%d sandbox routes, %d with a client method, %d listed without one; %d client methods, each with its route",
		len(routes), len(routes)-len(clientOnlyRoutes), len(clientOnlyRoutes), methods)
}
