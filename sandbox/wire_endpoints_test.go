package sandbox_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
	"github.com/kasa-tui/kasa/sandbox/demo"
)

// docsDir is the one copy of the docs' examples, as tools/docexamples
// extracted them from the service's official docs (read here as data: the
// sandbox imports nothing of ours).
var docsDir = filepath.Join("..", "apiclient", "testdata", "docs")

// docsAnswer is one answer the docs show with a 2xx status: what the
// service sends to the request beside it.
type docsAnswer struct {
	page, endpoint, topic, method, path string
	situation                           string // "Response", "Response if PDF cannot be downloaded yet", ...
	status                              int
	request                             map[string]any // the docs' request body; nil where none
	want                                any            // the JSON body; nil for none (204) or a file
	// keysElided: the docs cut keys out of a record ("… // Other fields
	// truncated for brevity"), so its keys are checked against the
	// resource's full example too. Lists cut short after their first items
	// ("…" before "]") lose no keys.
	keysElided bool
}

// key names an answer as the situations table does: page › endpoint, and
// the flow for the authorization page, whose endpoints share a name.
func (a docsAnswer) key() string {
	k := a.page + " › " + a.endpoint
	if a.topic != "" {
		k += " › " + a.topic
	}
	return k
}

// docsAnswers reads the documented 2xx answers with a JSON body, or
// (withJSON false) those without one: a 204, a file, the revoke's 200.
func docsAnswers(t *testing.T, withJSON bool) []docsAnswer {
	t.Helper()
	files, err := filepath.Glob(filepath.Join(docsDir, "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the docs' examples in %s: %v", docsDir, err)
	}
	var out []docsAnswer
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var p struct {
			Page     string
			Examples []struct {
				Endpoint, Topic, Method, Path string
				Situation                     string
				Status                        int
				Request                       *struct{ JSON map[string]any } `json:"request"`
				Response                      *struct {
					JSON any    `json:"json"`
					Text string `json:"text"`
				} `json:"response"`
			}
		}
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, e := range p.Examples {
			hasJSON := e.Response != nil && e.Response.JSON != nil
			if e.Status/100 != 2 || hasJSON != withJSON {
				continue
			}
			a := docsAnswer{page: p.Page, endpoint: e.Endpoint, topic: e.Topic, method: e.Method, path: e.Path,
				situation: e.Situation, status: e.Status}
			if hasJSON {
				a.want, a.keysElided = e.Response.JSON, keysElided(e.Response.Text)
			}
			if e.Request != nil {
				a.request = e.Request.JSON
			}
			out = append(out, a)
		}
	}
	return out
}

// keysElided reports whether the docs' text cuts keys out of a record: an
// elision line ("…" or "...") that does not end a list.
func keysElided(text string) bool {
	lines := strings.Split(text, "\n")
	for i, l := range lines {
		l = strings.TrimSpace(l)
		if !strings.HasPrefix(l, "…") && !strings.HasPrefix(l, "...") {
			continue
		}
		if i+1 >= len(lines) || !strings.HasPrefix(strings.TrimSpace(lines[i+1]), "]") {
			return true
		}
	}
	return false
}

// wireRequest is what a situation sends: a path under /api/v3, and Basic
// credentials instead of the owner's token for the OAuth endpoints.
type wireRequest struct {
	method, path string
	body         any
	basic        [2]string
}

// wireSituation brings the demo account to the situation of one documented
// answer and names the request to send; resource names its records for the
// kept differences (wireKnown).
type wireSituation struct {
	resource string
	run      func(w *wireRun, a docsAnswer) wireRequest
}

// TestWireOfEveryDocumentedAnswer brings the sandbox to the situation of
// every answer the docs show as JSON, sends the docs' own request (with the
// demo's ids), and compares the answer with the docs' example: status, key
// sets, kinds and formats, recursively, each record of a list against the
// example's first. Every documented answer must have its situation here and
// every situation its answer in the docs.
func TestWireOfEveryDocumentedAnswer(t *testing.T) {
	w := newWireRun(t)
	situations := wireSituations()
	answers := docsAnswers(t, true)
	w.valued = valuedPaths(answers, situations)
	known, reasons := wireKnown(), map[string]string{}
	exact, kept, endpoints := 0, 0, map[string]bool{}
	seen := map[string]bool{}
	for _, a := range answers {
		seen[a.key()] = true
		endpoints[a.method+" "+a.path] = true
		t.Run(a.key(), func(t *testing.T) {
			sit, ok := situations[a.key()]
			if !ok {
				t.Fatalf("no situation brings the sandbox to the docs' answer of %s %s", a.method, a.path)
			}
			w.t = t
			diffs := w.compare(sit, a)
			var unknown []string
			for _, d := range diffs {
				if reason, ok := known[d]; ok {
					reasons[d] = reason
				} else {
					unknown = append(unknown, d)
				}
			}
			if len(unknown) > 0 {
				t.Errorf("%s %s differs from the docs' example:\n%s", a.method, a.path, strings.Join(unknown, "\n"))
				return
			}
			if len(diffs) == 0 {
				exact++
			} else {
				kept++
			}
		})
	}
	for k := range situations {
		if !seen[k] {
			t.Errorf("the situation %q answers no documented example", k)
		}
	}
	t.Logf("%d of %d documented answers (%d endpoints) match the docs' examples exactly, %d more with the kept differences:",
		exact, len(answers), len(endpoints), kept)
	for _, d := range sortedKeys(reasons) {
		t.Logf("  kept: %s (%s)", d, reasons[d])
	}
}

// compare runs a situation and lists where the answer differs from the docs.
func (w *wireRun) compare(sit wireSituation, a docsAnswer) []string {
	req := sit.run(w, a)
	status, body := w.send(req)
	if status != a.status {
		w.t.Fatalf("%s %s: status %d, the docs %d: %s", req.method, req.path, status, a.status, body)
	}
	var got any
	if err := json.Unmarshal(body, &got); err != nil {
		w.t.Fatalf("%s %s: %v: %s", req.method, req.path, err, body)
	}
	want, recs := a.want, []any{got}
	if l, ok := a.want.([]any); ok {
		want, recs = l[0], got.([]any)
		if len(recs) == 0 {
			w.t.Fatalf("%s %s: no records to compare", req.method, req.path)
		}
	}
	rules := wireRules{free: map[string]bool{"event.params": true, "todo.params": true, "failed_delivery.body.body": true}, valued: w.valued}
	diffs := map[string]bool{}
	for _, r := range recs {
		for _, d := range wireDiff(sit.resource, want, r, rules) {
			if !a.keysElided || !strings.HasSuffix(d, ": not in the docs' example") {
				diffs[stripIndexes(d)] = true
			}
		}
		if a.keysElided {
			// The endpoint's own example shows only some keys; the
			// resource's full example has the rest.
			for _, d := range wireDiff(sit.resource, docsExample(w.t, sit.resource), r, rules) {
				diffs[stripIndexes(d)] = true
			}
		}
	}
	return sortedSet(diffs)
}

// wireRun is the demo account the situations share; each situation makes
// or seeds what it needs, so the order does not matter.
type wireRun struct {
	*demoEnv
	acct *sandbox.Account
	n    int // makes names and numbers unique across situations
	// valued are the paths the docs never write as null (valuedPaths).
	valued map[string]bool
}

// valuedPaths are the paths of each resource that the docs' answers always
// write with a value (not null, not ""), in every record of every example of
// the resource: there a null is a difference unless wireKnown says why the
// record has none.
func valuedPaths(answers []docsAnswer, situations map[string]wireSituation) map[string]bool {
	seen, null := map[string]bool{}, map[string]bool{}
	var walk func(path string, v any)
	walk = func(path string, v any) {
		switch x := v.(type) {
		case nil:
			null[path] = true
		case string:
			// "" is how records made in the service's web form write unset
			// text; the API leaves it null (api-facts.md), so "" is no value.
			if x == "" {
				null[path] = true
			}
		case []any:
			for _, e := range x {
				walk(path+"[]", e)
			}
		case map[string]any:
			for k, e := range x {
				walk(path+"."+k, e)
			}
		}
		seen[path] = true
	}
	for _, a := range answers {
		if sit, ok := situations[a.key()]; ok {
			if l, isList := a.want.([]any); isList {
				for _, r := range l {
					walk(sit.resource, r)
				}
			} else {
				walk(sit.resource, a.want)
			}
		}
	}
	out := map[string]bool{}
	for p := range seen {
		if !null[p] {
			out[p] = true
		}
	}
	return out
}

func newWireRun(t *testing.T) *wireRun {
	// Unlimited, so the plan's caps (one recurring generator on standard)
	// do not stand between a situation and its request.
	d := newDemoEnv(t, demo.Options{Plan: sandbox.PlanUnlimited})
	wirePrepare(d)
	a, ok := d.Srv.Account(d.Info.Slug)
	if !ok {
		t.Fatal("the demo account is not there")
	}
	return &wireRun{demoEnv: d, acct: a}
}

// send sends a situation's request and returns the status and body.
func (w *wireRun) send(r wireRequest) (int, []byte) {
	w.t.Helper()
	status, _, b := w.sendH(r)
	return status, b
}

// sendH is send with the answer's headers.
func (w *wireRun) sendH(r wireRequest) (int, http.Header, []byte) {
	w.t.Helper()
	var rdr *bytes.Reader
	if m, isMap := r.body.(map[string]any); r.body != nil && (!isMap || m != nil) { // a nil map is no body, not "null"
		b, _ := json.Marshal(r.body)
		rdr = bytes.NewReader(b)
	}
	req, err := http.NewRequest(r.method, w.TS.URL+"/api/v3"+r.path, nil)
	if rdr != nil {
		req, err = http.NewRequest(r.method, w.TS.URL+"/api/v3"+r.path, rdr)
		req.Header.Set("Content-Type", "application/json")
	}
	if err != nil {
		w.t.Fatal(err)
	}
	req.Header.Set("User-Agent", "kasa-test (test@example.com)")
	if r.basic[0] != "" {
		req.Header.Set("Authorization", "Basic "+base64.URLEncoding.EncodeToString([]byte(r.basic[0]+":"+r.basic[1])))
	} else {
		req.Header.Set("Authorization", "Bearer "+w.Info.OwnerToken)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		w.t.Fatalf("%s %s: %v", r.method, r.path, err)
	}
	defer resp.Body.Close()
	var buf bytes.Buffer
	if _, err := buf.ReadFrom(resp.Body); err != nil {
		w.t.Fatal(err)
	}
	return resp.StatusCode, resp.Header, buf.Bytes()
}

// under is a path under the demo account.
func (w *wireRun) under(format string, args ...any) string {
	return "/accounts/" + w.Info.Slug + "/" + fmt.Sprintf(format, args...)
}

// must sends a request that has to succeed and returns its JSON object.
func (w *wireRun) must(method, path string, body any) map[string]any {
	w.t.Helper()
	status, b := w.send(wireRequest{method: method, path: w.under("%s", path), body: body})
	if status/100 != 2 {
		w.t.Fatalf("%s %s: %d %s", method, path, status, b)
	}
	var v map[string]any
	if len(b) > 0 {
		if err := json.Unmarshal(b, &v); err != nil {
			w.t.Fatalf("%s %s: %v", method, path, err)
		}
	}
	return v
}

// id is a record's id as it is written in a path.
func id(rec map[string]any) string { return fmt.Sprint(int64(rec["id"].(float64))) }

// firstID is the id of the first record of an index.
func (w *wireRun) firstID(index string) string {
	var l []map[string]any
	if err := json.Unmarshal(w.get(index), &l); err != nil || len(l) == 0 {
		w.t.Fatalf("%s: no record (%v)", index, err)
	}
	return id(l[0])
}

// docsBody is the docs' request of an answer with some keys replaced (the
// docs' ids are the docs' account's, not the demo's).
func docsBody(a docsAnswer, set map[string]any) map[string]any {
	out := map[string]any{}
	for k, v := range a.request {
		out[k] = v
	}
	for k, v := range set {
		out[k] = v
	}
	return out
}

// unique gives the situation's records names of their own.
func (w *wireRun) unique(s string) string {
	w.n++
	return fmt.Sprintf("%s %d", s, w.n)
}
