package sandbox_test

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/kasa-tui/kasa/sandbox"
)

// Every to-do of the docs' Todos Index reads, from its name and params, the
// text the service wrote, to the last no-break space.
func TestTodoTextIsTheServices(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(docsDir, "todos.json"))
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
		if e.Endpoint != "Todos Index" {
			continue
		}
		var todos []struct {
			Name   string         `json:"name"`
			Text   string         `json:"text"`
			Params map[string]any `json:"params"`
		}
		if err := json.Unmarshal(e.Response.JSON, &todos); err != nil {
			t.Fatal(err)
		}
		for _, td := range todos {
			seen++
			if got := sandbox.TodoText(td.Name, td.Params); got != td.Text {
				t.Errorf("%s: TodoText = %q, the docs %q", td.Name, got, td.Text)
			}
		}
	}
	if seen < 4 {
		t.Fatalf("read %d to-dos of the docs' Todos Index, want its 4", seen)
	}
}
