package apiclient

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
)

// answer makes a handler that always replies with status, headers and body.
func answer(status int, body string, hdr ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		for i := 0; i+1 < len(hdr); i += 2 {
			w.Header().Set(hdr[i], hdr[i+1])
		}
		w.WriteHeader(status)
		_, _ = w.Write([]byte(body))
	}
}

func TestErrorsAreTyped(t *testing.T) {
	type check func(t *testing.T, err error)
	refusal := func(code string) check {
		return func(t *testing.T, err error) {
			var re *RefusalError
			if !errors.As(err, &re) {
				t.Fatalf("%v is not a RefusalError", err)
			}
			if re.Code != code || re.StatusCode != 403 {
				t.Errorf("code %q status %d, want %q 403", re.Code, re.StatusCode, code)
			}
			if !strings.Contains(err.Error(), re.Description) || re.Description == "" {
				t.Errorf("error text %q lacks the description", err)
			}
		}
	}
	is := func(target any) check {
		return func(t *testing.T, err error) {
			if !errors.As(err, target) {
				t.Fatalf("%v (%T) is not a %T", err, err, target)
			}
		}
	}
	cases := []struct {
		name   string
		status int
		body   string
		hdr    []string
		check  check
	}{
		{"validation", 422, `{"errors":{"name":["can't be blank","is too short (minimum is 2 characters)"],"sku":["has already been taken"]}}`, nil,
			func(t *testing.T, err error) {
				var ve *ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("%v is not a ValidationError", err)
				}
				want := map[string][]string{"name": {"can't be blank", "is too short (minimum is 2 characters)"}, "sku": {"has already been taken"}}
				if d := cmp.Diff(want, ve.Fields); d != "" {
					t.Errorf("fields (-want +got):\n%s", d)
				}
				if s := ve.FieldSummary(); s != "name can't be blank; name is too short (minimum is 2 characters); sku has already been taken" {
					t.Errorf("summary %q", s)
				}
				if !strings.Contains(err.Error(), "sku has already been taken") || !strings.Contains(err.Error(), "422") {
					t.Errorf("error text %q", err)
				}
			}},
		{"validation resource key", 422, `{"errors":{"document":["Nelze smazat kontakt s doklady."]}}`, nil,
			func(t *testing.T, err error) {
				var ve *ValidationError
				if !errors.As(err, &ve) || ve.Fields["document"][0] != "Nelze smazat kontakt s doklady." {
					t.Fatalf("%v: document key lost", err)
				}
			}},
		{"validation plain string message", 422, `{"errors":{"event":"lock cannot be fired"}}`, nil,
			func(t *testing.T, err error) {
				var ve *ValidationError
				if !errors.As(err, &ve) || len(ve.Fields["event"]) != 1 || ve.Fields["event"][0] != "lock cannot be fired" {
					t.Fatalf("%v: %#v", err, ve)
				}
			}},
		{"validation mixed shapes", 422, `{"errors":{"name":["can't be blank"],"base":"Doklad je zamčený","lines":[{"unit_price":"is not a number"}]}}`, nil,
			func(t *testing.T, err error) {
				var ve *ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("%v", err)
				}
				if d := cmp.Diff([]string{"can't be blank"}, ve.Fields["name"]); d != "" {
					t.Errorf("list kept as one text: %s", d)
				}
				if d := cmp.Diff([]string{"Doklad je zamčený"}, ve.Fields["base"]); d != "" {
					t.Errorf("base: %s", d)
				}
				if len(ve.Fields["lines"]) != 1 || !strings.Contains(ve.Fields["lines"][0], "is not a number") {
					t.Errorf("lines: %q", ve.Fields["lines"])
				}
			}},
		{"forbidden", 403, `{"error":"forbidden","error_description":"Faktura je již uhrazena."}`, nil, refusal(RefusalForbidden)},
		{"quota exhausted", 403, `{"error":"quota_exhausted","error_description":"No extractions left."}`, nil, refusal(RefusalQuotaExhausted)},
		{"upgrade required", 403, `{"error":"upgrade_required","error_description":"Paid plans only."}`, nil, refusal(RefusalUpgradeRequired)},
		{"email delivery disabled", 403, `{"error":"email_delivery_disabled","error_description":"Too many complaints."}`, nil, refusal(RefusalEmailDeliveryDisabled)},
		{"document locked", 403, `{"error":"document_locked","error_description":"Locked."}`, nil, refusal(RefusalDocumentLocked)},
		{"refusal with fields", 403, `{"errors":{"bank_account":["Nejdříve si přidejte bankovní účet."]}}`, nil,
			func(t *testing.T, err error) {
				var re *RefusalError
				if !errors.As(err, &re) || re.Fields["bank_account"][0] != "Nejdříve si přidejte bankovní účet." {
					t.Fatalf("%v: bank_account refusal lost", err)
				}
				if !strings.Contains(err.Error(), "bank_account Nejdříve") {
					t.Errorf("error text %q", err)
				}
			}},
		{"bad request", 400, `{"error":"invalid_request","error_description":"Required header \"User-Agent\" is missing"}`, nil,
			func(t *testing.T, err error) {
				var be *BadRequestError
				if !errors.As(err, &be) || be.Code != "invalid_request" {
					t.Fatalf("%v", err)
				}
			}},
		{"unauthorized", 401, `{"error":"invalid_token","error_description":"The access token expired"}`, nil, is(new(*UnauthorizedError))},
		{"payment required", 402, `{"error":"payment_required","error_description":"Unpaid invoices"}`, nil, is(new(*PaymentRequiredError))},
		{"not found", 404, `{"error":"not_found","error_description":"Record not found"}`, nil, is(new(*NotFoundError))},
		{"rate limited", 429, `{"error":"too_many_requests"}`, []string{"X-RateLimit", "default;r=0;t=37", "X-RateLimit-Policy", "default;q=400;w=60"},
			func(t *testing.T, err error) {
				var rl *RateLimitError
				if !errors.As(err, &rl) {
					t.Fatalf("%v is not a RateLimitError", err)
				}
				if rl.Reset != 37*time.Second {
					t.Errorf("reset %v, want 37s from X-RateLimit t", rl.Reset)
				}
				if !strings.Contains(err.Error(), "37s") {
					t.Errorf("error text %q lacks the reset", err)
				}
			}},
		{"unavailable", 503, `{"error":"maintenance","error_description":"Read-only for a while"}`, nil, is(new(*UnavailableError))},
		{"other 5xx", 500, `{"error":"internal"}`, nil, is(new(*ServerError))},
		{"bad gateway", 502, `<html>bad gateway</html>`, nil, is(new(*ServerError))},
		{"unknown 4xx", 418, `{"error":"teapot"}`, nil, func(t *testing.T, err error) {
			var er *ErrorResponse
			if !errors.As(err, &er) || er.StatusCode != 418 || er.Code != "teapot" {
				t.Fatalf("%v", err)
			}
		}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			api := newFakeAPI(t, answer(tc.status, tc.body, tc.hdr...))
			// POST: never retried, so every status is seen once.
			_, resp, err := api.client(t).Subjects.Create(context.Background(), &SubjectParams{Name: Ptr("X")})
			if err == nil {
				t.Fatal("no error")
			}
			tc.check(t, err)
			var er *ErrorResponse
			if !errors.As(err, &er) || er.StatusCode != tc.status || er.Method != "POST" || er.Path != "/accounts/acme/subjects.json" {
				t.Errorf("ErrorResponse %+v", er)
			}
			if resp == nil || resp.StatusCode != tc.status {
				t.Errorf("response %+v: want the status even on error", resp)
			}
			if !strings.HasPrefix(err.Error(), "create subject: ") {
				t.Errorf("error %q is not wrapped with what was being done", err)
			}
		})
	}
}

// A body that is not JSON, empty or cut short still gives a useful error.
func TestErrorGarbageBodies(t *testing.T) {
	bodies := []string{"", "<html><body>502 Bad Gateway</body></html>", `{"errors":`, `[1,2,3]`, `"just text"`, `null`,
		`{"errors":["a","b"]}`, `{"error":{"nested":true}}`, "\x00\xff\xfe binary", strings.Repeat("x", 5000)}
	for _, b := range bodies {
		for _, status := range []int{400, 401, 403, 404, 422, 500} {
			err := errorFromResponse("GET", "/x.json", status, http.Header{}, []byte(b))
			var er *ErrorResponse
			if !errors.As(err, &er) || er.StatusCode != status {
				t.Fatalf("%d %q: %v", status, b, err)
			}
			msg := err.Error()
			if !strings.Contains(msg, http.StatusText(status)) || len(msg) > 400 {
				t.Errorf("%d %q: message %q", status, b, msg)
			}
		}
	}
	err := errorFromResponse("GET", "/x.json", 502, nil, []byte("<html>upstream down</html>"))
	if !strings.Contains(err.Error(), "upstream down") {
		t.Errorf("non-JSON body not shown: %v", err)
	}
}

func TestErrorThroughTheClientWithGarbage(t *testing.T) {
	api := newFakeAPI(t, answer(404, "Not Found\n"))
	_, _, err := api.client(t).Subjects.Get(context.Background(), 9)
	var nf *NotFoundError
	if !errors.As(err, &nf) || !strings.Contains(err.Error(), "Not Found") {
		t.Fatalf("%v", err)
	}
	// A 2xx whose body is not the promised JSON is a decode error, not a panic.
	api = newFakeAPI(t, answer(200, "<html>captive portal</html>"))
	_, _, err = api.client(t).Subjects.Get(context.Background(), 9)
	if err == nil || !strings.Contains(err.Error(), "decode response") {
		t.Fatalf("%v", err)
	}
}
