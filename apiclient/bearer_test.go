package apiclient

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
)

// TestBearerTransportRenewsOnceAfter401 sends with the token, and after a
// 401 once more, body and all, with the fresh token Renew hands out.
func TestBearerTransportRenewsOnceAfter401(t *testing.T) {
	var seen []string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body, _ := io.ReadAll(r.Body)
		seen = append(seen, r.Header.Get("Authorization")+" "+string(body))
		if r.Header.Get("Authorization") != "Bearer fresh" {
			w.WriteHeader(http.StatusUnauthorized)
		}
	}))
	defer srv.Close()
	var refused []string
	bt := &BearerTransport{
		Token: func(context.Context) (string, error) { return "old", nil },
		Renew: func(_ context.Context, tok string) (string, error) {
			refused = append(refused, tok)
			return "fresh", nil
		},
	}
	hc := &http.Client{Transport: bt}
	resp, err := hc.Post(srv.URL, "text/plain", strings.NewReader("payload"))
	if err != nil || resp.StatusCode != http.StatusOK {
		t.Fatalf("post: %v %v", resp, err)
	}
	resp.Body.Close()
	if strings.Join(seen, "|") != "Bearer old payload|Bearer fresh payload" || strings.Join(refused, ",") != "old" {
		t.Fatalf("sent %q, refused %q", seen, refused)
	}

	// Renew's error fails the request; a static token keeps the 401.
	bt.Renew = func(context.Context, string) (string, error) { return "", errors.New("sign in again") }
	if _, err := hc.Get(srv.URL); err == nil || !strings.Contains(err.Error(), "sign in again") {
		t.Fatalf("renewal refused: err = %v", err)
	}
	hc = &http.Client{Transport: StaticBearer(nil, "demo")}
	resp, err = hc.Get(srv.URL)
	if err != nil || resp.StatusCode != http.StatusUnauthorized || seen[len(seen)-1] != "Bearer demo " {
		t.Fatalf("static: %v %v, sent %q", resp, err, seen[len(seen)-1])
	}
	resp.Body.Close()
}

// TestRefusedTokenMakesAWriteRefusedNotInDoubt: a POST the service answers
// 401, whose token cannot be renewed, did nothing at the service: it is
// refused, never in doubt (which would hold it back until a read settles it).
func TestRefusedTokenMakesAWriteRefusedNotInDoubt(t *testing.T) {
	api := newFakeAPI(t, func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(http.StatusUnauthorized)
		_, _ = w.Write([]byte(`{"error":"invalid_token"}`))
	})
	bt := &BearerTransport{
		Token: func(context.Context) (string, error) { return "old", nil },
		Renew: func(context.Context, string) (string, error) { return "", errors.New("sign in again") },
	}
	c, err := New(api.baseURL(), WithHTTPClient(&http.Client{Transport: bt}), WithAccount(testSlug),
		WithUserAgent("kasa-test", testEmail))
	if err != nil {
		t.Fatal(err)
	}
	_, _, err = c.Subjects.Create(context.Background(), &SubjectParams{Name: Ptr("Acme")})
	var renew *RenewError
	if err == nil || errors.Is(err, ErrOutcomeUnknown) || !errors.As(err, &renew) {
		t.Fatalf("create with a refused token: err = %v, want a refusal, not in doubt", err)
	}
	if n := api.count(); n != 1 {
		t.Fatalf("sent %d requests, want 1", n)
	}
}
