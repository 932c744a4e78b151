package sandbox_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
)

// Every to-do of the docs' Todos Index reads, from its name and params, the
// text the service wrote, to the last no-break space.
func TestTodoTextIsTheServices(t *testing.T) {
	checkTexts(t, "todos.json", sandbox.TodoText, "Todos Index")
}

// Every event of the docs' event lists reads, from its name and params, the
// text the service wrote.
func TestEventTextIsTheServices(t *testing.T) {
	checkTexts(t, "events.json", sandbox.EventText, "Events Index", "Events Paid Index")
}

// checkTexts compares text(name, params) with the text of every record the
// docs' examples of endpoints list in file.
func checkTexts(t *testing.T, file string, text func(string, map[string]any) string, endpoints ...string) {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(docsDir, file))
	if err != nil {
		t.Fatal(err)
	}
	var page struct {
		Examples []struct {
			Endpoint string
			Response struct {
				JSON json.RawMessage `json:"json"`
			} `json:"response"`
		} `json:"examples"`
	}
	if err := json.Unmarshal(b, &page); err != nil {
		t.Fatal(err)
	}
	seen := 0
	for _, e := range page.Examples {
		if !slices.Contains(endpoints, e.Endpoint) {
			continue
		}
		var records []struct {
			Name   string         `json:"name"`
			Text   string         `json:"text"`
			Params map[string]any `json:"params"`
		}
		if err := json.Unmarshal(e.Response.JSON, &records); err != nil {
			t.Fatal(err)
		}
		for _, r := range records {
			seen++
			if got := text(r.Name, r.Params); got != r.Text {
				t.Errorf("%s: the sandbox writes %q, the docs %q", r.Name, got, r.Text)
			}
		}
	}
	if seen < len(endpoints)*2 {
		t.Fatalf("read %d records of %s %v: the docs' examples are not where they were", seen, file, endpoints)
	}
}
