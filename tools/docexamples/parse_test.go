package main

import (
	"encoding/json"
	"strings"
	"testing"
)

const sample = "# Things\n\n" +
	"## [Attributes](#attributes)\n\n`name`\n\n`String`\n\nThe thing's name\n\n`id`\n\n```\n{ \"id\": 1 }\n```\n\n" +
	"## [Create Thing](#create-thing)\n\n" +
	"`POST` `/accounts/{slug}/things.json`\n\n" +
	"### Request\n\n`POST` `https://app.example/api/v3/accounts/{slug}/things.json` Copy\n\n" +
	"#### Body\n\n```\n{\"name\": \"A\"}\n```\n\n" +
	"### Response\n\n`Status` `201 Created`\n\n#### Body\n\n```\n{\n  \"id\": 7,\n  \"price\": \"1.0\",\n  …\n}\n```\n\n" +
	"#### [Line Example](#line-example)\n\n" +
	"### Request with invalid data\n\n#### Body\n\n```\n{\"name\": \"\"}\n```\n\n" +
	"### Response\n\n`Status` `422 Unprocessable Content`\n\n#### Body\n\n```\n{\"errors\": {\"name\": [\"blank\"]}}\n```\n\n" +
	"### Response if locked\n\n`Status` `422 Unprocessable Content`\n\n`Status` `403 Forbidden`\n\n#### Body\n\n```\n{\"error\": \"forbidden\"\n```\n\n" +
	"## [Delete Thing](#delete-thing)\n\n`DELETE` `/accounts/{slug}/things/{id}.json`\n\n" +
	"### Request\n\n### Response\n\n`Status` `204 No Content`\n\n" +
	"### Response if in use\n\n`Status` `422 Unprocessable Content`\n\n```\n{\"errors\": {\"base\": [\"in use\"]}}\n```\n"

func TestParse(t *testing.T) {
	page, problems, err := Parse("things.md", strings.NewReader(sample))
	if err != nil {
		t.Fatal(err)
	}
	if page.Page != "things" || len(page.Snippets) != 1 || page.Snippets[0].Heading != "Attributes" {
		t.Errorf("page %q, snippets %+v", page.Page, page.Snippets)
	}
	// Every name the page documents, from its tables (not from its bodies).
	if strings.Join(page.Names, ",") != "id,name" {
		t.Errorf("names %q, want id and name", page.Names)
	}
	if len(page.Examples) != 5 {
		t.Fatalf("%d examples, want 5: %+v", len(page.Examples), page.Examples)
	}
	created, invalid, locked, deleted := page.Examples[0], page.Examples[1], page.Examples[2], page.Examples[3]
	// A block right after the status line, with no "#### Body", is the body.
	if inUse := page.Examples[4]; inUse.Status != 422 || inUse.Response == nil || inUse.Response.JSON == nil {
		t.Errorf("in use: %+v", inUse)
	}

	if created.Endpoint != "Create Thing" || created.Method != "POST" || created.Path != "/accounts/{slug}/things.json" ||
		created.Status != 201 || created.Situation != "Response" || string(created.Request.JSON) != `{"name": "A"}` {
		t.Errorf("created: %+v", created)
	}
	// The elided body is marked and read without the ellipsis, never silently.
	if created.Response.InvalidJSON == "" || created.Response.Repaired == "" || !strings.Contains(created.Response.Text, "…") {
		t.Errorf("elided body not marked: %+v", created.Response)
	}
	var got map[string]any
	if err := json.Unmarshal(created.Response.JSON, &got); err != nil || got["price"] != "1.0" {
		t.Errorf("repaired body %s: %v", created.Response.JSON, err)
	}

	if invalid.Situation != "Request with invalid data" || invalid.Status != 422 || string(invalid.Request.JSON) != `{"name": ""}` {
		t.Errorf("invalid: %+v", invalid)
	}
	// "Response if ..." answers the endpoint's main request, and two status
	// lines over one body keep both.
	if locked.Situation != "Response if locked" || locked.Status != 403 || len(locked.OtherStatuses) != 1 ||
		locked.RequestTitle != "Request" || locked.Response.JSON != nil || locked.Response.InvalidJSON == "" {
		t.Errorf("locked: %+v", locked)
	}
	if deleted.Method != "DELETE" || deleted.Status != 204 || deleted.Response != nil {
		t.Errorf("deleted: %+v", deleted)
	}
	if len(problems) != 2 {
		t.Errorf("problems %q, want the elided and the broken body", problems)
	}
}
