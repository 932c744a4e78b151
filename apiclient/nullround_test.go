package apiclient

import (
	"context"
	"encoding/json"
	"net/http"
	"sort"
	"testing"
)

// TestDocsNullsSurviveARoundTrip decodes every documented success answer
// through the client and encodes the result again: each null of the docs is
// still null, so a client that reads a record and writes it back never turns
// "not set" into "" or 0.
func TestDocsNullsSurviveARoundTrip(t *testing.T) {
	lost := map[string]bool{}
	for _, e := range loadDocExamples(t) {
		call, ok := docPartners[e.key()]
		if !ok || e.Status < 200 || e.Status >= 300 || e.Response == nil || e.Response.JSON == nil {
			continue
		}
		got := decodeDocAnswer(t, e, call)
		if got == nil {
			continue
		}
		again, err := json.Marshal(got)
		if err != nil {
			t.Fatalf("%s: encode: %v", e, err)
		}
		var want, have any
		_ = json.Unmarshal(e.Response.JSON, &want)
		_ = json.Unmarshal(again, &have)
		lostNulls(e.Page, want, have, lost)
	}
	var paths []string
	for p := range lost {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	for _, p := range paths {
		t.Errorf("%s: null in the docs, not null after a decode and re-encode", p)
	}
}

// decodeDocAnswer serves the example's body to the partner method and returns
// what it decoded.
func decodeDocAnswer(t *testing.T, e docExample, call docCall) any {
	t.Helper()
	api := newFakeAPI(t, func(w http.ResponseWriter, _ *http.Request) {
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(e.Status)
		_, _ = w.Write(e.Response.JSON)
	})
	got, _, err := call(context.Background(), api.client(t, WithRetries(0)))
	if err != nil {
		t.Errorf("%s: %v", e, err)
		return nil
	}
	return got
}

// lostNulls records each path where want is null and have holds a value (a
// key left out is not a value: omitzero drops an absent Null).
func lostNulls(path string, want, have any, lost map[string]bool) {
	switch w := want.(type) {
	case nil:
		if have != nil {
			lost[path] = true
		}
	case map[string]any:
		h, _ := have.(map[string]any)
		for k, v := range w {
			hv, ok := h[k]
			if !ok {
				continue
			}
			lostNulls(path+"."+k, v, hv, lost)
		}
	case []any:
		h, _ := have.([]any)
		for i, v := range w {
			if i < len(h) {
				lostNulls(path+"[]", v, h[i], lost)
			}
		}
	}
}
