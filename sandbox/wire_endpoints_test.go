package sandbox_test

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/kasa-tui/kasa/sandbox/demo"
)

// The docs' examples of every endpoint, as tools/docexamples extracted them
// from the service's official docs into apiclient/testdata/docs (read here as
// data: the sandbox imports nothing of ours).
type docsPage struct {
	Examples []struct {
		Endpoint, Method, Path, Situation string
		Status                            json.Number
		Response                          struct {
			JSON any `json:"json"`
			// Repaired says how the extractor mended an example the docs
			// print as no valid JSON; "dropped elided lines (…)" means it
			// holds only some of the record's keys.
			Repaired string `json:"repaired"`
		} `json:"response"`
	} `json:"examples"`
}

type getExample struct {
	endpoint, path string
	want           any
	partial        bool // an elided example: its keys must be there, others may
}

// documentedGets are the GET endpoints whose docs show a JSON answer.
func documentedGets(t *testing.T) []getExample {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "apiclient", "testdata", "docs", "*.json"))
	if err != nil || len(files) == 0 {
		t.Fatalf("the docs' examples: %v", err)
	}
	var out []getExample
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		var p docsPage
		if err := json.Unmarshal(b, &p); err != nil {
			t.Fatalf("%s: %v", f, err)
		}
		for _, e := range p.Examples {
			if e.Method == "GET" && strings.HasPrefix(e.Status.String(), "2") && e.Response.JSON != nil {
				out = append(out, getExample{endpoint: e.Endpoint, path: e.Path, want: e.Response.JSON, partial: strings.Contains(e.Response.Repaired, "elided")})
			}
		}
	}
	sort.Slice(out, func(i, j int) bool { return out[i].path < out[j].path })
	return out
}

// resourceOf names an endpoint's records as the kept differences do.
func resourceOf(path string) string {
	switch {
	case path == "/user.json":
		return "current_user"
	case strings.HasSuffix(path, "/failed_deliveries.json"):
		return "failed_delivery"
	case strings.Contains(path, "/inventory_moves"):
		return "inventory_move"
	case strings.HasSuffix(path, "/generators.json"):
		return "generator_index"
	}
	seg := strings.Split(strings.TrimPrefix(path, "/accounts/{slug}/"), "/")[0]
	seg = strings.TrimSuffix(seg, ".json")
	return map[string]string{"account": "account", "bank_accounts": "bank_account", "events": "event", "expenses": "expense",
		"generators": "generator", "inbox_files": "inbox_file", "inventory_items": "inventory_item", "invoices": "invoice",
		"number_formats": "number_format", "recurring_generators": "recurring_generator", "subjects": "subject", "todos": "todo",
		"users": "user", "webhooks": "webhook"}[seg]
}

// fill puts the demo's ids into an endpoint's path, and a query into a
// search's.
func fill(d *demoEnv, path string) string {
	first := func(list, key string) string {
		var v []map[string]any
		if err := json.Unmarshal(d.get(list), &v); err != nil || len(v) == 0 {
			d.t.Fatalf("%s: no record to ask for (%v)", list, err)
		}
		b, _ := json.Marshal(v[0][key])
		return strings.Trim(string(b), `"`)
	}
	p := strings.TrimPrefix(path, "/accounts/{slug}")
	switch {
	case strings.Contains(p, "{failed_deliveries_uuid}"):
		for _, w := range wireList("webhooks.json")(d) {
			uuid := w.(map[string]any)["failed_deliveries_uuid"].(string)
			if len(wireList("webhooks/"+uuid+"/failed_deliveries.json")(d)) > 0 {
				p = strings.ReplaceAll(p, "{failed_deliveries_uuid}", uuid)
			}
		}
	case strings.Contains(p, "{inventory_item_id}"):
		p = strings.ReplaceAll(p, "{inventory_item_id}", first("inventory_moves.json", "inventory_item_id"))
		p = strings.ReplaceAll(p, "{id}", first("inventory_moves.json", "id"))
	case strings.Contains(p, "{id}"):
		list := strings.Split(strings.TrimPrefix(p, "/"), "/")[0] + ".json"
		p = strings.ReplaceAll(p, "{id}", first(list, "id"))
	case strings.HasSuffix(p, "/search.json"):
		p += "?query=a"
	}
	return p
}

// Every GET endpoint with an example in the docs answers, on the demo
// account, records of the example's key set, kinds and formats (each record
// of a list against the example's first).
func TestWireOfEveryDocumentedGetEndpoint(t *testing.T) {
	d := newDemoEnv(t, demo.Options{})
	wirePrepare(d)
	// An archived item, for the archived list (archiving needs a move).
	var moves []map[string]any
	if err := json.Unmarshal(d.get("inventory_moves.json"), &moves); err != nil || len(moves) == 0 {
		t.Fatalf("no inventory move to archive its item: %v", err)
	}
	if status, b := d.req(d.Info.OwnerToken, "POST", fmt.Sprintf("/accounts/%s/inventory_items/%v/archive.json", d.Info.Slug, moves[0]["inventory_item_id"]), nil); status != 200 {
		t.Fatalf("archive an item: %d %s", status, b)
	}
	known := wireKnown()
	free := map[string]bool{"event.params": true, "todo.params": true, "failed_delivery.body.body": true}
	exact, total := 0, 0
	for _, ex := range documentedGets(t) {
		total++
		t.Run(ex.endpoint, func(t *testing.T) {
			d.t = t
			res := resourceOf(ex.path)
			path := fill(d, ex.path)
			var got any
			if path == "/user.json" {
				got = currentUser(d)[0]
			} else if err := json.Unmarshal(d.get(strings.TrimPrefix(path, "/")), &got); err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			want, recs := ex.want, []any{got}
			if l, ok := ex.want.([]any); ok {
				if len(l) == 0 {
					t.Skip("the docs' example is an empty list")
				}
				want, recs = l[0], got.([]any)
				if len(recs) == 0 {
					t.Fatalf("%s: the demo answers no records to compare", path)
				}
			}
			diffs := map[string]bool{}
			for _, r := range recs {
				for _, diff := range wireDiff(res, want, r, free) {
					diffs[stripIndexes(diff)] = true
				}
			}
			var unknown []string
			for _, diff := range sortedSet(diffs) {
				if ex.partial && strings.HasSuffix(diff, ": not in the docs' example") {
					delete(diffs, diff) // the docs print only some keys of this record
					continue
				}
				if _, ok := known[diff]; !ok {
					unknown = append(unknown, diff)
				}
			}
			if len(unknown) > 0 {
				t.Errorf("GET %s differs from the docs' example:\n%s", path, strings.Join(unknown, "\n"))
			}
			if len(diffs) == 0 {
				exact++
			}
		})
	}
	t.Logf("%d of %d documented GET endpoints answer exactly the docs' key sets; the rest differ only as wireKnown says", exact, total)
}
