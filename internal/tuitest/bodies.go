package tuitest

import (
	"encoding/json"
	"io"
	"net/http"
	"strings"
	"sync"
	"testing"
)

// Bodies records the JSON bodies of the requests a Transport carries with
// one method and a path ending in one suffix: what a form or the editor
// really sent.
type Bodies struct {
	mu  sync.Mutex
	got []map[string]any
}

// RecordBodies starts recording on rt (it takes rt's one hook).
func RecordBodies(t testing.TB, rt *Transport, method, suffix string) *Bodies {
	b := &Bodies{}
	rt.SetHook(func(r *http.Request) (*http.Response, error) {
		if r.Method != method || !strings.HasSuffix(r.URL.Path, suffix) || r.Body == nil {
			return nil, nil
		}
		raw, err := io.ReadAll(r.Body)
		if err != nil {
			return nil, err
		}
		r.Body = io.NopCloser(strings.NewReader(string(raw)))
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil {
			t.Errorf("body %q: %v", raw, err)
		}
		b.mu.Lock()
		b.got = append(b.got, m)
		b.mu.Unlock()
		return nil, nil
	})
	return b
}

// Last is the last body recorded; the test fails when there is none.
func (b *Bodies) Last(t testing.TB) map[string]any {
	t.Helper()
	b.mu.Lock()
	defer b.mu.Unlock()
	if len(b.got) == 0 {
		t.Fatal("no request body was recorded")
	}
	return b.got[len(b.got)-1]
}
