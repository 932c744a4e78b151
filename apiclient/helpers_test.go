package apiclient

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"golang.org/x/oauth2"
)

const (
	testEmail = "dev@example.com"
	testToken = "s3cr3t-access-token-XYZ"
	testSlug  = "acme"
)

// cmpOpts compares Decimals by their exact text ("1.0" and "1" differ), and
// Dates and DateTimes by instant and kept text.
var cmpOpts = cmp.Options{
	cmp.Comparer(func(a, b Decimal) bool { return a.String() == b.String() && a.Valid() == b.Valid() }),
	cmp.Comparer(func(a, b Date) bool { return a.Equal(b.Time) && a.Raw() == b.Raw() }),
	cmp.Comparer(func(a, b DateTime) bool { return a.Equal(b.Time) && a.Raw() == b.Raw() }),
}

// recorded is one request as the fake server saw it.
type recorded struct {
	Method string
	Path   string // escaped path
	Query  map[string][]string
	Header http.Header
	Body   []byte
}

// fakeAPI is an httptest server that records every request and answers with
// the handler the test gives (or 200 {} when none).
type fakeAPI struct {
	srv     *httptest.Server
	mu      sync.Mutex
	reqs    []recorded
	handler http.HandlerFunc
}

func newFakeAPI(t *testing.T, h http.HandlerFunc) *fakeAPI {
	t.Helper()
	f := &fakeAPI{handler: h}
	f.srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		f.mu.Lock()
		f.reqs = append(f.reqs, recorded{
			Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.Query(),
			Header: r.Header.Clone(), Body: body,
		})
		h := f.handler
		f.mu.Unlock()
		if h == nil {
			w.WriteHeader(http.StatusOK)
			_, _ = w.Write([]byte("{}"))
			return
		}
		r.Body = io.NopCloser(bytes.NewReader(body))
		h(w, r)
	}))
	t.Cleanup(f.srv.Close)
	return f
}

func (f *fakeAPI) requests() []recorded {
	f.mu.Lock()
	defer f.mu.Unlock()
	return append([]recorded(nil), f.reqs...)
}

func (f *fakeAPI) count() int {
	f.mu.Lock()
	defer f.mu.Unlock()
	return len(f.reqs)
}

func (f *fakeAPI) baseURL() string { return f.srv.URL + "/api/v3" }

// client builds a client for the fake server whose HTTP client is made by
// oauth2 with a static token, as the application does.
func (f *fakeAPI) client(t *testing.T, opts ...Option) *Client {
	t.Helper()
	hc := oauth2.NewClient(context.Background(), oauth2.StaticTokenSource(&oauth2.Token{AccessToken: testToken, TokenType: "Bearer"}))
	all := append([]Option{
		WithHTTPClient(hc), WithUserAgent("kasa-test", testEmail), WithAccount(testSlug),
		WithBackoff(func(int) time.Duration { return 0 }),
	}, opts...)
	c, err := New(f.baseURL(), all...)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

func fixture(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatalf("read fixture: %v", err)
	}
	return b
}

// jsonEqual compares two JSON texts by value.
func jsonEqual(t *testing.T, what string, got []byte, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal(got, &g); err != nil {
		t.Fatalf("%s: body %q is not JSON: %v", what, got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("%s: want %q is not JSON: %v", what, want, err)
	}
	if d := cmp.Diff(w, g); d != "" {
		t.Errorf("%s: body mismatch (-want +got):\n%s\ngot: %s", what, d, got)
	}
}

// assertAllSet fails for every struct field left at its zero value, walking
// into nested structs, pointers and slice elements; skip names field paths
// ("Lines.TotalVat") the reference leaves out of a record.
func assertAllSet(t *testing.T, v any, skip ...string) {
	t.Helper()
	skipped := map[string]bool{}
	for _, s := range skip {
		skipped[s] = true
	}
	var walk func(path string, v reflect.Value)
	walk = func(path string, v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if !v.IsNil() {
				walk(path, v.Elem())
			}
		case reflect.Slice:
			for i := 0; i < v.Len(); i++ {
				walk(path, v.Index(i))
			}
		case reflect.Struct:
			tp := v.Type()
			if tp == reflect.TypeOf(Decimal{}) || tp == reflect.TypeOf(Date{}) || tp == reflect.TypeOf(DateTime{}) {
				return
			}
			for i := 0; i < tp.NumField(); i++ {
				f := tp.Field(i)
				if !f.IsExported() || f.Tag.Get("json") == "-" {
					continue // Unread: only what did not fit
				}
				name := path // an embedded struct's fields belong to the outer one
				if !f.Anonymous {
					name = strings.TrimPrefix(path+"."+f.Name, ".")
				}
				fv := v.Field(i)
				if !f.Anonymous && !skipped[name] && fv.IsZero() {
					t.Errorf("field %s is not set: the fixture misses it or its json tag is wrong", name)
				}
				walk(name, fv)
			}
		}
	}
	walk("", reflect.ValueOf(v))
}

func errorsIs(err, target error) bool { return errors.Is(err, target) }
