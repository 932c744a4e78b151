package apiclient

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync/atomic"
	"testing"
)

const secretToken = "tok-0123456789abcdef"

// elsewhere is another origin that records what reaches it.
type elsewhere struct {
	*httptest.Server
	hits, withToken atomic.Int32
}

func newElsewhere(t *testing.T) *elsewhere {
	e := &elsewhere{}
	e.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		e.hits.Add(1)
		if r.Header.Get("Authorization") != "" {
			e.withToken.Add(1)
		}
		w.Header().Set("Content-Type", "application/pdf")
		_, _ = w.Write([]byte("%PDF"))
	}))
	t.Cleanup(e.Close)
	return e
}

// redirectTo answers every request with a 302 to target plus its path.
func redirectTo(target string, hits *atomic.Int32) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		hits.Add(1)
		http.Redirect(w, r, target+r.URL.Path, http.StatusFound)
	}
}

// A redirect to another host is refused (an API call and a download
// alike, not retried): the other host sees no request, so no token.
func TestCrossOriginRedirectIsRefused(t *testing.T) {
	other := newElsewhere(t)
	var apiHits atomic.Int32
	// The same machine under another name: another host to the client.
	api := httptest.NewServer(redirectTo(strings.Replace(other.URL, "127.0.0.1", "localhost", 1), &apiHits))
	defer api.Close()
	c, err := New(api.URL+"/api/v3", WithUserAgent("kasa", testEmail), WithAccount("acme"), WithTransport(StaticBearer(nil, secretToken)))
	if err != nil {
		t.Fatal(err)
	}
	calls := map[string]func() error{
		"subject": func() error { _, _, err := c.Subjects.Get(context.Background(), 1); return err },
		"pdf":     func() error { _, _, err := c.Invoices.DownloadPDF(context.Background(), 1); return err },
		"inbox":   func() error { _, _, err := c.InboxFiles.Download(context.Background(), 1); return err },
	}
	for name, call := range calls {
		apiHits.Store(0)
		err := call()
		var re *RedirectError
		if !errors.As(err, &re) || !strings.Contains(err.Error(), "redirected to another host") || !strings.Contains(err.Error(), "token is not sent") {
			t.Errorf("%s: %v, want a refused redirect that says why", name, err)
		}
		if strings.Contains(err.Error(), secretToken) {
			t.Errorf("%s: the error holds the token", name)
		}
		if apiHits.Load() != 1 {
			t.Errorf("%s: the API was asked %d times; a refused redirect is not retried", name, apiHits.Load())
		}
	}
	if other.hits.Load() != 0 {
		t.Fatalf("the other host got %d requests (%d with a token)", other.hits.Load(), other.withToken.Load())
	}
}

// From https to http on the same host is refused too, and says so.
func TestRedirectFromHTTPSToHTTPIsRefused(t *testing.T) {
	plain := newElsewhere(t)
	var hits atomic.Int32
	api := httptest.NewTLSServer(redirectTo(plain.URL, &hits))
	defer api.Close()
	c, err := New(api.URL+"/api/v3", WithUserAgent("kasa", testEmail), WithAccount("acme"),
		WithTransport(StaticBearer(api.Client().Transport, secretToken)))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.Subjects.Get(context.Background(), 1)
	if !strings.Contains(errText(err), "redirected to plain http") || plain.hits.Load() != 0 {
		t.Fatalf("got %v; the http origin got %d requests", err, plain.hits.Load())
	}
}

func errText(err error) string {
	if err == nil {
		return "<nil>"
	}
	return err.Error()
}

// A redirect within the API's origin is followed, with the token.
func TestSameOriginRedirectIsFollowed(t *testing.T) {
	mux := http.NewServeMux()
	mux.HandleFunc("/api/v3/accounts/acme/subjects/1.json", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/api/v3/accounts/acme/subjects/2.json", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/api/v3/accounts/acme/subjects/2.json", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Authorization") != "Bearer "+secretToken {
			w.WriteHeader(http.StatusUnauthorized)
			return
		}
		_, _ = w.Write([]byte(`{"id":2,"name":"Moved s.r.o."}`))
	})
	api := httptest.NewServer(mux)
	defer api.Close()
	c, err := New(api.URL+"/api/v3", WithUserAgent("kasa", testEmail), WithAccount("acme"), WithTransport(StaticBearer(nil, secretToken)))
	if err != nil {
		t.Fatal(err)
	}
	s, _, err := c.Subjects.Get(context.Background(), 1)
	if err != nil || s.ID != 2 {
		t.Fatalf("got %+v, %v", s, err)
	}
}

// The bearer transport itself never puts the token on a hop that left the
// origin, even under an http.Client that follows every redirect.
func TestBearerTransportDropsTheTokenOnACrossOriginHop(t *testing.T) {
	other := newElsewhere(t)
	var hits atomic.Int32
	api := httptest.NewServer(redirectTo(other.URL, &hits))
	defer api.Close()
	hc := &http.Client{Transport: StaticBearer(nil, secretToken)}
	req, _ := http.NewRequest(http.MethodGet, api.URL+"/file.pdf", nil)
	req.Header.Set("Authorization", "Bearer "+secretToken)
	resp, err := hc.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	resp.Body.Close()
	if other.hits.Load() != 1 || other.withToken.Load() != 0 {
		t.Fatalf("the other host got %d requests, %d with the token", other.hits.Load(), other.withToken.Load())
	}
}

// Plain http is refused for any host that is not this machine, and says why.
func TestNewRefusesPlainHTTPToAnotherHost(t *testing.T) {
	for _, u := range []string{"http://app.fakturoid.cz/api/v3", "http://192.168.1.10:8080/api/v3", "http://127.example.com/api/v3", "http://localhost.example.com/api/v3"} {
		_, err := New(u, WithUserAgent("kasa", testEmail))
		if !errors.Is(err, ErrPlainHTTP) || !strings.Contains(err.Error(), "unencrypted") {
			t.Errorf("%s: %v, want ErrPlainHTTP", u, err)
		}
	}
	for _, u := range []string{"http://127.0.0.1:8080/api/v3", "http://localhost:8080/api/v3", "http://[::1]:8080/api/v3", "https://app.fakturoid.cz/api/v3"} {
		if _, err := New(u, WithUserAgent("kasa", testEmail)); err != nil {
			t.Errorf("%s: %v", u, err)
		}
	}
}
